import { priceFromMargin, priceFromMarkup } from './money.ts';

/**
 * The formulas a document's "derived" rule may name (schemas/meta/resource.schema.json lists the same names):
 * (base, percentage) as decimal strings -> the derived value, or null when there is none.
 */
export const FORMULAS = { priceFromMargin, priceFromMarkup } satisfies Record<string, (base: string, pct: string) => string | null>;

export type FormulaName = keyof typeof FORMULAS;
