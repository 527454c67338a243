import { resolve } from 'node:path';
import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { openDb } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { startPgliteMaintenance } from './db/maintenance.ts';
import { emitirNotasDaDemonstracao, instalarDemonstracaoNoServidor, seedDemo } from './demo/index.ts';
import { loadReferenceData } from './ceps/reference-data.ts';
import { pararSefazLocal } from './fiscal/sefaz-destino.ts';
import { pararAdnLocal } from './nfse/adn-cliente.ts';

/** A shutdown that has not ended by then (a report still running) exits anyway; another process takes the job over. */
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 30000);

/** Start-up: open the database (PGlite under DATA_DIR unless DATABASE_URL), migrate, load reference data, seed, listen. */
export async function start(opts: { prepare?: boolean } = {}) {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '0.0.0.0';
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  // The embedded PGlite is PostgreSQL compiled to WASM: V8's optimising tier keeps a second copy of its hot
  // code (about 50 MB of an idle server). The baseline compiler alone answers the lists as fast on this
  // workload (npm run bench:start, bench:reports). Set before the module is compiled; PGLITE_WASM_TIERUP=on
  // keeps V8's default.
  if (!process.env.DATABASE_URL && process.env.PGLITE_WASM_TIERUP !== 'on') v8.setFlagsFromString('--liftoff-only');
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: resolve(dataDir, 'pglite') });
  // Under npm run start:cluster the primary prepares the database once, before the workers start.
  if (opts.prepare !== false) {
    const applied = await migrate(db);
    if (applied.length) console.log(`migrações aplicadas: ${applied.join(', ')}`);
    await loadReferenceData(db);
    if (process.env.DEMO_DATA !== 'off' && (await seedDemo(db, { boletos: true }))) console.log('dados de demonstração criados (senha demo1234)');
  }
  startPgliteMaintenance(db);
  // socket.io's adapter LISTENs: behind PgBouncer in transaction mode it needs a direct address (DATABASE_DIRECT_URL).
  const { app, services } = await buildApp({ db, logger: process.env.LOG === 'on', dataDir, databaseUrl: process.env.DATABASE_DIRECT_URL ?? process.env.DATABASE_URL });
  // Start-up step, before the first request: the demo branches' test certificates and the demo's seeded files (each
  // server's storage and key).
  await instalarDemonstracaoNoServidor(services).catch((e) => console.warn('certificado ou arquivos de demonstração não instalados:', e));
  await app.listen({ port, host });
  console.log(`Retaguarda em http://localhost:${port}`);
  // Start-up job, once: the demo's notes a seed cannot issue (nothing to do once they are, or with DEMO_DATA=off;
  // DEMO_NOTAS=off leaves them waiting: a test that counts the series' numbers issues none besides its own).
  const notasDemo = (process.env.DEMO_NOTAS === 'off' ? Promise.resolve({ vendas: [], importacao: [], filiaisNfse: 0, filiaisDfe: 0 }) : emitirNotasDaDemonstracao(services, (oque, e) => console.warn(`${oque} não emitida:`, e)))
    .then((r) => {
      const n = r.vendas.length + r.importacao.length + r.filiaisNfse + r.filiaisDfe;
      if (n) console.log(`notas de demonstração emitidas: ${r.vendas.length} NF-e de venda, ${r.importacao.length} NF-e de importação, NFS-e de ${r.filiaisNfse} filial(is), NF-e de fornecedores contra ${r.filiaisDfe} filial(is)`);
    })
    .catch((e) => console.warn('notas de demonstração não emitidas:', e));
  // Graceful shutdown: readiness answers 503, sockets close, the HTTP server stops taking requests and finishes the
  // running ones, the report worker and the jobs' worker take nothing new and finish their running job, the local
  // SEFAZ stops, then the database closes.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`encerramento passou de ${SHUTDOWN_TIMEOUT_MS} ms: saindo assim mesmo`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    await notasDemo;
    await app.close();
    await pararSefazLocal();
    await pararAdnLocal();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('src/server/main.ts')) {
  start().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
