import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api/client.ts';
import { displayField, resourceByName } from '../../catalog/registry.ts';

type Row = Record<string, unknown>;
const cache = new Map<string, string>();

/** Loads the display names of the records some rows point at (one request per resource), from `endpoint` when given. */
export async function loadNames(resource: string, ids: number[], endpoint?: string): Promise<void> {
  const target = resourceByName(resource);
  const missing = [...new Set(ids)].filter((id) => !cache.has(`${resource}|${id}`));
  if (!target || !missing.length) return;
  const display = displayField(target);
  for (let i = 0; i < missing.length; i += 500) {
    const chunk = missing.slice(i, i + 500);
    const r = await api.get<Row[]>(endpoint ?? target.endpoint, { params: { filter: { where: { id: { inq: chunk } }, fields: ['id', display], limit: chunk.length } } });
    for (const row of r.data) cache.set(`${resource}|${row.id}`, String(row[display] ?? row.id));
  }
}

export const nameOf = (resource: string, id: unknown): string => (id === null || id === undefined ? '' : cache.get(`${resource}|${id}`) ?? String(id));
export const rememberName = (resource: string, id: number, label: string) => cache.set(`${resource}|${id}`, label);

/** Names for every field of `properties` that names a resource, for the rows given; re-renders when loaded. */
export function useRelatedNames(properties: Record<string, { resource?: string }>, rows: Row[]) {
  const [, setVersion] = useState(0);
  const wanted = useMemo(() => {
    const m = new Map<string, number[]>();
    for (const [f, p] of Object.entries(properties)) {
      if (!p.resource) continue;
      const ids = rows.map((r) => r[f]).filter((v): v is number => typeof v === 'number');
      m.set(p.resource, [...(m.get(p.resource) ?? []), ...ids]);
    }
    return m;
  }, [properties, rows]);
  useEffect(() => {
    let alive = true;
    Promise.all([...wanted].map(([res, ids]) => loadNames(res, ids)))
      .then(() => alive && setVersion((v) => v + 1))
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, [wanted]);
  return nameOf;
}
