import path from 'node:path';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { calcularNfe, CalculoError } from '../../../src/shared/fiscal/nfe-calculo.ts';
import { gerarXmlNfe } from '../../../src/shared/fiscal/nfe-xml.ts';
import { validarRegrasNfe } from '../../../src/shared/fiscal/nfe-regras.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { validarXsd } from '../../../src/server/fiscal/validacao-xsd.ts';
import { assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { nfeBase, nfceBase, item } from '../../fixtures/fiscal/documentos.ts';
import {
  CASOS_GRUPOS, CASOS_GRUPOS_NFCE, CASOS_REFORMA, itemImportado, itemServico, itemCombustivel, itemMedicamento, itemVeiculo, itemArma,
  emitenteServicos, fornecedorExterior, CHAVE_ANTECIPACAO,
} from '../../fixtures/fiscal/grupos.ts';
import { montarChave, partesDaChave } from '../../../src/shared/fiscal/chave.ts';
import { pacoteDoDocumento } from '../../../src/server/fiscal/validacao-xsd.ts';

const partesNumericas = (k: string) => {
  const p = partesDaChave(k);
  return { cUF: Number(p.cUF), dataEmissao: p.aamm, documento: p.documento, modelo: Number(p.modelo), serie: Number(p.serie), numero: Number(p.numero), tpEmis: Number(p.tpEmis), cNF: p.cNF };
};
import { xmllintSchema, xmlsecVerify, pdftotext, PL_009, PL_010 } from '../../fixtures/fiscal/ferramentas.ts';
import { gerarDanfe } from '../../../src/server/fiscal/danfe.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';

const s = (v: { toFixed(n: number): string }) => v.toFixed(2);
const xml = (doc: Parameters<typeof calcularNfe>[0]) => gerarXmlNfe(calcularNfe(doc));
const tag = (x: string, nome: string) => new RegExp(`<${nome}>([^<]*)</${nome}>`).exec(x)?.[1];

/** The test A1: every document below is signed for real and checked by xmlsec1, not with a placeholder signature. */
const tA1 = gerarCertificadoTeste();
const assinadorTeste = assinadorDe(lerCertificadoA1(tA1.pfx, tA1.senha));
const CSC = { id: '000001', codigo: '0123456789ABCDEF0123456789ABCDEF' };
const assinar = (doc: Parameters<typeof calcularNfe>[0]) => montarNfe(doc, assinadorTeste, { csc: CSC });

describe('layout groups F/G, GA, I18/P, U/W01, I50/ZA, LA, JA, K, L against the official XSD (xmllint) and signed (xmlsec1)', () => {
  const todos = [...CASOS_GRUPOS, ...CASOS_GRUPOS_NFCE];
  const gerados = Object.fromEntries(todos.map((c) => [c.nome, xml(c.doc)]));
  const assinados = Object.fromEntries(todos.map((c) => [c.nome, assinar(c.doc)]));
  const res = xmllintSchema(path.join(PL_009, 'nfe_v4.00.xsd'), Object.fromEntries(Object.entries(assinados).map(([k, m]) => [k, m.xml])));

  it.each(todos.map((c) => c.nome))('%s: xmllint --schema PL_009, xmlsec1 --verify', (nome) => {
    const m = assinados[nome];
    expect(res[nome]).toBe('');
    const v = xmlsecVerify(m.xml, tA1.certPem, 'infNFe');
    expect(v.saida).toContain('OK');
    expect(v.ok).toBe(true);
    expect(m.xml).toContain(`<Reference URI="#NFe${m.chave}">`);
    // the signed content is the document the builder wrote
    expect(m.xml.replace(/<Signature xmlns=.*<\/Signature>/, '').replace(/<infNFeSupl>.*<\/infNFeSupl>/, '')).toBe(gerarXmlNfe(m.calculo));
  });

  it('writes each group where the layout puts it', () => {
    const g = gerados;
    expect(g['retirada, entrega e autXML']).toMatch(/<\/dest><retirada><CNPJ>58716523000119<\/CNPJ><xNome>Depósito Central<\/xNome>.*<\/retirada><entrega><CPF>52998224725<\/CPF>.*<\/entrega><autXML><CNPJ>58716523000119<\/CNPJ><\/autXML><autXML><CPF>52998224725<\/CPF><\/autXML><det /);
    expect(g['importação com DI, adição e II']).toMatch(/<indTot>1<\/indTot><DI><nDI>2412345678<\/nDI>.*<tpViaTransp>1<\/tpViaTransp><vAFRMM>12.34<\/vAFRMM><tpIntermedio>1<\/tpIntermedio><cExportador>EXP-77<\/cExportador><adi><nAdicao>1<\/nAdicao><nSeqAdic>1<\/nSeqAdic><cFabricante>FAB-1<\/cFabricante><\/adi><\/DI>/);
    expect(g['importação com DI, adição e II']).toMatch(/<\/IPI><II><vBC>37.50<\/vBC><vDespAdu>3.00<\/vDespAdu><vII>6.00<\/vII><vIOF>0.00<\/vIOF><\/II><PIS>/);
    expect(g['exportação direta com drawback e exporta']).toContain('<detExport><nDraw>20240001234</nDraw></detExport>');
    expect(g['exportação direta com drawback e exporta']).toMatch(/<exporta><UFSaidaPais>SP<\/UFSaidaPais><xLocExporta>Porto de Santos<\/xLocExporta><xLocDespacho>Recinto Alfandegado 1<\/xLocDespacho><\/exporta><infRespTec>/);
    expect(g['exportação indireta (remessa com fim específico)']).toContain('<detExport><exportInd><nRE>123456789012</nRE><chNFe>52060433009911002506550120000007800267301615</chNFe><qExport>3.0000</qExport></exportInd></detExport>');
    expect(g['combustível com CODIF, encerrante e origem']).toMatch(/<comb><cProdANP>320102001<\/cProdANP><descANP>GASOLINA C COMUM<\/descANP><CODIF>123456789<\/CODIF><UFCons>SP<\/UFCons><CIDE><qBCProd>20.5000<\/qBCProd><vAliqProd>0.1000<\/vAliqProd><vCIDE>2.05<\/vCIDE><\/CIDE><encerrante><nBico>1<\/nBico><nBomba>2<\/nBomba><nTanque>3<\/nTanque><vEncIni>1000.000<\/vEncIni><vEncFin>1020.500<\/vEncFin><\/encerrante><pBio>27.0000<\/pBio><origComb><indImport>0<\/indImport><cUFOrig>35<\/cUFOrig><pOrig>100.0000<\/pOrig><\/origComb><\/comb><\/prod>/);
    expect(g['medicamento']).toContain('<med><cProdANVISA>ISENTO</cProdANVISA><xMotivoIsencao>Produto manipulado</xMotivoIsencao><vPMC>9.90</vPMC></med>');
    expect(g['arma de fogo']).toMatch(/<arma><tpArma>0<\/tpArma><nSerie>SN123<\/nSerie><nCano>CN456<\/nCano><descr>.*<\/descr><\/arma><\/prod>/);
    expect(g['veículo novo']).toMatch(/<veicProd><tpOp>1<\/tpOp><chassi>9BWZZZ377VT004251<\/chassi>.*<tpRest>0<\/tpRest><\/veicProd><\/prod>/);
  });

  it('a service item carries ISSQN instead of ICMS, and ISSQNtot the services', () => {
    const x = gerados['NF-e conjugada: mercadoria e serviço com ISSQN retido'];
    const [, servico] = x.split('<det nItem=');
    expect(servico).not.toBeUndefined();
    const det2 = x.slice(x.indexOf('<det nItem="2">'), x.indexOf('</det>', x.indexOf('<det nItem="2">')));
    expect(det2).not.toContain('<ICMS>');
    // vBC = 80.00 - 10.00 (dedução) - 5.00 (desconto incondicionado); 5% = 3.25, retained
    expect(det2).toContain('<ISSQN><vBC>65.00</vBC><vAliq>5.0000</vAliq><vISSQN>3.25</vISSQN><cMunFG>3550308</cMunFG><cListServ>14.01</cListServ><vDeducao>10.00</vDeducao><vDescIncond>5.00</vDescIncond><vISSRet>3.25</vISSRet><indISS>1</indISS><indIncentivo>2</indIncentivo></ISSQN>');
    const n = calcularNfe(CASOS_GRUPOS.find((c) => c.nome.startsWith('NF-e conjugada'))!.doc);
    expect(s(n.totais.vProd)).toBe('37.50');
    expect(s(n.totais.vServ)).toBe('80.00');
    // vNF = goods 37.50 - discount 5.00 + services 80.00
    expect(s(n.totais.vNF)).toBe('112.50');
    // PIS/COFINS of ICMSTot are the goods'; the service's go to ISSQNtot
    expect(s(n.totais.vPIS)).toBe(s(n.itens[0].vPIS));
    expect(tag(x.slice(x.indexOf('<ISSQNtot>')), 'vPIS')).toBe(s(n.itens[1].vPIS));
    expect(x).toMatch(/<ISSQNtot><vServ>80.00<\/vServ><vBC>65.00<\/vBC><vISS>3.25<\/vISS><vPIS>1.24<\/vPIS><vCOFINS>5.70<\/vCOFINS><dCompet>\d{4}-\d{2}-\d{2}<\/dCompet><vDeducao>10.00<\/vDeducao><vDescIncond>5.00<\/vDescIncond><vISSRet>3.25<\/vISSRet><cRegTrib>6<\/cRegTrib><\/ISSQNtot>/);
  });

  it('import: vII enters ICMSTot and vNF', () => {
    const n = calcularNfe(CASOS_GRUPOS.find((c) => c.nome.startsWith('importação'))!.doc);
    expect(s(n.totais.vII)).toBe('6.00');
    // On an import the IPI base is the customs value plus the II: (37.50 + 6.00) × 10% = 4.35
    expect(s(n.totais.vIPI)).toBe('4.35');
    // 37.50 + IPI 4.35 + II 6.00
    expect(s(n.totais.vNF)).toBe('47.85');
    expect(n.idDest).toBe(3);
  });

  it('faturamento direto de veículo novo: ST stays out of vNF (rule 610, exception 1)', () => {
    const normal = calcularNfe(nfeBase({ itens: [itemVeiculo(1)], pagamentos: [{ tPag: '90', valor: '0' }] }));
    const direto = calcularNfe(nfeBase({ itens: [itemVeiculo(2)], pagamentos: [{ tPag: '90', valor: '0' }] }));
    expect(normal.totais.vST.isZero()).toBe(false);
    expect(s(direto.totais.vST)).toBe(s(normal.totais.vST));
    expect(s(direto.totais.vNF)).toBe(s(normal.totais.vNF.minus(normal.totais.vST)));
  });

  it('the in-app validator agrees on a signed document with the new groups', async () => {
    const t = gerarCertificadoTeste();
    const assinador = assinadorDe(lerCertificadoA1(t.pfx, t.senha));
    for (const c of CASOS_GRUPOS) {
      const m = montarNfe(c.doc, assinador);
      const r = await validarXsd(m.xml, 'nfe_v4.00.xsd');
      expect(r.erros).toEqual([]);
    }
  });

  it('the DANFE of a conjugated NF-e has the ISSQN block; a goods-only one does not', async () => {
    const conj = calcularNfe(CASOS_GRUPOS.find((c) => c.nome.startsWith('NF-e conjugada'))!.doc);
    const texto = pdftotext(await gerarDanfe({ calculo: conj }), true);
    expect(texto).toMatch(/CÁLCULO DO ISSQN\s+INSCRIÇÃO MUNICIPAL\s+VALOR TOTAL DOS SERVIÇOS\s+BASE DE CÁLCULO DO ISSQN\s+VALOR DO ISSQN\s+12345678\s+80,00\s+65,00\s+3,25\s/);
    expect(texto).toContain('Conserto de relógio');
    const soMercadoria = pdftotext(await gerarDanfe({ calculo: calcularNfe(CASOS_GRUPOS[0].doc) }), false);
    expect(soMercadoria).not.toContain('ISSQN');
  });

  it('a broken group fails the same checks (the tests can fail)', () => {
    const x = assinados['veículo novo'].xml.replace('<tpOp>1</tpOp>', '<tpOp>7</tpOp>');
    expect(xmllintSchema(path.join(PL_009, 'nfe_v4.00.xsd'), { x }).x).toMatch(/tpOp/);
    expect(xmlsecVerify(x, tA1.certPem, 'infNFe').ok).toBe(false);
  });
});

describe('IBS/CBS groups of PL_010 beyond the regular one (xmllint against PL_010_V1.30, xmlsec1)', () => {
  const gerados = Object.fromEntries(CASOS_REFORMA.map((c) => [c.nome, xml(c.doc)]));
  const assinados = Object.fromEntries(CASOS_REFORMA.map((c) => [c.nome, assinar(c.doc)]));
  const res = xmllintSchema(path.join(PL_010, 'nfe_v4.00.xsd'), Object.fromEntries(Object.entries(assinados).map(([k, m]) => [k, m.xml])));

  it.each(CASOS_REFORMA.map((c) => c.nome))('%s: xmllint --schema PL_010, xmlsec1 --verify', (nome) => {
    const m = assinados[nome];
    expect(res[nome]).toBe('');
    const v = xmlsecVerify(m.xml, tA1.certPem, 'infNFe');
    expect(v.saida).toContain('OK');
    expect(v.ok).toBe(true);
    expect(m.xml.replace(/<Signature xmlns=.*<\/Signature>/, '')).toBe(gerarXmlNfe(m.calculo));
    expect(m.xml).toContain('<IBSCBS>');
  });

  it('a reform document edited after signing fails xmlsec1 (the test can fail)', () => {
    const m = assinados['regular com redução (gRed)'];
    expect(xmlsecVerify(m.xml.replace('<vCBS>0.14</vCBS>', '<vCBS>0.15</vCBS>'), tA1.certPem, 'infNFe').ok).toBe(false);
  });

  it('computes the effective rate, deferral, returned tax and the totals', () => {
    // base 37.50: CBS 0.9% reduced by 60% -> 0.36% -> 0.14
    const red = gerados['regular com redução (gRed)'];
    expect(red).toContain('<gCBS><pCBS>0.9000</pCBS><gRed><pRedAliq>60.0000</pRedAliq><pAliqEfet>0.3600</pAliqEfet></gRed><vCBS>0.14</vCBS></gCBS>');
    const dif = gerados['regular com diferimento (gDif)'];
    expect(dif).toContain('<gCBS><pCBS>0.9000</pCBS><gDif><pDif>100.0000</pDif><vDif>0.34</vDif></gDif><vCBS>0.00</vCBS></gCBS>');
    expect(dif).toMatch(/<IBSCBSTot><vBCIBSCBS>37.50<\/vBCIBSCBS><gIBS><gIBSUF><vDif>0.04<\/vDif><vDevTrib>0.00<\/vDevTrib><vIBSUF>0.00<\/vIBSUF>/);
    const dev = gerados['devolução de tributo (gDevTrib)'];
    expect(dev).toContain('<gCBS><pCBS>0.9000</pCBS><gDevTrib><vDevTrib>0.10</vDevTrib></gDevTrib><vCBS>0.24</vCBS></gCBS>');
    const mono = gerados['monofasia de combustível (gIBSCBSMono)'];
    // 20.5 L x R$ 0.90 = 18.45 CBS; retained before: 10 L x 0.9 = 9.00
    expect(mono).toContain('<gMonoPadrao><qBCMono>20.5000</qBCMono><adRemIBS>0.1000</adRemIBS><adRemCBS>0.9000</adRemCBS><vIBSMono>2.05</vIBSMono><vCBSMono>18.45</vCBSMono></gMonoPadrao>');
    expect(mono).toContain('<vTotIBSMonoItem>2.05</vTotIBSMonoItem><vTotCBSMonoItem>18.45</vTotCBSMonoItem>');
    expect(mono).toContain('<gMono><vIBSMono>2.05</vIBSMono><vCBSMono>18.45</vCBSMono><vIBSMonoReten>0.00</vIBSMonoReten><vCBSMonoReten>0.00</vCBSMonoReten><vIBSMonoRet>1.00</vIBSMonoRet><vCBSMonoRet>9.00</vCBSMonoRet></gMono>');
    expect(gerados['monofasia com diferimento (gMonoDif)']).toContain('<vCBSMonoDif>9.23</vCBSMonoDif></gMonoDif><vTotIBSMonoItem>1.02</vTotIBSMonoItem><vTotCBSMonoItem>9.22</vTotCBSMonoItem>');
    const cp = gerados['crédito presumido (gCredPresOper)'];
    expect(cp).toContain('<gCredPresOper><vBCCredPres>37.50</vBCCredPres><cCredPres>01</cCredPres><gIBSCredPres><pCredPres>0.0500</pCredPres><vCredPres>0.02</vCredPres></gIBSCredPres><gCBSCredPres><pCredPres>0.5000</pCredPres><vCredPres>0.19</vCredPres></gCBSCredPres></gCredPresOper>');
    expect(cp).toMatch(/<gCBS><vDif>0.00<\/vDif><vDevTrib>0.00<\/vDevTrib><vCBS>0.34<\/vCBS><vCredPres>0.19<\/vCredPres><vCredPresCondSus>0.00<\/vCredPresCondSus><\/gCBS>/);
    expect(gerados['crédito presumido em condição suspensiva']).toContain('<vCredPresCondSus>0.19</vCredPresCondSus>');
    expect(gerados['estorno de crédito (gEstornoCred) e doação']).toMatch(/<indDoacao>1<\/indDoacao>.*<gEstornoCred><vIBSEstCred>0.02<\/vIBSEstCred><vCBSEstCred>0.30<\/vCBSEstCred><\/gEstornoCred><\/IBSCBS>/);
    expect(gerados['transferência de crédito (gTransfCred)']).toContain('<gTransfCred><vIBS>1.23</vIBS><vCBS>4.56</vCBS></gTransfCred>');
    expect(gerados['ajuste de competência (gAjusteCompet)']).toContain('<IBSCBS><CST>811</CST><cClassTrib>811001</cClassTrib><gAjusteCompet><competApur>2026-01</competApur><vIBS>0.12</vIBS><vCBS>1.10</vCBS></gAjusteCompet></IBSCBS>');
    expect(gerados['sem grupo de valores (imunidade)']).toContain('<IBSCBS><CST>410</CST><cClassTrib>410001</cClassTrib></IBSCBS>');
  });

  it('gPagAntecipado closes ide with the keys of the advance-payment NF-e; absent without the switch', () => {
    const x = gerados['abatimento de pagamento antecipado (gPagAntecipado)'];
    expect(x).toContain(`<verProc>Retaguarda 0.1</verProc><gPagAntecipado><refNFe>${CHAVE_ANTECIPACAO}</refNFe></gPagAntecipado></ide>`);
    const doc = CASOS_REFORMA.find((c) => c.nome.startsWith('abatimento'))!.doc;
    // the reform package is chosen by the group itself, even in a note without any IBSCBS item
    const soAntecipacao = montarNfe({ ...doc, itens: [{ ...doc.itens[0], ibsCbs: undefined }] }, assinadorTeste);
    expect(soAntecipacao.xml).not.toContain('<IBSCBS>');
    expect(pacoteDoDocumento(soAntecipacao.xml)).toBe('PL_010');
    expect(xmllintSchema(path.join(PL_010, 'nfe_v4.00.xsd'), { x: soAntecipacao.xml }).x).toBe('');
    expect(xmllintSchema(path.join(PL_009, 'nfe_v4.00.xsd'), { x: soAntecipacao.xml }).x).toMatch(/gPagAntecipado/);
  });

  it('gPagAntecipado: only with the reform switch, with valid NF-e keys (messages with the path)', () => {
    const doc = CASOS_REFORMA.find((c) => c.nome.startsWith('abatimento'))!.doc;
    expect(validarRegrasNfe(doc)).toEqual([]);
    expect(validarRegrasNfe({ ...doc, reformaTributaria: false })).toContainEqual({
      caminho: 'ide.pagamentosAntecipados', mensagem: 'Pagamento antecipado (gPagAntecipado) só existe no leiaute da reforma tributária (PL_010): ligue reformaTributaria.',
    });
    const dvErrado = CHAVE_ANTECIPACAO.slice(0, 43) + String((Number(CHAVE_ANTECIPACAO[43]) + 1) % 10);
    const nfce = montarChave({ ...partesNumericas(CHAVE_ANTECIPACAO), modelo: 65 });
    const e = validarRegrasNfe({ ...doc, ide: { ...doc.ide, pagamentosAntecipados: [dvErrado, nfce] } });
    expect(e).toEqual([
      { caminho: 'ide.pagamentosAntecipados[0]', mensagem: expect.stringMatching(/^Pagamento antecipado 1: Dígito verificador da chave de acesso inválido/) },
      { caminho: 'ide.pagamentosAntecipados[1]', mensagem: 'Pagamento antecipado 2: a antecipação de pagamento é uma NF-e (modelo 55); a chave informada é do modelo 65.' },
    ]);
    expect(() => calcularNfe({ ...doc, reformaTributaria: false })).toThrow(CalculoError);
  });

  it('groups stay out of the XML when the switch is off', () => {
    const doc = CASOS_REFORMA[4].doc;
    expect(xml({ ...doc, reformaTributaria: false })).not.toContain('IBSCBS');
  });
});

describe('the input schema (schemas/fiscal/nfe-documento.schema.json) takes every new group', () => {
  const validar = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync('schemas/fiscal/nfe-documento.schema.json', 'utf8')));
  it.each([...CASOS_GRUPOS, ...CASOS_GRUPOS_NFCE, ...CASOS_REFORMA].map((c) => [c.nome, c.doc] as const))('%s', (_nome, doc) => {
    const ok = validar(JSON.parse(JSON.stringify(doc)));
    expect(validar.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });
  it('and refuses what it can express (the test can fail)', () => {
    const doc = JSON.parse(JSON.stringify(CASOS_GRUPOS.find((c) => c.nome === 'medicamento')!.doc));
    doc.itens[0].medicamento.cProdANVISA = '123';
    doc.itens[0].combustivel = { cProdANP: '1', descANP: 'X', UFCons: 'XX' };
    expect(validar(doc)).toBe(false);
    expect((validar.errors ?? []).map((e) => e.instancePath)).toEqual(expect.arrayContaining(['/itens/0/medicamento/cProdANVISA', '/itens/0/combustivel/cProdANP']));
  });
});

describe('rules the schema cannot express: Portuguese messages with the path', () => {
  const mensagens = (doc: Parameters<typeof validarRegrasNfe>[0]) => validarRegrasNfe(doc);

  it('CFOP 3xxx demands the DI and the II; DI outside an import is refused', () => {
    const semDi = itemImportado({ declaracoesImportacao: undefined, impostoImportacao: undefined });
    const e = mensagens(nfeBase({ destinatario: fornecedorExterior, itens: [semDi] }));
    expect(e).toEqual([
      { caminho: 'itens[0].declaracoesImportacao', mensagem: 'Item 1: CFOP 3102 é de importação: informe a declaração de importação (DI) com ao menos uma adição.' },
      { caminho: 'itens[0].impostoImportacao', mensagem: 'Item 1: CFOP 3102 é de importação: informe o grupo do imposto de importação (II), mesmo com valor zero.' },
    ]);
    const fora = mensagens(nfeBase({ itens: [itemImportado({ cfop: '5102' })] }));
    expect(fora.map((x) => x.mensagem)).toContain('Item 1: a declaração de importação só vale para CFOP de entrada do exterior (3xxx); o CFOP é 5102.');
    const semAfrmm = itemImportado();
    delete semAfrmm.declaracoesImportacao![0].valorAFRMM;
    expect(mensagens(nfeBase({ destinatario: fornecedorExterior, itens: [semAfrmm] }))[0].mensagem).toBe('Item 1: DI 2412345678 por via marítima exige o valor do AFRMM.');
  });

  it('ISSQN and ICMS are mutually exclusive per item, and one of them is required', () => {
    const ambos = mensagens(nfeBase({ emitente: emitenteServicos, itens: [itemServico({ icms: { orig: 0, CST: '00', pICMS: '18' } })] }));
    expect(ambos).toEqual([{ caminho: 'itens[0].issqn', mensagem: 'Item 1: ISSQN e ICMS não podem ser informados no mesmo item: um item é mercadoria (ICMS) ou serviço (ISSQN).' }]);
    const nenhum = mensagens(nfeBase({ itens: [{ ...item({ orig: 0, CST: '00' }), icms: undefined }] }));
    expect(nenhum).toEqual([{ caminho: 'itens[0].icms', mensagem: 'Item 1: informe o ICMS (mercadoria) ou o ISSQN (serviço).' }]);
    const semIm = mensagens(nfeBase({ itens: [itemServico()] }));
    expect(semIm[0].mensagem).toBe('Item 1: item de serviço (ISSQN) exige a inscrição municipal do emitente.');
  });

  it('the builder refuses the document with every message, nothing built', () => {
    const doc = nfeBase({ itens: [itemServico(), itemImportado({ declaracoesImportacao: undefined })] });
    let erro: unknown;
    try { calcularNfe(doc); } catch (e) { erro = e; }
    expect(erro).toBeInstanceOf(CalculoError);
    expect((erro as CalculoError).caminho).toBe('itens[0].issqn');
    expect((erro as CalculoError).erros.map((x) => x.caminho)).toEqual(['itens[0].issqn', 'itens[1].declaracoesImportacao']);
  });

  it('products: one specific group per item, ANVISA exemption reason, encerrante and fuel percentages', () => {
    const dois = mensagens(nfeBase({ itens: [{ ...itemMedicamento(), armas: itemArma().armas }] }));
    expect(dois[0].mensagem).toBe('Item 1: um item só pode ter um grupo de produto específico; informados: medicamento, arma.');
    const isento = mensagens(nfeBase({ itens: [itemMedicamento({ medicamento: { cProdANVISA: 'ISENTO', vPMC: '1.00' } })] }));
    expect(isento[0]).toEqual({ caminho: 'itens[0].medicamento.xMotivoIsencao', mensagem: 'Item 1: medicamento isento de registro na ANVISA exige o motivo da isenção.' });
    const comb = itemCombustivel();
    const enc = mensagens(nfeBase({ itens: [{ ...comb, combustivel: { ...comb.combustivel!, encerrante: { nBico: '1', nTanque: '1', vEncIni: '500', vEncFin: '400' }, origens: [{ indImport: 1, cUFOrig: '35', pOrig: '60' }] } }] }));
    expect(enc.map((x) => x.mensagem)).toEqual([
      'Item 1: o encerrante final (400) é menor que o inicial (500).',
      'Item 1: os percentuais de origem do combustível somam 60.00%; devem somar 100%.',
    ]);
  });

  it('NFC-e refuses import, export, vehicles and weapons; export CFOP demands exporta', () => {
    const e = mensagens(nfceBase({ itens: [{ ...itemVeiculo(1), cfop: '5102' }, itemArma()] }));
    expect(e.map((x) => x.mensagem)).toEqual([
      'Item 1: veículos novos são vendidos com NF-e (modelo 55), não com NFC-e.',
      'Item 2: armas de fogo são vendidas com NF-e (modelo 55), não com NFC-e.',
    ]);
    const exp = mensagens(nfeBase({ destinatario: fornecedorExterior, itens: [item({ orig: 0, CST: '41' }, { cfop: '7102' })] }));
    expect(exp).toEqual([{ caminho: 'itens[0].cfop', mensagem: 'Item 1: CFOP 7102 é de exportação: informe a UF e o local de embarque (grupo exporta).' }]);
  });

  it('retirada/entrega and autXML need a CNPJ or a CPF, no repeats', () => {
    const e = mensagens(nfeBase({
      entrega: { endereco: nfeBase().emitente.endereco },
      autorizadosXml: [{ cnpj: '58716523000119' }, { cnpj: '58716523000119' }, {}],
    }));
    expect(e).toEqual([
      { caminho: 'entrega', mensagem: 'Local de entrega: informe o CNPJ ou o CPF.' },
      { caminho: 'autorizadosXml[1]', mensagem: 'O documento 58716523000119 aparece mais de uma vez entre os autorizados a obter o XML.' },
      { caminho: 'autorizadosXml[2]', mensagem: 'Autorizado a obter o XML: informe o CNPJ ou o CPF (um dos dois).' },
    ]);
  });

  it('IBS/CBS: groups that exclude each other and incomplete rates', () => {
    const doc = (r: object) => nfeBase({ reformaTributaria: true, itens: [item({ orig: 0, CST: '00', pICMS: '18' }, { ibsCbs: { CST: '000', cClassTrib: '000001', ...r } })] });
    expect(mensagens(doc({ pCBS: '0.9' }))[0].mensagem).toBe('Item 1: IBS/CBS: o regime regular exige as três alíquotas (pIBSUF, pIBSMun e pCBS), mesmo que alguma seja zero.');
    expect(mensagens(doc({ monofasia: { qBCMono: '1', adRemIBS: '1', adRemCBS: '1' }, transferenciaCredito: { vIBS: '1', vCBS: '1' } }))[0].mensagem)
      .toBe('Item 1: IBS/CBS: monofasia e transferência de crédito não podem ser informados no mesmo item.');
    expect(mensagens(doc({ pIBSUF: '0.1', pIBSMun: '0', pCBS: '0.9', ajusteCompetencia: { competencia: '2026-01', vIBS: '1', vCBS: '1' } }))[0].mensagem)
      .toBe('Item 1: IBS/CBS: informe as alíquotas do regime regular ou ajuste de competência, não ambos.');
    expect(mensagens(doc({ monofasia: { qBCMono: '1', adRemIBS: '1' } }))[0].mensagem).toBe('Item 1: IBS/CBS: a monofasia padrão (qBCMono, adRemIBS, adRemCBS) exige os três campos.');
    expect(mensagens(doc({ reducao: { pCBS: '60' } }))[0].mensagem).toBe('Item 1: IBS/CBS: diferimento, redução, devolução e tributação regular exigem as alíquotas pIBSUF, pIBSMun e pCBS.');
    // the same document without the switch is not checked for IBS/CBS
    expect(mensagens({ ...doc({ pCBS: '0.9' }), reformaTributaria: false })).toEqual([]);
  });
});
