/** Splitting a total into parcelas, exact to the cent (decimal.js): shared by the server and the lançamento form. */
import Decimal from 'decimal.js';

export interface ParcelaPlano {
  numero: number;
  /** yyyy-MM-dd */
  vencimento: string;
  /** decimal string with 2 places */
  valor: string;
}

/** The same day n months later, clamped to the month's last day (31/01 + 1 month = 28/02 or 29/02). */
export function somarMeses(iso: string, meses: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const alvo = new Date(Date.UTC(y, m - 1 + meses, 1));
  const ultimo = new Date(Date.UTC(alvo.getUTCFullYear(), alvo.getUTCMonth() + 1, 0)).getUTCDate();
  alvo.setUTCDate(Math.min(d, ultimo));
  return alvo.toISOString().slice(0, 10);
}

/**
 * n equal parts of total, in cents: every part is total / n rounded down to the cent and the last one takes
 * the remainder, so the parts always add up to the total. Due dates are monthly from the first one.
 */
export function dividirEmParcelas(total: string, n: number, primeiroVencimento: string): ParcelaPlano[] {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('número de parcelas inválido');
  const t = new Decimal(total);
  if (!t.isFinite() || t.lte(0) || t.decimalPlaces() > 2) throw new RangeError('total inválido');
  const centavos = t.times(100);
  if (centavos.lt(n)) throw new RangeError('total menor que um centavo por parcela');
  const parte = centavos.dividedToIntegerBy(n);
  const ultima = centavos.minus(parte.times(n - 1));
  return Array.from({ length: n }, (_, i) => ({
    numero: i + 1,
    vencimento: somarMeses(primeiroVencimento, i),
    valor: (i === n - 1 ? ultima : parte).dividedBy(100).toFixed(2),
  }));
}

/** Sum of decimal strings, exact. */
export const somar = (valores: string[]): Decimal => valores.reduce((s, v) => s.plus(v), new Decimal(0));
