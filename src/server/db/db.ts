/**
 * Opens the database: PostgreSQL through `pg` when DATABASE_URL is set, otherwise PGlite under DATA_DIR.
 * The interface both engines implement is in interface.ts (imported by them, so they do not import this).
 */
import type { Db, DbOptions } from './interface.ts';
import { marcarTransacoes } from './transacao-aberta.ts';

export * from './interface.ts';

export async function openDb(opts: DbOptions): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return marcarTransacoes(await openPostgres(opts.databaseUrl));
  }
  const { openPglite } = await import('./pglite.ts');
  return marcarTransacoes(await openPglite(opts.dataDir, opts.loadDataDir));
}
