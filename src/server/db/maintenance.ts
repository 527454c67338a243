import type { Db } from './db.ts';

/** How often the embedded database refreshes its planner statistics. */
export const PGLITE_ANALYZE_EVERY_MS = 10 * 60 * 1000;

/**
 * PGlite has no autovacuum: without this its planner would never see column statistics (the list search
 * picks its plan from them) and index-only scans would never skip the heap. On start: VACUUM ANALYZE;
 * then ANALYZE (cheap, sampled) as a periodic job of the jobs table. A server PostgreSQL does this by itself.
 */
export function startPgliteMaintenance(db: Db): void {
  if (db.kind !== 'pglite') return;
  void db.exec('VACUUM ANALYZE').catch((e) => console.warn(`VACUUM ANALYZE falhou: ${(e as Error).message}`));
}

/** The periodic ANALYZE of the embedded database (none on PostgreSQL), in the jobs scheduler's shape (PeriodicKind). */
export const jobsManutencao = (db: Db): { tipo: string; aCadaMs: number; executar: () => Promise<void> }[] =>
  db.kind !== 'pglite' ? [] : [{ tipo: 'db.analyze', aCadaMs: PGLITE_ANALYZE_EVERY_MS, executar: async () => void (await db.exec('ANALYZE')) }];
