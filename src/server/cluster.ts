import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { openDb } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './demo/index.ts';
import { start } from './main.ts';
import { loadReferenceData } from './ceps/reference-data.ts';

/**
 * npm run start:cluster: one server process per core (CLUSTER_WORKERS to choose) on one machine, sharing the port
 * (Node's cluster module). The primary prepares the database once (migrations, reference data, demo) and then forks
 * the workers; a worker that dies is replaced; SIGTERM/SIGINT is passed on and each worker shuts down gracefully.
 * Needs PostgreSQL (DATABASE_URL): PGlite lives inside one process. socket.io runs websocket-only here, since the
 * cluster hands each connection to any worker (no sticky sessions for the polling fallback).
 */
async function primary() {
  if (!process.env.DATABASE_URL) {
    console.error('npm run start:cluster precisa de DATABASE_URL (PostgreSQL): o banco embutido (PGlite) só atende um processo. Use npm start.');
    process.exit(2);
  }
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL });
  const applied = await migrate(db);
  if (applied.length) console.log(`migrações aplicadas: ${applied.join(', ')}`);
  await loadReferenceData(db);
  if (process.env.DEMO_DATA !== 'off' && (await seedDemo(db, { boletos: true }))) console.log('dados de demonstração criados (senha demo1234)');
  await db.close();

  const n = Math.max(1, Number(process.env.CLUSTER_WORKERS) || availableParallelism());
  let stopping = false;
  const fork = () => cluster.fork({ SOCKETIO_TRANSPORTS: process.env.SOCKETIO_TRANSPORTS ?? 'websocket', RETAGUARDA_CLUSTER_WORKER: '1' });
  for (let i = 0; i < n; i++) fork();
  console.log(`${n} processos servidores`);
  cluster.on('exit', (w, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      return;
    }
    console.warn(`processo ${w.process.pid} terminou (${signal ?? code}); iniciando outro`);
    setTimeout(fork, 1000);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (cluster.isPrimary) {
  primary().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  start({ prepare: false }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
