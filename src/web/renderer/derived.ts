import type { DerivedField, ResourceDoc } from '../../../generated/schema-types.ts';
import { FORMULAS } from '../../shared/formulas.ts';

type Data = Record<string, unknown>;
/** Per derived field, the `by` field typed last (it decides when the base changes). */
export type LastTyped = Record<string, string | null>;

const NONE: DerivedField[] = [];
export const derivedOf = (doc: ResourceDoc): DerivedField[] => doc.derived ?? NONE;

const num = (v: unknown): string | null => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? v : typeof v === 'number' ? String(v) : null);

/**
 * The document's "derived" rules applied to one change of the form (prev -> next): a `by` field typed, or the
 * base changed, recomputes the derived field with the formula of the `by` field typed last.
 */
export function applyDerived(rules: DerivedField[], prev: Data, next: Data, last: LastTyped): { data: Data; last: LastTyped } {
  let data = next;
  const typed = { ...last };
  for (const r of rules) {
    const by = Object.keys(r.by);
    const changed = by.find((f) => next[f] !== prev[f]);
    if (!changed && next[r.from] === prev[r.from]) continue;
    const mode = changed ?? typed[r.field] ?? by.find((f) => num(next[f])) ?? null;
    typed[r.field] = mode;
    const base = num(next[r.from]);
    const pct = mode ? num(next[mode]) : null;
    if (!mode || base === null || pct === null) continue;
    const value = FORMULAS[r.by[mode]](base, pct);
    if (value !== null) data = { ...data, [r.field]: value };
  }
  return { data, last: typed };
}
