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

/** Rows posted in one go from which the touched tables' planner statistics are refreshed right after the commit. */
export const LINHAS_QUE_PEDEM_ANALYZE = 1000;

/**
 * After a bulk posting (a retorno of thousands of occurrences, an import) the statistics of the tables it grew are
 * stale: on PGlite (no autovacuum) until the next db.analyze job, up to 10 minutes; on PostgreSQL until autovacuum
 * reaches the table (a 10% growth). Meanwhile the plans cached per connection — the foreign-key checks' above all —
 * stay those made for the smaller (even empty) table, a sequential scan per checked row (issue 38: 2 ms per row of
 * boletos_historico). ANALYZE refreshes the statistics and invalidates those plans on every connection. Called by
 * the caller after its transaction committed (never inside it: it would hold the tables' locks for the sampling);
 * a failure is only logged — the posting is already done. Below LINHAS_QUE_PEDEM_ANALYZE rows it does nothing.
 */
export async function analisarDepoisDoLote(db: Pick<Db, 'exec'>, tabelas: readonly string[], linhas: number): Promise<boolean> {
  if (linhas < LINHAS_QUE_PEDEM_ANALYZE || !tabelas.length) return false;
  for (const t of tabelas) if (!/^[a-z_][a-z0-9_]*$/.test(t)) throw new Error(`tabela inválida para ANALYZE: ${t}`);
  try {
    await db.exec(`ANALYZE ${tabelas.join(', ')}`);
    return true;
  } catch (e) {
    console.warn(`ANALYZE depois do lote falhou: ${(e as Error).message}`);
    return false;
  }
}
