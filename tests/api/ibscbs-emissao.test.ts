import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { BACKENDS, type TestServer } from '../support/server.ts';
import { servidorFiscal, CNPJ_MATRIZ, xsdOk, certDoXml } from '../support/servidor-fiscal.ts';
import { pdftotext, tmp, xmllintSchema, xmlsecVerify } from '../fixtures/fiscal/ferramentas.ts';
import { gerarDanfce } from '../../src/server/fiscal/danfe.ts';
import { tabelasIbsCbs, tributarIbsCbs, ibsCbsObrigatorio } from '../../src/shared/fiscal/ibscbs.ts';
import { loadLookups } from '../../src/server/catalog/documents.ts';
import { montarDocumento } from '../../src/server/fiscal/emissao/notas.ts';
import { contextoNfce, documentoNfce, nfceDoCatalogo } from '../../src/server/pdv/nfce.ts';
import { montarNfe } from '../../src/server/fiscal/nfe.ts';
import { calcularNfe } from '../../src/shared/fiscal/nfe-calculo.ts';
import { notaImportacaoDemo } from '../../src/server/demo/importacao.ts';
import { tributarLinhaNoContexto } from '../../src/shared/fiscal/tributar-linha.ts';
import { danfceEscPos, danfceHtml } from '../../src/server/pdv/danfce-texto.ts';
import { escPos, ibsCbsDoCupom } from '../../src/web/pages/pdv/cupom.ts';

// Issue 39, every issuing path: a regime-normal shop's NF-e (emitir-nfe, faturar, devolução) and NFC-e (PDV online
// and the offline catalogue) carry IBSCBS per item and IBSCBSTot from the perfil's classification, valid against the
// RTC package in the repository (schemas/fiscal/xsd/nfe/PL_010_V1.30); a Simples shop's 2026 note keeps the 2026
// layout (PL_009, no group); the values equal the shared calculation (tributarIbsCbs) and a hand-computed example.
const PL_010 = path.resolve('schemas/fiscal/xsd/nfe/PL_010_V1.30');
const xsd010 = (xml: string, arquivo = 'procNFe_v4.00.xsd') => xmllintSchema(path.join(PL_010, arquivo), { x: xml }).x;
const tag = (xml: string, nome: string) => [...xml.matchAll(new RegExp(`<${nome}>([^<]*)</${nome}>`, 'g'))].map((m) => m[1]);
/** pdftotext -raw: the text in the order the page draws it (each DANFE box: its label, then its value). */
const pdftotextRaw = (pdf: Buffer) => {
  const arq = path.join(tmp('danfe-'), 'a.pdf');
  writeFileSync(arq, pdf);
  return execFileSync('pdftotext', ['-raw', arq, '-'], { encoding: 'utf8' });
};
const bloco = (xml: string, nome: string) => [...xml.matchAll(new RegExp(`<${nome}>[\\s\\S]*?</${nome}>`, 'g'))].map((m) => m[0]);

describe.each(BACKENDS)('IBS/CBS nas notas emitidas on %s', (backend) => {
  const f = servidorFiscal(backend, 'ibscbs-emissao');
  const { call, ok } = f;
  let srv: TestServer;
  let admin: string;
  const sql = async (text: string, params: unknown[] = []) => (await srv.db.query<Record<string, any>>(text, params)).rows;
  let tenant: number;
  let matriz: number;
  let clienteId: number;
  let natureza: number;
  let revenda: number;
  let produtos: { id: number; descricao: string }[];
  const tabelas = tabelasIbsCbs(loadLookups());
  const rascunho = () => ({
    naturezaId: natureza,
    clienteId,
    itens: [
      { produtoId: produtos[0].id, quantidade: '2', valorUnitario: '10.50' },
      { produtoId: produtos[1].id, quantidade: '1.5', valorUnitario: '4.00', valorDesconto: '1.00' },
    ],
    transporte: { modalidade: 9 },
    pagamentos: [{ tPag: '01', valor: '26.00' }],
  });
  const emitir = async () => {
    const id = (await ok(admin, 'POST', '/api/NotasFiscais', rascunho())).id as number;
    const r = await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(r.autorizada, JSON.stringify(r.rejeicao)).toBe(true);
    return { id, xml: (await call(admin, 'GET', `/api/NotasFiscais/${id}/xml`)).body };
  };
  const regimeNormal = async () => {
    // Lucro Presumido (CRT 3) from now on, with ICMS 18 % and PIS/COFINS cumulativos as a new version of the perfil's rules.
    await sql(`UPDATE branches SET regime_tributario = 3 WHERE id = $1`, [matriz]);
    for (const [uf, aliquota, interna] of [['SP', 18, null], ['MG', 12, 18]] as const) {
      await sql(`INSERT INTO tributacoes_estaduais (tenant_id, perfil_tributario_id, uf_origem, uf_destino, vigencia_inicio, cst_icms, modalidade_bc, aliquota_icms, aliquota_icms_uf_destino, observacao) VALUES ($1, $2, 'SP', $3, '2026-01-01', '00', 3, $4, $5, 'Regime normal')`, [tenant, revenda, uf, aliquota, interna]);
    }
    await sql(`INSERT INTO tributacoes_federais (tenant_id, perfil_tributario_id, vigencia_inicio, cst_pis, aliquota_pis, cst_cofins, aliquota_cofins) VALUES ($1, $2, '2026-01-01', '01', 0.65, '01', 3)`, [tenant, revenda]);
  };

  beforeAll(async () => {
    ({ srv, admin } = f);
    const b = (await sql(`SELECT tenant_id, id FROM branches WHERE cpf_cnpj = $1`, [CNPJ_MATRIZ]))[0];
    tenant = Number(b.tenant_id);
    matriz = Number(b.id);
    clienteId = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'SP' AND logradouro IS NOT NULL ORDER BY id LIMIT 1`, [tenant]))[0].id);
    natureza = Number((await sql(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Venda de mercadoria'`, [tenant]))[0].id);
    revenda = Number((await sql(`SELECT id FROM perfis_tributarios WHERE tenant_id = $1 AND nome = 'Revenda Simples Nacional'`, [tenant]))[0].id);
    produtos = (await sql(`SELECT id, descricao FROM produtos WHERE tenant_id = $1 AND perfil_tributario_id = $2 AND ncm IS NOT NULL AND NOT servico ORDER BY id LIMIT 2`, [tenant, revenda])).map((p) => ({ id: Number(p.id), descricao: p.descricao }));
    await sql(`INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) SELECT $1, true WHERE NOT EXISTS (SELECT 1 FROM configuracoes_estoque WHERE tenant_id = $1)`, [tenant]);
    await sql(`UPDATE configuracoes_estoque SET permitir_estoque_negativo = true WHERE tenant_id = $1`, [tenant]);
  });

  it('the compulsory dates are data: regime normal since 03/08/2026, Simples Nacional and MEI from 01/01/2027', () => {
    expect(ibsCbsObrigatorio(tabelas, 3, '2026-08-02')).toBeUndefined();
    expect(ibsCbsObrigatorio(tabelas, 3, '2026-08-03')?.label).toBe('Regime normal');
    expect(ibsCbsObrigatorio(tabelas, 1, '2026-12-31')).toBeUndefined();
    expect(ibsCbsObrigatorio(tabelas, 1, '2027-01-04')?.label).toBe('Simples Nacional');
    expect(ibsCbsObrigatorio(tabelas, 4, '2027-01-01')?.vigenciaInicio).toBe('2027-01-01');
    // NFS-e (DPS layout 1.01 with IBSCBS): regime normal from 01/10/2026, Simples from 01/01/2027
    expect(ibsCbsObrigatorio(tabelas, 3, '2026-09-30', 'NFSe')).toBeUndefined();
    expect(ibsCbsObrigatorio(tabelas, 3, '2026-09-30', '55')?.label).toBe('Regime normal');
    expect(ibsCbsObrigatorio(tabelas, 3, '2026-10-01', 'NFSe')?.vigenciaInicioNfse).toBe('2026-10-01');
    expect(ibsCbsObrigatorio(tabelas, 1, '2026-12-31', 'NFSe')).toBeUndefined();
  });

  it('a Simples shop in 2026: the note has no IBS/CBS group and stays valid against the 2026 package (PL_009)', async () => {
    const { id, xml } = await emitir();
    expect(xml).not.toContain('IBSCBS');
    expect(xsdOk('procNFe_v4.00.xsd', xml)).toBe('');
    const danfe = pdftotext((await call(admin, 'GET', `/api/NotasFiscais/${id}/danfe`)).rawPayload);
    expect(danfe).toContain('CÁLCULO DO IMPOSTO');
    expect(danfe).not.toContain('CÁLCULO DO IBS E DA CBS');
  });

  it('a Simples shop dated 04/01/2027: the group is compulsory, and the CBS rate missing from the data refuses the note in Portuguese', async () => {
    const q = srv.db;
    const ctx = { tenantId: tenant, userId: 1, branchId: matriz };
    const dados = rascunho() as any;
    const r = await montarDocumento(q, ctx, dados, 900, new Date('2026-12-31T15:00:00Z')).catch((e) => e);
    expect(r.doc?.reformaTributaria).toBeUndefined();
    const e = await montarDocumento(q, ctx, dados, 901, new Date('2027-01-04T15:00:00Z')).catch((x) => x);
    expect(e.statusCode).toBe(400);
    expect(e.message).toContain(`Item 1: Produto (${produtos[0].descricao}): A alíquota da CBS de 2027-2028 não está publicada nos dados`);
    expect(e.message).toContain('A nota não pode sair com o grupo IBS/CBS incompleto.');
  });

  it('regime normal: emitir-nfe fills IBSCBS per item and IBSCBSTot from the perfil (CST 000 / 000001), equal to tributarIbsCbs and to the hand computation; valid (PL_010) and signed', async () => {
    await regimeNormal();
    const { id, xml } = await emitir();
    expect(xsd010(xml)).toBe('');
    expect(xmlsecVerify(xml, certDoXml(xml), 'infNFe').ok).toBe(true);
    expect(tag(xml, 'CST')).toEqual(expect.arrayContaining(['00', '000']));
    expect(tag(xml, 'cClassTrib')).toEqual(['000001', '000001']);
    const itens = bloco(xml, 'IBSCBS');
    expect(itens).toHaveLength(2);
    // The shared calculation, per line (the same the screen and the simulador run).
    const hoje = /<dhEmi>(\d{4}-\d{2}-\d{2})/.exec(xml)![1];
    const calc = ['21.00', '5.00'].map((valor) => tributarIbsCbs(tabelas, { data: hoje, valor, classificacao: { cst: '000', cClassTrib: '000001' }, modelo: '55' })!);
    itens.forEach((g, i) => {
      expect(tag(g, 'vBC')).toEqual([calc[i].vBC]);
      expect(tag(g, 'pIBSUF')).toEqual([Number(calc[i].pIBSUF).toFixed(4)]);
      expect(tag(g, 'vIBSUF')).toEqual([calc[i].vIBSUF]);
      expect(tag(g, 'vIBSMun')).toEqual([calc[i].vIBSMun]);
      expect(tag(g, 'vCBS')).toEqual([calc[i].vCBS]);
    });
    // By hand (2026: IBS UF 0,1 %, municipal 0 %, CBS 0,9 %; half-up to cents):
    // line 1 = 2 × 10,50 = 21,00 → IBS UF 0,021 → 0,02; CBS 0,189 → 0,19
    // line 2 = 1,5 × 4,00 − 1,00 = 5,00 → IBS UF 0,005 → 0,01; CBS 0,045 → 0,05
    expect(itens.map((g) => [tag(g, 'vBC')[0], tag(g, 'pIBSUF')[0], tag(g, 'pCBS')[0], tag(g, 'vIBSUF')[0], tag(g, 'vIBS')[0], tag(g, 'vCBS')[0]])).toEqual([
      ['21.00', '0.1000', '0.9000', '0.02', '0.02', '0.19'],
      ['5.00', '0.1000', '0.9000', '0.01', '0.01', '0.05'],
    ]);
    const tot = bloco(xml, 'IBSCBSTot')[0];
    expect(tag(tot, 'vBCIBSCBS')).toEqual(['26.00']);
    expect(tag(tot, 'vIBSUF')).toEqual(['0.03']);
    expect(tag(tot, 'vIBSMun')).toEqual(['0.00']);
    expect(tag(tot, 'vIBS')).toEqual(['0.03']);
    expect(tag(tot, 'vCBS')).toEqual(['0.24']);
    // the ICMS of regime normal next to it: 18 % of 26,00
    expect(tag(bloco(xml, 'ICMSTot')[0], 'vICMS')).toEqual(['4.68']);
    // The DANFE prints the IBS/CBS block with IBSCBSTot's values (pdftotext of the real PDF).
    const danfe = pdftotextRaw((await call(admin, 'GET', `/api/NotasFiscais/${id}/danfe`)).rawPayload);
    const depois = danfe.slice(danfe.indexOf('CÁLCULO DO IBS E DA CBS'));
    expect(depois, danfe).not.toBe('');
    // each box: its label, then its value (IBSCBSTot: vBCIBSCBS 26,00, vIBSUF 0,03, vIBSMun 0,00, vIBS 0,03, vCBS 0,24)
    const caixas = depois.split('\n').map((x) => x.trim()).filter(Boolean).slice(1, 11);
    expect(caixas).toEqual(['BASE DE CÁLC. IBS/CBS', '26,00', 'VALOR DO IBS UF', '0,03', 'VALOR DO IBS MUNICIPAL', '0,00', 'VALOR TOTAL DO IBS', '0,03', 'VALOR DA CBS', '0,24']);
  });

  it('the emitir-nfe screen\'s live IBS/CBS (contexto-tributacao run through tributarLinhaNoContexto, as the page does) is what the authorised XML carries, line by line', async () => {
    const dados = rascunho();
    const ctx = await ok(admin, 'POST', '/api/NotasFiscais/contexto-tributacao', { naturezaId: natureza, clienteId, produtoIds: dados.itens.map((l) => l.produtoId) });
    expect(ctx.ibsCbs).toMatchObject({ modelo: '55', classificacoes: { [String(revenda)]: { cst: '000', cClassTrib: '000001' } } });
    expect(ctx.ibsCbs.tabelas.cClassTrib.map((c: { value: string }) => c.value)).toEqual(['000001']);
    const tela = dados.itens.map((l) => {
      const r = tributarLinhaNoContexto(ctx, ctx.produtos.find((p: { id: number }) => p.id === l.produtoId), l);
      expect(r.erro).toBeUndefined();
      const g = r.tributos!.ibsCbs!;
      return [g.vBC, g.vIBSUF, g.vIBSMun, g.vCBS];
    });
    const { xml } = await emitir();
    expect(bloco(xml, 'IBSCBS').map((g) => [tag(g, 'vBC')[0], tag(g, 'vIBSUF')[0], tag(g, 'vIBSMun')[0], tag(g, 'vCBS')[0]])).toEqual(tela);
    expect(tela).toEqual([['21.00', '0.02', '0.00', '0.19'], ['5.00', '0.01', '0.00', '0.05']]);
  });

  it('an own import (CFOP 3102) in regime normal: the server gives tributarLinha the DI values as the screen does, so both compute IBS/CBS on customs value + II + despesas + IOF, and the note carries it', async () => {
    const importados = Number((await sql(`SELECT id FROM perfis_tributarios WHERE tenant_id = $1 AND nome = 'Importados'`, [tenant]))[0].id);
    const naturezaImp = Number((await sql(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Importação de mercadoria'`, [tenant]))[0].id);
    const fornecedor = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND nome = 'Olivares del Sur S.L.'`, [tenant]))[0].id);
    const produto = Number((await sql(`SELECT id FROM produtos WHERE tenant_id = $1 AND codigo = 'IMP001'`, [tenant]))[0].id);
    await sql(`UPDATE perfis_tributarios SET cst_ibs_cbs = '000', c_class_trib = '000001' WHERE id = $1`, [importados]);
    try {
      const dados = notaImportacaoDemo(naturezaImp, fornecedor, produto, new Date());
      // By hand: customs value 120 × 18,50 = 2.220,00; base 2.220,00 + II 199,80 + despesas 209,73 + IOF 8,88 = 2.638,41
      // (LC 214/2025 art. 65); 2026: IBS UF 0,1 % = 2,63841 → 2,64; CBS 0,9 % = 23,74569 → 23,75.
      const esperado = ['2638.41', '2.64', '0.00', '23.75'];
      const ctx = await ok(admin, 'POST', '/api/NotasFiscais/contexto-tributacao', { naturezaId: naturezaImp, clienteId: fornecedor, produtoIds: [produto], importacao: true });
      const l = dados.itens[0];
      const tela = tributarLinhaNoContexto(ctx, ctx.produtos[0], { ...l, importacao: { vII: l.importacao!.valorII, vDespAdu: l.importacao!.valorDespesasAduaneiras, vIOF: l.importacao!.valorIof } });
      expect(tela.erro).toBeUndefined();
      const g = tela.tributos!.ibsCbs!;
      expect([g.vBC, g.vIBSUF, g.vIBSMun, g.vCBS]).toEqual(esperado);
      const m = await montarDocumento(srv.db, { tenantId: tenant, userId: 1, branchId: matriz }, dados, 951);
      expect(m.doc.reformaTributaria).toBe(true);
      expect(m.doc.itens[0].cfop).toBe('3102');
      const c = calcularNfe(m.doc).itens[0].ibs!;
      expect([c.vBC, c.uf.valor, c.mun.valor, c.cbs.valor].map((v) => v.toFixed(2))).toEqual(esperado);
    } finally {
      await sql(`UPDATE perfis_tributarios SET cst_ibs_cbs = NULL, c_class_trib = NULL WHERE id = $1`, [importados]);
    }
  });

  it('a reduced classification (200 / 200034, 60 %): gRed with the effective rate, by hand and by the shared calculation', async () => {
    await sql(`UPDATE perfis_tributarios SET cst_ibs_cbs = '200', c_class_trib = '200034' WHERE id = $1`, [revenda]);
    try {
      const { xml } = await emitir();
      expect(xsd010(xml)).toBe('');
      const g = bloco(xml, 'IBSCBS')[0];
      // 21,00 × 0,1 % × (1 − 0,60) = 0,0084 → 0,01; CBS 21,00 × 0,9 % × 0,4 = 0,0756 → 0,08; pAliqEfet 0,04 % and 0,36 %
      expect(tag(g, 'pRedAliq')).toEqual(['60.0000', '60.0000', '60.0000']);
      expect(tag(g, 'pAliqEfet')).toEqual(['0.0400', '0.0000', '0.3600']);
      expect([tag(g, 'vIBSUF')[0], tag(g, 'vCBS')[0]]).toEqual(['0.01', '0.08']);
      const c = tributarIbsCbs(tabelas, { data: /<dhEmi>(\d{4}-\d{2}-\d{2})/.exec(xml)![1], valor: '21.00', classificacao: { cst: '200', cClassTrib: '200034' }, modelo: '55' })!;
      expect([c.vIBSUF, c.vCBS, c.pEfetIBSUF, c.pEfetCBS]).toEqual(['0.01', '0.08', '0.0400', '0.3600']);
    } finally {
      await sql(`UPDATE perfis_tributarios SET cst_ibs_cbs = '000', c_class_trib = '000001' WHERE id = $1`, [revenda]);
    }
  });

  it('a perfil without the classification when it is compulsory: 400 naming the line and the product, nothing numbered', async () => {
    await sql(`UPDATE perfis_tributarios SET cst_ibs_cbs = NULL, c_class_trib = NULL WHERE id = $1`, [revenda]);
    try {
      const id = (await ok(admin, 'POST', '/api/NotasFiscais', rascunho())).id as number;
      const r = await call(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toContain(`Item 1: Produto (${produtos[0].descricao}): o perfil tributário "Revenda Simples Nacional" não tem a classificação do IBS/CBS (CST e cClassTrib), obrigatória nas notas do Regime normal desde 03/08/2026`);
      expect(r.json().error.details[0]).toMatchObject({ campo: 'itens/0/produtoId', linha: 1 });
      expect((await ok(admin, 'GET', `/api/NotasFiscais/${id}`)).numero).toBeNull();
      expect(r.body).not.toMatch(/stack|\/work\/|\.ts:/);
    } finally {
      await sql(`UPDATE perfis_tributarios SET cst_ibs_cbs = '000', c_class_trib = '000001' WHERE id = $1`, [revenda]);
    }
  });

  it('faturar: the sales order\'s NF-e carries the groups, valid against PL_010', async () => {
    const deposito = Number((await sql(`SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 AND padrao`, [tenant, matriz]))[0].id);
    const o = await ok(admin, 'POST', '/api/PedidosVenda', { clienteId, depositoId: deposito, naturezaId: natureza, numeroParcelas: 1, primeiroVencimento: '2099-01-10', itens: [{ produtoId: produtos[0].id, quantidade: '2' }] });
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
    const fat = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    expect(fat.estado).toBe('faturado');
    const xml = (await call(admin, 'GET', `/api/NotasFiscais/${fat.nfeId}/xml`)).body;
    expect(xsd010(xml)).toBe('');
    const g = bloco(xml, 'IBSCBS')[0];
    const vBC = tag(g, 'vBC')[0];
    const c = tributarIbsCbs(tabelas, { data: /<dhEmi>(\d{4}-\d{2}-\d{2})/.exec(xml)![1], valor: vBC, classificacao: { cst: '000', cClassTrib: '000001' }, modelo: '55' })!;
    expect([tag(g, 'vIBSUF')[0], tag(g, 'vCBS')[0]]).toEqual([c.vIBSUF, c.vCBS]);
    expect(tag(bloco(xml, 'IBSCBSTot')[0], 'vBCIBSCBS')).toEqual([vBC]);
  });

  it('devolução de compra with NF-e: the return note carries the groups, valid against PL_010', async () => {
    const e = (await ok(admin, 'GET', '/api/EntradasNota?filter=' + encodeURIComponent(JSON.stringify({ where: { numeroNota: 5540 } }))))[0];
    const perfilDaLinha = await sql(`SELECT p.perfil_tributario_id FROM documento_itens i JOIN produtos p ON p.tenant_id = i.tenant_id AND p.id = (i.dados->>'produtoId')::int WHERE i.tenant_id = $1 AND i.documento_id = $2 AND i.linha = 1`, [tenant, e.id]);
    expect(Number(perfilDaLinha[0].perfil_tributario_id)).toBe(revenda);
    const r = await ok(admin, 'POST', `/api/EntradasNota/${e.id}/devolver-nfe`, { itens: [{ linha: 1, quantidade: '1' }] });
    expect(r.autorizada, JSON.stringify(r.rejeicao)).toBe(true);
    const xml = (await call(admin, 'GET', `/api/NotasFiscais/${r.nota.id}/xml`)).body;
    expect(xml).toContain('<finNFe>4</finNFe>');
    expect(xsd010(xml)).toBe('');
    const g = bloco(xml, 'IBSCBS')[0];
    const c = tributarIbsCbs(tabelas, { data: /<dhEmi>(\d{4}-\d{2}-\d{2})/.exec(xml)![1], valor: tag(g, 'vBC')[0], classificacao: { cst: '000', cClassTrib: '000001' }, modelo: '55' })!;
    expect([tag(g, 'vIBSUF')[0], tag(g, 'vCBS')[0]]).toEqual([c.vIBSUF, c.vCBS]);
  });

  it('NFC-e of the PDV: the online document and the offline catalogue carry the same IBSCBS group; the signed NFC-e is valid against PL_010', async () => {
    const q = srv.db;
    const ctx = await contextoNfce(srv.services, q, tenant, matriz, 1);
    const venda = { numero: 77, emitidaEm: new Date(), itens: [{ produtoId: produtos[0].id, quantidade: '3', precoUnitario: '7.00', desconto: '0' }], pagamentos: [{ formaPagamentoId: 1, tPag: '01', valor: '21.00' }] };
    const doc = await documentoNfce(q, ctx, venda);
    expect(doc.reformaTributaria).toBe(true);
    expect(doc.itens[0].ibsCbs).toMatchObject({ CST: '000', cClassTrib: '000001', pIBSUF: '0.10', pIBSMun: '0.00', pCBS: '0.90' });
    const catalogo = await nfceDoCatalogo(q, ctx, 'SP', [produtos[0].id]);
    expect(catalogo!.documento.reformaTributaria).toBe(true);
    expect(catalogo!.itens[String(produtos[0].id)].ibsCbs).toEqual(doc.itens[0].ibsCbs);
    const xml = montarNfe(doc, ctx.assinador, { csc: ctx.csc }).xml;
    expect(xsd010(xml, 'nfe_v4.00.xsd')).toBe('');
    // 3 × 7,00 = 21,00: IBS UF 0,02, CBS 0,19 (as the NF-e's line 1)
    const g = bloco(xml, 'IBSCBS')[0];
    expect([tag(g, 'vBC')[0], tag(g, 'vIBSUF')[0], tag(g, 'vCBS')[0]]).toEqual(['21.00', '0.02', '0.19']);
    expect(tag(bloco(xml, 'IBSCBSTot')[0], 'vCBS')).toEqual(['0.19']);
    // The DANFCE prints the IBS/CBS block.
    const montada = montarNfe(doc, ctx.assinador, { csc: ctx.csc });
    const danfce = pdftotext(await gerarDanfce({ calculo: montada.calculo, qrCode: 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=1', urlChave: 'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta' }), false);
    expect(danfce).toContain('IBS E CBS (LC 214/2025)');
    const bloco2 = danfce.slice(danfce.indexOf('IBS E CBS (LC 214/2025)')).split('\n').map((x) => x.trim()).filter(Boolean).slice(1, 7);
    expect(bloco2).toEqual(['Base de cálculo IBS/CBS R$', 'IBS R$ (UF 0,02 + Mun. 0,00)', 'CBS R$', '21,00', '0,02', '0,19']);
  });

  it('the PDV\'s receipts print the IBS/CBS block: the server\'s HTML and ESC/POS DANFCE, the web cupom (totalled from the catalogue, as offline) and the homologação DANFCE (pdftotext)', async () => {
    const q = srv.db;
    const ctx = await contextoNfce(srv.services, q, tenant, matriz, 1);
    const venda = { numero: 78, emitidaEm: new Date(), itens: [{ produtoId: produtos[0].id, quantidade: '3', precoUnitario: '7.00', desconto: '0' }], pagamentos: [{ formaPagamentoId: 1, tPag: '01', valor: '21.00' }] };
    const doc = await documentoNfce(q, ctx, venda);
    const v = { documento: doc, total: '21.00', troco: '0', numero: 78, serie: 1, emitida_em: new Date(), chave_acesso: '3'.repeat(44), url_consulta: 'https://x', qr_code: 'https://q' };
    // 3 × 7,00 = 21,00 (hand): IBS UF 0,021 → 0,02; CBS 0,189 → 0,19
    const html = danfceHtml(v).replace(/<[^>]+>/g, '\n');
    expect(html).toContain('IBS E CBS (LC 214/2025)');
    expect(html).toMatch(/Base de cálculo IBS\/CBS R\$ +21,00/);
    expect(html).toMatch(/IBS R\$ \(UF 0,02 \+ Mun\. 0,00\) +0,02/);
    expect(html).toMatch(/CBS R\$ +0,19/);
    const esc = danfceEscPos(v).toString('latin1');
    expect(esc).toMatch(/IBS E CBS \(LC 214\/2025\)\n/);
    expect(esc).toMatch(/CBS R\$ +0,19\n/);
    // The web cupom (online and offline sale): the catalogue's groups over the sale's lines.
    const catalogo = await nfceDoCatalogo(q, ctx, 'SP', [produtos[0].id]);
    const ibsCupom = ibsCbsDoCupom({ nfce: catalogo as never }, venda.itens);
    expect(ibsCupom).toEqual({ vBC: '21.00', vIBSUF: '0.02', vIBSMun: '0.00', vIBS: '0.02', vCBS: '0.19' });
    const cupom = { emitente: { nome: 'Loja' }, numero: 78, serie: 1, emitidaEm: '29/11/2026', chaveAcesso: '3'.repeat(44), qrCode: 'q', urlConsulta: 'u', situacao: 'offline' as const, itens: [], totalBruto: '21.00', descontos: '0.00', total: '21.00', pagamentos: [], troco: '0.00', ibsCbs: ibsCupom };
    const bytes = new TextDecoder('latin1').decode(escPos(cupom));
    expect(bytes).toContain('IBS E CBS (LC 214/2025)\n');
    expect(bytes).toMatch(/IBS R\$ \(UF 0,02 \+ Mun\. 0,00\) +0,02\n/);
    expect(bytes).toMatch(/CBS R\$ +0,19\n/);
    // Without the groups (a catalogue of a shop not obliged yet) no block.
    expect(ibsCbsDoCupom({ nfce: { ...(catalogo as any), documento: { ...catalogo!.documento, reformaTributaria: undefined } } }, venda.itens)).toBeUndefined();
    // The homologação DANFCE of the same product now carries the groups and prints the block.
    const h = await call(admin, 'POST', '/api/NotasFiscais/danfce-homologacao', { itens: [{ produtoId: produtos[0].id, quantidade: '1' }] });
    expect(h.statusCode, h.body).toBe(200);
    const texto = pdftotext(h.rawPayload, false);
    expect(texto).toContain('IBS E CBS (LC 214/2025)');
    expect(texto).toContain('CBS R$');
  });
});
