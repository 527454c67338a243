import { priceFromMargin, priceFromMarkup } from '../../shared/money.ts';
import type { ResourceDoc } from '../../../generated/schema-types.ts';

/**
 * SPEC 5.8 pricing, recomputed as the person types, for any document holding a money field precoCusto and
 * precoVenda plus a percent margemLucro (price = cost / (100 - margin) * 100) and/or markup
 * (price = cost * pct / 100 + cost). The last percentage typed decides; a cost change reuses it.
 */
export const PRICING_FIELDS = { cost: 'precoCusto', margin: 'margemLucro', markup: 'markup', price: 'precoVenda' } as const;

export function hasPricing(doc: ResourceDoc): boolean {
  const p = doc.schema.properties;
  return p[PRICING_FIELDS.cost]?.format === 'money' && p[PRICING_FIELDS.price]?.format === 'money' && (!!p[PRICING_FIELDS.margin] || !!p[PRICING_FIELDS.markup]);
}

const num = (v: unknown): string | null => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? v : typeof v === 'number' ? String(v) : null);

export function applyPricing(prev: Record<string, unknown>, next: Record<string, unknown>, lastPct: 'margin' | 'markup' | null): { data: Record<string, unknown>; lastPct: 'margin' | 'markup' | null } {
  const { cost, margin, markup, price } = PRICING_FIELDS;
  let mode = lastPct;
  if (next[margin] !== prev[margin]) mode = 'margin';
  else if (next[markup] !== prev[markup]) mode = 'markup';
  else if (next[cost] === prev[cost]) return { data: next, lastPct };
  if (!mode) mode = num(next[margin]) ? 'margin' : num(next[markup]) ? 'markup' : null;
  const c = num(next[cost]);
  const pct = mode ? num(next[mode === 'margin' ? margin : markup]) : null;
  if (!mode || c === null || pct === null) return { data: next, lastPct: mode };
  const computed = mode === 'margin' ? priceFromMargin(c, pct) : priceFromMarkup(c, pct);
  if (computed === null) return { data: next, lastPct: mode };
  return { data: { ...next, [price]: computed }, lastPct: mode };
}
