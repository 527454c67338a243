import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = resolve(import.meta.dirname, 'migrations');

/** Held (per transaction) while a migration is applied: servers starting together apply each one once. */
const MIGRATION_LOCK = 7_202_611;

/**
 * Applies every plain-SQL migration not yet recorded, in file-name order, each in its own transaction. Several
 * servers may start at once: each transaction takes a transaction-level advisory lock (it works behind PgBouncer in
 * transaction mode, unlike a session lock) and skips a migration another server applied meanwhile.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.transaction(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    const ran = await db.transaction(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      if ((await q.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file])).rows.length) return false;
      await q.exec(sql);
      await q.query('INSERT INTO schema_migrations(name) VALUES ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
