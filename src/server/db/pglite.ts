import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { mkdirSync } from 'node:fs';
import { enterTenant, type Db, type Queryable, type QueryResult, type TenantScope } from './interface.ts';

const asText = (v: string) => v;

/**
 * PGlite's own start parameters (its defaults: single user, no parallel workers, synchronous I/O) plus a
 * smaller buffer pool. PostgreSQL's default shared_buffers (128 MB) lives inside the WASM heap and was most
 * of an idle server's memory; an embedded single-process database reads through the OS page cache anyway,
 * so 16 MB keeps the lists as fast (see npm run bench:start and bench:reports). PGLITE_SHARED_BUFFERS
 * changes it (e.g. 64MB for a large account).
 */
export const PGLITE_START_PARAMS = [
  '--single', '-F', '-O', '-j',
  '-c', 'search_path=public',
  '-c', 'exit_on_error=false',
  '-c', 'log_checkpoints=false',
  '-c', 'max_worker_processes=0',
  '-c', 'max_parallel_workers=0',
  '-c', 'max_parallel_workers_per_gather=0',
  '-c', 'io_method=sync',
  '-c', 'max_parallel_maintenance_workers=0',
  '-c', `shared_buffers=${process.env.PGLITE_SHARED_BUFFERS ?? '16MB'}`,
  // One session only: no need for a hundred connection slots in shared memory.
  '-c', 'max_connections=4',
];

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir!, { recursive: true });
  const pg = new PGlite({
    ...(inMemory ? {} : { dataDir }),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
    startParams: PGLITE_START_PARAMS,
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
    tenant: (scope: TenantScope, fn, opts) =>
      pg.transaction(async (tx) => {
        const q = wrap(tx);
        // As on PostgreSQL (TenantOptions.readOnly): a write in a read-only transaction fails on both engines.
        if (opts?.readOnly) await q.exec('SET TRANSACTION READ ONLY');
        await enterTenant(q, scope);
        return fn(q);
      }),
    close: () => pg.close(),
    dumpDataDir: () => pg.dumpDataDir('none'),
  };
}
