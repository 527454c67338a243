/**
 * One database interface over two engines: PostgreSQL through `pg` when DATABASE_URL is set, otherwise
 * PGlite (PostgreSQL in WASM) under DATA_DIR. Both speak the same SQL and return the same value shapes:
 * numeric as decimal strings, date as 'yyyy-MM-dd', timestamps as ISO strings.
 */
export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  rowCount: number;
}

export interface Queryable {
  query<R = Record<string, any>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** A multi-statement script without parameters. */
  exec(sql: string): Promise<void>;
}

/** The role every request runs as inside its transaction; not a superuser, so row-level security applies. */
export const APP_ROLE = 'retaguarda_app';

export interface TenantScope {
  tenantId: number;
  userId?: number;
  branchId?: number | null;
}

export interface TenantOptions {
  /**
   * The transaction only reads (a GET's list or record): PostgreSQL runs it READ ONLY (a write in it fails),
   * and its COMMIT, which then cannot fail, is not waited for: the connection goes back to the pool with the
   * COMMIT on its way, and the next transaction on it queues behind it.
   */
  readOnly?: boolean;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction as the owner (migrations, sign-in, seeding, brand-level reads). */
  transaction<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs fn in one transaction as APP_ROLE with app.tenant_id set: row-level security is enforced. */
  tenant<T>(scope: TenantScope, fn: (q: Queryable) => Promise<T>, opts?: TenantOptions): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to start another database from (DbOptions.loadDataDir). */
  dumpDataDir?(): Promise<Blob>;
}

/** The settings enterTenant makes, as literals: integers only (they come from the session), so nothing to escape. */
function scopeLiteral(v: number | null | undefined): string {
  if (v === undefined || v === null) return "''";
  if (!Number.isSafeInteger(v)) throw new Error(`escopo inválido: ${String(v)}`);
  return `'${v}'`;
}

/**
 * BEGIN and the tenant's settings and role as one statement list (simple protocol: no parameters, so one
 * round trip where BEGIN and a parameterised set_config took two).
 */
export function beginTenantSql(scope: TenantScope, readOnly = false): string {
  return `BEGIN${readOnly ? ' READ ONLY' : ''}; SELECT set_config('app.tenant_id', ${scopeLiteral(scope.tenantId)}, true), set_config('app.user_id', ${scopeLiteral(scope.userId)}, true), set_config('app.branch_id', ${scopeLiteral(scope.branchId)}, true), set_config('role', '${APP_ROLE}', true)`;
}

export async function enterTenant(q: Queryable, scope: TenantScope): Promise<void> {
  // The same check as beginTenantSql: a scope is integers, on either engine.
  for (const v of [scope.tenantId, scope.userId, scope.branchId]) scopeLiteral(v);
  // set_config('role', ..., true) is SET LOCAL ROLE: one round trip for the tenant and the role.
  await q.query(
    `SELECT set_config('app.tenant_id', $1, true), set_config('app.user_id', $2, true), set_config('app.branch_id', $3, true), set_config('role', $4, true)`,
    [String(scope.tenantId), String(scope.userId ?? ''), String(scope.branchId ?? ''), APP_ROLE],
  );
}

export interface DbOptions {
  databaseUrl?: string;
  /** PGlite folder; 'memory://' or undefined for an in-memory database. */
  dataDir?: string;
  /** PGlite: start from a data directory taken with Db.dumpDataDir (the test suites' migrated and seeded database). */
  loadDataDir?: Blob;
}
