import { D, dec, pct, round2, ZERO, type Dec } from './decimal.ts';

/**
 * The taxes of one line of an own-import NF-e (NF-e de entrada, CFOP 3xxx), one pure function run by the engine
 * (nfe-calculo), the server (which fills vOutro with it) and the screen (live totals while typing):
 *
 * - valor aduaneiro (VA): the line's vProd (+ frete/seguro − desconto when informed), the CIF value in reais the DI
 *   declares; it is also the base of the II group (P02 vBC) and of PIS/COFINS-importação (Lei 10.865/2004 art. 7º I,
 *   after Lei 12.865/2013 without the "por dentro" gross-up);
 * - IPI on VA + II (RIPI art. 190 I b);
 * - ICMS "por dentro" (LC 87/96 art. 13 V and § 1º I): (VA + II + IPI + PIS + COFINS + despesas aduaneiras (AFRMM,
 *   taxa Siscomex, …) + IOF) / (1 − alíquota), the FCP rate in the divisor too when the UF charges it, then the
 *   reduction of the base when the rule has one;
 * - vOutro: what the importer pays beyond VA, II and IPI (PIS + COFINS + despesas aduaneiras + IOF + ICMS), so vNF
 *   (rule 610: vProd + vII + vIPI + vOutro …) is the landed cost, and the ICMS base is vNF.
 */
export interface EntradaImportacao {
  /** VA: the line's customs value in reais (decimal string or Dec) */
  valorAduaneiro: string | Dec;
  vII?: string | Dec;
  /** despesas aduaneiras, AFRMM and taxa Siscomex included (P03 vDespAdu) */
  vDespAdu?: string | Dec;
  vIOF?: string | Dec;
  /** IPI rate when the IPI is charged (CST 00/49/50/99 with a rate) */
  pIPI?: string | null;
  /** PIS/COFINS-importação ad valorem rates */
  pPIS?: string | null;
  pCOFINS?: string | null;
  /** the ICMS rate when the line carries own ICMS (undefined: exempt/suspended, no base) */
  pICMS?: string | null;
  pFCP?: string | null;
  /** percentage reduction of the ICMS base */
  pRedBC?: string | null;
}

/** Bases and values of IPI, PIS and COFINS, as an item of the note carries them (nfe-calculo's ItemCalculado too). */
export interface IpiPisCofins {
  vBCIPI: Dec;
  vIPI: Dec;
  vBCPIS: Dec;
  vPIS: Dec;
  vBCCOFINS: Dec;
  vCOFINS: Dec;
}

export interface ImportacaoCalculada extends IpiPisCofins {
  valorAduaneiro: Dec;
  vII: Dec;
  vDespAdu: Dec;
  vIOF: Dec;
  vBC: Dec;
  vICMS: Dec;
  vFCP: Dec;
  /** PIS + COFINS + despesas aduaneiras + IOF + ICMS (+ FCP): the line's vOutro */
  vOutro: Dec;
  /** the landed cost: VA + II + IPI + vOutro */
  total: Dec;
}

/**
 * The IBS/CBS base of an imported line (LC 214/2025 art. 65: valor aduaneiro plus II, despesas aduaneiras and IOF;
 * NT 2025.002-RTC rule UB16-10's sum for the NF-e: vProd + vFrete + vSeg + vOutro + vII − vDesc − vPIS − vCOFINS −
 * vICMS − vFCP, which on an import line, whose vOutro holds PIS, COFINS, despesas, IOF and ICMS, is the same):
 * neither the ICMS "por dentro" nor PIS/COFINS-importação nor the IPI enter it.
 */
export const baseIbsCbsImportacao = (i: Pick<ImportacaoCalculada, 'valorAduaneiro' | 'vII' | 'vDespAdu' | 'vIOF'>): Dec => i.valorAduaneiro.plus(i.vII).plus(i.vDespAdu).plus(i.vIOF);

const filled = (v: string | null | undefined): v is string => v !== undefined && v !== null && v !== '';

export function calcularImportacao(e: EntradaImportacao): ImportacaoCalculada {
  const va = dec(e.valorAduaneiro);
  const vII = dec(e.vII);
  const vDespAdu = dec(e.vDespAdu);
  const vIOF = dec(e.vIOF);
  for (const [nome, v] of [['valor aduaneiro', va], ['II', vII], ['despesas aduaneiras', vDespAdu], ['IOF', vIOF]] as const) {
    if (v.isNegative()) throw new RangeError(`O valor de ${nome} não pode ser negativo.`);
  }
  const vBCIPI = filled(e.pIPI) ? va.plus(vII) : ZERO;
  const vIPI = filled(e.pIPI) ? pct(vBCIPI, e.pIPI) : ZERO;
  const vBCPIS = filled(e.pPIS) ? va : ZERO;
  const vPIS = filled(e.pPIS) ? pct(va, e.pPIS) : ZERO;
  const vBCCOFINS = filled(e.pCOFINS) ? va : ZERO;
  const vCOFINS = filled(e.pCOFINS) ? pct(va, e.pCOFINS) : ZERO;
  let vBC = ZERO, vICMS = ZERO, vFCP = ZERO;
  const soma = va.plus(vII).plus(vIPI).plus(vPIS).plus(vCOFINS).plus(vDespAdu).plus(vIOF);
  if (filled(e.pICMS)) {
    const aliquota = dec(e.pICMS).plus(dec(e.pFCP));
    if (aliquota.gte(100)) throw new RangeError('A alíquota do ICMS (com o FCP) deve ser menor que 100%.');
    const porDentro = soma.dividedBy(new D(1).minus(aliquota.dividedBy(100)));
    const redutor = filled(e.pRedBC) ? new D(1).minus(dec(e.pRedBC).dividedBy(100)) : new D(1);
    vBC = round2(porDentro.times(redutor));
    vICMS = pct(vBC, e.pICMS);
    if (filled(e.pFCP) && !dec(e.pFCP).isZero()) vFCP = pct(vBC, e.pFCP);
  }
  const vOutro = vPIS.plus(vCOFINS).plus(vDespAdu).plus(vIOF).plus(vICMS).plus(vFCP);
  return { valorAduaneiro: va, vII, vDespAdu, vIOF, vBCIPI, vIPI, vBCPIS, vPIS, vBCCOFINS, vCOFINS, vBC, vICMS, vFCP, vOutro, total: va.plus(vII).plus(vIPI).plus(vOutro) };
}

/** Foreign address of an own import's supplier (enderDest): the layout's values for abroad. */
export const MUNICIPIO_EXTERIOR = { codigoMunicipio: '9999999', municipio: 'EXTERIOR', uf: 'EX' } as const;
