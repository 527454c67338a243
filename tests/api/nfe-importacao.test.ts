import { BACKENDS, type TestServer } from '../support/server.ts';
import { servidorFiscal, CNPJ_MATRIZ, xsdOk, certDoXml } from '../support/servidor-fiscal.ts';
import { xmlsecVerify } from '../fixtures/fiscal/ferramentas.ts';
import { garantirImportacaoDemo, notaImportacaoDemo } from '../../src/server/demo/importacao.ts';

// Own import (NF-e de entrada, tpNF 0, CFOP 3102) on the real server and the local SEFAZ: the demo's draft with two
// DIs authorised, the foreign supplier as dest, the II group, the ICMS base "por dentro", ICMSTot consistent, the XML
// valid (xmllint) and signed (xmlsec1), the goods entered in stock; what the user must fix refused in Portuguese.
describe.each(BACKENDS)('NF-e de importação própria on %s', (backend) => {
  const f = servidorFiscal(backend, 'nfe-importacao');
  const { call, ok } = f;
  let srv: TestServer;
  let admin: string;
  const sql = (text: string, params: unknown[] = []) => srv.db.query(text, params);
  let tenant: number;
  let matriz: number;
  let natureza: number;
  let fornecedor: number;
  let produto: number;
  const ultimo = async () => Number((await sql(`SELECT ultimo_numero FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfe' AND serie = 1`, [tenant, matriz])).rows[0]?.ultimo_numero ?? 0);
  const tag = (xml: string, nome: string) => [...xml.matchAll(new RegExp(`<${nome}>([^<]*)</${nome}>`, 'g'))].map((m) => m[1]);

  beforeAll(async () => {
    ({ srv, admin } = f);
    const b = (await sql(`SELECT tenant_id, id FROM branches WHERE cpf_cnpj = $1`, [CNPJ_MATRIZ])).rows[0];
    tenant = Number(b.tenant_id);
    matriz = Number(b.id);
    natureza = Number((await sql(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Importação de mercadoria'`, [tenant])).rows[0].id);
    fornecedor = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND nome = 'Olivares del Sur S.L.'`, [tenant])).rows[0].id);
    produto = Number((await sql(`SELECT id FROM produtos WHERE tenant_id = $1 AND codigo = 'IMP001'`, [tenant])).rows[0].id);
  });

  it('the demo import (two DIs) is authorised: foreign dest, DI/adi and II groups, ICMS "por dentro", totals, stock entry; xmllint + xmlsec1', async () => {
    const rascunho = (await sql(`SELECT id FROM notas_fiscais WHERE tenant_id = $1 AND demo_transmitir`, [tenant])).rows;
    expect(rascunho).toHaveLength(1);
    const id = Number(rascunho[0].id);
    expect(await garantirImportacaoDemo(srv.services, tenant)).toEqual([id]);
    expect(await garantirImportacaoDemo(srv.services, tenant)).toEqual([]);
    const nota = await ok(admin, 'GET', `/api/NotasFiscais/${id}`);
    expect(nota).toMatchObject({ status: 'autorizada', numero: 1, total: '3535.68', destinatarioNome: 'Olivares del Sur S.L.' });
    const lista = await ok(admin, 'GET', `/api/NotasFiscais?filter=${encodeURIComponent(JSON.stringify({ where: { tipoNf: 0 } }))}`);
    expect(lista.map((n: { id: number }) => n.id)).toContain(id);

    const xml = (await call(admin, 'GET', `/api/NotasFiscais/${id}/xml`)).body;
    expect(xsdOk('procNFe_v4.00.xsd', xml)).toBe('');
    expect(xmlsecVerify(xml, certDoXml(xml), 'infNFe').ok).toBe(true);
    const danfe = await call(admin, 'GET', `/api/NotasFiscais/${id}/danfe`);
    expect(danfe.statusCode).toBe(200);
    expect(danfe.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(xml).toContain('<tpNF>0</tpNF><idDest>3</idDest>');
    expect(xml).toContain('<finNFe>1</finNFe>');
    expect(xml).toMatch(/<dest><idEstrangeiro>ESB23456789<\/idEstrangeiro><xNome>[^<]+<\/xNome><enderDest><xLgr>Calle Mayor<\/xLgr><nro>12<\/nro><xBairro>Jaén<\/xBairro><cMun>9999999<\/cMun><xMun>EXTERIOR<\/xMun><UF>EX<\/UF><cPais>2453<\/cPais><xPais>ESPANHA<\/xPais><\/enderDest><indIEDest>9<\/indIEDest>/);
    expect(tag(xml, 'CFOP')).toEqual(['3102']);
    // Two DIs on the item: the maritime one with its AFRMM, the air one without; each with its adição.
    const dis = [...xml.matchAll(/<DI>(.*?)<\/DI>/g)].map((m) => m[1]);
    expect(dis).toHaveLength(2);
    expect(dis[0]).toMatch(/^<nDI>2612345678<\/nDI><dDI>\d{4}-\d{2}-\d{2}<\/dDI><xLocDesemb>Porto de Santos<\/xLocDesemb><UFDesemb>SP<\/UFDesemb><dDesemb>[\d-]{10}<\/dDesemb><tpViaTransp>1<\/tpViaTransp><vAFRMM>55.50<\/vAFRMM><tpIntermedio>1<\/tpIntermedio><cExportador>OLIVSUR<\/cExportador><adi><nAdicao>1<\/nAdicao><nSeqAdic>1<\/nSeqAdic><cFabricante>OLIVSUR<\/cFabricante><\/adi>$/);
    expect(dis[1]).toContain('<tpViaTransp>4</tpViaTransp><tpIntermedio>1</tpIntermedio>');
    expect(dis[1]).not.toContain('vAFRMM');
    expect(xml).toContain('<II><vBC>2220.00</vBC><vDespAdu>209.73</vDespAdu><vII>199.80</vII><vIOF>8.88</vIOF></II>');
    // VA 2220.00 + II 199.80 + IPI 0 (TIPI 0% for olive oil) + PIS 46.62 + COFINS 214.23 + despesas 209.73 + IOF 8.88 = 2899.26; / 0.82 = 3535.68.
    expect(xml).toMatch(/<ICMSSN900><orig>1<\/orig><CSOSN>900<\/CSOSN><modBC>3<\/modBC><vBC>3535.68<\/vBC><pICMS>18.0000<\/pICMS><vICMS>636.42<\/vICMS>/);
    expect(xml).toMatch(/<IPITrib><CST>49<\/CST><vBC>2419.80<\/vBC><pIPI>0.0000<\/pIPI><vIPI>0.00<\/vIPI><\/IPITrib>/);
    expect(xml).toMatch(/<PISOutr><CST>98<\/CST><vBC>2220.00<\/vBC><pPIS>2.1000<\/pPIS><vPIS>46.62<\/vPIS><\/PISOutr>/);
    expect(xml).toMatch(/<COFINSOutr><CST>98<\/CST><vBC>2220.00<\/vBC><pCOFINS>9.6500<\/pCOFINS><vCOFINS>214.23<\/vCOFINS><\/COFINSOutr>/);
    // vOutro: PIS + COFINS + despesas + IOF + ICMS; vNF = vProd + vII + vIPI + vOutro = the ICMS base (landed cost).
    expect(tag(xml, 'vOutro')).toEqual(['1115.88', '1115.88']);
    const tot = /<ICMSTot>(.*?)<\/ICMSTot>/.exec(xml)![1];
    expect(tag(tot, 'vBC')[0]).toBe('3535.68');
    expect(tag(tot, 'vICMS')[0]).toBe('636.42');
    expect(tag(tot, 'vProd')[0]).toBe('2220.00');
    expect(tag(tot, 'vII')[0]).toBe('199.80');
    expect(tag(tot, 'vIPI')[0]).toBe('0.00');
    expect(tag(tot, 'vNF')[0]).toBe('3535.68');
    // The goods entered stock as the natureza's movement (COMPRA), no payable (the natureza posts no finance).
    const movs = (await sql(`SELECT produto_id, quantidade::text AS q, tipo FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, id])).rows;
    expect(movs.map((m) => [Number(m.produto_id), Number(m.q), Number(m.tipo)])).toEqual([[produto, 120, 0]]);
    expect((await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, id])).rows[0].n).toBe(0);
  });

  it('three lines, one of them with two DIs, typed through the API: validated against the XSD before transmitting and authorised', async () => {
    const base = notaImportacaoDemo(natureza, fornecedor, produto, new Date());
    const linha = base.itens[0];
    const dados = {
      ...base,
      itens: [
        linha,
        { produtoId: produto, quantidade: '10', valorUnitario: '100', importacao: { declaracoes: [{ ...linha.importacao!.declaracoes[1], numero: 'DSI-77', adicoes: [{ numero: '2', sequencial: '1', codigoFabricante: 'FAB2' }] }], valorII: '160.00', valorDespesasAduaneiras: '200.00', valorIof: '5.00' } },
        { produtoId: produto, quantidade: '5', valorUnitario: '40', importacao: { declaracoes: [{ ...linha.importacao!.declaracoes[1], numero: 'DSI-78' }], valorII: '0' } },
      ],
    };
    const id = (await ok(admin, 'POST', '/api/NotasFiscais', dados)).id;
    // the draft's total is already the import's (taxes from the rules), as the screen shows it
    expect((await ok(admin, 'GET', `/api/NotasFiscais/${id}`)).total).toBe('5616.17');
    expect(await ok(admin, 'POST', `/api/NotasFiscais/${id}/validar`)).toMatchObject({ valido: true, erros: [] });
    const r = await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(r.autorizada, JSON.stringify(r.rejeicao)).toBe(true);
    const xml = (await call(admin, 'GET', `/api/NotasFiscais/${id}/xml`)).body;
    expect(xsdOk('procNFe_v4.00.xsd', xml)).toBe('');
    expect(xmlsecVerify(xml, certDoXml(xml), 'infNFe').ok).toBe(true);
    expect(xml.match(/<DI>/g)).toHaveLength(4);
    // Line 2: 1000 + 160 + IPI 0 + PIS 21.00 + COFINS 96.50 + 200 + 5 = 1482.50 / 0.82 = 1807.93; line 3: 223.50 / 0.82 = 272.56.
    expect(tag(xml, 'vBC')).toEqual(expect.arrayContaining(['1807.93', '272.56']));
    const tot = /<ICMSTot>(.*?)<\/ICMSTot>/.exec(xml)![1];
    expect(tag(tot, 'vBC')[0]).toBe('5616.17');
    expect(tag(tot, 'vII')[0]).toBe('359.80');
    expect(tag(tot, 'vNF')[0]).toBe('5616.17');
    expect(r.nota.total).toBe('5616.17');
  });

  it('what the user must fix is refused in Portuguese before anything is numbered', async () => {
    const antes = await ultimo();
    const base = notaImportacaoDemo(natureza, fornecedor, produto, new Date());
    const linha = base.itens[0];
    const transmitir = async (dados: unknown) => {
      const c = await call(admin, 'POST', '/api/NotasFiscais', dados);
      if (c.statusCode !== 200) return c;
      return call(admin, 'POST', `/api/NotasFiscais/${c.json().id}/transmitir`);
    };
    // An import line without its DI.
    const semDi = await transmitir({ ...base, itens: [{ produtoId: produto, quantidade: '1', valorUnitario: '10' }] });
    expect(semDi.statusCode).toBe(400);
    expect(semDi.json().error.message).toMatch(/Item 1 \(Azeite de oliva extra virgem 500 ml \(importado\)\): CFOP 3102 é de importação; informe a declaração de importação \(DI\)/);
    // Maritime transport without AFRMM: the draft's schema refuses it, naming the field.
    const semAfrmm = await call(admin, 'POST', '/api/NotasFiscais', { ...base, itens: [{ ...linha, importacao: { ...linha.importacao!, declaracoes: [{ ...linha.importacao!.declaracoes[0], valorAFRMM: undefined }] } }] });
    expect(semAfrmm.statusCode).toBe(400);
    expect(semAfrmm.json().error.message).toMatch(/AFRMM/);
    // Brazil is not a foreign country; a 101st DI is more than the layout allows.
    const brasil = await transmitir({ ...base, importacao: { idEstrangeiro: 'ESB23456789', codigoPais: '1058' } });
    expect(brasil.statusCode).toBe(400);
    expect(brasil.json().error.message).toMatch(/País do fornecedor: o código 1058 não é de um país estrangeiro/);
    const muitas = await call(admin, 'POST', '/api/NotasFiscais', { ...base, itens: [{ ...linha, importacao: { ...linha.importacao!, declaracoes: Array.from({ length: 101 }, () => linha.importacao!.declaracoes[1]) } }] });
    expect(muitas.statusCode).toBe(400);
    // A DI on a note whose natureza is not an import.
    const venda = Number((await sql(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Devolução de venda'`, [tenant])).rows[0].id);
    const cliente = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND uf = 'SP' ORDER BY id LIMIT 1`, [tenant])).rows[0].id);
    const outro = Number((await sql(`SELECT id FROM produtos WHERE tenant_id = $1 AND ncm IS NOT NULL AND NOT servico AND codigo <> 'IMP001' ORDER BY id LIMIT 1`, [tenant])).rows[0].id);
    const diFora = await transmitir({ naturezaId: venda, clienteId: cliente, itens: [{ produtoId: outro, quantidade: '1', valorUnitario: '10', importacao: linha.importacao }], pagamentos: [{ tPag: '90', valor: '0' }] });
    expect(diFora.statusCode).toBe(400);
    expect(diFora.json().error.message).toMatch(/a declaração de importação só cabe numa nota de importação \(CFOP 3xxx\); a natureza deu o CFOP 1202/);
    expect(await ultimo()).toBe(antes);
  });
});
