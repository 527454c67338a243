/**
 * npm run citus:distribute [-- --apply]
 *
 * Prints the SQL that distributes the schema on a Citus coordinator, derived from the catalog (src/server/db/citus.ts):
 * every tenant table by tenant_id, colocated; every brand-level table as a reference table. With DATABASE_URL it reads
 * that database (migrating it first, as the server would); without, a fresh in-memory database migrated here.
 * --apply runs the SQL on DATABASE_URL (the coordinator, with the citus extension created).
 */
import { openDb } from '../src/server/db/db.ts';
import { citusPlan, readCatalog } from '../src/server/db/citus.ts';
import { migrate } from '../src/server/db/migrate.ts';

const apply = process.argv.includes('--apply');
const url = process.env.DATABASE_URL;
if (apply && !url) {
  console.error('--apply precisa de DATABASE_URL apontando para o coordenador Citus.');
  process.exit(2);
}
const db = await openDb({ databaseUrl: url });
try {
  await migrate(db);
  const plan = citusPlan(await readCatalog(db));
  if (!apply) {
    console.log(`-- Distribuição Citus derivada do catálogo (${url ? 'DATABASE_URL' : 'banco novo migrado'}); rode com --apply no coordenador.`);
    console.log(plan.join('\n'));
  } else {
    const citus = await db.query<{ v: string | null }>(`SELECT extversion AS v FROM pg_extension WHERE extname = 'citus'`);
    if (!citus.rows[0]) throw new Error('a extensão citus não está instalada neste banco: CREATE EXTENSION citus; no coordenador, e os workers adicionados (citus_add_node).');
    const already = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_dist_partition`);
    if (already.rows[0].n > 0) throw new Error(`este banco já tem ${already.rows[0].n} tabelas distribuídas ou de referência: nada feito.`);
    // One transaction: either every table is distributed or none.
    await db.exec(plan.join('\n'));
    console.log(`${plan.length - 3} tabelas distribuídas/de referência no coordenador Citus ${citus.rows[0].v}.`);
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await db.close();
}
