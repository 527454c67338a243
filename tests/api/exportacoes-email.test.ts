import { startSmtp, type ReceivedMail } from '../../src/server/stand-ins/smtp-local.ts';
import { BACKENDS, login } from '../support/server.ts';
import { matrizDemo, servidorFiscal } from '../support/servidor-fiscal.ts';

/** The attachments of a raw MIME message (nodemailer's base64 parts): file name → bytes. */
function anexos(m: ReceivedMail): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(m.raw)?.[1];
  if (!boundary) return out;
  for (const parte of m.raw.split(`--${boundary}`)) {
    const [cab, ...corpo] = parte.split(/\r?\n\r?\n/);
    const nome = /filename="?([^";\r\n]+)"?/.exec(cab)?.[1];
    if (!nome || !/Content-Transfer-Encoding: base64/i.test(cab)) continue;
    out.set(nome, Buffer.from(corpo.join('').replace(/\s+/g, ''), 'base64'));
  }
  return out;
}

// Issue 36 item 1: the month's ZIP (with the SPED generated for the month) e-mailed to the accountant by a job of the
// jobs table, through a real SMTP server on loopback: attachments, the download link for large files, the retry
// after the SMTP server refused the message.
describe.each(BACKENDS)('e-mail dos arquivos do mês ao contador on %s', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const f = servidorFiscal(backend, 'exportacoes-email', { smtpUrl: () => smtp.url });
  const { call, ok } = f;
  let contador: string;
  let zip: { id: number; bytes: Buffer };
  let sped: Buffer;
  const agora = new Date(Date.now() - 3 * 3600_000);
  const mes = agora.toISOString().slice(0, 7);
  const sql = (text: string, params: unknown[] = []) => f.srv.db.query<Record<string, any>>(text, params);

  const esperarRelatorio = async (id: number) => {
    for (let i = 0; i < 600; i++) {
      const r = (await ok(contador, 'GET', '/api/Relatorios')).find((x: { id: number }) => x.id === id);
      if (r && r.status !== 0) return r;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error('o relatório não terminou');
  };
  const envio = async (id: number) => (await ok(contador, 'GET', '/api/Exportacoes/envios')).find((e: { id: number }) => e.id === id);
  const jobDo = async (jobId: number) => (await sql('SELECT situacao, tentativas, ultimo_erro FROM jobs WHERE id = $1', [jobId])).rows[0];

  beforeAll(async () => {
    const m = await matrizDemo(f.srv);
    contador = await login(f.app, 'contador@demo.com.br');
    const n = await ok(f.admin, 'POST', '/api/NotasFiscais', {
      naturezaId: m.naturezaVenda,
      clienteId: m.clienteId,
      itens: [{ produtoId: m.produtoId, quantidade: '3', valorUnitario: '7.25' }],
      transporte: { modalidade: 9 },
      pagamentos: [{ tPag: '01', valor: '21.75' }],
    });
    expect((await ok(f.admin, 'POST', `/api/NotasFiscais/${n.id}/transmitir`)).autorizada).toBe(true);
    // The month's SPED, downloaded once (so it is kept for the e-mail); the accountant's CPF typed on the screen.
    const s = await call(contador, 'POST', '/api/Exportacoes/sped/arquivo', { mes, finalidade: 0, perfil: 'A', codigoReceita: '046-2', contabilista: { cpf: '52998224725', fone: '1133334444' } });
    expect(s.statusCode, s.body).toBe(200);
    sped = s.rawPayload;
    const job = await ok(contador, 'POST', '/api/Exportacoes/xml', { mes });
    const feito = await esperarRelatorio(job.id);
    expect(feito.status, JSON.stringify(feito.erro)).toBe(1);
    zip = { id: job.id, bytes: (await call(contador, 'GET', feito.url)).rawPayload };
  });

  it('SPED record 0100 comes from the accountant registered in Contábil; what is typed overrides it', async () => {
    const c = await ok(contador, 'GET', '/api/Exportacoes/contador');
    expect(c).toMatchObject({ email: 'contador@demo.com.br', crc: 'SP-123456/O-5' });
    const linha0100 = sped.toString('latin1').split('\r\n').find((l) => l.startsWith('|0100|'))!.split('|');
    // |0100|NOME|CPF|CRC|CNPJ|CEP|END|NUM|COMPL|BAIRRO|FONE|FAX|EMAIL|COD_MUN|
    expect(linha0100[2]).toBe(c.nome);
    expect(linha0100[3]).toBe('52998224725');
    expect(linha0100[4]).toBe('SP-123456/O-5');
    expect(linha0100[5]).toBe(c.cpfCnpj);
    expect(linha0100[13]).toBe('contador@demo.com.br');
    const outro = await call(contador, 'POST', '/api/Exportacoes/sped/arquivo', { mes, finalidade: 0, perfil: 'A', codigoReceita: '046-2', contabilista: { nome: 'Outro Contabilista', cpf: '52998224725', email: 'outro@escritorio.com.br' } });
    expect(outro.statusCode, outro.body).toBe(200);
    const l2 = outro.rawPayload.toString('latin1').split('\r\n').find((l) => l.startsWith('|0100|'))!.split('|');
    expect([l2[2], l2[13]]).toEqual(['Outro Contabilista', 'outro@escritorio.com.br']);
  });

  it('bad input: a Portuguese message and nothing queued', async () => {
    const antes = (await ok(contador, 'GET', '/api/Exportacoes/envios')).length;
    const r1 = await call(contador, 'POST', '/api/Exportacoes/email', { relatorioId: zip.id, email: 'não é e-mail' });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().error.message).toBe('Informe um e-mail válido.');
    const r2 = await call(contador, 'POST', '/api/Exportacoes/email', { relatorioId: 999999 });
    expect(r2.statusCode).toBe(404);
    expect(r2.json().error.message).toBe('Arquivo ZIP não encontrado: gere o ZIP do período antes de enviá-lo.');
    expect((await call(f.vendedor, 'POST', '/api/Exportacoes/email', { relatorioId: zip.id })).statusCode).toBe(403);
    expect((await ok(contador, 'GET', '/api/Exportacoes/envios')).length).toBe(antes);
    expect(smtp.messages).toHaveLength(0);
  });

  it("the ZIP and the month's SPED reach the registered accountant's mailbox as attachments, sent by a job", async () => {
    smtp.messages.length = 0;
    const pedido = await ok(contador, 'POST', '/api/Exportacoes/email', { relatorioId: zip.id });
    expect(pedido.email).toBe('contador@demo.com.br');
    expect(pedido.arquivos[0]).toMatch(/^xml-nfe-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(pedido.arquivos).toHaveLength(2);
    await vi.waitFor(() => expect(smtp.messages.length).toBe(1), { timeout: 20000 });
    const msg = smtp.messages[0];
    expect(msg.to).toEqual(['contador@demo.com.br']);
    expect(msg.text).toMatch(/Seguem os arquivos fiscais de Mercadinho Demo do período de \d{2}\/\d{2}\/\d{4} a /);
    const a = anexos(msg);
    expect([...a.keys()].sort()).toEqual([...pedido.arquivos].sort());
    expect(a.get(pedido.arquivos[0])!.equals(zip.bytes)).toBe(true);
    // the SPED attached is the last one generated for the month (the second, typed by another accountant)
    expect(a.get(pedido.arquivos[1])!.toString('latin1')).toMatch(/\|0100\|Outro Contabilista\|/);
    await vi.waitFor(async () => expect(await envio(pedido.id)).toMatchObject({ situacao: 'enviado', modo: 'anexo', tentativas: 1, ultimoErro: null }), { timeout: 10000 });
    // The job is marked done after its handler recorded the envio (a second statement): wait for it too.
    await vi.waitFor(async () => expect(await jobDo(pedido.jobId)).toMatchObject({ situacao: 'concluido', tentativas: 1 }), { timeout: 10000 });
  });

  it('the SMTP server refuses the message: the job records the failure, retries, and the e-mail arrives', async () => {
    smtp.messages.length = 0;
    smtp.recusar(1);
    const pedido = await ok(contador, 'POST', '/api/Exportacoes/email', { relatorioId: zip.id, email: 'Escritorio@Contabil.com.br' });
    expect(pedido.email).toBe('escritorio@contabil.com.br');
    await vi.waitFor(async () => expect(await jobDo(pedido.jobId)).toMatchObject({ situacao: 'pendente', tentativas: 1 }), { timeout: 20000 });
    expect((await jobDo(pedido.jobId)).ultimo_erro).toMatch(/451/);
    const e = await envio(pedido.id);
    expect(e).toMatchObject({ situacao: 'pendente', tentativas: 1 });
    expect(e.ultimoErro).toMatch(/^Falha no envio do e-mail: .*451/);
    expect(smtp.messages).toHaveLength(0);
    // The retry is due after the backoff; brought forward here instead of waiting a minute.
    const devido = (await sql(`SELECT executar_em > now() + interval '30 seconds' AS adiado FROM jobs WHERE id = $1`, [pedido.jobId])).rows[0];
    expect(devido.adiado).toBe(true);
    await sql('UPDATE jobs SET executar_em = now() WHERE id = $1', [pedido.jobId]);
    f.srv.services.jobs!.kick();
    await vi.waitFor(() => expect(smtp.messages.length).toBe(1), { timeout: 20000 });
    expect(smtp.messages[0].to).toEqual(['escritorio@contabil.com.br']);
    expect(anexos(smtp.messages[0]).size).toBe(2);
    await vi.waitFor(async () => expect(await envio(pedido.id)).toMatchObject({ situacao: 'enviado', tentativas: 2, ultimoErro: null }), { timeout: 10000 });
    await vi.waitFor(async () => expect(await jobDo(pedido.jobId)).toMatchObject({ situacao: 'concluido', tentativas: 2 }), { timeout: 10000 });
  });

  it('files larger than an e-mail carries go as download links, valid for a week and public only by the token', async () => {
    smtp.messages.length = 0;
    process.env.EXPORTACAO_EMAIL_ANEXO_MAX = '1000';
    try {
      const pedido = await ok(contador, 'POST', '/api/Exportacoes/email', { relatorioId: zip.id });
      await vi.waitFor(() => expect(smtp.messages.length).toBe(1), { timeout: 20000 });
      const msg = smtp.messages[0];
      expect(anexos(msg).size).toBe(0);
      const links = [...msg.text.matchAll(/https?:\/\/\S+\/api\/Exportacoes\/envios\/([A-Za-z0-9_-]+)\/(\d+)/g)];
      expect(links).toHaveLength(2);
      await vi.waitFor(async () => expect(await envio(pedido.id)).toMatchObject({ situacao: 'enviado', modo: 'link' }), { timeout: 10000 });
      // No session: the link alone downloads the ZIP, byte for byte.
      const baixado = await f.app.inject({ method: 'GET', url: new URL(links[0][0]).pathname });
      expect(baixado.statusCode).toBe(200);
      expect(baixado.headers['content-type']).toBe('application/zip');
      expect(baixado.rawPayload.equals(zip.bytes)).toBe(true);
      const txt = await f.app.inject({ method: 'GET', url: new URL(links[1][0]).pathname });
      expect(txt.statusCode).toBe(200);
      expect(txt.rawPayload.toString('latin1')).toMatch(/^\|0000\|/);
      const errado = await f.app.inject({ method: 'GET', url: `/api/Exportacoes/envios/${'x'.repeat(43)}/0` });
      expect(errado.statusCode).toBe(404);
      expect(errado.json().error.message).toBe('Link de download inválido. Peça à loja um novo envio.');
      await sql(`UPDATE exportacoes_envios SET link_expira_em = now() - interval '1 minute' WHERE id = $1`, [pedido.id]);
      const expirado = await f.app.inject({ method: 'GET', url: new URL(links[0][0]).pathname });
      expect(expirado.statusCode).toBe(410);
      expect(expirado.json().error.message).toBe('Este link de download expirou. Peça à loja um novo envio.');
    } finally {
      delete process.env.EXPORTACAO_EMAIL_ANEXO_MAX;
    }
  });
});
