import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { instalarDemonstracaoNoServidor } from '../../src/server/demo/index.ts';
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';
import { openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { createMailer } from '../../src/server/email/mailer.ts';

/**
 * The server-side fiscal benches' set-up: a fresh PGlite with the whole demo (with fewer clientes the purchasing
 * demo misses its suppliers), the app in this process (no report worker), its DATA_DIR under the system's temp
 * folder, and the context of the demo admin at the Matriz.
 */
export async function demoEmProcesso(prefixo: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefixo}-`));
  process.env.DATA_DIR = dataDir;
  const db = await openDb({});
  await migrate(db);
  await loadReferenceData(db);
  await seedDemo(db);
  const { app, services } = await buildApp({ db, dataDir, mailer: createMailer({ outboxDir: join(dataDir, 'outbox'), log: () => {} }), reportWorker: false });
  await app.ready();
  await instalarDemonstracaoNoServidor(services); // as main.ts does at start-up
  const u = (await db.query(`SELECT u.tenant_id, u.id, b.id AS filial FROM users u JOIN branches b ON b.tenant_id = u.tenant_id AND b.apelido = 'Matriz' WHERE u.email = 'admin@demo.com.br'`)).rows[0];
  const ctx = { tenantId: Number(u.tenant_id), userId: Number(u.id), branchId: Number(u.filial) };
  return { dataDir, db, app, services, ctx };
}
