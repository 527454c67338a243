import pg from 'pg';
import { beginTenantSql, type Db, type Queryable, type QueryResult, type TenantOptions, type TenantScope } from './interface.ts';

// Same value shapes as PGlite: no JS Date for a calendar date (time-zone shifts), numeric as strings.
pg.types.setTypeParser(1082, (v) => v); // date
pg.types.setTypeParser(1114, (v) => v); // timestamp
pg.types.setTypeParser(1184, timestamptzIso); // timestamptz
pg.types.setTypeParser(20, (v) => Number(v)); // int8 (counts)

const UTC_TIMESTAMPTZ = /^[1-9]\d{3}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as PostgreSQL writes it, as the ISO string `new Date(v).toISOString()` gives (milliseconds,
 * the rest cut off). A server in UTC writes '2026-11-26 14:09:39.123456+00': that is rewritten as text, six
 * times faster than parsing it into a Date (two per row of a list, a few % of the API's CPU in a profile of
 * bench:api). Any other shape (another time zone, years before 1000, infinity) goes through Date as before.
 */
export function timestamptzIso(v: string): string {
  const m = UTC_TIMESTAMPTZ.exec(v);
  if (!m) return new Date(v).toISOString();
  return `${v.slice(0, 10)}T${v.slice(11, 19)}.${m[1] ? (m[1] + '00').slice(0, 3) : '000'}Z`;
}

export async function openPostgres(url: string): Promise<Db> {
  // pipeline: a query is written to the server without waiting for the answer to the one before it, so a
  // transaction's BEGIN (with the tenant's settings and role) travels with its first statement: one round trip
  // where there were two. The server still runs them in order, and a BEGIN that fails aborts the transaction,
  // so the statement behind it fails too (it never runs outside the tenant's role).
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10), pipeline: true });
  // An idle connection ended by the server (restart, dropped database) must not crash the process.
  pool.on('error', (err) => console.warn(`conexão ociosa com o PostgreSQL encerrada: ${err.message}`));
  const result = <R>(r: pg.QueryResult): QueryResult<R> => ({ rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length });
  /**
   * pg already corks the messages of one extended-protocol query; BEGIN is a simple query written on its own.
   * Corking the socket from BEGIN to the first statement sends both in one write and one packet.
   */
  const streamOf = (client: pg.PoolClient) => (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  /**
   * Connections whose socket holds a read-only transaction's COMMIT, corked: it leaves with whatever this
   * connection sends next (the next transaction's BEGIN and first statement, one packet instead of two, and
   * one wake-up of the server process less), or at the end of this turn of the event loop when nothing does.
   * The COMMIT is written before anything else on the connection, so nothing runs inside that transaction.
   */
  const pendingCommit = new Set<pg.PoolClient>();
  const flushCommit = (client: pg.PoolClient) => {
    if (pendingCommit.delete(client)) streamOf(client).uncork();
  };
  const root: Queryable = {
    async exec(sql: string) {
      await pool.query(sql);
    },
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      return result<R>(await pool.query(sql, params as any[]));
    },
  };
  async function transaction<T>(fn: (q: Queryable) => Promise<T>, scope?: TenantScope, opts?: TenantOptions): Promise<T> {
    // Before taking a connection: a scope that is not made of integers throws here (beginTenantSql).
    const begin = scope ? beginTenantSql(scope, opts?.readOnly) : opts?.readOnly ? 'BEGIN READ ONLY' : 'BEGIN';
    const client = await pool.connect();
    const stream = streamOf(client);
    // BEGIN (with the tenant's settings and role) waits in the corked socket and leaves with the first
    // statement after it, in the same packet; its answer is awaited with that statement's. A COMMIT left
    // corked by the transaction before on this connection leaves in front of them.
    let corked = true;
    if (!pendingCommit.delete(client)) stream.cork();
    let begun: Promise<unknown> | null = client.query(begin);
    begun.catch(() => {}); // awaited below; a failure here must not also be an unhandled rejection
    // Statements settle in the order they were sent (as when each waited for the one before): of statements
    // started together, the first one's error is the one seen.
    let tail: Promise<unknown> = Promise.resolve();
    const send = <X extends pg.QueryResult>(sql: string, params?: unknown[]): Promise<X> => {
      if (!corked) stream.cork();
      corked = false;
      const sent = client.query(sql, params as any[]) as unknown as Promise<X>;
      stream.uncork();
      const first = begun;
      begun = null;
      const out = first ? Promise.all([first, sent]).then(([, r]) => r) : tail.then(() => sent);
      tail = out.then(
        () => {},
        () => {},
      );
      return out;
    };
    const q: Queryable = {
      async exec(sql: string) {
        await send(sql);
      },
      async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
        return result<R>(await send(sql, params));
      },
    };
    try {
      const out = await fn(q);
      if (opts?.readOnly) {
        // A read-only transaction's COMMIT cannot fail (TenantOptions.readOnly); a lost connection shows on
        // the next statement sent on it. Not awaited, and not written yet: see pendingCommit.
        if (!corked) stream.cork();
        corked = false;
        const committed = client.query('COMMIT');
        committed.catch(() => {});
        pendingCommit.add(client);
        setImmediate(flushCommit, client);
      } else await send('COMMIT');
      return out;
    } catch (err) {
      await send('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      if (corked) stream.uncork();
      client.release();
    }
  }
  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => transaction(fn),
    tenant: (scope, fn, opts) => transaction(fn, scope, opts),
    close: () => pool.end(),
  };
}
