import Decimal from 'decimal.js';

/** Money is carried as decimal strings with 2 places ('1234.56'); arithmetic goes through decimal.js. */
export const MONEY_RE = /^-?\d{1,13}(\.\d{1,2})?$/;
export const QUANTITY_RE = /^-?\d{1,11}(\.\d{1,4})?$/;

export const isMoney = (v: unknown): boolean => typeof v === 'string' ? MONEY_RE.test(v) : typeof v === 'number' && Number.isFinite(v) && MONEY_RE.test(String(v));
export const isQuantity = (v: unknown): boolean => typeof v === 'string' ? QUANTITY_RE.test(v) : typeof v === 'number' && QUANTITY_RE.test(String(v));

export const toMoney = (v: Decimal.Value): string => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** 'R$ 1.234,56' with negatives as '-R$ 1.234,56' (SPEC 9). */
export function formatBRL(value: Decimal.Value | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [int, frac] = d.abs().toFixed(2).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${d.isNegative() && !d.isZero() ? '-' : ''}R$ ${grouped},${frac}`;
}

/** Reads what a person types in pt-BR ('1.234,56', '1234,5', 'R$ 10') into a decimal string, or null. */
export function parseBRL(text: string, places = 2): string | null {
  const t = (text ?? '').replace(/R\$\s?/g, '').replace(/\s/g, '');
  if (t === '' || t === '-') return null;
  if (!/^-?[\d.]*(,\d*)?$/.test(t)) return null;
  const normal = t.replace(/\./g, '').replace(',', '.');
  if (normal === '' || normal === '.' || normal === '-.') return null;
  try {
    return new Decimal(normal).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
  } catch {
    return null;
  }
}

/** Decimal with comma for quantities and percentages: '1.234,5678'. */
export function formatDecimal(value: Decimal.Value | null | undefined, places = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  const [int, frac] = d.abs().toFixed(places).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${d.isNegative() && !d.isZero() ? '-' : ''}${grouped}${frac ? ',' + frac : ''}`;
}

/** SPEC 5.8: price = cost / (100 - margin) * 100. Null when the margin leaves no price (>= 100%). */
export function priceFromMargin(cost: Decimal.Value, marginPct: Decimal.Value): string | null {
  const m = new Decimal(marginPct);
  if (m.gte(100)) return null;
  return toMoney(new Decimal(cost).div(new Decimal(100).minus(m)).times(100));
}

/** SPEC 5.8: markup price = cost * pct / 100 + cost. */
export function priceFromMarkup(cost: Decimal.Value, pct: Decimal.Value): string {
  const c = new Decimal(cost);
  return toMoney(c.times(pct).div(100).plus(c));
}

/** SPEC 5.8 read backwards: the margin a price gives over a cost, (price − cost) / price × 100; null without a price. */
export function marginFromPrice(cost: Decimal.Value, price: Decimal.Value): string | null {
  const p = new Decimal(price);
  if (p.lte(0)) return null;
  return p.minus(cost).div(p).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** SPEC 5.8 read backwards: the markup of a price over a cost, (price − cost) / cost × 100; null without a cost. */
export function markupFromPrice(cost: Decimal.Value, price: Decimal.Value): string | null {
  const c = new Decimal(cost);
  if (c.lte(0)) return null;
  return new Decimal(price).minus(c).div(c).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** A quantity as the screens show it: up to 4 decimals, no trailing zeros ('6,5'; '12'); '' when there is none. */
export const formatQuantity = (v: unknown): string => (v === null || v === undefined || v === '' ? '' : formatDecimal(v as Decimal.Value, 4).replace(/,?0+$/, '') || '0');

/** A decimal as typed in a field where the dot is the decimal point too ('1,5' and '1.5' alike), trimmed; not validated. */
export const decimalDigitado = (s: string | undefined | null): string => (s ?? '').trim().replace(',', '.');
