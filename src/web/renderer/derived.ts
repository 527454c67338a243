import type { DerivedField, ResourceDoc } from '../../../generated/schema-types.ts';
import { FORMULAS, INVERSES } from '../../shared/formulas.ts';

type Data = Record<string, unknown>;
/** Per derived field, the field typed last among it and its `by` fields (it decides when the base changes). */
export type LastTyped = Record<string, string | null>;

const NONE: DerivedField[] = [];
export const derivedOf = (doc: ResourceDoc): DerivedField[] => doc.derived ?? NONE;

const num = (v: unknown): string | null => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? v : typeof v === 'number' ? String(v) : null);

/**
 * The document's "derived" rules applied to one change of the form (prev -> next), both ways (SPEC 5.8, issue 43):
 * a `by` field typed (a margin) recomputes the derived field (the price) and the other `by` fields from it; the
 * derived field typed recomputes every `by` field from it (the formulas read backwards); the base changed (the
 * cost) recomputes from whichever was typed last (the price stays when it was the price).
 */
export function applyDerived(rules: DerivedField[], prev: Data, next: Data, last: LastTyped): { data: Data; last: LastTyped } {
  let data = next;
  const typed = { ...last };
  for (const r of rules) {
    const by = Object.keys(r.by);
    const changed = by.find((f) => next[f] !== prev[f]);
    const valueTyped = !changed && next[r.field] !== prev[r.field];
    if (!changed && !valueTyped && next[r.from] === prev[r.from]) continue;
    const base = num(next[r.from]);
    // What decides: the field typed now, else the one typed last, else a percentage already there, else the price.
    const mode = changed ?? (valueTyped ? r.field : null) ?? typed[r.field] ?? by.find((f) => num(next[f])) ?? (num(next[r.field]) ? r.field : null);
    typed[r.field] = mode;
    if (!mode || base === null) continue;
    let value = num(next[r.field]);
    if (mode !== r.field) {
      const pct = num(next[mode]);
      if (pct === null) continue;
      value = FORMULAS[r.by[mode]](base, pct);
      if (value === null) continue;
      data = { ...data, [r.field]: value };
    }
    if (value === null) continue;
    // The other percentages follow the price (a margin typed shows its markup too).
    for (const f of by) if (f !== mode) data = { ...data, [f]: INVERSES[r.by[f]](base, value) };
  }
  return { data, last: typed };
}
