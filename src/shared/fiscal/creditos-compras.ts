/**
 * Which regime (branches.regime_tributario: 1 Simples Nacional, 2 Lucro Real, 3 Lucro Presumido, 4 Simples com excesso
 * de sublimite, 5 MEI) recovers which tax highlighted on a purchase note. One rule, read by compras (the entry's
 * stock cost leaves the recoverable taxes out) and by contábil (the journal posts them to "a recuperar"):
 * - ICMS in the normal regime (2, 3, 4);
 * - PIS and COFINS only in the non-cumulative one (2 Lucro Real);
 * - IPI only for an industrial establishment or equivalent (IPI taxpayer), which the branch record does not hold
 *   (SPED goes out with IND_ATIV 1, others): the list is empty and the IPI stays in the cost of the goods.
 * ICMS-ST (and FCP-ST) is never credited by the buyer: it always stays in the cost.
 */
export const CREDITOS_NAS_COMPRAS: Readonly<Record<TributoRecuperavel, readonly number[]>> = {
  icms: [2, 3, 4],
  pis: [2],
  cofins: [2],
  ipi: [],
};

export type TributoRecuperavel = 'icms' | 'pis' | 'cofins' | 'ipi';

/** The taxes a branch of this regime recovers on its purchases (empty for Simples Nacional and MEI). */
export function tributosRecuperaveis(regime: number | null | undefined): TributoRecuperavel[] {
  return (Object.keys(CREDITOS_NAS_COMPRAS) as TributoRecuperavel[]).filter((t) => CREDITOS_NAS_COMPRAS[t].includes(Number(regime)));
}

/** Regimes that recover some tax of a purchase. */
export const REGIMES_COM_CREDITO: readonly number[] = [...new Set(Object.values(CREDITOS_NAS_COMPRAS).flat())];
