import { D, dec, fmt2, pct, round2, ZERO, type Dec } from './decimal.ts';

/**
 * Tax rules as versioned data (issue 17): one pure function, run by the server (issuing, POST
 * /api/Tributacao/simular) and by the screens (live taxes while typing), that picks the CFOP, the ICMS
 * (CST/CSOSN, rates, ST, FCP, DIFAL), IPI, PIS and COFINS of one line from the product's perfil tributário,
 * the natureza's CFOPs and the origin/destination UFs, and computes the amounts with decimals.
 *
 * A rule row is valid from its vigenciaInicio until the next row of the same key starts: a change of law is a
 * new row with a later start, never an edit of the past, so a note of an earlier date still finds its rule.
 */

/** Row of fiscais/tributacoes-estaduais (table tributacoes_estaduais), as the API returns it. */
export interface TributacaoEstadualRegra {
  id: number;
  perfilTributarioId: number;
  ufOrigem: string;
  ufDestino: string;
  /** yyyy-mm-dd */
  vigenciaInicio: string;
  /** CST of the ICMS, for issuers in the Regime Normal (CRT 2 and 3) */
  cstIcms?: string | null;
  /** CSOSN, for issuers in the Simples Nacional (CRT 1 and 4) */
  csosn?: string | null;
  modalidadeBc?: number | null;
  aliquotaIcms?: string | null;
  reducaoBase?: string | null;
  /** pCredSN of CSOSN 101/201 */
  aliquotaCreditoSn?: string | null;
  modalidadeBcSt?: number | null;
  mvaSt?: string | null;
  reducaoBaseSt?: string | null;
  /** internal ICMS rate of the destination for the ST */
  aliquotaIcmsSt?: string | null;
  aliquotaFcp?: string | null;
  aliquotaFcpSt?: string | null;
  /** internal ICMS rate of the destination UF (DIFAL, EC 87/2015) */
  aliquotaIcmsUfDestino?: string | null;
  aliquotaFcpUfDestino?: string | null;
  /** replaces the natureza's CFOP for this rule (e.g. 5405 for goods under ST) */
  cfop?: string | null;
}

/** Row of fiscais/tributacoes-federais (table tributacoes_federais). */
export interface TributacaoFederalRegra {
  id: number;
  perfilTributarioId: number;
  vigenciaInicio: string;
  cstIpi?: string | null;
  aliquotaIpi?: string | null;
  enquadramentoIpi?: string | null;
  cstPis: string;
  aliquotaPis?: string | null;
  cstCofins: string;
  aliquotaCofins?: string | null;
}

/** CRT of the NF-e (lookup regimeDocumento): 1 Simples, 2 Simples com excesso de sublimite, 3 Normal, 4 MEI. */
export type Crt = 1 | 2 | 3 | 4;

export interface EntradaTributacao {
  /** issue date, yyyy-mm-dd */
  data: string;
  emitente: { uf: string; crt: Crt };
  /** indIEDest: 1 contribuinte, 2 isento, 9 não contribuinte; uf 'EX' for abroad */
  destinatario: { uf: string; indIEDest: 1 | 2 | 9; consumidorFinal: boolean };
  /** the natureza de operação's CFOPs */
  natureza: { cfopMesmaUf: string; cfopOutraUf: string; cfopExterior?: string | null };
  produto: { ncm?: string | null; cest?: string | null; origem: number; perfilTributarioId: number };
  /** the line's value (vProd + frete + seguro + outras − desconto), decimal string */
  valor: string;
  /**
   * A return (devolução de compra or de venda): whether the returned goods were under ICMS-ST in the operation they
   * return (the entry's ICMS-ST, the sale's ST). Undefined: the goods are under ST when the rule's CST/CSOSN says so.
   */
  itemComSt?: boolean;
  regras: { estaduais: TributacaoEstadualRegra[]; federais: TributacaoFederalRegra[] };
}

export interface IcmsTributado {
  orig: number;
  CST?: string;
  CSOSN?: string;
  modBC?: number;
  pRedBC?: string;
  pICMS?: string;
  pFCP?: string;
  modBCST?: number;
  pMVAST?: string;
  pRedBCST?: string;
  pICMSST?: string;
  pFCPST?: string;
  pCredSN?: string;
  vBC: string;
  vICMS: string;
  vBCFCP: string;
  vFCP: string;
  vBCST: string;
  vICMSST: string;
  vBCFCPST: string;
  vFCPST: string;
  vCredICMSSN: string;
}

export interface DifalTributado {
  pICMSInter: '4.00' | '7.00' | '12.00';
  pICMSUFDest: string;
  pFCPUFDest: string;
  vBCUFDest: string;
  vICMSUFDest: string;
  vFCPUFDest: string;
}

export interface TributacaoItem {
  cfop: string;
  /** 1 interna, 2 interestadual, 3 exterior */
  idDest: 1 | 2 | 3;
  /** the rule versions applied */
  regra: { estadual: { id: number; vigenciaInicio: string }; federal: { id: number; vigenciaInicio: string } | null };
  icms: IcmsTributado;
  difal: DifalTributado | null;
  ipi: { CST: string; cEnq: string; pIPI?: string; vBC: string; vIPI: string } | null;
  pis: { CST: string; aliquota?: string; vBC: string; vPIS: string } | null;
  cofins: { CST: string; aliquota?: string; vBC: string; vCOFINS: string } | null;
  /** what the caller should know (no federal rule: PIS/COFINS left to be informed) */
  avisos: string[];
}

/** A rule that cannot be applied, in Portuguese, naming what to fix. */
export class TributacaoError extends Error {
  constructor(message: string, public campo?: string) {
    super(message);
    this.name = 'TributacaoError';
  }
}

const SIMPLES: ReadonlySet<number> = new Set([1, 4]);
/** CSTs with the issuer's own ICMS */
const CST_PROPRIO = new Set(['00', '10', '20', '51', '70', '90']);
const CST_REDUCAO = new Set(['20', '70']);
/** codes that carry ICMS-ST; those outside OPCIONAL require its rate */
const COM_ST = new Set(['10', '30', '70', '90', '201', '202', '203', '900']);
const ST_OPCIONAL = new Set(['90', '900']);
const CSOSN_CREDITO = new Set(['101', '201']);
const IPI_TRIBUTADO = new Set(['00', '49', '50', '99']);
/** imported goods (Resolução do Senado 13/2012): 4% between UFs */
const ORIGEM_IMPORTADA = new Set([1, 2, 3, 8]);
/** South and Southeast except Espírito Santo: 7% towards N, NE, CO and ES (Resolução do Senado 22/1989) */
const SUL_SUDESTE = new Set(['MG', 'PR', 'RJ', 'RS', 'SC', 'SP']);
/** CST/CSOSN of goods under ST: charged here (10, 30, 70, 201–203) or retained before (60, 500). */
const MERCADORIA_COM_ST = new Set(['10', '30', '60', '70', '201', '202', '203', '500']);

/**
 * The CFOPs of a return and their counterpart for goods under ICMS-ST (CFOP table, Convênio s/nº 1970 as amended):
 * devolução de compra para industrialização 5201/6201 → 5410/6410, para comercialização 5202/6202 → 5411/6411;
 * devolução de venda de produção própria 1201/2201 → 1410/2410, de mercadoria de terceiros 1202/2202 → 1411/2411.
 */
export const CFOP_DEVOLUCAO_COM_ST: Readonly<Record<string, string>> = {
  '5201': '5410', '6201': '6410', '5202': '5411', '6202': '6411',
  '1201': '1410', '2201': '2410', '1202': '1411', '2202': '2411',
};
const CFOP_DEVOLUCAO_SEM_ST: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(CFOP_DEVOLUCAO_COM_ST).map(([a, b]) => [b, a]));

/**
 * The CFOP of a returned line: the natureza's return CFOP, turned into its ST counterpart when the goods were under
 * ST (and back when they were not, for a natureza whose CFOP is the ST one). Undefined when the CFOP is not a return's.
 */
export function cfopDevolucao(cfopNatureza: string, comSt: boolean): string | undefined {
  if (CFOP_DEVOLUCAO_COM_ST[cfopNatureza]) return comSt ? CFOP_DEVOLUCAO_COM_ST[cfopNatureza] : cfopNatureza;
  if (CFOP_DEVOLUCAO_SEM_ST[cfopNatureza]) return comSt ? cfopNatureza : CFOP_DEVOLUCAO_SEM_ST[cfopNatureza];
  return undefined;
}

const dataBr = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
const filled = (v: string | null | undefined): v is string => v !== undefined && v !== null && v !== '';
const rate = (v: string | Dec) => fmt2(dec(v));

/** The interstate ICMS rate between two UFs for goods of this origin: 4, 7 or 12%. */
export function aliquotaInterestadual(ufOrigem: string, ufDestino: string, origem: number): '4.00' | '7.00' | '12.00' {
  if (ORIGEM_IMPORTADA.has(origem)) return '4.00';
  if (SUL_SUDESTE.has(ufOrigem) && !SUL_SUDESTE.has(ufDestino)) return '7.00';
  return '12.00';
}

/**
 * The version of a rule valid on a date: among the rows of one key, the one with the latest vigenciaInicio
 * not after the date. Undefined when the key has no row valid yet.
 */
export function regraVigente<T extends { vigenciaInicio: string; id: number }>(rows: T[], data: string): T | undefined {
  const dia = data.slice(0, 10);
  let best: T | undefined;
  for (const r of rows) {
    const inicio = r.vigenciaInicio.slice(0, 10);
    if (inicio > dia) continue;
    if (!best || inicio > best.vigenciaInicio.slice(0, 10) || (inicio === best.vigenciaInicio.slice(0, 10) && r.id > best.id)) best = r;
  }
  return best;
}

/** The taxes of one line. Throws TributacaoError when the rules do not cover it. */
export function calcularTributacao(e: EntradaTributacao): TributacaoItem {
  const ufO = e.emitente.uf.toUpperCase();
  const ufD = e.destinatario.uf.toUpperCase();
  const idDest: 1 | 2 | 3 = ufD === 'EX' ? 3 : ufO === ufD ? 1 : 2;
  const perfil = e.produto.perfilTributarioId;
  const valor = dec(e.valor);
  if (valor.isNegative()) throw new TributacaoError('O valor do item não pode ser negativo.', 'valor');
  const avisos: string[] = [];

  const estadual = regraVigente(
    e.regras.estaduais.filter((r) => r.perfilTributarioId === perfil && r.ufOrigem === ufO && r.ufDestino === ufD),
    e.data,
  );
  if (!estadual) {
    throw new TributacaoError(`Nenhuma tributação estadual do perfil tributário para operações de ${ufO} para ${ufD} vigente em ${dataBr(e.data)}. Cadastre-a em Configurações > Fiscal > Tributações estaduais.`, 'tributacaoEstadual');
  }
  const federal = regraVigente(e.regras.federais.filter((r) => r.perfilTributarioId === perfil), e.data);
  if (!federal) avisos.push(`Nenhuma tributação federal do perfil tributário vigente em ${dataBr(e.data)}: informe IPI, PIS e COFINS do item.`);

  // IPI first: it enters the ICMS base of a sale to a final consumer and always the ST base.
  let ipi: TributacaoItem['ipi'] = null;
  let vIPI: Dec = ZERO;
  if (federal && filled(federal.cstIpi)) {
    const tributado = IPI_TRIBUTADO.has(federal.cstIpi) && filled(federal.aliquotaIpi);
    const vBC = tributado ? valor : ZERO;
    vIPI = tributado ? pct(vBC, federal.aliquotaIpi!) : ZERO;
    ipi = { CST: federal.cstIpi, cEnq: federal.enquadramentoIpi || '999', ...(tributado ? { pIPI: rate(federal.aliquotaIpi!) } : {}), vBC: fmt2(vBC), vIPI: fmt2(vIPI) };
  }
  const baseCheia = e.destinatario.consumidorFinal ? valor.plus(vIPI) : valor;

  const simples = SIMPLES.has(e.emitente.crt);
  const codigo = simples ? estadual.csosn : estadual.cstIcms;
  if (!filled(codigo)) {
    throw new TributacaoError(
      simples
        ? `A tributação estadual de ${ufO} para ${ufD} não tem CSOSN, exigido para o emitente do Simples Nacional.`
        : `A tributação estadual de ${ufO} para ${ufD} não tem CST do ICMS, exigido para o emitente do Regime Normal.`,
      simples ? 'csosn' : 'cstIcms',
    );
  }

  // ICMS rate: imported goods between UFs pay 4% whatever the row says; an interstate row without a rate
  // takes the rate of the Senate resolutions.
  let pICMS: Dec | undefined;
  if (idDest === 2 && ORIGEM_IMPORTADA.has(e.produto.origem)) pICMS = dec('4');
  else if (filled(estadual.aliquotaIcms)) pICMS = dec(estadual.aliquotaIcms);
  else if (idDest === 2) pICMS = dec(aliquotaInterestadual(ufO, ufD, e.produto.origem));

  const temProprio = simples ? codigo === '900' && pICMS !== undefined : CST_PROPRIO.has(codigo) && pICMS !== undefined;
  if (!simples && CST_PROPRIO.has(codigo) && codigo !== '90' && pICMS === undefined) {
    throw new TributacaoError(`O CST ${codigo} exige a alíquota do ICMS na tributação estadual de ${ufO} para ${ufD}.`, 'aliquotaIcms');
  }
  const pRedBC = filled(estadual.reducaoBase) && !dec(estadual.reducaoBase).isZero() ? dec(estadual.reducaoBase) : undefined;
  if (!simples && CST_REDUCAO.has(codigo) && !pRedBC) {
    throw new TributacaoError(`O CST ${codigo} exige o percentual de redução da base de cálculo.`, 'reducaoBase');
  }
  const redutor = (p: Dec | undefined) => (p ? new D(1).minus(p.dividedBy(100)) : new D(1));

  const icms: IcmsTributado = {
    orig: e.produto.origem,
    ...(simples ? { CSOSN: codigo } : { CST: codigo }),
    vBC: '0.00', vICMS: '0.00', vBCFCP: '0.00', vFCP: '0.00', vBCST: '0.00', vICMSST: '0.00', vBCFCPST: '0.00', vFCPST: '0.00', vCredICMSSN: '0.00',
  };
  let vICMS = ZERO, vFCP = ZERO;
  if (temProprio) {
    const vBC = round2(baseCheia.times(redutor(pRedBC)));
    vICMS = pct(vBC, pICMS!);
    icms.modBC = estadual.modalidadeBc ?? 3;
    if (pRedBC) icms.pRedBC = rate(pRedBC);
    icms.pICMS = rate(pICMS!);
    icms.vBC = fmt2(vBC);
    icms.vICMS = fmt2(vICMS);
    if (filled(estadual.aliquotaFcp) && !dec(estadual.aliquotaFcp).isZero()) {
      vFCP = pct(vBC, estadual.aliquotaFcp);
      icms.pFCP = rate(estadual.aliquotaFcp);
      icms.vBCFCP = fmt2(vBC);
      icms.vFCP = fmt2(vFCP);
    }
  }

  if (simples && CSOSN_CREDITO.has(codigo)) {
    if (!filled(estadual.aliquotaCreditoSn)) throw new TributacaoError(`O CSOSN ${codigo} exige a alíquota do crédito do Simples Nacional (pCredSN).`, 'aliquotaCreditoSn');
    icms.pCredSN = rate(estadual.aliquotaCreditoSn);
    icms.vCredICMSSN = fmt2(pct(valor, estadual.aliquotaCreditoSn));
  }

  if (COM_ST.has(codigo) && (filled(estadual.aliquotaIcmsSt) || !ST_OPCIONAL.has(codigo))) {
    if (!filled(estadual.aliquotaIcmsSt)) throw new TributacaoError(`O ${simples ? 'CSOSN' : 'CST'} ${codigo} exige a alíquota do ICMS-ST na tributação estadual de ${ufO} para ${ufD}.`, 'aliquotaIcmsSt');
    const mva = filled(estadual.mvaSt) ? dec(estadual.mvaSt) : ZERO;
    const pRedBCST = filled(estadual.reducaoBaseSt) && !dec(estadual.reducaoBaseSt).isZero() ? dec(estadual.reducaoBaseSt) : undefined;
    const vBCST = round2(valor.plus(vIPI).times(new D(1).plus(mva.dividedBy(100))).times(redutor(pRedBCST)));
    // ST is the tax on the presumed base minus the tax of the own operation; for the Simples (201, 202) the
    // own operation is valued at the row's ICMS rate, for 203 (isento na faixa) there is nothing to deduct.
    const deduzir = temProprio ? vICMS : simples && codigo !== '203' && pICMS ? pct(round2(valor.times(redutor(pRedBC))), pICMS) : ZERO;
    const vICMSST = D.max(ZERO, pct(vBCST, estadual.aliquotaIcmsSt).minus(deduzir));
    icms.modBCST = estadual.modalidadeBcSt ?? 4;
    if (!mva.isZero()) icms.pMVAST = rate(mva);
    if (pRedBCST) icms.pRedBCST = rate(pRedBCST);
    icms.pICMSST = rate(estadual.aliquotaIcmsSt);
    icms.vBCST = fmt2(vBCST);
    icms.vICMSST = fmt2(vICMSST);
    if (simples && pICMS && !temProprio && codigo !== '203') icms.pICMS = rate(pICMS);
    if (filled(estadual.aliquotaFcpSt) && !dec(estadual.aliquotaFcpSt).isZero()) {
      icms.pFCPST = rate(estadual.aliquotaFcpSt);
      icms.vBCFCPST = fmt2(vBCST);
      icms.vFCPST = fmt2(D.max(ZERO, pct(vBCST, estadual.aliquotaFcpSt).minus(vFCP)));
    }
  }

  // DIFAL (EC 87/2015, LC 190/2022): interstate sale to a final consumer who does not pay ICMS; the whole
  // difference goes to the destination UF since 2019.
  let difal: DifalTributado | null = null;
  if (idDest === 2 && e.destinatario.consumidorFinal && e.destinatario.indIEDest === 9) {
    if (!filled(estadual.aliquotaIcmsUfDestino)) {
      throw new TributacaoError(`Venda a consumidor não contribuinte de ${ufD}: informe a alíquota interna de ${ufD} (DIFAL) na tributação estadual de ${ufO} para ${ufD}.`, 'aliquotaIcmsUfDestino');
    }
    const inter = pICMS && ['4.00', '7.00', '12.00'].includes(rate(pICMS)) ? (rate(pICMS) as DifalTributado['pICMSInter']) : aliquotaInterestadual(ufO, ufD, e.produto.origem);
    const vBCUFDest = round2(baseCheia);
    const pDest = dec(estadual.aliquotaIcmsUfDestino);
    const pFcpDest = filled(estadual.aliquotaFcpUfDestino) ? dec(estadual.aliquotaFcpUfDestino) : ZERO;
    difal = {
      pICMSInter: inter,
      pICMSUFDest: rate(pDest),
      pFCPUFDest: rate(pFcpDest),
      vBCUFDest: fmt2(vBCUFDest),
      vICMSUFDest: fmt2(D.max(ZERO, pct(vBCUFDest, pDest.minus(dec(inter))))),
      vFCPUFDest: fmt2(pct(vBCUFDest, pFcpDest)),
    };
  }

  const pisCofins = (cst: string, aliquota: string | null | undefined) => {
    const n = Number(cst);
    const tributado = filled(aliquota) && (n === 1 || n === 2 || n >= 49);
    const vBC = tributado ? valor : ZERO;
    return { CST: cst, ...(tributado ? { aliquota: rate(aliquota!) } : {}), vBC: fmt2(vBC), valor: fmt2(tributado ? pct(vBC, aliquota!) : ZERO) };
  };
  let pis: TributacaoItem['pis'] = null;
  let cofins: TributacaoItem['cofins'] = null;
  if (federal) {
    const p = pisCofins(federal.cstPis, federal.aliquotaPis);
    const c = pisCofins(federal.cstCofins, federal.aliquotaCofins);
    pis = { CST: p.CST, ...(p.aliquota ? { aliquota: p.aliquota } : {}), vBC: p.vBC, vPIS: p.valor };
    cofins = { CST: c.CST, ...(c.aliquota ? { aliquota: c.aliquota } : {}), vBC: c.vBC, vCOFINS: c.valor };
  }

  const cfopNatureza = idDest === 3 ? e.natureza.cfopExterior : idDest === 1 ? e.natureza.cfopMesmaUf : e.natureza.cfopOutraUf;
  // A return keeps the natureza's return CFOP (the rule's own CFOP names the sale, e.g. 5405), with ST or not.
  const devolucao = filled(cfopNatureza) ? cfopDevolucao(cfopNatureza, e.itemComSt ?? MERCADORIA_COM_ST.has(codigo)) : undefined;
  const cfop = devolucao ?? (filled(estadual.cfop) ? estadual.cfop : cfopNatureza);
  if (!filled(cfop)) {
    const [onde, campo] = idDest === 3 ? ['para operações com o exterior', 'cfopExterior'] : idDest === 1 ? ['dentro do estado', 'cfopMesmaUf'] : ['fora do estado', 'cfopOutraUf'];
    throw new TributacaoError(`A natureza de operação não tem CFOP ${onde}: preencha-o em Configurações > Fiscal > Natureza de operação.`, campo);
  }

  return {
    cfop,
    idDest,
    regra: {
      estadual: { id: estadual.id, vigenciaInicio: estadual.vigenciaInicio.slice(0, 10) },
      federal: federal ? { id: federal.id, vigenciaInicio: federal.vigenciaInicio.slice(0, 10) } : null,
    },
    icms,
    difal,
    ipi,
    pis,
    cofins,
    avisos,
  };
}

/** Row of fiscais/observacoes-nota (table observacoes_nota). */
export interface ObservacaoNota {
  id: number;
  descricao: string;
  texto: string;
  /** true: infAdFis (interesse do fisco); false: infCpl */
  fisco: boolean;
  ufDestino?: string | null;
  perfilTributarioId?: number | null;
  ativo: boolean;
}

/**
 * The observation texts a note carries: the active ones whose conditions hold (no condition = every note; a
 * UF = notes to that UF; a perfil = notes with an item of that perfil), split by group of infAdic.
 */
export function observacoesAplicaveis(obs: ObservacaoNota[], nota: { ufDestino: string; perfis: number[] }): { infAdFis: string[]; infCpl: string[] } {
  const out = { infAdFis: [] as string[], infCpl: [] as string[] };
  for (const o of [...obs].sort((a, b) => a.id - b.id)) {
    if (!o.ativo) continue;
    if (filled(o.ufDestino) && o.ufDestino !== nota.ufDestino.toUpperCase()) continue;
    if (o.perfilTributarioId && !nota.perfis.includes(o.perfilTributarioId)) continue;
    (o.fisco ? out.infAdFis : out.infCpl).push(o.texto);
  }
  return out;
}
