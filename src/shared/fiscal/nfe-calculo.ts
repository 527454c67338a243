import type { NfeDocumento, Item, Icms } from '../../../generated/fiscal/nfe-documento.ts';
import { D, dec, pct, round2, sum, ZERO, type Dec } from './decimal.ts';
import { montarChave, gerarCodigoNumerico, partesDaChave } from './chave.ts';
import { codigoUf } from './ufs.ts';
import { validarRegrasNfe, type ErroRegra } from './nfe-regras.ts';
import { baseIbsCbsImportacao, calcularImportacao, type ImportacaoCalculada, type IpiPisCofins } from './importacao.ts';

export const XNOME_HOMOLOGACAO = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
export const XPROD_HOMOLOGACAO_NFCE = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

/**
 * Every value the layout derives for one item, computed once and read by the XML writer and the DANFE (its IPI, PIS
 * and COFINS bases and values are IpiPisCofins, shared with the own import's computation).
 */
export interface ItemCalculado extends IpiPisCofins {
  nItem: number;
  item: Item;
  vProd: Dec;
  vFrete: Dec;
  vSeg: Dec;
  vDesc: Dec;
  vOutro: Dec;
  qTrib: Dec;
  vUnTrib: Dec;
  /** ICMS: own tax */
  vBC: Dec;
  vICMS: Dec;
  vICMSOp: Dec;
  vICMSDif: Dec;
  vBCFCP: Dec;
  vFCP: Dec;
  /** ICMS-ST */
  vBCST: Dec;
  vICMSST: Dec;
  vBCFCPST: Dec;
  vFCPST: Dec;
  vICMSDeson: Dec;
  vCredICMSSN: Dec;
  vFCPSTRet: Dec;
  /** DIFAL (ICMSUFDest) */
  vBCUFDest: Dec;
  vFCPUFDest: Dec;
  vICMSUFDest: Dec;
  /** Imposto de Importação (informed from the DI) */
  vII: Dec;
  /** ISSQN (service item: no ICMS) */
  servico: boolean;
  vBCISS: Dec;
  vISSQN: Dec;
  vISSRet: Dec;
  /** CIDE on fuel */
  vCIDE: Dec;
  /** IBS/CBS (reform switch) */
  vIBSUF: Dec;
  vIBSMun: Dec;
  vCBS: Dec;
  ibs: IbsCbsCalculado | undefined;
  vTotTrib: Dec | undefined;
  /** this item's share in the totals: ICMS groups that carry own ICMS / ST */
  somaBC: boolean;
  somaST: boolean;
}

/** Everything the IBSCBS group of one item derives (PL_010), computed once for the XML and the totals. */
export interface IbsCbsCalculado {
  grupo: 'regular' | 'mono' | 'transf' | 'ajuste' | 'nenhum';
  vBC: Dec;
  uf: TributoIbsCbs;
  mun: TributoIbsCbs;
  cbs: TributoIbsCbs;
  mono?: {
    vIBSMono: Dec; vCBSMono: Dec; vIBSMonoReten: Dec; vCBSMonoReten: Dec; vIBSMonoRet: Dec; vCBSMonoRet: Dec;
    vIBSMonoDif: Dec; vCBSMonoDif: Dec; vTotIBSMonoItem: Dec; vTotCBSMonoItem: Dec;
  };
  credPres?: { vBC: Dec; vIBS: Dec; vCBS: Dec; condicaoSuspensiva: boolean };
}

export interface TributoIbsCbs {
  /** rate as given */
  p: Dec;
  /** effective rate after gRed (4 decimals) */
  pEfet: Dec;
  vDif: Dec;
  vDevTrib: Dec;
  valor: Dec;
}

export interface Totais {
  vBC: Dec; vICMS: Dec; vICMSDeson: Dec; vFCPUFDest: Dec; vICMSUFDest: Dec; vICMSUFRemet: Dec; vFCP: Dec;
  vBCST: Dec; vST: Dec; vFCPST: Dec; vFCPSTRet: Dec; vProd: Dec; vFrete: Dec; vSeg: Dec; vDesc: Dec; vII: Dec;
  vIPI: Dec; vIPIDevol: Dec; vPIS: Dec; vCOFINS: Dec; vOutro: Dec; vNF: Dec; vTotTrib: Dec | undefined;
  temDifal: boolean;
  /** ISSQNtot (services) */
  temServico: boolean; vServ: Dec; vBCISS: Dec; vISS: Dec; vPISServ: Dec; vCOFINSServ: Dec; vDeducao: Dec; vOutroServ: Dec;
  vDescIncond: Dec; vDescCond: Dec; vISSRet: Dec;
  /** IBS/CBS totals (reform switch) */
  vBCIBSCBS: Dec; vIBSUF: Dec; vIBSMun: Dec; vCBS: Dec;
  /** W60 vNFTot (NT 2025.002-RTC rule W60-10): the sum of the items' vItem; only on a note with the reform groups */
  vNFTot?: Dec;
  ibs: {
    vDifUF: Dec; vDevTribUF: Dec; vDifMun: Dec; vDevTribMun: Dec; vDifCBS: Dec; vDevTribCBS: Dec;
    vCredPresIBS: Dec; vCredPresCondSusIBS: Dec; vCredPresCBS: Dec; vCredPresCondSusCBS: Dec;
    temMono: boolean; vIBSMono: Dec; vCBSMono: Dec; vIBSMonoReten: Dec; vCBSMonoReten: Dec; vIBSMonoRet: Dec; vCBSMonoRet: Dec;
    temEstorno: boolean; vIBSEstCred: Dec; vCBSEstCred: Dec;
  };
}

export interface NfeCalculada {
  doc: NfeDocumento;
  chave: string;
  cUF: string;
  cNF: string;
  cDV: string;
  tpEmis: number;
  tpImp: number;
  idDest: 1 | 2 | 3;
  indFinal: 0 | 1;
  itens: ItemCalculado[];
  /** VB01 vItem of each item (same order as itens), only on a note with the reform groups */
  vItem?: Dec[];
  totais: Totais;
  vPagTotal: Dec;
  vTroco: Dec;
}

/**
 * VB01 vItem, the item's share of the note's total (NT 2025.002-RTC v1.51, rules VB01-10 and VB01-20): vProd − vDesc
 * − vICMSDeson (when deducted) + vICMSST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol + vServ and, from
 * 2027 on (exception 1: "em 2025 e 2026 não somar"), + vIBS + vCBS + vIS + vTotIBSMonoItem + vTotCBSMonoItem. In
 * faturamento direto de veículos novos (tpOp 2) neither the ST nor the monophasic totals enter. The year is the one
 * of dhEmi. Our engine writes no IS, ICMS monofásico retido nor PIS/COFINS-ST, so those terms are zero here; vIBS and
 * vCBS are the regular group's (gIBSCBS) values.
 */
export function valorDoItem(i: ItemCalculado, ano: number): Dec {
  const faturamentoDireto = i.item.veiculo?.tpOp === 2;
  const deson = i.item.icms?.deduzDesoneracao === true ? i.vICMSDeson : ZERO;
  let v = i.vProd.minus(i.vDesc).minus(deson).plus(faturamentoDireto ? ZERO : i.vICMSST.plus(i.vFCPST))
    .plus(i.vFrete).plus(i.vSeg).plus(i.vOutro).plus(i.vII).plus(i.vIPI);
  if (ano >= 2027 && i.ibs) {
    v = v.plus(i.vIBSUF).plus(i.vIBSMun).plus(i.vCBS);
    if (i.ibs.mono && !faturamentoDireto) v = v.plus(i.ibs.mono.vTotIBSMonoItem).plus(i.ibs.mono.vTotCBSMonoItem);
  }
  return v;
}

const CST_ICMS_PROPRIO = new Set(['00', '10', '20', '51', '70', '90']);
const CST_ST = new Set(['10', '30', '70', '90', '201', '202', '203', '900']);

export class CalculoError extends Error {
  /** every problem found (the rules of nfe-regras.ts report all at once; the arithmetic stops at the first) */
  public erros: ErroRegra[];
  constructor(public caminho: string, message: string, erros?: ErroRegra[]) {
    super(message);
    this.erros = erros ?? [{ caminho, mensagem: message }];
  }
}

/** An item of service (ISSQN) carries no ICMS group: the ICMS arithmetic below runs over an empty CST 41-like record. */
const SEM_ICMS: Icms = { orig: 0, CST: '41' };

function calcularItem(doc: NfeDocumento, item: Item, nItem: number, indFinal: 0 | 1): ItemCalculado {
  const servico = item.issqn !== undefined;
  const icms: Icms = servico ? SEM_ICMS : (item.icms as Icms);
  const cod = icms.CST ?? icms.CSOSN;
  if (!cod) throw new CalculoError(`itens[${nItem - 1}].icms`, 'Informe o CST ou o CSOSN do ICMS do item.');
  const sn = !!icms.CSOSN;
  const q = dec(item.quantidade);
  const vProd = round2(q.times(dec(item.valorUnitario)));
  const vFrete = dec(item.valorFrete);
  const vSeg = dec(item.valorSeguro);
  const vDesc = dec(item.valorDesconto);
  const vOutro = dec(item.valorOutros);
  const qTrib = item.quantidadeTributavel ? dec(item.quantidadeTributavel) : q;
  const vUnTrib = qTrib.isZero() ? ZERO : vProd.dividedBy(qTrib).toDecimalPlaces(10);

  const vOperacao = vProd.plus(vFrete).plus(vSeg).plus(vOutro).minus(vDesc);
  // Own import (II group): IPI, PIS/COFINS-importação and the ICMS "por dentro" over the customs value (importacao.ts);
  // vOutro (what the importer pays beyond it) stays out of those bases.
  const importacao: ImportacaoCalculada | undefined = item.impostoImportacao && !servico ? importacaoDoItem(item, icms, vProd.plus(vFrete).plus(vSeg).minus(vDesc)) : undefined;

  // IPI first: it enters the ICMS base for a final consumer and always the ST base.
  let vBCIPI = ZERO;
  let vIPI = ZERO;
  if (item.ipi && ['00', '49', '50', '99'].includes(item.ipi.CST)) {
    vBCIPI = importacao ? importacao.vBCIPI : vOperacao;
    vIPI = importacao ? importacao.vIPI : pct(vBCIPI, item.ipi.pIPI);
  }

  const baseCheia = indFinal === 1 ? vOperacao.plus(vIPI) : vOperacao;
  const temProprio = sn ? cod === '900' && icms.pICMS !== undefined : CST_ICMS_PROPRIO.has(cod) && (cod !== '90' || icms.pICMS !== undefined);
  const redutor = (p: string | undefined) => (p ? new D(1).minus(dec(p).dividedBy(100)) : new D(1));

  let vBC = ZERO, vICMS = ZERO, vICMSOp = ZERO, vICMSDif = ZERO, vBCFCP = ZERO, vFCP = ZERO;
  if (temProprio) {
    vBC = importacao ? importacao.vBC : round2(baseCheia.times(redutor(icms.pRedBC)));
    vICMSOp = pct(vBC, icms.pICMS);
    vICMS = vICMSOp;
    if (cod === '51' && icms.pDif) {
      vICMSDif = pct(vICMSOp, icms.pDif);
      vICMS = vICMSOp.minus(vICMSDif);
    }
    if (icms.pFCP) {
      vBCFCP = vBC;
      vFCP = pct(vBC, icms.pFCP);
    }
  }

  let vBCST = ZERO, vICMSST = ZERO, vBCFCPST = ZERO, vFCPST = ZERO;
  const temST = CST_ST.has(cod) && icms.pICMSST !== undefined;
  if (CST_ST.has(cod) && cod !== '90' && cod !== '900' && icms.pICMSST === undefined) {
    throw new CalculoError(`itens[${nItem - 1}].icms.pICMSST`, `O ${sn ? 'CSOSN' : 'CST'} ${cod} exige a alíquota do ICMS-ST (pICMSST).`);
  }
  if (temST) {
    const baseST = vOperacao.plus(vIPI).times(new D(1).plus(dec(icms.pMVAST).dividedBy(100))).times(redutor(icms.pRedBCST));
    vBCST = round2(baseST);
    // ST is the tax on the presumed base minus the tax of the own operation (for SN, at the rate given in pICMS).
    const proprioParaDeduzir = temProprio ? vICMSOp : icms.pICMS ? pct(round2(vOperacao.times(redutor(icms.pRedBC))), icms.pICMS) : ZERO;
    vICMSST = D.max(ZERO, pct(vBCST, icms.pICMSST).minus(proprioParaDeduzir));
    if (icms.pFCPST) {
      vBCFCPST = vBCST;
      vFCPST = D.max(ZERO, pct(vBCST, icms.pFCPST).minus(vFCP));
    }
  }

  const vICMSDeson = icms.pICMSDeson ? pct(vOperacao, icms.pICMSDeson) : ZERO;
  if (!vICMSDeson.isZero() && icms.motDesICMS === undefined) {
    throw new CalculoError(`itens[${nItem - 1}].icms.motDesICMS`, 'Informe o motivo da desoneração do ICMS (motDesICMS).');
  }
  const vCredICMSSN = icms.pCredSN ? pct(vOperacao, icms.pCredSN) : ZERO;

  const piscofins = (pc: Item['pis']) => {
    if (['01', '02'].includes(pc.CST) || (Number(pc.CST) >= 49 && pc.aliquota !== undefined && pc.aliquotaPorUnidade === undefined)) {
      const base = importacao ? importacao.valorAduaneiro : vOperacao;
      return { base, valor: pct(base, pc.aliquota) };
    }
    if (pc.CST === '03' || (Number(pc.CST) >= 49 && pc.aliquotaPorUnidade !== undefined)) {
      return { base: qTrib, valor: round2(qTrib.times(dec(pc.aliquotaPorUnidade))) };
    }
    if (Number(pc.CST) >= 49) return { base: ZERO, valor: ZERO };
    return { base: ZERO, valor: ZERO };
  };
  const pis = piscofins(item.pis);
  const cofins = piscofins(item.cofins);

  let vBCUFDest = ZERO, vFCPUFDest = ZERO, vICMSUFDest = ZERO;
  if (item.difal) {
    vBCUFDest = round2(baseCheia);
    vFCPUFDest = pct(vBCUFDest, item.difal.pFCPUFDest);
    vICMSUFDest = D.max(ZERO, pct(vBCUFDest, dec(item.difal.pICMSUFDest).minus(dec(item.difal.pICMSInter))));
  }

  // An imported line's base is the customs value plus II, despesas aduaneiras and IOF (baseIbsCbsImportacao).
  const ibs = doc.reformaTributaria && item.ibsCbs ? calcularIbsCbs(item.ibsCbs, importacao ? baseIbsCbsImportacao(importacao) : vOperacao) : undefined;
  const vIBSUF = ibs?.uf.valor ?? ZERO, vIBSMun = ibs?.mun.valor ?? ZERO, vCBS = ibs?.cbs.valor ?? ZERO;

  const vII = dec(item.impostoImportacao?.vII);
  let vBCISS = ZERO, vISSQN = ZERO, vISSRet = ZERO;
  if (item.issqn) {
    vBCISS = D.max(ZERO, vProd.minus(dec(item.issqn.vDeducao)).minus(vDesc));
    vISSQN = pct(vBCISS, item.issqn.vAliq);
    if (item.issqn.retido) vISSRet = vISSQN;
  }
  const cide = item.combustivel?.cide;
  const vCIDE = cide ? round2(dec(cide.qBCProd).times(dec(cide.vAliqProd))) : ZERO;

  return {
    nItem, item, vProd, vFrete, vSeg, vDesc, vOutro, qTrib, vUnTrib,
    vBC, vICMS, vICMSOp, vICMSDif, vBCFCP, vFCP, vBCST, vICMSST, vBCFCPST, vFCPST, vICMSDeson, vCredICMSSN,
    vFCPSTRet: ZERO,
    vBCIPI, vIPI, vBCPIS: pis.base, vPIS: pis.valor, vBCCOFINS: cofins.base, vCOFINS: cofins.valor,
    vBCUFDest, vFCPUFDest, vICMSUFDest, vIBSUF, vIBSMun, vCBS, ibs,
    vII, servico, vBCISS, vISSQN, vISSRet, vCIDE,
    vTotTrib: item.valorAproximadoTributos !== undefined ? dec(item.valorAproximadoTributos) : undefined,
    somaBC: temProprio,
    somaST: temST,
  };
}

/** The import computation of one item from its groups (rates of IPI, PIS, COFINS and ICMS; II, despesas and IOF of the DI). */
function importacaoDoItem(item: Item, icms: Icms, valorAduaneiro: Dec): ImportacaoCalculada {
  const ii = item.impostoImportacao!;
  const ipiTributado = item.ipi && ['00', '49', '50', '99'].includes(item.ipi.CST) && item.ipi.pIPI !== undefined;
  const advalorem = (pc: Item['pis']) => (['01', '02'].includes(pc.CST) || (Number(pc.CST) >= 49 && pc.aliquotaPorUnidade === undefined) ? pc.aliquota : undefined);
  const cod = icms.CST ?? icms.CSOSN ?? '';
  const proprio = icms.CSOSN ? cod === '900' : CST_ICMS_PROPRIO.has(cod);
  return calcularImportacao({
    valorAduaneiro, vII: ii.vII, vDespAdu: ii.vDespAdu, vIOF: ii.vIOF,
    pIPI: ipiTributado ? item.ipi!.pIPI : undefined,
    pPIS: advalorem(item.pis), pCOFINS: advalorem(item.cofins),
    pICMS: proprio ? icms.pICMS : undefined, pFCP: proprio ? icms.pFCP : undefined, pRedBC: proprio ? icms.pRedBC : undefined,
  });
}

const tributo = (base: Dec, p: string | undefined, red: string | undefined, dif: string | undefined, dev: string | undefined): TributoIbsCbs => {
  const pd = dec(p);
  const pEfet = red ? pd.times(new D(1).minus(dec(red).dividedBy(100))).toDecimalPlaces(4, D.ROUND_HALF_UP) : pd;
  const bruto = pct(base, pEfet);
  const vDif = dif ? pct(bruto, dif) : ZERO;
  const vDevTrib = dec(dev);
  return { p: pd, pEfet, vDif, vDevTrib, valor: D.max(ZERO, bruto.minus(vDif).minus(vDevTrib)) };
};

/**
 * IBSCBS of one item (PL_010): regular (gIBSCBS with gDif/gDevTrib/gRed), monophasic fuel (gIBSCBSMono: ad rem
 * rates times the quantity), credit transfer (gTransfCred), and the presumed credit over the item's base.
 */
export function calcularIbsCbs(r: NonNullable<Item['ibsCbs']>, vBC: Dec): IbsCbsCalculado {
  const zero: TributoIbsCbs = { p: ZERO, pEfet: ZERO, vDif: ZERO, vDevTrib: ZERO, valor: ZERO };
  const grupo = r.monofasia ? 'mono' : r.transferenciaCredito ? 'transf' : r.ajusteCompetencia ? 'ajuste'
    : r.pIBSUF !== undefined || r.pIBSMun !== undefined || r.pCBS !== undefined ? 'regular' : 'nenhum';
  const res: IbsCbsCalculado = { grupo, vBC, uf: zero, mun: zero, cbs: zero };
  if (grupo === 'regular') {
    res.uf = tributo(vBC, r.pIBSUF, r.reducao?.pIBSUF, r.diferimento?.pIBSUF, r.devolucao?.vIBSUF);
    res.mun = tributo(vBC, r.pIBSMun, r.reducao?.pIBSMun, r.diferimento?.pIBSMun, r.devolucao?.vIBSMun);
    res.cbs = tributo(vBC, r.pCBS, r.reducao?.pCBS, r.diferimento?.pCBS, r.devolucao?.vCBS);
  }
  if (r.monofasia) {
    const m = r.monofasia;
    const q = (a: string | undefined, b: string | undefined) => round2(dec(a).times(dec(b)));
    const vIBSMono = q(m.qBCMono, m.adRemIBS), vCBSMono = q(m.qBCMono, m.adRemCBS);
    const vIBSMonoReten = q(m.qBCMonoReten, m.adRemIBSReten), vCBSMonoReten = q(m.qBCMonoReten, m.adRemCBSReten);
    const vIBSMonoDif = m.pDifIBS ? pct(vIBSMono, m.pDifIBS) : ZERO, vCBSMonoDif = m.pDifCBS ? pct(vCBSMono, m.pDifCBS) : ZERO;
    res.mono = {
      vIBSMono, vCBSMono, vIBSMonoReten, vCBSMonoReten,
      vIBSMonoRet: q(m.qBCMonoRet, m.adRemIBSRet), vCBSMonoRet: q(m.qBCMonoRet, m.adRemCBSRet),
      vIBSMonoDif, vCBSMonoDif,
      vTotIBSMonoItem: vIBSMono.plus(vIBSMonoReten).minus(vIBSMonoDif),
      vTotCBSMonoItem: vCBSMono.plus(vCBSMonoReten).minus(vCBSMonoDif),
    };
  }
  if (r.creditoPresumido) {
    const c = r.creditoPresumido;
    res.credPres = { vBC, vIBS: c.pIBS ? pct(vBC, c.pIBS) : ZERO, vCBS: c.pCBS ? pct(vBC, c.pCBS) : ZERO, condicaoSuspensiva: c.condicaoSuspensiva === true };
  }
  return res;
}

/** ICMSTot by the MOC's sums; vNF by the formula SEFAZ checks (rule 610). */
export function calcularTotais(itens: ItemCalculado[]): Totais {
  const tot = (f: (i: ItemCalculado) => Dec, filtro: (i: ItemCalculado) => boolean = () => true) => sum(itens.filter(filtro).map(f));
  const noTotal = (i: ItemCalculado) => i.item.compoeTotal !== false;
  const mercadoria = (i: ItemCalculado) => !i.servico;
  const servicoNoTotal = (i: ItemCalculado) => i.servico && noTotal(i);
  // ICMSTot.vProd sums the goods; the services go to ISSQNtot.vServ, and vNF adds both (rule 610, NT 2011/005).
  const vProd = tot((i) => i.vProd, (i) => noTotal(i) && mercadoria(i));
  const vServ = tot((i) => i.vProd, servicoNoTotal);
  const vFrete = tot((i) => i.vFrete, noTotal);
  const vSeg = tot((i) => i.vSeg, noTotal);
  const vDesc = tot((i) => i.vDesc, noTotal);
  const vOutro = tot((i) => i.vOutro, noTotal);
  const vICMSDeson = tot((i) => i.vICMSDeson);
  const vICMSDesonDeduzido = tot((i) => i.vICMSDeson, (i) => i.item.icms?.deduzDesoneracao === true);
  const vST = tot((i) => i.vICMSST);
  const vFCPST = tot((i) => i.vFCPST);
  const vIPI = tot((i) => i.vIPI);
  const vII = tot((i) => i.vII);
  const vIPIDevol = ZERO;
  // Faturamento direto de veículos novos (tpOp 2): the ST is not added to vNF (rule 610, exception 1).
  const faturamentoDireto = itens.some((i) => i.item.veiculo?.tpOp === 2);
  const vNF = vProd.minus(vDesc).minus(vICMSDesonDeduzido).plus(faturamentoDireto ? ZERO : vST.plus(vFCPST)).plus(vFrete).plus(vSeg).plus(vOutro)
    .plus(vII).plus(vIPI).plus(vIPIDevol).plus(vServ);
  const ib = (f: (x: IbsCbsCalculado) => Dec) => sum(itens.map((i) => (i.ibs ? f(i.ibs) : ZERO)));
  const mono = (f: (m: NonNullable<IbsCbsCalculado['mono']>) => Dec) => ib((x) => (x.mono ? f(x.mono) : ZERO));
  const cred = (f: (c: NonNullable<IbsCbsCalculado['credPres']>) => Dec, suspensa: boolean) =>
    ib((x) => (x.credPres && x.credPres.condicaoSuspensiva === suspensa ? f(x.credPres) : ZERO));
  const estorno = (k: 'vIBSEstCred' | 'vCBSEstCred') => sum(itens.map((i) => dec(i.ibs && i.item.ibsCbs?.estornoCredito?.[k])));
  const algumTotTrib = itens.some((i) => i.vTotTrib !== undefined);
  return {
    vBC: tot((i) => i.vBC),
    vICMS: tot((i) => i.vICMS),
    vICMSDeson,
    vFCPUFDest: tot((i) => i.vFCPUFDest),
    vICMSUFDest: tot((i) => i.vICMSUFDest),
    vICMSUFRemet: ZERO,
    vFCP: tot((i) => i.vFCP),
    vBCST: tot((i) => i.vBCST),
    vST,
    vFCPST,
    vFCPSTRet: tot((i) => i.vFCPSTRet),
    vProd, vFrete, vSeg, vDesc, vII, vIPI, vIPIDevol,
    // PIS/COFINS of ICMSTot are those of the goods (rules 602/603); the services' go to ISSQNtot.
    vPIS: tot((i) => i.vPIS, mercadoria),
    vCOFINS: tot((i) => i.vCOFINS, mercadoria),
    vOutro,
    vNF,
    vTotTrib: algumTotTrib ? tot((i) => i.vTotTrib ?? ZERO) : undefined,
    temDifal: itens.some((i) => i.item.difal !== undefined),
    temServico: itens.some((i) => i.servico),
    vServ,
    vBCISS: tot((i) => i.vBCISS),
    vISS: tot((i) => i.vISSQN),
    vPISServ: tot((i) => i.vPIS, (i) => i.servico),
    vCOFINSServ: tot((i) => i.vCOFINS, (i) => i.servico),
    vDeducao: tot((i) => dec(i.item.issqn?.vDeducao)),
    vOutroServ: tot((i) => dec(i.item.issqn?.vOutro)),
    vDescIncond: tot((i) => i.vDesc, (i) => i.servico),
    vDescCond: tot((i) => dec(i.item.issqn?.vDescCond)),
    vISSRet: tot((i) => i.vISSRet),
    vBCIBSCBS: ib((x) => (x.grupo === 'regular' ? x.vBC : ZERO)),
    ibs: {
      vDifUF: ib((x) => x.uf.vDif), vDevTribUF: ib((x) => x.uf.vDevTrib), vDifMun: ib((x) => x.mun.vDif), vDevTribMun: ib((x) => x.mun.vDevTrib),
      vDifCBS: ib((x) => x.cbs.vDif), vDevTribCBS: ib((x) => x.cbs.vDevTrib),
      vCredPresIBS: cred((c) => c.vIBS, false), vCredPresCondSusIBS: cred((c) => c.vIBS, true),
      vCredPresCBS: cred((c) => c.vCBS, false), vCredPresCondSusCBS: cred((c) => c.vCBS, true),
      temMono: itens.some((i) => i.ibs?.mono !== undefined),
      vIBSMono: mono((m) => m.vIBSMono), vCBSMono: mono((m) => m.vCBSMono), vIBSMonoReten: mono((m) => m.vIBSMonoReten),
      vCBSMonoReten: mono((m) => m.vCBSMonoReten), vIBSMonoRet: mono((m) => m.vIBSMonoRet), vCBSMonoRet: mono((m) => m.vCBSMonoRet),
      temEstorno: itens.some((i) => i.ibs !== undefined && i.item.ibsCbs?.estornoCredito !== undefined),
      vIBSEstCred: estorno('vIBSEstCred'), vCBSEstCred: estorno('vCBSEstCred'),
    },
    vIBSUF: tot((i) => i.vIBSUF),
    vIBSMun: tot((i) => i.vIBSMun),
    vCBS: tot((i) => i.vCBS),
  };
}

export interface OpcoesCalculo {
  /** fixed cNF (tests, or re-issuing a document in contingency with the same key) */
  cNF?: string;
}

/** Derives everything the layout computes: item taxes, ICMSTot, idDest, cNF, the access key and cDV, change. */
export function calcularNfe(doc: NfeDocumento, opcoes: OpcoesCalculo = {}): NfeCalculada {
  const erros = validarRegrasNfe(doc);
  if (erros.length) throw new CalculoError(erros[0].caminho, erros.map((e) => e.mensagem).join(' '), erros);
  const nfce = doc.modelo === 65;
  const indFinal: 0 | 1 = (doc.ide.consumidorFinal ?? nfce) ? 1 : 0;
  const ufEmit = doc.emitente.endereco.uf;
  const ufDest = doc.destinatario?.endereco?.uf;
  const idDest: 1 | 2 | 3 = !ufDest || ufDest === ufEmit ? 1 : ufDest === 'EX' ? 3 : 2;
  const itens = doc.itens.map((it, i) => calcularItem(doc, it, i + 1, indFinal));
  const totais = calcularTotais(itens);
  // vItem/vNFTot (NT 2025.002-RTC VB01/W60): written with the reform groups; IBS/CBS enter them from 2027.
  const reforma = doc.reformaTributaria === true && itens.some((i) => i.item.ibsCbs);
  const vItem = reforma ? itens.map((i) => valorDoItem(i, Number(doc.ide.dataEmissao.slice(0, 4)))) : undefined;
  if (vItem) totais.vNFTot = sum(vItem);
  const vPagTotal = sum(doc.pagamentos.map((p) => dec(p.valor)));
  const vTroco = D.max(ZERO, vPagTotal.minus(totais.vNF));
  if (vPagTotal.lessThan(totais.vNF) && !doc.pagamentos.every((p) => p.tPag === '90')) {
    throw new CalculoError('pagamentos', `A soma dos pagamentos (R$ ${vPagTotal.toFixed(2)}) é menor que o total da nota (R$ ${totais.vNF.toFixed(2)}).`);
  }
  const tpEmis = doc.ide.tipoEmissao ?? 1;
  const cUF = codigoUf(ufEmit);
  const cNF = opcoes.cNF ?? doc.ide.codigoNumerico ?? gerarCodigoNumerico(doc.ide.numero);
  const documento = doc.emitente.cnpj ?? doc.emitente.cpf;
  if (!documento) throw new CalculoError('emitente', 'Informe o CNPJ ou o CPF do emitente.');
  const chave = montarChave({
    cUF, dataEmissao: doc.ide.dataEmissao, documento, modelo: doc.modelo, serie: doc.ide.serie, numero: doc.ide.numero, tpEmis, cNF,
  });
  return {
    doc, chave, cUF, cNF, cDV: partesDaChave(chave).cDV, tpEmis,
    tpImp: doc.ide.tipoImpressao ?? (nfce ? 4 : 1),
    idDest, indFinal, itens, ...(vItem ? { vItem } : {}), totais, vPagTotal, vTroco,
  };
}
