import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BACKENDS, type TestServer } from '../support/server.ts';
import { servidorFiscal, CNPJ_MATRIZ, xsdOk, certDoXml } from '../support/servidor-fiscal.ts';
import { gerarCertificadoTeste } from '../fixtures/fiscal/certificado-teste.ts';
import { xmlsecVerify } from '../fixtures/fiscal/ferramentas.ts';
import { paraBuffer } from '../../src/server/fiscal/emissao/certificados.ts';

// The NF-e issuing path on the real server and the local SEFAZ (homologação): settings, certificate, draft →
// authorised → CC-e → cancelled, inutilização, rejection with help, gap-free numbers, bad input, other accounts.
describe.each(BACKENDS)('emissão de NF-e on %s', (backend) => {
  const f = servidorFiscal(backend, 'nfe-emissao');
  const { call, ok } = f;
  let srv: TestServer;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  const sql = (text: string, params: unknown[] = []) => srv.db.query(text, params);
  let tenant: number;
  let matriz: number;
  let clienteId: number;
  let produtos: { id: number; preco: string }[];
  let naturezaVenda: number;

  const rascunho = (extra: Record<string, unknown> = {}) => ({
    naturezaId: naturezaVenda,
    clienteId,
    itens: [
      { produtoId: produtos[0].id, quantidade: '2', valorUnitario: '10.50' },
      { produtoId: produtos[1].id, quantidade: '1.5', valorUnitario: '4.00', valorDesconto: '1.00' },
    ],
    transporte: { modalidade: 9 },
    pagamentos: [{ tPag: '15', valor: '26.00', vencimento: '2099-01-10' }],
    informacoesAdicionais: 'Pedido 42',
    ...extra,
  });
  const novaNota = async (extra: Record<string, unknown> = {}) => (await ok(admin, 'POST', '/api/NotasFiscais', rascunho(extra))).id as number;
  const ultimo = async () => Number((await sql(`SELECT ultimo_numero FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfe' AND serie = 1`, [tenant, matriz])).rows[0]?.ultimo_numero ?? 0);

  beforeAll(async () => {
    ({ srv, admin, vizinha, vendedor } = f);
    const b = (await sql(`SELECT tenant_id, id FROM branches WHERE cpf_cnpj = $1`, [CNPJ_MATRIZ])).rows[0];
    tenant = Number(b.tenant_id);
    matriz = Number(b.id);
    clienteId = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'SP' ORDER BY id LIMIT 1`, [tenant])).rows[0].id);
    produtos = (await sql(`SELECT id, preco_venda FROM produtos WHERE tenant_id = $1 AND ncm IS NOT NULL AND NOT servico ORDER BY id LIMIT 2`, [tenant])).rows.map((r) => ({ id: Number(r.id), preco: r.preco_venda }));
    naturezaVenda = Number((await sql(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Venda de mercadoria'`, [tenant])).rows[0].id);
    // Enough stock for every sale of the suite.
    await sql(`UPDATE configuracoes_estoque SET permitir_estoque_negativo = true WHERE tenant_id = $1`, [tenant]);
    await sql(`INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) SELECT $1, true WHERE NOT EXISTS (SELECT 1 FROM configuracoes_estoque WHERE tenant_id = $1)`, [tenant]);
  });

  it('the demo has the five naturezas (three outgoing, two of entry), the settings in homologação and a test certificate; no API returns the secret', async () => {
    const nats = await ok(admin, 'GET', `/api/NaturezasOperacao?filter=${encodeURIComponent(JSON.stringify({ order: 'descricao ASC' }))}`);
    expect(nats.map((n: { descricao: string }) => n.descricao)).toEqual(['Compra de produtor rural', 'Devolução de compra', 'Devolução de venda', 'Importação de mercadoria', 'Remessa para conserto', 'Venda de mercadoria']);
    const conf = await ok(admin, 'GET', '/api/ConfiguracoesNfe');
    expect(conf).toMatchObject({ serieNfe: 1, ambiente: 2, naturezaPadraoId: naturezaVenda, proximoNumeroNfe: 1 });
    const r = await call(admin, 'GET', '/api/CertificadosDigitais/atual');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().certificado).toMatchObject({ cnpj: CNPJ_MATRIZ, vencido: false });
    expect(r.body).not.toMatch(/senha|arquivo|BEGIN|PRIVATE/i);
    // At rest: the stored file is not the .pfx and the password is not in the database in clear.
    const row = (await sql(`SELECT arquivo, senha_cifrada FROM certificados_digitais WHERE tenant_id = $1 AND ativo`, [tenant])).rows[0];
    expect(row.senha_cifrada).not.toContain('demo1234');
    const guardado = await paraBuffer((await srv.services.storage.get(row.arquivo))!);
    expect(() => (globalThis as any).Buffer.from(guardado).toString('latin1')).not.toThrow();
    expect(guardado.toString('latin1')).not.toMatch(/ICP-Brasil|MERCADINHO/);
    // Other accounts and users without the key see nothing of it.
    expect((await ok(vizinha, 'GET', '/api/CertificadosDigitais/atual')).certificado).toBeNull();
    expect((await call(vendedor, 'GET', '/api/CertificadosDigitais/atual')).statusCode).toBe(403);
  });

  it('certificate upload: wrong password, expired, other CNPJ refused in Portuguese and nothing changes; a good one replaces the active one', async () => {
    const antes = (await ok(admin, 'GET', '/api/CertificadosDigitais/atual')).certificado;
    const bom = gerarCertificadoTeste({ cnpj: CNPJ_MATRIZ, titular: 'MERCADINHO DEMO LTDA' });
    const enviar = (pfx: Buffer, senha: string) => call(admin, 'POST', '/api/CertificadosDigitais', { arquivo: pfx.toString('base64'), senha });
    const senhaErrada = await enviar(bom.pfx, 'errada');
    expect(senhaErrada.statusCode).toBe(400);
    expect(senhaErrada.json().error.message).toBe('Senha do certificado digital incorreta.');
    const vencido = gerarCertificadoTeste({ cnpj: CNPJ_MATRIZ, dias: 10, inicioDias: -30 });
    const rv = await enviar(vencido.pfx, vencido.senha);
    expect(rv.statusCode).toBe(400);
    expect(rv.json().error.message).toMatch(/venceu em \d{2}\/\d{2}\/\d{4}/);
    const outro = gerarCertificadoTeste({ cnpj: '58716523000119', titular: 'OUTRA EMPRESA SA' });
    const ro = await enviar(outro.pfx, outro.senha);
    expect(ro.statusCode).toBe(400);
    expect(ro.json().error.message).toMatch(/CNPJ 58\.716\.523\/0001-19, de outra empresa que a filial Matriz \(CNPJ 11\.222\.333\/0001-81\)/);
    expect((await call(admin, 'POST', '/api/CertificadosDigitais', { senha: 'x' })).statusCode).toBe(400);
    expect((await ok(admin, 'GET', '/api/CertificadosDigitais/atual')).certificado).toEqual(antes);
    const r = await enviar(bom.pfx, bom.senha);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).not.toMatch(/senha|arquivo|BEGIN|PRIVATE|teste123/i);
    expect(r.json().certificado).toMatchObject({ titular: 'MERCADINHO DEMO LTDA', cnpj: CNPJ_MATRIZ });
    expect((await sql(`SELECT count(*)::int AS n FROM certificados_digitais WHERE tenant_id = $1 AND filial_id = $2 AND ativo`, [tenant, matriz])).rows[0].n).toBe(1);
  });

  it('alerts the administrators 30, 15 and 7 days before expiry, once per threshold', async () => {
    const { alertarVencimentos } = await import('../../src/server/fiscal/emissao/certificados.ts');
    const ate = new Date((await sql(`SELECT valido_ate FROM certificados_digitais WHERE tenant_id = $1 AND ativo`, [tenant])).rows[0].valido_ate).getTime();
    const contar = async () => Number((await sql(`SELECT count(*)::int AS n FROM alertas WHERE tenant_id = $1 AND link = 'pages/fiscais/certificado-digital'`, [tenant])).rows[0].n);
    const admins = Number((await sql(`SELECT count(*)::int AS n FROM users WHERE tenant_id = $1 AND ativo AND perfil_admin`, [tenant])).rows[0].n);
    const base = await contar();
    const dia = 86_400_000;
    await alertarVencimentos(srv.services, ate - 40 * dia);
    expect(await contar()).toBe(base);
    await alertarVencimentos(srv.services, ate - 29.5 * dia);
    await alertarVencimentos(srv.services, ate - 29 * dia);
    expect(await contar()).toBe(base + admins);
    await alertarVencimentos(srv.services, ate - 14.5 * dia);
    await alertarVencimentos(srv.services, ate - 6.5 * dia);
    await alertarVencimentos(srv.services, ate - 6 * dia);
    expect(await contar()).toBe(base + 3 * admins);
    const texto = (await sql(`SELECT texto FROM alertas WHERE tenant_id = $1 AND link = 'pages/fiscais/certificado-digital' ORDER BY id DESC LIMIT 1`, [tenant])).rows[0].texto;
    expect(texto).toMatch(/^O certificado digital da filial Matriz \(.+\) vence em \d{2}\/\d{2}\/\d{4} \(6 dias\)/);
  });

  it('issues: draft without number → authorised at the local SEFAZ, nfeProc valid (xmllint) and signed (xmlsec1), stock and receivables posted', async () => {
    const id = await novaNota();
    const draft = await ok(admin, 'GET', `/api/NotasFiscais/${id}`);
    expect(draft).toMatchObject({ status: 'rascunho', numero: null, chave: null, total: '26.00' });
    const v = await ok(admin, 'POST', `/api/NotasFiscais/${id}/validar`);
    expect(v).toMatchObject({ valido: true, erros: [], total: '26.00' });
    const previa = await call(admin, 'GET', `/api/NotasFiscais/${id}/danfe`);
    expect(previa.statusCode).toBe(200);
    expect(previa.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(await ultimo()).toBe(0);
    const r = await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(r.autorizada).toBe(true);
    expect(r.nota).toMatchObject({ status: 'autorizada', serie: 1, numero: 1, total: '26.00', ambiente: 2 });
    expect(r.nota.chave).toMatch(/^35\d{4}11222333000181550010000000011\d{9}$/);
    expect(r.nota.protocolo).toMatch(/^\d{15}$/);
    const xml = await call(admin, 'GET', `/api/NotasFiscais/${id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toContain(`${r.nota.chave}-procNFe.xml`);
    expect(xsdOk('procNFe_v4.00.xsd', xml.body)).toBe('');
    expect(xmlsecVerify(xml.body, certDoXml(xml.body), 'infNFe').ok).toBe(true);
    expect(xml.body).toContain('<CSOSN>102</CSOSN>');
    expect(xml.body).toContain('<CFOP>5102</CFOP>');
    const danfe = await call(admin, 'GET', `/api/NotasFiscais/${id}/danfe`);
    expect(danfe.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(await ultimo()).toBe(1);
    const movs = (await sql(`SELECT produto_id, quantidade, tipo FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2 ORDER BY id`, [tenant, id])).rows;
    expect(movs.map((m) => [Number(m.produto_id), Number(m.quantidade), Number(m.tipo)])).toEqual([[produtos[0].id, -2, 1], [produtos[1].id, -1.5, 1]]);
    const lanc = (await sql(`SELECT l.tipo, l.valor_total, l.cancelado, p.vencimento, p.valor FROM lancamentos l JOIN parcelas p ON p.tenant_id = l.tenant_id AND p.lancamento_id = l.id WHERE l.tenant_id = $1 AND l.origem_tipo = 'notaFiscal' AND l.origem_id = $2`, [tenant, id])).rows;
    expect(lanc.map((l) => [Number(l.tipo), l.valor_total, l.cancelado, String(l.valor)])).toEqual([[0, '26.00', false, '26.00']]);
    // Authorised notes are not edited nor deleted.
    expect((await call(admin, 'PUT', `/api/NotasFiscais/${id}`, rascunho())).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', `/api/NotasFiscais/${id}`)).statusCode).toBe(409);
    expect((await call(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`)).statusCode).toBe(409);
    const consulta = await ok(admin, 'POST', `/api/NotasFiscais/${id}/consultar`);
    expect(consulta).toMatchObject({ cStat: '100' });
    // E-mail with the XML and the DANFE (no SMTP_URL: an .eml in DATA_DIR/outbox), to the recipient and the copy address.
    const env = await ok(admin, 'POST', `/api/NotasFiscais/${id}/enviar-email`, { email: 'cliente@exemplo.com.br' });
    expect(env.enviados).toEqual(['cliente@exemplo.com.br', 'fiscal@mercadinhodemo.com.br']);
    const emls = readdirSync(path.join(f.dataDir, 'outbox')).filter((f) => f.includes('cliente'));
    const eml = readFileSync(path.join(f.dataDir, 'outbox', emls[0]), 'utf8');
    expect(eml).toContain(`filename=${r.nota.chave}-procNFe.xml`);
    expect(eml).toContain(`filename=${r.nota.chave}.pdf`);
  });

  it('a non-contributor cliente in another state: interstate CFOP and DIFAL (ICMSUFDest) from the tributação estadual SP→RJ, authorised, valid and signed', async () => {
    const rj = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'RJ' AND coalesce(inscricao_estadual, '') = '' ORDER BY id LIMIT 1`, [tenant])).rows[0].id);
    const id = await novaNota({ clienteId: rj });
    const r = await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(r.autorizada, JSON.stringify(r.rejeicao)).toBe(true);
    const xml = (await call(admin, 'GET', `/api/NotasFiscais/${id}/xml`)).body;
    expect(xsdOk('procNFe_v4.00.xsd', xml)).toBe('');
    expect(xmlsecVerify(xml, certDoXml(xml), 'infNFe').ok).toBe(true);
    expect(xml).toContain('<CFOP>6102</CFOP>');
    expect(xml).toContain('<idDest>2</idDest>');
    expect(xml).toContain('<indFinal>1</indFinal>');
    expect(xml).toContain('<indIEDest>9</indIEDest>');
    expect(xml).toContain('<UF>RJ</UF>');
    // The demo's rule SP→RJ: internal rate 20%, FCP 2%; interstate 12% (SP and RJ are both South/Southeast).
    // Line 1: 2 × 10,50 = 21,00 → DIFAL 21,00 × 8% = 1,68, FCP 0,42; line 2: 1,5 × 4,00 − 1,00 = 5,00 → 0,40 and 0,10.
    const grupos = [...xml.matchAll(/<ICMSUFDest>(.*?)<\/ICMSUFDest>/g)].map((m) => m[1]);
    expect(grupos).toHaveLength(2);
    expect(grupos[0]).toBe('<vBCUFDest>21.00</vBCUFDest><vBCFCPUFDest>21.00</vBCFCPUFDest><pFCPUFDest>2.0000</pFCPUFDest><pICMSUFDest>20.0000</pICMSUFDest><pICMSInter>12.00</pICMSInter><pICMSInterPart>100.00</pICMSInterPart><vFCPUFDest>0.42</vFCPUFDest><vICMSUFDest>1.68</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet>');
    expect(grupos[1]).toContain('<vBCUFDest>5.00</vBCUFDest>');
    expect(grupos[1]).toContain('<vICMSUFDest>0.40</vICMSUFDest>');
    expect(xml).toContain('<vFCPUFDest>0.52</vFCPUFDest><vICMSUFDest>2.08</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet>');
    // The observação of the fiscal settings for notes to the RJ goes to the fisco's field.
    expect(xml).toMatch(/<infAdFisco>DIFAL RECOLHIDO EM FAVOR DO ESTADO DO RIO DE JANEIRO/);
  });

  it('a line whose perfil has no rule for the destination UF is refused before any number is taken, naming what to fix', async () => {
    const antes = await ultimo();
    const pr = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'PR' ORDER BY id LIMIT 1`, [tenant])).rows[0].id);
    const id = await novaNota({ clienteId: pr });
    const r = await call(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().error.message).toMatch(/Item 1: Nenhuma tributação estadual do perfil tributário para operações de SP para PR vigente em \d{2}\/\d{2}\/\d{4}\. Cadastre-a em Configurações > Fiscal > Tributações estaduais\./);
    expect(await ultimo()).toBe(antes);
  });

  it('CC-e with sequence numbers, then cancel (reverses stock and receivables); no CC-e or second cancel on a cancelled note', async () => {
    const id = await novaNota();
    const aut = await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(aut.autorizada).toBe(true);
    const curta = await call(admin, 'POST', `/api/NotasFiscais/${id}/carta-correcao`, { correcao: 'curta demais' });
    expect(curta.statusCode).toBe(400);
    expect(curta.json().error.message).toMatch(/^Correção: escreva de 15 a 1000 caracteres/);
    const c1 = await ok(admin, 'POST', `/api/NotasFiscais/${id}/carta-correcao`, { correcao: 'Corrigir o complemento do endereco de entrega' });
    expect(c1).toMatchObject({ sequencia: 1, cStat: '135' });
    const c2 = await ok(admin, 'POST', `/api/NotasFiscais/${id}/carta-correcao`, { correcao: 'Corrigir o numero do pedido do cliente para 43' });
    expect(c2.sequencia).toBe(2);
    const arquivos = (await sql(`SELECT tipo, arquivo_xml FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 AND tipo = 'cce' ORDER BY id`, [tenant, id])).rows;
    for (const a of arquivos) {
      const x = (await paraBuffer((await srv.services.storage.get(a.arquivo_xml))!)).toString('utf8');
      expect(xsdOk('procCCeNFe_v1.00.xsd', x)).toBe('');
      expect(xmlsecVerify(x, certDoXml(x), 'infEvento').ok).toBe(true);
    }
    const semJust = await call(admin, 'POST', `/api/NotasFiscais/${id}/cancelar`, { justificativa: 'curta' });
    expect(semJust.statusCode).toBe(400);
    const cancel = await ok(admin, 'POST', `/api/NotasFiscais/${id}/cancelar`, { justificativa: 'Cliente desistiu da compra antes da entrega' });
    expect(cancel.nota.status).toBe('cancelada');
    const canc = (await sql(`SELECT arquivo_xml FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 AND tipo = 'cancelamento'`, [tenant, id])).rows[0];
    const xc = (await paraBuffer((await srv.services.storage.get(canc.arquivo_xml))!)).toString('utf8');
    expect(xsdOk('procEventoCancNFe_v1.00.xsd', xc)).toBe('');
    const saldo = (await sql(`SELECT produto_id, sum(quantidade)::text AS s FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2 GROUP BY produto_id`, [tenant, id])).rows;
    expect(saldo.every((s) => Number(s.s) === 0)).toBe(true);
    expect((await sql(`SELECT cancelado FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, id])).rows[0].cancelado).toBe(true);
    const cce = await call(admin, 'POST', `/api/NotasFiscais/${id}/carta-correcao`, { correcao: 'Corrigir o numero do pedido do cliente para 44' });
    expect(cce.statusCode).toBe(409);
    expect(cce.json().error.message).toBe('Esta nota está cancelada: não cabe carta de correção.');
    expect((await call(admin, 'POST', `/api/NotasFiscais/${id}/cancelar`, { justificativa: 'Cliente desistiu da compra antes da entrega' })).statusCode).toBe(409);
    expect((await ok(admin, 'POST', `/api/NotasFiscais/${id}/consultar`)).cStat).toBe('101');
  });

  it('the cancel window (24 h after authorisation) is enforced', async () => {
    const id = await novaNota();
    expect((await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`)).autorizada).toBe(true);
    await sql(`UPDATE notas_fiscais SET data_autorizacao = now() - interval '25 hours' WHERE tenant_id = $1 AND id = $2`, [tenant, id]);
    const r = await call(admin, 'POST', `/api/NotasFiscais/${id}/cancelar`, { justificativa: 'Cliente desistiu da compra antes da entrega' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toMatch(/^O prazo de cancelamento \(24 horas depois da autorização\) terminou/);
    expect((await ok(admin, 'GET', `/api/NotasFiscais/${id}`)).status).toBe('autorizada');
  });

  it('inutilização of a range (xmllint), then a rejection at SEFAZ with its help text: nothing numbered or posted; moving the series on issues it', async () => {
    const antes = await ultimo();
    const bad = await call(admin, 'POST', '/api/Inutilizacoes', { serie: 1, numeroInicial: antes + 3, numeroFinal: antes + 2, justificativa: 'curta' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: { campo: string }) => d.campo)).toEqual(['justificativa']);
    const usado = await call(admin, 'POST', '/api/Inutilizacoes', { serie: 1, numeroInicial: 1, numeroFinal: 1, justificativa: 'Numeros pulados por falha no sistema' });
    expect(usado.statusCode).toBe(400);
    const inut = await ok(admin, 'POST', '/api/Inutilizacoes', { serie: 1, numeroInicial: antes + 1, numeroFinal: antes + 2, justificativa: 'Numeros pulados por falha no sistema' });
    expect(inut).toMatchObject({ serie: 1, numeroInicial: antes + 1, numeroFinal: antes + 2, cStat: '102' });
    const arq = (await sql(`SELECT arquivo_xml FROM inutilizacoes WHERE tenant_id = $1 AND id = $2`, [tenant, inut.id])).rows[0].arquivo_xml;
    const xi = (await paraBuffer((await srv.services.storage.get(arq))!)).toString('utf8');
    expect(xsdOk('procInutNFe_v4.00.xsd', xi)).toBe('');
    expect((await ok(admin, 'GET', '/api/Inutilizacoes'))[0].id).toBe(inut.id);
    // The series still points at the inutilised number: SEFAZ rejects it (206), with the help text.
    const id = await novaNota();
    const r = await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(r.autorizada).toBe(false);
    expect(r.rejeicao).toMatchObject({ cStat: '206' });
    expect(r.rejeicao.ajuda.comoCorrigir.length).toBeGreaterThan(10);
    expect(r.nota).toMatchObject({ status: 'rejeitada', numero: null, chave: null });
    expect(await ultimo()).toBe(antes);
    expect((await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, id])).rows[0].n).toBe(0);
    expect((await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, id])).rows[0].n).toBe(0);
    // The next number only moves forward; past the inutilised range the note is authorised.
    const tras = await call(admin, 'PUT', '/api/ConfiguracoesNfe', { proximoNumeroNfe: antes });
    expect(tras.statusCode).toBe(400);
    expect(tras.json().error.message).toMatch(/o número só avança/);
    expect((await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { proximoNumeroNfe: antes + 3 })).proximoNumeroNfe).toBe(antes + 3);
    const r2 = await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(r2.autorizada).toBe(true);
    expect(r2.nota.numero).toBe(antes + 3);
    const ev = await ok(admin, 'GET', `/api/NotasFiscais/${id}/eventos`);
    expect(ev.map((e: { tipo: string; cStat: string }) => [e.tipo, e.cStat])).toEqual([['rejeicao', '206'], ['autorizacao', '100']]);
  });

  it('numbers without gaps under concurrency', async () => {
    const antes = await ultimo();
    const ids = await Promise.all(Array.from({ length: 6 }, () => novaNota()));
    const rs = await Promise.all(ids.map((id) => call(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`)));
    const numeros = rs.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().autorizada).toBe(true);
      return r.json().nota.numero as number;
    });
    expect(numeros.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6].map((k) => antes + k));
    expect(await ultimo()).toBe(antes + 6);
  });

  it('bad input: product without NCM, cliente without address or with an invalid IE, payments that do not close; nothing numbered', async () => {
    const antes = await ultimo();
    const semNcm = Number((await sql(`INSERT INTO produtos (tenant_id, codigo, descricao, preco_venda) VALUES ($1, 'SEM-NCM', 'Produto sem NCM', 5) RETURNING id`, [tenant])).rows[0].id);
    const semEnd = Number((await sql(`INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj) VALUES ($1, 0, 'Cliente Sem Endereço', '52998224725') RETURNING id`, [tenant])).rows[0].id);
    const ieRuim = Number((await sql(`INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj, inscricao_estadual, cep, logradouro, numero, bairro, uf, codigo_municipio) VALUES ($1, 0, 'Atacado IE Errada Ltda', '58716523000119', '110042490115', '01310100', 'Av. Paulista', '1000', 'Bela Vista', 'SP', 3550308) RETURNING id`, [tenant])).rows[0].id);
    const casos: [Record<string, unknown>, RegExp][] = [
      [{ itens: [{ produtoId: semNcm, quantidade: '1', valorUnitario: '5.00' }], pagamentos: [{ tPag: '01', valor: '5.00' }] }, /Item 1 \(Produto sem NCM\): produto sem NCM; preencha o NCM/],
      [{ clienteId: semEnd }, /Destinatário Cliente Sem Endereço: cadastro sem endereço completo/],
      [{ clienteId: ieRuim }, /Destinatário Atacado IE Errada Ltda: Inscrição estadual inválida para a UF SP\./],
      [{ pagamentos: [{ tPag: '01', valor: '20.00' }] }, /Pagamentos: a soma dos pagamentos \(R\$ 20,00\) difere do total da nota \(R\$ 26,00\)/],
    ];
    for (const [extra, msg] of casos) {
      const id = await novaNota(extra);
      const r = await call(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message).toMatch(msg);
      expect((await ok(admin, 'GET', `/api/NotasFiscais/${id}`)).status).toBe('rascunho');
    }
    expect(await ultimo()).toBe(antes);
    // The draft schema is the screen's: a missing item list or a bad quantity is a 400 naming the field.
    const semItens = await call(admin, 'POST', '/api/NotasFiscais', { ...rascunho(), itens: [] });
    expect(semItens.statusCode).toBe(400);
    expect(semItens.json().error.message).toMatch(/^Dados inválidos: Itens/);
    const qtd = await call(admin, 'POST', '/api/NotasFiscais', rascunho({ itens: [{ produtoId: produtos[0].id, quantidade: '1,5', valorUnitario: '1.00' }] }));
    expect(qtd.statusCode).toBe(400);
    expect(qtd.json().error.message).toMatch(/Itens, linha 1, Quantidade/);
  });

  it('an expired certificate stops the issue before any number is taken', async () => {
    const antes = await ultimo();
    await sql(`UPDATE certificados_digitais SET valido_ate = now() - interval '1 day' WHERE tenant_id = $1 AND ativo`, [tenant]);
    try {
      const id = await novaNota();
      const r = await call(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toMatch(/^O certificado digital de .+ venceu em/);
      expect(await ultimo()).toBe(antes);
    } finally {
      await sql(`UPDATE certificados_digitais SET valido_ate = now() + interval '300 days' WHERE tenant_id = $1 AND ativo`, [tenant]);
    }
  });

  it('other accounts and users without the keys are refused', async () => {
    const id = await novaNota();
    expect((await call(vizinha, 'GET', `/api/NotasFiscais/${id}`)).statusCode).toBe(404);
    expect((await call(vizinha, 'POST', `/api/NotasFiscais/${id}/transmitir`)).statusCode).toBe(404);
    expect((await call(vizinha, 'POST', `/api/NotasFiscais/${id}/cancelar`, { justificativa: 'Tentativa de outra conta qualquer' })).statusCode).toBe(404);
    expect((await call(vizinha, 'GET', `/api/NotasFiscais/${id}/xml`)).statusCode).toBe(404);
    expect(await ok(vizinha, 'GET', '/api/NotasFiscais')).toEqual([]);
    const outra = await call(vizinha, 'POST', '/api/NotasFiscais', rascunho());
    expect(outra.statusCode).toBe(400);
    expect(outra.json().error.message).toMatch(/Destinatário: cadastro não encontrado/);
    expect((await call(vendedor, 'POST', '/api/NotasFiscais', rascunho())).statusCode).toBe(403);
    expect((await call(vendedor, 'GET', '/api/NotasFiscais')).statusCode).toBe(403);
    expect((await call(vendedor, 'PUT', '/api/ConfiguracoesNfe', { serieNfe: 2 })).statusCode).toBe(403);
    const lista = await ok(admin, 'GET', `/api/NotasFiscais?filter=${encodeURIComponent(JSON.stringify({ where: { status: 'autorizada' }, limit: 100 }))}`);
    expect(lista.length).toBeGreaterThan(0);
    expect(lista.every((n: { status: string }) => n.status === 'autorizada')).toBe(true);
    expect(JSON.stringify(lista)).not.toMatch(/documento/);
  });
});
