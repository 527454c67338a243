import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { mkdirSync } from 'node:fs';
import { enterTenant, type Db, type Queryable, type QueryResult, type TenantScope } from './db.ts';

const asText = (v: string) => v;

export async function openPglite(dataDir?: string): Promise<Db> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir!, { recursive: true });
  const pg = new PGlite({
    ...(inMemory ? {} : { dataDir }),
    extensions: { pg_trgm, unaccent },
    parsers: {
      [types.NUMERIC]: asText,
      [types.DATE]: asText,
      [types.TIMESTAMPTZ]: (v: string) => new Date(v).toISOString(),
      [types.TIMESTAMP]: asText,
      [types.INT8]: (v: string) => Number(v),
    },
  });
  await pg.waitReady;

  const wrap = (q: { query: PGlite['query']; exec: PGlite['exec'] }): Queryable => ({
    async exec(sql: string) {
      await q.exec(sql);
    },
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const r = await q.query<R>(sql, params as any[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
  });
  const root = wrap(pg);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    tenant: (scope: TenantScope, fn) =>
      pg.transaction(async (tx) => {
        const q = wrap(tx);
        await enterTenant(q, scope);
        return fn(q);
      }),
    close: () => pg.close(),
  };
}
