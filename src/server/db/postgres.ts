import pg from 'pg';
import { beginTenantSql, type Db, type Queryable, type QueryResult, type TenantScope } from './interface.ts';

// Same value shapes as PGlite: no JS Date for a calendar date (time-zone shifts), numeric as strings.
pg.types.setTypeParser(1082, (v) => v); // date
pg.types.setTypeParser(1114, (v) => v); // timestamp
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString()); // timestamptz
pg.types.setTypeParser(20, (v) => Number(v)); // int8 (counts)

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
  // An idle connection ended by the server (restart, dropped database) must not crash the process.
  pool.on('error', (err) => console.warn(`conexão ociosa com o PostgreSQL encerrada: ${err.message}`));
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async exec(sql: string) {
      await c.query(sql);
    },
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const r = await c.query(sql, params as any[]);
      return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
    },
  });
  async function transaction<T>(fn: (q: Queryable) => Promise<T>, scope?: TenantScope): Promise<T> {
    const client = await pool.connect();
    try {
      // A tenant's transaction starts in one round trip with its settings (beginTenantSql).
      await client.query(scope ? beginTenantSql(scope) : 'BEGIN');
      const q = wrap(client);
      const out = await fn(q);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
  const root = wrap(pool);
  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => transaction(fn),
    tenant: (scope, fn) => transaction(fn, scope),
    close: () => pool.end(),
  };
}
