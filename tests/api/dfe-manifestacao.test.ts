import type { FastifyInstance } from 'fastify';
import type { Item } from '../../generated/fiscal/nfe-documento.ts';
import { BACKENDS, type TestServer } from '../support/server.ts';
import { servidorFiscal, CNPJ_MATRIZ, xsdOk, certDoXml } from '../support/servidor-fiscal.ts';
import { xmlsecVerify } from '../fixtures/fiscal/ferramentas.ts';
import { garantirDfeDemo } from '../../src/server/demo/dfe.ts';
import { limparBloqueiosConsumo } from '../../src/server/fiscal/sefaz-cliente.ts';
import { emitirNotaDeTerceiro } from '../../src/server/demo/dfe-terceiros.ts';
import { devolverComNfe } from '../../src/server/compras/devolucao-nfe.ts';
import { cnpjWithDigits } from '../../src/shared/cpf-cnpj.ts';

type Row = Record<string, any>;

// Distribution DF-e and manifestação do destinatário on the real server and the local SEFAZ: the demo's notes
// issued against the Matriz by its suppliers (resNFe first), ciência → full XML → confirmação, desconhecimento,
// operação não realizada, the rate rule (137 then a clear wait), the purchase entry launched from the list, the
// return to the supplier with its NF-e, the shop's own NF-e of entry, and other accounts seeing nothing.
describe.each(BACKENDS)('DF-e e manifestação on %s', (backend) => {
  const f = servidorFiscal(backend, 'dfe-manifestacao');
  const { call, ok } = f;
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  const sql = (text: string, params: unknown[] = []) => srv.db.query(text, params);
  let tenant: number;
  let lista: Row[];
  const nota = (nome: RegExp) => lista.find((n) => nome.test(n.emitenteNome))!;

  beforeAll(async () => {
    limparBloqueiosConsumo();
    ({ srv, app, admin, vizinha, vendedor } = f);
    tenant = Number((await sql(`SELECT tenant_id FROM branches WHERE cpf_cnpj = $1`, [CNPJ_MATRIZ])).rows[0].tenant_id);
    await sql(`INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) SELECT $1, true WHERE NOT EXISTS (SELECT 1 FROM configuracoes_estoque WHERE tenant_id = $1)`, [tenant]);
    await sql(`UPDATE configuracoes_estoque SET permitir_estoque_negativo = true WHERE tenant_id = $1`, [tenant]);
    // The server's start-up job (main.ts, emitirNotasDaDemonstracao): the demo suppliers issue their notes against the Matriz.
    expect(await garantirDfeDemo(srv.services, tenant)).toBe(1);
  });
  afterAll(() => limparBloqueiosConsumo());

  it('the demo: the first consultation brings three notes issued against the Matriz, as summaries waiting for manifestação', async () => {
    expect(await ok(admin, 'GET', '/api/Manifestacoes')).toEqual([]);
    const r = await ok(admin, 'POST', '/api/Manifestacoes/consultar-sefaz');
    expect(r).toMatchObject({ novas: 3, cStat: '138' });
    expect(r.mensagem).toMatch(/^3 nota\(s\) nova\(s\) emitida\(s\) contra a filial Matriz/);
    expect(r.ultNSU).toBe(r.maxNSU);
    lista = await ok(admin, 'GET', '/api/Manifestacoes');
    expect(lista.map((n) => n.emitenteNome).sort()).toEqual(['Bebidas Rio Claro Ltda', 'Laticínios Serra Azul Ltda', 'Limpeza Total Distribuidora Ltda']);
    for (const n of lista) expect(n).toMatchObject({ manifestacao: 'pendente', situacaoNfe: 'autorizada', xmlCompleto: false, tipoNf: 1, entradaId: null });
    expect(nota(/Serra Azul/).valor).toBe('443.00');
    expect(nota(/Serra Azul/).chave).toMatch(/^\d{44}$/);
    // ultNSU kept per CNPJ in the database
    const c = (await sql(`SELECT ult_nsu, demo_pendente FROM dfe_controle WHERE tenant_id = $1`, [tenant])).rows[0];
    expect([String(c.ult_nsu), c.demo_pendente]).toEqual([r.ultNSU, false]);
  });

  it('before the ciência there is no full XML; ciência → full nfeProc (xmllint, xmlsec1) → confirmação; ciência again refused', async () => {
    const n = nota(/Serra Azul/);
    const antes = await call(admin, 'GET', `/api/Manifestacoes/${n.id}/xml`);
    expect(antes.statusCode).toBe(409);
    expect(antes.json().error.message).toMatch(/Manifeste a ciência da operação antes de baixar o XML completo/);
    const c = await ok(admin, 'POST', `/api/Manifestacoes/${n.id}/manifestar`, { tipo: 'ciencia' });
    expect(c).toMatchObject({ cStat: '135', nota: { manifestacao: 'ciencia', xmlCompleto: true } });
    expect(c.protocolo).toMatch(/^\d{15}$/);
    const x = await call(admin, 'GET', `/api/Manifestacoes/${n.id}/xml`);
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toContain(`${n.chave}-procNFe.xml`);
    expect(xsdOk('procNFe_v4.00.xsd', x.body)).toBe('');
    expect(xmlsecVerify(x.body, certDoXml(x.body), 'infNFe').ok).toBe(true);
    expect(x.body).toContain(`<dest><CNPJ>${CNPJ_MATRIZ}</CNPJ>`);
    const conf = await ok(admin, 'POST', `/api/Manifestacoes/${n.id}/manifestar`, { tipo: 'confirmacao' });
    expect(conf.nota.manifestacao).toBe('confirmada');
    const de = await call(admin, 'POST', `/api/Manifestacoes/${n.id}/manifestar`, { tipo: 'ciencia' });
    expect(de.statusCode).toBe(409);
    const evs = await ok(admin, 'GET', `/api/Manifestacoes/${n.id}/eventos`);
    expect(evs.map((e: Row) => [e.tpEvento, e.cStat])).toEqual([['210210', '135'], ['210200', '135']]);
    // The note's state moved by its declared transitions (schemas/lifecycles/manifestacao.json), audited, only when SEFAZ registered each.
    const mov = (await sql(`SELECT transicao, de, para FROM estado_eventos WHERE tenant_id = $1 AND tipo = 'manifestacao' AND registro_id = $2 ORDER BY id`, [tenant, n.id])).rows;
    expect(mov.map((e: Row) => [e.transicao, e.de, e.para])).toEqual([['ciencia', 'pendente', 'ciencia'], ['confirmacao', 'ciencia', 'confirmada']]);
    expect(de.json().error.message).toBe('Esta nota já tem manifestação (conclusiva): a ciência só cabe antes de qualquer outra.');
    // The outbox: each intent recorded once, registered.
    expect((await sql(`SELECT tipo, situacao, cstat FROM dfe_manifestacoes_envio WHERE tenant_id = $1 AND dfe_id = $2 ORDER BY id`, [tenant, n.id])).rows).toEqual([{ tipo: 'ciencia', situacao: 'registrado', cstat: '135' }, { tipo: 'confirmacao', situacao: 'registrado', cstat: '135' }]);
    // the events are kept signed as SEFAZ registered them
    const arq = (await sql(`SELECT arquivo_xml FROM dfe_eventos WHERE tenant_id = $1 AND tipo_evento = '210200'`, [tenant])).rows[0].arquivo_xml;
    const { paraBuffer } = await import('../../src/server/fiscal/emissao/certificados.ts');
    const proc = (await paraBuffer((await srv.services.storage.get(arq))!)).toString('utf8');
    expect(xsdOk('procEventoNFe_v1.00.xsd', proc)).toBe('');
    expect(xmlsecVerify(proc.replace(/<retEvento[\s\S]*<\/retEvento>/, ''), certDoXml(proc), 'infEvento').ok).toBe(true);
  });

  it('desconhecimento; operação não realizada needs a reason of 15 characters; bad types refused; nothing changes on refusal', async () => {
    const d = await ok(admin, 'POST', `/api/Manifestacoes/${nota(/Rio Claro/).id}/manifestar`, { tipo: 'desconhecimento' });
    expect(d.nota.manifestacao).toBe('desconhecida');
    expect((await call(admin, 'GET', `/api/Manifestacoes/${nota(/Rio Claro/).id}/xml`)).statusCode).toBe(409);
    const l = nota(/Limpeza/);
    const curta = await call(admin, 'POST', `/api/Manifestacoes/${l.id}/manifestar`, { tipo: 'naoRealizada', justificativa: 'curta' });
    expect(curta.statusCode).toBe(400);
    expect(curta.json().error.message).toMatch(/Justificativa: escreva de 15 a 255 caracteres/);
    expect((await call(admin, 'POST', `/api/Manifestacoes/${l.id}/manifestar`, { tipo: 'outra' })).statusCode).toBe(400);
    expect((await sql(`SELECT count(*)::int AS n FROM dfe_eventos WHERE tenant_id = $1 AND dfe_id = $2`, [tenant, l.id])).rows[0].n).toBe(0);
    const nr = await ok(admin, 'POST', `/api/Manifestacoes/${l.id}/manifestar`, { tipo: 'naoRealizada', justificativa: 'Mercadoria devolvida na portaria' });
    expect(nr.nota.manifestacao).toBe('nao_realizada');
  });

  it('launches the purchase entry from the DF-e list with the note\'s XML: matched by GTIN, posted; the list shows the entry', async () => {
    const n = nota(/Serra Azul/);
    const xml = (await call(admin, 'GET', `/api/Manifestacoes/${n.id}/xml`)).body;
    const prop = await app.inject({ method: 'POST', url: '/api/EntradasNota/importar-xml', headers: { authorization: admin, 'content-type': 'application/xml' }, payload: xml });
    expect(prop.statusCode, prop.body).toBe(200);
    const p = prop.json();
    expect(p).toMatchObject({ chave: n.chave, fornecedor: { novo: false }, filial: { nome: 'Matriz' } });
    expect(p.itens.map((i: Row) => [i.origem, i.acao])).toEqual([['gtin', 'vincular'], ['gtin', 'vincular']]);
    const e = await ok(admin, 'POST', '/api/EntradasNota/importar-xml/confirmar', { xml, itens: [] });
    await ok(admin, 'POST', `/api/EntradasNota/${e.id}/efetivar`);
    const l = (await ok(admin, 'GET', '/api/Manifestacoes')).find((x: Row) => x.id === n.id);
    expect(l).toMatchObject({ entradaId: e.id, entradaEstado: 'efetivada' });
  });

  it('nothing new: 137 keeps the hour SEFAZ asks to wait, and a new click gets the time it is allowed, without calling SEFAZ', async () => {
    const { sefazLocalEmExecucao } = await import('../../src/server/fiscal/sefaz-destino.ts');
    const sefaz = (await sefazLocalEmExecucao())!;
    // the ciência made the full XML available as a new NSU: one more 138 first
    const r1 = await ok(admin, 'POST', '/api/Manifestacoes/consultar-sefaz');
    expect(r1).toMatchObject({ cStat: '138', novas: 0 });
    const r2 = await ok(admin, 'POST', '/api/Manifestacoes/consultar-sefaz');
    expect(r2.cStat).toBe('137');
    expect(r2.mensagem).toMatch(/^Nenhum documento novo na SEFAZ\. Pela regra da SEFAZ, a próxima consulta fica liberada às \d{2}:\d{2}\.$/);
    const antes = sefaz.chamadas.get('NFeDistribuicaoDFe');
    const r3 = await call(admin, 'POST', '/api/Manifestacoes/consultar-sefaz');
    expect(r3.statusCode).toBe(429);
    expect(r3.json().error.message).toMatch(/^A SEFAZ pediu para aguardar antes de nova consulta deste CNPJ \(não havia documentos novos\): nova consulta liberada às \d{2}:\d{2}\.$/);
    expect(sefaz.chamadas.get('NFeDistribuicaoDFe')).toBe(antes);
    expect((await ok(admin, 'GET', '/api/Manifestacoes/situacao')).aguardarAte).not.toBeNull();
    // SEFAZ's own answer when asked anyway inside the hour: 656 (the stand-in keeps the real rule)
    await sql(`UPDATE dfe_controle SET aguardar_ate = NULL WHERE tenant_id = $1`, [tenant]);
    const r4 = await ok(admin, 'POST', '/api/Manifestacoes/consultar-sefaz');
    expect(r4.cStat).toBe('656');
    expect(r4.mensagem).toMatch(/consumo indevido \(656\): aguarde até \d{2}:\d{2}/);
  });

  it('a note issued against the other account is not seen here, and theirs are not seen there; the stand-in refuses another CNPJ (593)', async () => {
    const vizCnpj = cnpjWithDigits('998887770001');
    const item = { codigo: 'X1', descricao: 'PRODUTO TESTE', ncm: '22029900', cfop: '5102', unidade: 'UN', quantidade: '1', valorUnitario: '10.00', icms: { orig: 0, CST: '00', pICMS: '18' }, pis: { CST: '01', aliquota: '1.65' }, cofins: { CST: '01', aliquota: '7.60' } } as Item;
    const paraViz = await emitirNotaDeTerceiro({ emitente: { cnpj: cnpjWithDigits('457001230001'), nome: 'Fornecedor Teste Ltda', uf: 'SP', codigoMunicipio: '3550308', municipio: 'São Paulo' }, destinatario: { cnpj: vizCnpj, nome: 'Loja Vizinha ME', uf: 'RJ', codigoMunicipio: '3304557', municipio: 'Rio de Janeiro' }, numero: 77, itens: [{ ...item, cfop: '6102' } as Item] });
    expect(paraViz.cStat).toBe('100');
    expect((await ok(admin, 'GET', '/api/Manifestacoes')).some((n: Row) => n.chave === paraViz.chave)).toBe(false);
    expect(await ok(vizinha, 'GET', '/api/Manifestacoes')).toEqual([]);
    const id = lista[0].id;
    expect((await call(vizinha, 'POST', `/api/Manifestacoes/${id}/manifestar`, { tipo: 'ciencia' })).statusCode).toBe(404);
    expect((await call(vizinha, 'GET', `/api/Manifestacoes/${id}/xml`)).statusCode).toBe(404);
    expect((await call(vendedor, 'GET', '/api/Manifestacoes')).statusCode).toBe(403);
    // At the protocol: the Matriz's certificate cannot pull the distribution of another CNPJ.
    limparBloqueiosConsumo();
    const { abrirCertificado } = await import('../../src/server/fiscal/emissao/certificados.ts');
    const { criarClienteSefaz } = await import('../../src/server/fiscal/sefaz-destino.ts');
    const { montarDistDFeInt } = await import('../../src/server/fiscal/mensagens.ts');
    const matriz = Number((await sql(`SELECT id FROM branches WHERE cpf_cnpj = $1`, [CNPJ_MATRIZ])).rows[0].id);
    const cert = await srv.db.tenant({ tenantId: tenant }, (q) => abrirCertificado(srv.services, q, tenant, matriz));
    const cli = await criarClienteSefaz({ certificado: cert, uf: 'SP', modelo: 55, tpAmb: 2 });
    const r = await cli.distribuicao(montarDistDFeInt(2, '35', { cnpj: vizCnpj }, { chNFe: paraViz.chave }));
    cli.fechar();
    expect(r.cStat).toBe('593');
    expect(r.documentos).toEqual([]);
  });

  const entradaDemo = async (numeroNota: number) => (await ok(admin, 'GET', '/api/EntradasNota?filter=' + encodeURIComponent(JSON.stringify({ where: { numeroNota } }))))[0] as Row;

  it('the demo entries keep their XML in the file storage', async () => {
    const e = await entradaDemo(5540);
    const x = await call(admin, 'GET', `/api/EntradasNota/${e.id}/xml`);
    expect(x.statusCode, x.body).toBe(200);
    expect(x.body).toContain(`Id="NFe${e.chaveAcesso}"`);
  });

  it('devolução ao fornecedor: the return NF-e (finalidade 4, NFref, CFOP de devolução) authorised, DEVOLUCAO_FORNECEDOR posted; a rejection reverses the return once (net zero)', async () => {
    const e = await entradaDemo(5540);
    const ctx = { tenantId: tenant, userId: Number((await sql(`SELECT id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].id), branchId: Number(e.filialId ?? (await sql(`SELECT id FROM branches WHERE cpf_cnpj = $1`, [CNPJ_MATRIZ])).rows[0].id) } as any;
    const movs = async () => (await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'devolucaoFornecedor' AND origem_id = $2`, [tenant, e.id])).rows[0].n;
    // too much: refused before anything is numbered
    const demais = await call(admin, 'POST', `/api/EntradasNota/${e.id}/devolver-nfe`, { itens: [{ linha: 1, quantidade: '999' }] });
    expect(demais.statusCode).toBe(400);
    expect(demais.json().error.message).toMatch(/no máximo 36 podem ser devolvidas/);
    // SEFAZ rejects (dhEmi an hour ahead: 703) after transaction 1 committed the return: its movement reversed once
    // (an estorno row), no link; the guard proves SEFAZ was called with no transaction open.
    await expect(devolverComNfe(srv.services, ctx, e.id, { itens: [{ linha: 1, quantidade: '6' }] }, new Date(Date.now() + 3600_000))).rejects.toMatchObject({ statusCode: 422, message: expect.stringMatching(/^A SEFAZ rejeitou a nota de devolução: 703 .*A saída do estoque foi estornada\.$/) });
    const liquido = async () => (await sql(`SELECT count(*)::int AS n, count(estorno_de)::int AS e, coalesce(sum(quantidade), 0)::numeric(15,4)::text AS q FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'devolucaoFornecedor' AND origem_id = $2`, [tenant, e.id])).rows[0];
    expect(await liquido()).toEqual({ n: 2, e: 1, q: '0.0000' });
    expect((await ok(admin, 'GET', `/api/EntradasNota/${e.id}/notas-devolucao`))).toEqual([]);
    const r = await ok(admin, 'POST', `/api/EntradasNota/${e.id}/devolver-nfe`, { itens: [{ linha: 1, quantidade: '6' }] });
    expect(r.autorizada).toBe(true);
    expect(r.devolucao.linhas[0]).toMatchObject({ devolvido: '6.0000', disponivel: '30.0000' });
    expect(await movs()).toBe(3);
    expect(await liquido()).toEqual({ n: 3, e: 1, q: '-6.0000' });
    const xml = (await call(admin, 'GET', `/api/NotasFiscais/${r.nota.id}/xml`)).body;
    expect(xsdOk('procNFe_v4.00.xsd', xml)).toBe('');
    expect(xmlsecVerify(xml, certDoXml(xml), 'infNFe').ok).toBe(true);
    expect(xml).toContain('<finNFe>4</finNFe>');
    expect(xml).toContain(`<NFref><refNFe>${e.chaveAcesso}</refNFe></NFref>`);
    expect(xml).toMatch(/<CFOP>[56]202<\/CFOP>/);
    expect(xml).toContain('<qCom>6.0000</qCom>');
    const notas = await ok(admin, 'GET', `/api/EntradasNota/${e.id}/notas-devolucao`);
    expect(notas.map((n: Row) => n.id)).toEqual([r.nota.id]);
    // the natureza's own stock movement is not posted twice
    expect((await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, r.nota.id])).rows[0].n).toBe(0);
  });

  it('devolução ao fornecedor of goods that entered with ICMS-ST: CFOP 5411/6411 (not 5202/6202)', async () => {
    const e = await entradaDemo(5540);
    await sql(`UPDATE documento_itens SET dados = dados || '{"valorIcmsSt": "12.00"}'::jsonb WHERE tenant_id = $1 AND documento_id = $2 AND linha = 1`, [tenant, e.id]);
    const r = await ok(admin, 'POST', `/api/EntradasNota/${e.id}/devolver-nfe`, { itens: [{ linha: 1, quantidade: '2' }] });
    expect(r.autorizada, JSON.stringify(r.rejeicao)).toBe(true);
    const xml = (await call(admin, 'GET', `/api/NotasFiscais/${r.nota.id}/xml`)).body;
    expect(xsdOk('procNFe_v4.00.xsd', xml)).toBe('');
    expect(xml).toMatch(/<CFOP>[56]411<\/CFOP>/);
    expect(xml).not.toMatch(/<CFOP>[56]202<\/CFOP>/);
  });

  it('NF-e de entrada issued by the shop: a customer\'s return (finalidade 4, referenced key) and a rural producer purchase enter stock', async () => {
    const nat = async (d: string) => Number((await sql(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = $2`, [tenant, d])).rows[0].id);
    const cliente = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'SP' ORDER BY id LIMIT 1`, [tenant])).rows[0].id);
    const produto = Number((await sql(`SELECT id FROM produtos WHERE tenant_id = $1 AND ncm IS NOT NULL AND NOT servico ORDER BY id LIMIT 1`, [tenant])).rows[0].id);
    const venda = await ok(admin, 'POST', '/api/NotasFiscais', { naturezaId: await nat('Venda de mercadoria'), clienteId: cliente, itens: [{ produtoId: produto, quantidade: '3', valorUnitario: '10.00' }], transporte: { modalidade: 9 }, pagamentos: [{ tPag: '01', valor: '30.00' }] });
    const v = await ok(admin, 'POST', `/api/NotasFiscais/${venda.id}/transmitir`);
    expect(v.autorizada, JSON.stringify(v.rejeicao)).toBe(true);
    const dev = await ok(admin, 'POST', '/api/NotasFiscais', { naturezaId: await nat('Devolução de venda'), clienteId: cliente, finalidade: 4, referencias: [v.nota.chave], itens: [{ produtoId: produto, quantidade: '1', valorUnitario: '10.00' }], transporte: { modalidade: 9 }, pagamentos: [{ tPag: '90', valor: '0' }] });
    const d = await ok(admin, 'POST', `/api/NotasFiscais/${dev.id}/transmitir`);
    expect(d.autorizada, JSON.stringify(d.rejeicao)).toBe(true);
    const xml = (await call(admin, 'GET', `/api/NotasFiscais/${dev.id}/xml`)).body;
    expect(xsdOk('procNFe_v4.00.xsd', xml)).toBe('');
    expect(xmlsecVerify(xml, certDoXml(xml), 'infNFe').ok).toBe(true);
    expect(xml).toContain('<tpNF>0</tpNF>');
    expect(xml).toContain(`<refNFe>${v.nota.chave}</refNFe>`);
    expect(xml).toContain('<CFOP>1202</CFOP>');
    const mov = (await sql(`SELECT quantidade, tipo FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, dev.id])).rows;
    expect(mov.map((m) => [Number(m.quantidade), Number(m.tipo)])).toEqual([[1, 5]]);
    const rural = await ok(admin, 'POST', '/api/NotasFiscais', { naturezaId: await nat('Compra de produtor rural'), clienteId: cliente, itens: [{ produtoId: produto, quantidade: '10', valorUnitario: '2.50' }], transporte: { modalidade: 9 }, pagamentos: [{ tPag: '90', valor: '0' }] });
    const rr = await ok(admin, 'POST', `/api/NotasFiscais/${rural.id}/transmitir`);
    expect(rr.autorizada, JSON.stringify(rr.rejeicao)).toBe(true);
    const xr = (await call(admin, 'GET', `/api/NotasFiscais/${rural.id}/xml`)).body;
    expect(xsdOk('procNFe_v4.00.xsd', xr)).toBe('');
    expect(xmlsecVerify(xr, certDoXml(xr), 'infNFe').ok).toBe(true);
    expect(xr).toContain('<CFOP>1102</CFOP>');
    const entradas = await ok(admin, 'GET', '/api/NotasFiscais?filter=' + encodeURIComponent(JSON.stringify({ where: { tipoNf: 0 } })));
    // besides the demo's own-import entry (a draft until a server's first start transmits it)
    const demo = (await sql(`SELECT id FROM notas_fiscais WHERE tenant_id = $1 AND demo_transmitir`, [tenant])).rows.map((n) => Number(n.id));
    expect(demo).toHaveLength(1);
    expect(entradas.map((n: Row) => n.id).sort()).toEqual([dev.id, rural.id, ...demo].sort());
  });
});
