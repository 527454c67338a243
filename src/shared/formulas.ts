import { marginFromPrice, markupFromPrice, priceFromMargin, priceFromMarkup } from './money.ts';

/**
 * The formulas a document's "derived" rule may name (schemas/meta/resource.schema.json lists the same names):
 * (base, percentage) as decimal strings -> the derived value, or null when there is none.
 */
export const FORMULAS = { priceFromMargin, priceFromMarkup } satisfies Record<string, (base: string, pct: string) => string | null>;

export type FormulaName = keyof typeof FORMULAS;

/** Each formula read backwards: (base, derived value) -> the percentage that gives it (a price typed: its margin and markup). */
export const INVERSES: Record<FormulaName, (base: string, value: string) => string | null> = { priceFromMargin: marginFromPrice, priceFromMarkup: markupFromPrice };
