import type { Db } from './db.ts';

/** How often the embedded database refreshes its planner statistics. */
export const PGLITE_ANALYZE_EVERY_MS = 10 * 60 * 1000;

/**
 * PGlite has no autovacuum: without this its planner would never see column statistics (the list search
 * picks its plan from them) and index-only scans would never skip the heap. On start: VACUUM ANALYZE;
 * then ANALYZE (cheap, sampled) at an interval. A server PostgreSQL does this by itself.
 */
export function startPgliteMaintenance(db: Db): () => void {
  if (db.kind !== 'pglite') return () => {};
  void db.exec('VACUUM ANALYZE').catch((e) => console.warn(`VACUUM ANALYZE falhou: ${(e as Error).message}`));
  const timer = setInterval(() => void db.exec('ANALYZE').catch(() => {}), PGLITE_ANALYZE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
