/**
 * One rule at the edge, in the browser and on the server: a text value is what it reads without the spaces
 * around it, and a text of only spaces is no value at all. So "required" means "not blank" on both sides.
 * Only the record's own fields (top level) are touched; nested JSON is the field's own business.
 */
export function trimStrings<T extends Record<string, unknown>>(data: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data ?? {})) {
    if (typeof v !== 'string') {
      out[k] = v;
      continue;
    }
    const t = v.trim();
    if (t !== '') out[k] = t;
  }
  return out as T;
}
