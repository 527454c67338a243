import { sha1 } from '@noble/hashes/legacy';
import { utf8ToBytes } from '@noble/hashes/utils';
import type { NfeCalculada, ItemCalculado } from './nfe-calculo.ts';
import { XNOME_HOMOLOGACAO, XPROD_HOMOLOGACAO_NFCE } from './nfe-calculo.ts';
import type { Endereco, DocumentoReferenciado, Icms } from '../../../generated/fiscal/nfe-documento.ts';
import { fmt2, fmt4, fmtUnit, dec, type Dec } from './decimal.ts';
import { g, t, tx } from './xml-writer.ts';
import { codigoUf } from './ufs.ts';
import { diXml, detExportXml, produtoEspecificoXml, iiXml, issqnXml, issqnTotXml, localXml } from './nfe-xml-grupos.ts';
import { ibsCbsXml, ibsCbsTotXml } from './nfe-xml-ibscbs.ts';

export const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';
export const VERSAO_NFE = '4.00';

const v2 = (v: Dec | undefined) => (v === undefined ? undefined : fmt2(v));
const p4 = (v: string | undefined) => (v === undefined ? undefined : fmt4(dec(v)));
/** pICMSInter is an enumeration of literal texts in the XSD. */
const pInter = (v: string) => dec(v).toFixed(2);

function endereco(nome: string, e: Endereco): string {
  return g(nome, [
    tx('xLgr', e.logradouro), tx('nro', e.numero), tx('xCpl', e.complemento), tx('xBairro', e.bairro), t('cMun', e.codigoMunicipio),
    tx('xMun', e.municipio), t('UF', e.uf), t('CEP', e.cep), t('cPais', e.uf === 'EX' ? e.codigoPais : '1058'),
    tx('xPais', e.uf === 'EX' ? e.pais : 'BRASIL'), t('fone', e.telefone),
  ]);
}

function nfRef(r: DocumentoReferenciado): string {
  if (r.chaveNFe) return g('NFref', [t('refNFe', r.chaveNFe)]);
  if (r.chaveCTe) return g('NFref', [t('refCTe', r.chaveCTe)]);
  if (r.notaModelo1) {
    const n = r.notaModelo1;
    return g('NFref', [g('refNF', [t('cUF', n.cUF), t('AAMM', n.anoMes), t('CNPJ', n.cnpj), t('mod', '01'), t('serie', n.serie), t('nNF', n.numero)])]);
  }
  if (r.cupomFiscal) {
    const c = r.cupomFiscal;
    return g('NFref', [g('refECF', [t('mod', c.modelo), t('nECF', String(c.nECF).padStart(3, '0')), t('nCOO', String(c.nCOO).padStart(6, '0'))])]);
  }
  throw new Error('Documento referenciado vazio: informe chaveNFe, chaveCTe, notaModelo1 ou cupomFiscal.');
}

function ide(n: NfeCalculada): string {
  const { doc } = n;
  const i = doc.ide;
  const nfce = doc.modelo === 65;
  return g('ide', [
    t('cUF', n.cUF), t('cNF', n.cNF), tx('natOp', i.naturezaOperacao), t('mod', doc.modelo), t('serie', i.serie), t('nNF', i.numero),
    t('dhEmi', i.dataEmissao), t('dhSaiEnt', nfce ? undefined : i.dataSaidaEntrada), t('tpNF', i.tipoOperacao ?? 1), t('idDest', n.idDest),
    t('cMunFG', i.codigoMunicipioFatoGerador), t('tpImp', n.tpImp), t('tpEmis', n.tpEmis), t('cDV', n.cDV), t('tpAmb', doc.ambiente),
    t('finNFe', i.finalidade ?? 1), t('indFinal', n.indFinal), t('indPres', i.presenca ?? 1),
    // indIntermed is required by NT 2020.006 whenever indPres is 2, 3, 4 or 9.
    t('indIntermed', i.intermediador ? 1 : [2, 3, 4, 9].includes(i.presenca ?? 1) ? 0 : undefined),
    t('procEmi', 0), tx('verProc', i.versaoAplicativo ?? 'Retaguarda 0.1'),
    i.contingencia && t('dhCont', i.contingencia.dataHora), i.contingencia && tx('xJust', i.contingencia.justificativa),
    ...(i.referencias ?? []).map(nfRef),
    // Reform (PL_010): the advance-payment NF-e whose instalments this note deducts; the group closes ide.
    doc.reformaTributaria && i.pagamentosAntecipados?.length ? g('gPagAntecipado', i.pagamentosAntecipados.map((k) => t('refNFe', k))) : '',
  ]);
}

function emit(n: NfeCalculada): string {
  const e = n.doc.emitente;
  return g('emit', [
    t('CNPJ', e.cnpj), e.cnpj ? '' : t('CPF', e.cpf), tx('xNome', e.razaoSocial), tx('xFant', e.nomeFantasia), endereco('enderEmit', e.endereco),
    t('IE', e.ie), t('IEST', e.iest), e.im ? tx('IM', e.im) : '', e.im ? t('CNAE', e.cnae) : '', t('CRT', e.crt),
  ]);
}

function dest(n: NfeCalculada): string {
  const d = n.doc.destinatario;
  if (!d) return '';
  const homolog = n.doc.ambiente === 2;
  const nfce = n.doc.modelo === 65;
  // NFC-e: a consumer is a non-contributor (indIEDest 9) whatever the input says.
  const indIEDest = nfce ? 9 : (d.indicadorIE ?? (d.ie ? 1 : 9));
  return g('dest', [
    t('CNPJ', d.cnpj), d.cnpj ? '' : t('CPF', d.cpf), d.cnpj || d.cpf ? '' : t('idEstrangeiro', d.idEstrangeiro ?? ''),
    d.nome || homolog ? tx('xNome', homolog ? XNOME_HOMOLOGACAO : d.nome) : '',
    d.endereco ? endereco('enderDest', d.endereco) : '', t('indIEDest', indIEDest), indIEDest === 1 ? t('IE', d.ie) : '', tx('email', d.email),
  ]);
}

function prod(i: ItemCalculado, n: NfeCalculada): string {
  const it = i.item;
  const gtin = it.gtin ?? 'SEM GTIN';
  const homologNfce = n.doc.ambiente === 2 && n.doc.modelo === 65 && i.nItem === 1;
  return g('prod', [
    tx('cProd', it.codigo), t('cEAN', gtin), tx('xProd', homologNfce ? XPROD_HOMOLOGACAO_NFCE : it.descricao), t('NCM', it.ncm), t('CEST', it.cest),
    t('cBenef', it.cBenef), t('CFOP', it.cfop), tx('uCom', it.unidade), t('qCom', fmt4(dec(it.quantidade))), t('vUnCom', fmtUnit(dec(it.valorUnitario))),
    t('vProd', fmt2(i.vProd)), t('cEANTrib', gtin), tx('uTrib', it.unidadeTributavel ?? it.unidade), t('qTrib', fmt4(i.qTrib)),
    t('vUnTrib', fmtUnit(i.vUnTrib)),
    i.vFrete.isZero() ? '' : t('vFrete', fmt2(i.vFrete)), i.vSeg.isZero() ? '' : t('vSeg', fmt2(i.vSeg)),
    i.vDesc.isZero() ? '' : t('vDesc', fmt2(i.vDesc)), i.vOutro.isZero() ? '' : t('vOutro', fmt2(i.vOutro)),
    t('indTot', it.compoeTotal === false ? 0 : 1), ...(it.declaracoesImportacao ?? []).map(diXml), ...(it.exportacao ?? []).map(detExportXml),
    tx('xPed', it.pedido), t('nItemPed', it.itemPedido),
    produtoEspecificoXml(i),
  ]);
}

function desoneracao(i: ItemCalculado, c: Icms): string[] {
  if (i.vICMSDeson.isZero()) return [];
  return [t('vICMSDeson', fmt2(i.vICMSDeson)), t('motDesICMS', c.motDesICMS), t('indDeduzDeson', c.deduzDesoneracao ? 1 : 0)];
}

function proprio(i: ItemCalculado, c: Icms, comReducao: 'sempre' | 'opcional' | 'nunca'): string[] {
  return [
    t('modBC', c.modBC ?? 3),
    comReducao === 'sempre' ? t('pRedBC', fmt4(dec(c.pRedBC))) : '',
    t('vBC', fmt2(i.vBC)),
    comReducao === 'opcional' && c.pRedBC ? t('pRedBC', fmt4(dec(c.pRedBC))) : '',
  ];
}

/** The ST block shared by CST 10/30/70/90 and CSOSN 201/202/203/900. */
function st(i: ItemCalculado, c: Icms): string[] {
  return [
    t('modBCST', c.modBCST ?? 4), t('pMVAST', p4(c.pMVAST)), t('pRedBCST', p4(c.pRedBCST)), t('vBCST', fmt2(i.vBCST)),
    t('pICMSST', fmt4(dec(c.pICMSST))), t('vICMSST', fmt2(i.vICMSST)),
    ...(c.pFCPST ? [t('vBCFCPST', fmt2(i.vBCFCPST)), t('pFCPST', fmt4(dec(c.pFCPST))), t('vFCPST', fmt2(i.vFCPST))] : []),
  ];
}

function fcp(i: ItemCalculado, c: Icms, comBase: boolean): string[] {
  if (!c.pFCP) return [];
  return [comBase ? t('vBCFCP', fmt2(i.vBCFCP)) : '', t('pFCP', fmt4(dec(c.pFCP))), t('vFCP', fmt2(i.vFCP))];
}

function stRetido(c: Icms): string[] {
  if (c.vBCSTRet === undefined) return [];
  return [
    t('vBCSTRet', fmt2(dec(c.vBCSTRet))), t('pST', fmt4(dec(c.pST))), t('vICMSSubstituto', c.vICMSSubstituto && fmt2(dec(c.vICMSSubstituto))),
    t('vICMSSTRet', fmt2(dec(c.vICMSSTRet))),
  ];
}

/** ICMS by CST (regime normal) and CSOSN (Simples Nacional), in the XSD's element order for each group. */
export function icmsXml(i: ItemCalculado): string {
  const c = i.item.icms;
  if (!c) throw new Error(`Item ${i.nItem}: sem grupo de ICMS.`);
  const orig = t('orig', c.orig);
  if (c.CSOSN) {
    const cs = t('CSOSN', c.CSOSN);
    const cred = () => [t('pCredSN', fmt4(dec(c.pCredSN))), t('vCredICMSSN', fmt2(i.vCredICMSSN))];
    switch (c.CSOSN) {
      case '101': return g('ICMSSN101', [orig, cs, ...cred()]);
      case '102': case '103': case '300': case '400': return g('ICMSSN102', [orig, cs]);
      case '201': return g('ICMSSN201', [orig, cs, ...st(i, c), ...cred()]);
      case '202': case '203': return g('ICMSSN202', [orig, cs, ...st(i, c)]);
      case '500': return g('ICMSSN500', [orig, cs, ...stRetido(c)]);
      case '900': return g('ICMSSN900', [
        orig, cs,
        ...(i.somaBC ? [...proprio(i, c, 'opcional'), t('pICMS', fmt4(dec(c.pICMS))), t('vICMS', fmt2(i.vICMS))] : []),
        ...(i.somaST ? st(i, c) : []),
        ...(c.pCredSN ? cred() : []),
      ]);
    }
  }
  const cst = t('CST', c.CST);
  const aliq = () => [t('pICMS', fmt4(dec(c.pICMS))), t('vICMS', fmt2(i.vICMS))];
  switch (c.CST) {
    case '00': return g('ICMS00', [orig, cst, ...proprio(i, c, 'nunca'), ...aliq(), ...fcp(i, c, false)]);
    case '10': return g('ICMS10', [orig, cst, ...proprio(i, c, 'nunca'), ...aliq(), ...fcp(i, c, true), ...st(i, c)]);
    case '20': return g('ICMS20', [orig, cst, ...proprio(i, c, 'sempre'), ...aliq(), ...fcp(i, c, true), ...desoneracao(i, c)]);
    case '30': return g('ICMS30', [orig, cst, ...st(i, c), ...desoneracao(i, c)]);
    case '40': case '41': case '50': return g('ICMS40', [orig, cst, ...desoneracao(i, c)]);
    case '51': return g('ICMS51', [
      orig, cst, t('modBC', c.modBC ?? 3), c.pRedBC ? t('pRedBC', fmt4(dec(c.pRedBC))) : '', t('vBC', fmt2(i.vBC)),
      t('pICMS', fmt4(dec(c.pICMS))), t('vICMSOp', fmt2(i.vICMSOp)),
      c.pDif ? t('pDif', fmt4(dec(c.pDif))) : '', c.pDif ? t('vICMSDif', fmt2(i.vICMSDif)) : '', t('vICMS', fmt2(i.vICMS)),
      ...fcp(i, c, true),
    ]);
    case '60': return g('ICMS60', [orig, cst, ...stRetido(c)]);
    case '70': return g('ICMS70', [orig, cst, ...proprio(i, c, 'sempre'), ...aliq(), ...fcp(i, c, true), ...st(i, c), ...desoneracao(i, c)]);
    case '90': return g('ICMS90', [
      orig, cst,
      ...(i.somaBC ? [...proprio(i, c, 'opcional'), ...aliq(), ...fcp(i, c, true)] : []),
      ...(i.somaST ? st(i, c) : []),
      ...desoneracao(i, c),
    ]);
  }
  throw new Error(`CST/CSOSN de ICMS não suportado: ${c.CST ?? c.CSOSN}`);
}

function ipiXml(i: ItemCalculado): string {
  const p = i.item.ipi;
  if (!p) return '';
  const trib = ['00', '49', '50', '99'].includes(p.CST);
  return g('IPI', [
    t('cEnq', p.cEnq),
    trib
      ? g('IPITrib', [t('CST', p.CST), t('vBC', fmt2(i.vBCIPI)), t('pIPI', fmt4(dec(p.pIPI))), t('vIPI', fmt2(i.vIPI))])
      : g('IPINT', [t('CST', p.CST)]),
  ]);
}

function pisCofinsXml(tipo: 'PIS' | 'COFINS', i: ItemCalculado): string {
  const pc = tipo === 'PIS' ? i.item.pis : i.item.cofins;
  const base = tipo === 'PIS' ? i.vBCPIS : i.vBCCOFINS;
  const valor = tipo === 'PIS' ? i.vPIS : i.vCOFINS;
  const cst = t('CST', pc.CST);
  const n = Number(pc.CST);
  if (pc.CST === '01' || pc.CST === '02') {
    return g(tipo, [g(`${tipo}Aliq`, [cst, t('vBC', fmt2(base)), t(`p${tipo}`, fmt4(dec(pc.aliquota))), t(`v${tipo}`, fmt2(valor))])]);
  }
  if (pc.CST === '03') {
    return g(tipo, [g(`${tipo}Qtde`, [cst, t('qBCProd', fmt4(base)), t('vAliqProd', fmt4(dec(pc.aliquotaPorUnidade))), t(`v${tipo}`, fmt2(valor))])]);
  }
  if (n >= 4 && n <= 9) return g(tipo, [g(`${tipo}NT`, [cst])]);
  const porQtde = pc.aliquotaPorUnidade !== undefined;
  return g(tipo, [g(`${tipo}Outr`, [
    cst,
    ...(porQtde
      ? [t('qBCProd', fmt4(base)), t('vAliqProd', fmt4(dec(pc.aliquotaPorUnidade)))]
      : [t('vBC', fmt2(base)), t(`p${tipo}`, fmt4(dec(pc.aliquota)))]),
    t(`v${tipo}`, fmt2(valor)),
  ])]);
}

function difalXml(i: ItemCalculado): string {
  const d = i.item.difal;
  if (!d) return '';
  return g('ICMSUFDest', [
    t('vBCUFDest', fmt2(i.vBCUFDest)), d.pFCPUFDest ? t('vBCFCPUFDest', fmt2(i.vBCUFDest)) : '', d.pFCPUFDest ? t('pFCPUFDest', fmt4(dec(d.pFCPUFDest))) : '',
    t('pICMSUFDest', fmt4(dec(d.pICMSUFDest))), t('pICMSInter', pInter(d.pICMSInter)), t('pICMSInterPart', '100.00'),
    d.pFCPUFDest ? t('vFCPUFDest', fmt2(i.vFCPUFDest)) : '', t('vICMSUFDest', fmt2(i.vICMSUFDest)), t('vICMSUFRemet', '0.00'),
  ]);
}

function det(i: ItemCalculado, n: NfeCalculada): string {
  // imposto: (ICMS, IPI, II) for goods or (IPI, ISSQN) for a service, the XSD's choice.
  const tributos = i.servico ? [ipiXml(i), issqnXml(i, n)] : [g('ICMS', [icmsXml(i)]), ipiXml(i), iiXml(i)];
  return g('det', [
    prod(i, n),
    g('imposto', [
      t('vTotTrib', v2(i.vTotTrib)), ...tributos, pisCofinsXml('PIS', i), pisCofinsXml('COFINS', i), difalXml(i),
      ibsCbsXml(i, n),
    ]),
    tx('infAdProd', i.item.informacoesAdicionais),
    n.vItem ? t('vItem', fmt2(n.vItem[i.nItem - 1])) : '',
  ], { nItem: String(i.nItem) });
}

function total(n: NfeCalculada): string {
  const s = n.totais;
  const difal = s.temDifal;
  const reforma = n.doc.reformaTributaria && n.itens.some((i) => i.item.ibsCbs);
  return g('total', [
    g('ICMSTot', [
      t('vBC', fmt2(s.vBC)), t('vICMS', fmt2(s.vICMS)), t('vICMSDeson', fmt2(s.vICMSDeson)),
      difal ? t('vFCPUFDest', fmt2(s.vFCPUFDest)) : '', difal ? t('vICMSUFDest', fmt2(s.vICMSUFDest)) : '', difal ? t('vICMSUFRemet', fmt2(s.vICMSUFRemet)) : '',
      t('vFCP', fmt2(s.vFCP)), t('vBCST', fmt2(s.vBCST)), t('vST', fmt2(s.vST)), t('vFCPST', fmt2(s.vFCPST)), t('vFCPSTRet', fmt2(s.vFCPSTRet)),
      t('vProd', fmt2(s.vProd)), t('vFrete', fmt2(s.vFrete)), t('vSeg', fmt2(s.vSeg)), t('vDesc', fmt2(s.vDesc)), t('vII', fmt2(s.vII)),
      t('vIPI', fmt2(s.vIPI)), t('vIPIDevol', fmt2(s.vIPIDevol)), t('vPIS', fmt2(s.vPIS)), t('vCOFINS', fmt2(s.vCOFINS)), t('vOutro', fmt2(s.vOutro)),
      t('vNF', fmt2(s.vNF)), t('vTotTrib', v2(s.vTotTrib)),
    ]),
    issqnTotXml(n),
    reforma ? ibsCbsTotXml(n) : '',
    reforma && s.vNFTot ? t('vNFTot', fmt2(s.vNFTot)) : '',
  ]);
}

function transp(n: NfeCalculada): string {
  const tr = n.doc.transporte;
  const nfce = n.doc.modelo === 65;
  if (!tr || nfce) return g('transp', [t('modFrete', nfce ? 9 : (tr?.modalidadeFrete ?? 9))]);
  const tp = tr.transportadora;
  return g('transp', [
    t('modFrete', tr.modalidadeFrete),
    tp && g('transporta', [t('CNPJ', tp.cnpj), tp.cnpj ? '' : t('CPF', tp.cpf), tx('xNome', tp.nome), t('IE', tp.ie), tx('xEnder', tp.endereco), tx('xMun', tp.municipio), t('UF', tp.uf)]),
    tr.veiculo && g('veicTransp', [t('placa', tr.veiculo.placa), t('UF', tr.veiculo.uf), tx('RNTC', tr.veiculo.rntc)]),
    ...(tr.volumes ?? []).map((v) => g('vol', [
      t('qVol', v.quantidade), tx('esp', v.especie), tx('marca', v.marca), tx('nVol', v.numeracao),
      v.pesoLiquido ? t('pesoL', dec(v.pesoLiquido).toFixed(3)) : '', v.pesoBruto ? t('pesoB', dec(v.pesoBruto).toFixed(3)) : '',
    ], undefined, true)),
  ]);
}

function cobr(n: NfeCalculada): string {
  const c = n.doc.cobranca;
  if (!c || n.doc.modelo === 65) return '';
  const vOrig = c.valorOriginal ? dec(c.valorOriginal) : n.totais.vNF;
  const vDesc = dec(c.valorDesconto);
  return g('cobr', [
    c.numeroFatura ? g('fat', [tx('nFat', c.numeroFatura), t('vOrig', fmt2(vOrig)), t('vDesc', fmt2(vDesc)), t('vLiq', fmt2(vOrig.minus(vDesc)))]) : '',
    ...(c.duplicatas ?? []).map((d) => g('dup', [t('nDup', d.numero), t('dVenc', d.vencimento), t('vDup', fmt2(dec(d.valor)))])),
  ]);
}

function pag(n: NfeCalculada): string {
  return g('pag', [
    ...n.doc.pagamentos.map((p) => g('detPag', [
      t('indPag', p.indPag), t('tPag', p.tPag), tx('xPag', p.descricao), t('vPag', fmt2(dec(p.valor))),
      p.cartao && g('card', [
        t('tpIntegra', p.cartao.integrado ? 1 : 2), t('CNPJ', p.cartao.cnpjCredenciadora), t('tBand', p.cartao.bandeira), tx('cAut', p.cartao.autorizacao),
      ]),
    ])),
    n.vTroco.isZero() ? '' : t('vTroco', fmt2(n.vTroco)),
  ]);
}

/** hashCSRT: base64 of SHA-1 over CSRT + chave (NT 2018.005). */
export function hashCsrt(csrt: string, chave: string): string {
  return btoa(String.fromCharCode(...sha1(utf8ToBytes(csrt + chave))));
}

function respTec(n: NfeCalculada): string {
  const r = n.doc.responsavelTecnico;
  if (!r) return '';
  return g('infRespTec', [
    t('CNPJ', r.cnpj), tx('xContato', r.contato), tx('email', r.email), t('fone', r.telefone),
    r.idCSRT && r.csrt ? t('idCSRT', r.idCSRT) : '', r.idCSRT && r.csrt ? t('hashCSRT', hashCsrt(r.csrt, n.chave)) : '',
  ]);
}

/** The unsigned NFe element (no XML declaration): infNFe with Id "NFe" + chave. */
export function gerarXmlNfe(n: NfeCalculada): string {
  const d = n.doc;
  const interm = d.ide.intermediador;
  const infNFe = g('infNFe', [
    ide(n), emit(n), dest(n), d.retirada && localXml('retirada', d.retirada), d.entrega && localXml('entrega', d.entrega),
    ...(d.autorizadosXml ?? []).map((a) => g('autXML', [a.cnpj ? t('CNPJ', a.cnpj) : t('CPF', a.cpf)])),
    ...n.itens.map((i) => det(i, n)), total(n), transp(n), cobr(n), pag(n),
    interm && g('infIntermed', [t('CNPJ', interm.cnpj), tx('idCadIntTran', interm.identificador)]),
    d.informacoesAdicionais && g('infAdic', [tx('infAdFisco', d.informacoesAdicionais.fisco), tx('infCpl', d.informacoesAdicionais.contribuinte)]),
    d.exportacao && g('exporta', [t('UFSaidaPais', d.exportacao.ufSaida), tx('xLocExporta', d.exportacao.localExportacao), tx('xLocDespacho', d.exportacao.localDespacho)]),
    respTec(n),
  ], { Id: `NFe${n.chave}`, versao: VERSAO_NFE });
  return `<NFe xmlns="${NS_NFE}">${infNFe}</NFe>`;
}

export { codigoUf };
