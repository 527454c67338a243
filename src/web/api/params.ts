/** SPEC 7: the fixed system header identifying this ERP. */
export const SYSTEM_HEADER = 'X-Sistema';
export const SYSTEM_ID = 'novoerp';

/** Query parameters the API reads as JSON strings (SPEC 7). */
const JSON_PARAMS = new Set(['filter', 'where', 'params']);

/** Drops undefined values so the JSON sent is stable (same filter, same SWR key, same URL). */
export function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = normalise(v);
    return out;
  }
  return value;
}

export function serializeParams(params: Record<string, unknown> | undefined): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null) continue;
    sp.append(k, JSON_PARAMS.has(k) || typeof v === 'object' ? JSON.stringify(normalise(v)) : String(v));
  }
  return sp.toString();
}

/** The path (below /api/) of a GET with these query parameters, as the API client sends it. */
export const pathWith = (path: string, params: Record<string, unknown>) => {
  const qs = serializeParams(params);
  return qs ? `${path}?${qs}` : path;
};

/** SWR keys are the request itself, so the same filter is one cache entry. */
export const keyOf = (...parts: unknown[]) => JSON.stringify(normalise(parts));
