import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { carregarLayout, escreverRegistro, identificarRegistro, lerRegistro } from '../../src/server/boletos/cnab/layout.ts';
import { cifrarSegredosAntigos, lerAutomacao } from '../../src/server/boletos/automacao-config.ts';
import { lerPix } from '../../src/server/boletos/pix/br-code.ts';
import { startBancoLocal } from '../../src/server/stand-ins/banco-local.ts';
import { startPspPix } from '../../src/server/stand-ins/psp-pix-local.ts';
import { startSmtp } from '../../src/server/stand-ins/smtp-local.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

const dia = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/**
 * Boletos without hands (issue 38): the automatic remessa and "atualizar transações" against the bank's file
 * exchange stand-in, changes of registered boletos with their CNAB movement codes, the dynamic Pix charge through
 * the PSP stand-in (BACEN Pix API) settled once by its webhook, and the e-mails sent by jobs to a real SMTP server.
 */
describe.each(BACKENDS)('boletos automation on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let banco: Awaited<ReturnType<typeof startBancoLocal>>;
  let psp: Awaited<ReturnType<typeof startPspPix>>;
  let parcelas: number[];
  let boletos: any[];
  const layout = carregarLayout('bradesco-400');
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const ok = async (method: string, url: string, payload?: unknown) => {
    const r = await call(admin, method, url, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  /** Waits for a state the jobs bring about (no fixed sleeps): polls until the check passes. */
  const ate = async <T>(f: () => Promise<T>, pronto: (v: T) => boolean, o = 'estado esperado'): Promise<T> => {
    const fim = Date.now() + 30_000;
    for (;;) {
      const v = await f();
      if (pronto(v)) return v;
      if (Date.now() > fim) {
        const jobs = await srv.db.query(`SELECT id, tipo, situacao, chave, tentativas, ultimo_erro, executar_em FROM jobs WHERE chave IS DISTINCT FROM 'periodico' ORDER BY id DESC LIMIT 10`);
        throw new Error(`tempo esgotado esperando ${o}: ${JSON.stringify(v)}; jobs: ${JSON.stringify(jobs.rows)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const jobsAtivos = async () => Number((await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE situacao IN ('pendente', 'executando') AND chave IS DISTINCT FROM 'periodico' AND executar_em <= now()`)).rows[0].n);
  const semJobs = () => ate(jobsAtivos, (n) => n === 0, 'a fila de jobs esvaziar');
  const atualizar = async () => {
    await ok('POST', '/api/Boletos/atualizar-transacoes');
    await semJobs();
    const falhas = await srv.db.query(`SELECT tipo, ultimo_erro FROM jobs WHERE ultimo_erro IS NOT NULL AND tipo LIKE 'boletos.%'`);
    expect(falhas.rows).toEqual([]);
  };
  const estados = async () => ((await ok('GET', '/api/Boletos/emitidos')) as any[]).sort((a, b) => a.numero - b.numero).map((b) => [b.numero, b.estado]);
  const valorBaixado = async (id: number) => (await srv.db.query<{ v: string }>(`SELECT valor_baixado::text AS v FROM parcelas WHERE id = $1`, [id])).rows[0].v;
  const detalhes = (conteudo: string) => conteudo.split('\r\n').filter((l) => identificarRegistro(layout, l, 'remessa') === 'detalheRemessa').map((l) => lerRegistro(layout, 'detalheRemessa', l));
  const emailsPara = (para: string) => smtp.messages.filter((m) => m.to.includes(para));

  beforeAll(async () => {
    smtp = await startSmtp();
    banco = await startBancoLocal({ banco: '237' });
    psp = await startPspPix();
    srv = await startTestServer(backend, { listen: true, smtpUrl: smtp.url });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    const cfg = await call(admin, 'POST', '/api/ConfiguracoesBoleto', {
      banco: '237', agencia: '1172', agenciaDv: '0', conta: '0403005', contaDv: '2', carteira: '09', convenio: '4455667', proximoNossoNumero: '900', chavePix: '11222333000181', cidadePix: 'São Paulo', multa: '2.00', juros: '1.00', layoutCnab: 400, ativo: true,
    });
    expect(cfg.statusCode, cfg.body).toBe(200);
    const conta = (await ok('POST', '/api/ContasFinanceiras', { descricao: 'Bradesco cobrança', tipo: 1, banco: '237 - Bradesco', agencia: '1172', conta: '403005-2', saldoInicial: '0.00', dataSaldoInicial: '2026-01-01' })).id;
    const tenant = (await srv.db.query<{ tenant_id: number }>(`SELECT tenant_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].tenant_id;
    const cliente = (await srv.db.query<{ id: number }>(`INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj, email, logradouro, numero, bairro, cep, uf) VALUES ($1, 0, 'Mercearia Boa Vista Ltda', '11444777000161', 'compras@boavista.com.br', 'Rua Sete', '70', 'Centro', '01310100', 'SP') RETURNING id`, [tenant])).rows[0].id;
    const l = await ok('POST', '/api/Lancamentos', { tipo: 0, descricao: 'Venda a prazo em 3x', dataEmissao: dia(0), valorTotal: '300.00', numeroParcelas: 3, primeiroVencimento: dia(20), pessoaId: cliente, contaId: conta, documento: 'PV900' });
    parcelas = l.parcelas.map((p: any) => p.id);
  });
  afterAll(async () => {
    await srv?.close();
    await Promise.all([smtp?.close(), banco?.close(), psp?.close()]);
  });

  it('automation settings: the form schema, bad input refused in Portuguese with nothing saved, secrets never shown back', async () => {
    const vazio = await ok('GET', '/api/Boletos/automacao');
    expect(vazio.schema.properties.remessaHora.pattern).toBeTruthy();
    expect(vazio.valores).toMatchObject({ remessaAutomatica: false, remessaHora: '18:00', bancoTokenDefinido: false });
    for (const [body, msg] of [
      [{ remessaHora: '25:00' }, /Horário da remessa automática: Formato inválido!/],
      [{ bancoUrl: 'ftp://banco' }, /Endereço da troca de arquivos do banco: Formato inválido!/],
      [{ lembreteDiasAntes: 0 }, /Lembrete: dias antes do vencimento: Informe de 1 a 30\./],
      [{ avisoPagamentoEmail: 'loja@' }, /E-mail inválido!/],
      [{ bancoUrl: banco.url }, /Informe o token da troca de arquivos do banco\./],
      [{ qualquer: 1 }, /qualquer: Campo desconhecido!/],
    ] as const) {
      const r = await call(admin, 'PUT', '/api/Boletos/automacao', body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message).toMatch(msg);
    }
    expect((await srv.db.query(`SELECT count(*)::int AS n FROM boletos_automacao`)).rows[0].n).toBe(0);
    const salvo = await ok('PUT', '/api/Boletos/automacao', {
      remessaAutomatica: true, remessaHora: '00:00', bancoUrl: banco.url, bancoToken: banco.token, lembreteAoEmitir: true, avisoPagamentoEmail: 'financeiro@padaria.com.br',
    });
    expect(salvo.valores).toMatchObject({ remessaAutomatica: true, bancoUrl: banco.url, bancoTokenDefinido: true });
    expect(JSON.stringify(salvo)).not.toContain(banco.token);
    // encrypted at rest (AES-256-GCM, the certificates' key), read back in clear only by the server
    const guardado = (await srv.db.query<{ t: string }>(`SELECT banco_token AS t FROM boletos_automacao`)).rows[0].t;
    expect(guardado).toMatch(/^aes256gcm:[A-Za-z0-9+/=]+$/);
    expect(guardado).not.toContain(banco.token);
    expect((await call(vizinha, 'GET', '/api/Boletos/automacao')).json().error.message).toMatch(/não tem configuração de boleto ativa/);
  });

  it('a carnê issued is e-mailed to the payer with its PDF, once per boleto, by a job', async () => {
    boletos = (await ok('POST', '/api/Boletos/emitir', { parcelaIds: parcelas })).boletos;
    expect(boletos).toHaveLength(3);
    const msgs = await ate(async () => emailsPara('compras@boavista.com.br'), (m) => m.length >= 3, 'os e-mails de emissão');
    await semJobs();
    expect(msgs).toHaveLength(3);
    expect(msgs.map((m) => m.text).sort()).toEqual(boletos.map((b) => expect.stringContaining(`Boleto nº ${b.numero} — valor R$`)));
    expect(msgs.every((m) => /Content-Type: application\/pdf; name=boleto-\d+\.pdf/.test(m.raw))).toBe(true);
    expect(msgs[0].text).toContain('Mercearia Boa Vista Ltda');
    const registrados = await srv.db.query(`SELECT tipo, count(*)::int AS n FROM boletos_emails GROUP BY tipo`);
    expect(registrados.rows).toEqual([{ tipo: 'emissao', n: 3 }]);
  });

  it('"atualizar transações": the automatic remessa goes up to the bank, its retorno comes down and registers the boletos; run again it does nothing new', async () => {
    await atualizar();
    expect(banco.remessas).toHaveLength(1);
    expect(detalhes(banco.remessas[0].conteudo).map((d) => [d.nossoNumero, d.movimento])).toEqual([['00000000900', '01'], ['00000000901', '01'], ['00000000902', '01']]);
    const rem = await ok('GET', '/api/Boletos/transacoes');
    expect(rem.remessas).toMatchObject([{ sequencial: 1, titulos: 3, automatica: true }]);
    expect(rem.remessas[0].enviadaEm).toBeTruthy();
    expect(rem.remessas[0].protocolo).toMatch(/^P/);
    expect(rem.arquivos).toHaveLength(1);
    expect(rem.arquivos[0]).toMatchObject({ erro: false, resultado: expect.stringMatching(/3 registrado\(s\)/) });
    expect(await estados()).toEqual([[1, 'registrado'], [2, 'registrado'], [3, 'registrado']]);
    // the bank's fee for each registration posted as an expense
    expect((await srv.db.query(`SELECT count(*)::int AS n FROM lancamentos WHERE origem_tipo = 'boleto'`)).rows[0].n).toBe(3);
    await atualizar();
    expect(banco.remessas).toHaveLength(1);
    expect((await ok('GET', '/api/Boletos/transacoes')).arquivos).toHaveLength(1);
  });

  it('a registered boleto changed (new due date, discount) goes in the next remessa with movement 06 and 31; a paid one cannot change', async () => {
    const [b1, b2] = boletos;
    const ruim = await call(admin, 'POST', `/api/Boletos/emitidos/${b1.id}/alterar`, { vencimento: '2020-01-01' });
    expect(ruim.json().error.message).toBe('Vencimento: a nova data não pode ser anterior a hoje.');
    expect((await call(admin, 'POST', `/api/Boletos/emitidos/${b2.id}/alterar`, { desconto: '500.00' })).json().error.message).toMatch(/Desconto: deve ser menor que o valor do boleto \(R\$\s100,00\)/);
    expect((await call(admin, 'POST', `/api/Boletos/emitidos/${b2.id}/alterar`, {})).json().error.message).toBe('Informe o novo vencimento ou o desconto.');
    const alterado = await ok('POST', `/api/Boletos/emitidos/${b1.id}/alterar`, { vencimento: dia(25) });
    expect(alterado.vencimento).toBe(dia(25));
    await ok('POST', `/api/Boletos/emitidos/${b2.id}/alterar`, { desconto: '5.00', dataDesconto: dia(30) });
    const hist = await ok('GET', `/api/Boletos/emitidos/${b1.id}/historico`);
    expect(hist.at(-1)).toMatchObject({ de: 'registrado', para: 'registrado', origem: 'manual', detalhe: expect.stringMatching(/vencimento de .* para .*vai na próxima remessa/) });
    await atualizar();
    expect(banco.remessas).toHaveLength(2);
    const d = detalhes(banco.remessas[1].conteudo);
    expect(d.map((x) => [x.nossoNumero, x.movimento])).toEqual([['00000000900', '06'], ['00000000901', '31']]);
    expect(d[0].vencimento).toBe(dia(25));
    expect([d[1].desconto, d[1].dataDesconto]).toEqual(['5.00', dia(30)]);
    expect((await srv.db.query(`SELECT count(*)::int AS n FROM boletos_instrucoes WHERE remessa_id IS NULL`)).rows[0].n).toBe(0);
  });

  it('the bank settles one with interest: the next update pays the boleto, settles the receivable and alerts the shop; the file is fetched once', async () => {
    const b3 = boletos[2];
    banco.liquidar('00000000902', { valorPago: '103.40', juros: '3.40', tarifa: '1.90' });
    await atualizar();
    expect(await estados()).toEqual([[1, 'registrado'], [2, 'registrado'], [3, 'pago']]);
    expect(await valorBaixado(parcelas[2])).toBe('100.00');
    const alerta = await ate(async () => emailsPara('financeiro@padaria.com.br'), (m) => m.length === 1, 'o aviso de pagamento');
    expect(alerta[0].text).toMatch(new RegExp(`O boleto nº ${b3.numero} de Mercearia Boa Vista Ltda .* foi pago: R\\$\\s103,40`));
    const antes = (await ok('GET', '/api/Boletos/transacoes')).arquivos.length;
    await atualizar();
    expect((await ok('GET', '/api/Boletos/transacoes')).arquivos.length).toBe(antes);
    expect(await valorBaixado(parcelas[2])).toBe('100.00');
  });

  it('a retorno dropped in the watched storage folder is applied once and moved; a truncated one is recorded as refused', async () => {
    const { tenant_id: tenant, id: cfgId } = (await srv.db.query<{ tenant_id: number; id: number }>(`SELECT tenant_id, id FROM configuracoes_boleto WHERE banco = '237'`)).rows[0];
    const pasta = (await ok('GET', '/api/Boletos/automacao')).pastaRetornos;
    expect(pasta).toBe(`t/${tenant}/boletos-retornos/${cfgId}/`);
    const t = banco.titulos.get('00000000901')!;
    const det = { nossoNumero: `${t.nossoNumero}${t.nossoNumeroDv}`, ocorrencia: '14', dataOcorrencia: dia(0), numeroDocumento: t.numeroDocumento ?? '', vencimento: t.vencimento ?? '', valor: t.valor ?? '', tarifa: '0.80', sequencial: '2' };
    const head = escreverRegistro(layout, 'headerRetorno', { banco: '237', sequencial: '1' });
    const bom = [head, escreverRegistro(layout, 'detalheRetorno', det), escreverRegistro(layout, 'trailerRetorno', { banco: '237', sequencial: '3' })].join('\r\n');
    const truncado = [head, escreverRegistro(layout, 'detalheRetorno', det)].join('\r\n');
    await srv.services.storage.put(`${pasta}CB2911A.RET`, Buffer.from(bom, 'latin1'));
    await srv.services.storage.put(`${pasta}CB2911B.RET`, Buffer.from(truncado, 'latin1'));
    const antes = (await ok('GET', '/api/Boletos/transacoes')).arquivos.length;
    await atualizar();
    const arquivos = ((await ok('GET', '/api/Boletos/transacoes')).arquivos as any[]).slice(0, 2).sort((a, b) => a.nome.localeCompare(b.nome));
    expect(arquivos).toHaveLength(2);
    expect(antes + 2).toBe((await ok('GET', '/api/Boletos/transacoes')).arquivos.length);
    expect(arquivos[0]).toMatchObject({ nome: expect.stringMatching(/^pasta\/\d{14}-CB2911A\.RET$/), erro: false, resultado: expect.stringMatching(/Retorno aplicado: 1 ocorrência.*tarifas de R\$\s0,80/) });
    expect(arquivos[1]).toMatchObject({ nome: expect.stringMatching(/CB2911B\.RET$/), erro: true, resultado: expect.stringMatching(/incompleto: falta o registro final/) });
    expect(await srv.services.storage.list!(pasta)).toEqual([]);
    expect((await srv.services.storage.list!(`t/${tenant}/boletos-retornos-processados/${cfgId}/`)).map((k) => k.replace(/.*\d{14}-/, ''))).toEqual(['CB2911A.RET', 'CB2911B.RET']);
    await atualizar();
    expect((await ok('GET', '/api/Boletos/transacoes')).arquivos.length).toBe(antes + 2);
  });

  it('dynamic Pix: the charge is created at the PSP (PUT /cobv) by a job, printed on the boleto, and its payment webhook settles the receivable once', async () => {
    const b1 = boletos[0];
    const semPsp = await call(admin, 'POST', `/api/Boletos/emitidos/${b1.id}/pix`);
    expect(semPsp.json().error.message).toMatch(/Configure o PSP Pix/);
    await ok('PUT', '/api/Boletos/automacao', { pspUrl: psp.url, pspClientId: psp.clientId, pspClientSecret: psp.clientSecret });
    const segredoPsp = (await srv.db.query<{ s: string }>(`SELECT psp_client_secret AS s FROM boletos_automacao`)).rows[0].s;
    expect(segredoPsp).toMatch(/^aes256gcm:/);
    expect(segredoPsp).not.toContain(psp.clientSecret);
    // over real HTTP: the webhook address the PSP gets is this server's own
    const pedido = await (await fetch(`${srv.baseUrl}/api/Boletos/emitidos/${b1.id}/pix`, { method: 'POST', headers: { authorization: admin } })).json();
    expect(pedido.cobranca).toMatchObject({ situacao: 'criando', tipo: 'cobv', valor: '100.00' });
    const txid = pedido.cobranca.txid;
    const [cob] = await ate(() => ok('GET', `/api/Boletos/emitidos/${b1.id}/pix`), (c: any[]) => c[0]?.situacao !== 'criando', 'a cobrança no PSP');
    expect(cob).toMatchObject({ txid, situacao: 'ATIVA' });
    expect(lerPix(cob.pixCopiaECola)).toMatchObject({ url: cob.location, iniciacao: 'dinamico' });
    expect(psp.cobs.get(txid)).toMatchObject({ tipo: 'cobv', chave: '11222333000181', valor: { original: '100.00' }, devedor: { cnpj: '11444777000161' }, calendario: { dataDeVencimento: dia(25) } });
    expect(psp.webhooks.get('11222333000181')).toMatch(/\/api\/pix\/webhook\/[a-f0-9]{36}$/);
    // the webhook secret in that address is encrypted at rest too; the webhook finds its configuration by its SHA-256
    const noEndereco = psp.webhooks.get('11222333000181')!.split('/').pop()!;
    const guardadoWebhook = (await srv.db.query<{ s: string; h: string }>(`SELECT webhook_segredo AS s, webhook_segredo_hash AS h FROM boletos_automacao`)).rows[0];
    expect(guardadoWebhook.s).toMatch(/^aes256gcm:/);
    expect(guardadoWebhook.s).not.toContain(noEndereco);
    expect(guardadoWebhook.h).toBe(createHash('sha256').update(noEndereco).digest('hex'));
    // the same SHA-256 that migration 0670 computed in SQL for the secrets saved before it
    expect((await srv.db.query<{ h: string }>(`SELECT encode(sha256(convert_to($1, 'UTF8')), 'hex') AS h`, [noEndereco])).rows[0].h).toBe(guardadoWebhook.h);
    // asked again: the same charge
    expect((await ok('POST', `/api/Boletos/emitidos/${b1.id}/pix`)).cobranca.txid).toBe(txid);
    // the boleto's PDF carries the dynamic code
    const pdf = await call(admin, 'POST', '/api/Boletos/emitidos/pdf', { ids: [b1.id] });
    const dir = mkdtempSync(join(tmpdir(), 'pix-'));
    writeFileSync(join(dir, 'b.pdf'), pdf.rawPayload);
    const txt = execFileSync('pdftotext', [join(dir, 'b.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    expect(txt).toContain(cob.pixCopiaECola.slice(0, 60));

    // forged notifications: an unknown address, and a payment the PSP never saw
    expect((await app.inject({ method: 'POST', url: '/api/pix/webhook/00000000000000000000000000000000abcd/pix', payload: { pix: [] } })).statusCode).toBe(404);
    const segredo = psp.webhooks.get('11222333000181')!.split('/').pop();
    const forjado = await app.inject({ method: 'POST', url: `/api/pix/webhook/${segredo}/pix`, payload: { pix: [{ endToEndId: 'E99999999202601011200abcdefabcde', txid, valor: '100.00', horario: new Date().toISOString() }] } });
    expect(forjado.json()).toEqual({ recebidos: 1 });
    await semJobs();
    expect(await valorBaixado(parcelas[0])).toBe('0.00');

    const pix = await psp.pagar(txid);
    expect(psp.entregas.at(-1)).toMatchObject({ status: 200 });
    await semJobs();
    expect(await valorBaixado(parcelas[0])).toBe('100.00');
    expect(await estados()).toEqual([[1, 'pago'], [2, 'registrado'], [3, 'pago']]);
    const hist = await ok('GET', `/api/Boletos/emitidos/${b1.id}/historico`);
    expect(hist.at(-1)).toMatchObject({ de: 'registrado', para: 'pago', origem: 'pix', detalhe: expect.stringContaining(pix.endToEndId) });
    // the PSP notifies the same payment again: nothing moves twice
    expect(await psp.reenviar(pix)).toBe(200);
    await semJobs();
    expect((await srv.db.query(`SELECT count(*)::int AS n FROM pix_recebimentos`)).rows[0].n).toBe(1);
    expect((await srv.db.query(`SELECT count(*)::int AS n FROM baixas WHERE parcela_id = $1`, [parcelas[0]])).rows[0].n).toBe(1);
    expect(await valorBaixado(parcelas[0])).toBe('100.00');
    // the paid registered boleto goes to the next remessa as a baixa request
    await atualizar();
    expect(detalhes(banco.remessas.at(-1)!.conteudo).map((x) => [x.nossoNumero, x.movimento])).toEqual([['00000000900', '02']]);
  });

  it('reminders before the due date and when overdue go once each; a boleto is sent by e-mail on request', async () => {
    await ok('PUT', '/api/Boletos/automacao', { lembreteDiasAntes: 5, lembreteNoVencimento: true, lembreteDiasApos: 1 });
    const tenant = (await srv.db.query<{ tenant_id: number }>(`SELECT tenant_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].tenant_id;
    const cliente = (await srv.db.query<{ id: number }>(`SELECT id FROM pessoas WHERE tenant_id = $1 AND nome = 'Mercearia Boa Vista Ltda'`, [tenant])).rows[0].id;
    const atrasada = await ok('POST', '/api/Lancamentos', { tipo: 0, descricao: 'Venda antiga', dataEmissao: dia(-30), valorTotal: '45.00', primeiroVencimento: dia(-3), pessoaId: cliente });
    const breve = await ok('POST', '/api/Lancamentos', { tipo: 0, descricao: 'Venda da semana', dataEmissao: dia(0), valorTotal: '60.00', primeiroVencimento: dia(2), pessoaId: cliente });
    const [velho, proximo] = (await ok('POST', '/api/Boletos/emitir', { parcelaIds: [atrasada.parcelas[0].id, breve.parcelas[0].id] })).boletos;
    await semJobs();
    const antes = emailsPara('compras@boavista.com.br').length;
    await srv.services.jobs!.enqueue('boletos.lembretes');
    await semJobs();
    const novos = emailsPara('compras@boavista.com.br').slice(antes);
    const assuntos = novos.map((m) => /Subject: (.*)/.exec(m.raw)?.[1] ?? '').sort();
    // the one due in 2 days gets the "vence em" reminder (5 days before); the overdue one the "vencido"; the carnê's
    // second boleto, due in about 50 days, nothing yet
    expect(assuntos).toHaveLength(2);
    expect(novos.some((m) => m.text.includes('lembramos que o seu boleto vence em') && m.text.includes(`Boleto nº ${proximo.numero}`))).toBe(true);
    expect(novos.some((m) => m.text.includes(`o seu boleto venceu em`) && m.text.includes(`Boleto nº ${velho.numero}`))).toBe(true);
    await srv.services.jobs!.enqueue('boletos.lembretes');
    await semJobs();
    expect(emailsPara('compras@boavista.com.br').length).toBe(antes + 2);

    const semEmail = await call(admin, 'POST', '/api/Boletos/emitidos/enviar-email', { ids: [velho.id], email: 'nao-e-email' });
    expect(semEmail.json().error.message).toBe('E-mail inválido.');
    const r = await ok('POST', '/api/Boletos/emitidos/enviar-email', { ids: [velho.id], email: 'contador@boavista.com.br' });
    expect(r.mensagem).toBe('O boleto será enviado por e-mail em instantes.');
    const [m] = await ate(async () => emailsPara('contador@boavista.com.br'), (x) => x.length === 1, 'o boleto por e-mail');
    expect(m.raw).toMatch(new RegExp(`name=boleto-${velho.numero}\\.pdf`));
    expect((await call(vizinha, 'POST', '/api/Boletos/emitidos/enviar-email', { ids: [velho.id] })).json().error.message).toBe('Boleto não encontrado.');
  });
  it('secrets saved in plain text before encryption are encrypted once on start and still read the same', async () => {
    const { tenant_id: t, configuracao_id: c } = (await srv.db.query(`SELECT tenant_id, configuracao_id FROM boletos_automacao`)).rows[0];
    const antes = await lerAutomacao(srv.db, t, c);
    expect(antes!.bancoToken).toBe(banco.token);
    // as migration 0670 found them: the webhook secret in plain text beside its SHA-256
    await srv.db.query(`UPDATE boletos_automacao SET banco_token = $1, psp_client_secret = $2, webhook_segredo = $3`, [antes!.bancoToken, antes!.pspClientSecret, antes!.webhookSegredo]);
    expect(antes!.webhookSegredo).toMatch(/^[a-f0-9]{36}$/);
    expect(await cifrarSegredosAntigos(srv.db)).toBe(1);
    const r = (await srv.db.query(`SELECT banco_token, psp_client_secret, webhook_segredo FROM boletos_automacao`)).rows[0];
    for (const v of [r.banco_token, r.psp_client_secret, r.webhook_segredo]) expect(v).toMatch(/^aes256gcm:/);
    expect(await lerAutomacao(srv.db, t, c)).toEqual(antes);
    expect(await cifrarSegredosAntigos(srv.db)).toBe(0);
    // and the bank's exchange still authenticates with the decrypted token (a 401 would leave a job error)
    await atualizar();
    // and the PSP's webhook still finds the configuration (200 with nothing to take, not 404)
    const w = await srv.app.inject({ method: 'POST', url: `/api/pix/webhook/${antes!.webhookSegredo}/pix`, payload: { pix: [] } });
    expect(w.statusCode, w.body).toBe(200);
    expect(w.json()).toEqual({ recebidos: 0 });
  });
});
