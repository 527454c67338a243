/**
 * Declarative field rules of a resource document, evaluated the same way by the form and the API:
 * { "when": { "field": "tipoPessoa", "eq": "J" }, "hide": [...], "require": [...], "readOnly": [...] }.
 * Conditions are data, never code: eq, neq, in, filled, empty, and all/any of other conditions.
 */
export type Condition =
  | { field: string; eq?: unknown; neq?: unknown; in?: unknown[]; filled?: boolean; empty?: boolean }
  | { all: Condition[] }
  | { any: Condition[] };

export interface FieldRule {
  when: Condition;
  hide?: string[];
  require?: string[];
  readOnly?: string[];
}

export interface RuleOutcome {
  hidden: Set<string>;
  required: Set<string>;
  readOnly: Set<string>;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export function matches(cond: Condition, data: Record<string, unknown>): boolean {
  if ('all' in cond) return cond.all.every((c) => matches(c, data));
  if ('any' in cond) return cond.any.some((c) => matches(c, data));
  const v = data?.[cond.field];
  if (cond.filled !== undefined && cond.filled === isEmpty(v)) return false;
  if (cond.empty !== undefined && cond.empty !== isEmpty(v)) return false;
  if ('eq' in cond && v !== cond.eq) return false;
  if ('neq' in cond && v === cond.neq) return false;
  if (cond.in && !cond.in.includes(v)) return false;
  return true;
}

export function evaluateRules(rules: FieldRule[] | undefined, data: Record<string, unknown>): RuleOutcome {
  const out: RuleOutcome = { hidden: new Set(), required: new Set(), readOnly: new Set() };
  for (const rule of rules ?? []) {
    if (!matches(rule.when, data ?? {})) continue;
    rule.hide?.forEach((f) => out.hidden.add(f));
    rule.require?.forEach((f) => out.required.add(f));
    rule.readOnly?.forEach((f) => out.readOnly.add(f));
  }
  return out;
}
