import Decimal from 'decimal.js';

type Row = Record<string, unknown>;
const D = (v: unknown) => new Decimal(v === null || v === undefined || v === '' ? 0 : String(v));

/** The header's money fields that the lines share when the lines do not carry their own part. */
export const RATEADOS = [
  ['valorFrete', 'valorFrete'],
  ['valorSeguro', 'valorSeguro'],
  ['valorDesconto', 'valorDesconto'],
  ['valorOutras', 'valorOutras'],
] as const;

/**
 * Spreads a header amount over the lines in proportion to each line's value of products (the NF-e rule for
 * vFrete/vSeg/vDesc/vOutro), in cents; the cents the rounding leaves go to the line of largest value.
 */
export function ratear(total: Decimal.Value, pesos: Decimal.Value[]): string[] {
  const t = new Decimal(total);
  const soma = pesos.reduce<Decimal>((a, p) => a.plus(p), new Decimal(0));
  if (t.isZero() || !pesos.length) return pesos.map(() => '0.00');
  const partes = pesos.map((p) => (soma.isZero() ? t.div(pesos.length) : t.times(p).div(soma)).toDecimalPlaces(2, Decimal.ROUND_DOWN));
  const resto = t.minus(partes.reduce((a, p) => a.plus(p), new Decimal(0)));
  let maior = 0;
  pesos.forEach((p, i) => {
    if (new Decimal(p).gt(pesos[maior])) maior = i;
  });
  partes[maior] = partes[maior].plus(resto);
  return partes.map((p) => p.toFixed(2));
}

/**
 * Cost of a line as it enters stock (the shop is taken as not recovering ICMS, as a Simples Nacional retailer):
 * products − discount + freight + insurance + other expenses + IPI + ICMS-ST (with FCP-ST), divided by the units
 * that enter (the note's quantity × the packaging factor). 4 places, like every stock cost.
 */
export function custoDaLinha(it: Row, unidades: Decimal.Value): { total: string; unitario: string } {
  const total = D(it.valorTotal).minus(D(it.valorDesconto)).plus(D(it.valorFrete)).plus(D(it.valorSeguro)).plus(D(it.valorOutras)).plus(D(it.valorIpi)).plus(D(it.valorIcmsSt));
  const u = new Decimal(unidades);
  const unitario = u.isZero() ? new Decimal(0) : total.div(u);
  return { total: total.toFixed(2), unitario: Decimal.max(unitario, 0).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4) };
}

/** The value of the note: products − discount + freight + insurance + other + IPI + ICMS-ST, summed over the lines. */
export function totalDaNota(itens: Row[]): string {
  return itens.reduce<Decimal>((a, it) => a.plus(D(it.valorTotal).minus(D(it.valorDesconto)).plus(D(it.valorFrete)).plus(D(it.valorSeguro)).plus(D(it.valorOutras)).plus(D(it.valorIpi)).plus(D(it.valorIcmsSt))), new Decimal(0)).toFixed(2);
}
