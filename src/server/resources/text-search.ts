import type { Where } from '../../shared/filter.ts';
import type { Queryable } from '../db/db.ts';
import { quoteIdent, SqlParams } from './filter-sql.ts';
import type { ResourceDef } from './registry.ts';

/**
 * Lists filtered by a leading-wildcard like/ilike and ordered by an indexed column need two plans
 * (measured in ARCHITECTURE.md): walking the order index is fast when many rows match, a pg_trgm index
 * is fast when few do. Under row-level security PostgreSQL never uses ILIKE as an index condition, so the
 * trigram path goes through tenant_ids_matching (migration 0014) behind a materialised CTE. The list
 * endpoint asks the planner how many rows it expects (tenant_rows_estimate: EXPLAIN as the owner, nothing
 * executed, since under RLS the planner ignores the column statistics) and picks: below
 * TRIGRAM_BELOW_ROWS the trigram path, otherwise the plain query that walks the order index.
 */
export const TRIGRAM_BELOW_ROWS = 2000;

export interface TextTerm {
  column: string;
  op: 'LIKE' | 'ILIKE';
  pattern: string;
}

const leading = (v: unknown): v is string => typeof v === 'string' && v.startsWith('%');

function termOf(def: ResourceDef, key: string, cond: unknown): TextTerm | null {
  const f = def.fields.get(key);
  if (!f || f.kind !== 'text' || f.virtual || !cond || typeof cond !== 'object' || Array.isArray(cond)) return null;
  const c = cond as Record<string, unknown>;
  if (leading(c.ilike)) return { column: f.column, op: 'ILIKE', pattern: c.ilike };
  if (leading(c.like)) return { column: f.column, op: 'LIKE', pattern: c.like };
  return null;
}

/** Alternatives (OR-ed terms) that every matching row satisfies at least one of; null when none found. */
export function searchTerms(def: ResourceDef, where: Where | undefined): TextTerm[] | null {
  if (!where || typeof where !== 'object') return null;
  for (const [key, cond] of Object.entries(where)) {
    if (key === 'and' && Array.isArray(cond)) {
      for (const sub of cond) {
        const t = searchTerms(def, sub as Where);
        if (t) return t;
      }
    } else if (key === 'or' && Array.isArray(cond) && cond.length) {
      const terms: TextTerm[] = [];
      for (const branch of cond) {
        const t = searchTerms(def, branch as Where);
        if (!t) {
          terms.length = 0;
          break;
        }
        terms.push(...t);
      }
      if (terms.length) return terms;
    } else {
      const t = termOf(def, key, cond);
      if (t) return [t];
    }
  }
  return null;
}

/** SQL of the candidate ids for the terms (union of trigram searches), for a materialised CTE. */
export function candidatesSql(def: ResourceDef, terms: TextTerm[], params: SqlParams): string {
  const table = params.add(quoteIdent(def.table));
  return terms
    .map((t) => `SELECT tenant_ids_matching(${table}::regclass, ${params.add(t.column)}, ${params.add(t.op)}, ${params.add(t.pattern)}) AS id`)
    .join(' UNION ');
}

/** Sum of the planner's estimates for the terms (an upper bound of the OR's matches). */
export async function estimateMatches(q: Queryable, def: ResourceDef, terms: TextTerm[]): Promise<number> {
  const p = new SqlParams();
  const table = p.add(quoteIdent(def.table));
  const parts = terms.map((t) => `tenant_rows_estimate(${table}::regclass, ${p.add(t.column)}, ${p.add(t.op)}, ${p.add(t.pattern)})`);
  const r = await q.query<{ n: number }>(`SELECT (${parts.join(' + ')})::float8 AS n`, p.values);
  return Number(r.rows[0].n);
}

/**
 * The estimate is an EXPLAIN (planning, a round trip): about half a millisecond of a search's overhead. It
 * changes only when the table's statistics do (ANALYZE), and either plan returns the same rows, so an
 * estimate is reused for ESTIMATE_CACHE_MS per tenant, resource and terms: paging, the count beside the list
 * and a repeated search skip it. Kept per resource definition, i.e. per app (and so per database).
 */
export const ESTIMATE_CACHE_MS = 60_000;
const ESTIMATE_CACHE_MAX = 5000;
const cacheOf = new WeakMap<ResourceDef, Map<string, { n: number; until: number }>>();

export async function estimateMatchesCached(q: Queryable, def: ResourceDef, terms: TextTerm[], tenantId: number): Promise<number> {
  let estimates = cacheOf.get(def);
  if (!estimates) cacheOf.set(def, (estimates = new Map()));
  const key = JSON.stringify([tenantId, terms]);
  const now = Date.now();
  const hit = estimates.get(key);
  if (hit && hit.until > now) return hit.n;
  const n = await estimateMatches(q, def, terms);
  if (estimates.size >= ESTIMATE_CACHE_MAX) estimates.clear();
  estimates.set(key, { n, until: now + ESTIMATE_CACHE_MS });
  return n;
}
