import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer } from '../../src/server/email/mailer.ts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { instalarDemonstracaoNoServidor } from '../../src/server/demo/index.ts';
import type { AppServices } from '../../src/server/app-services.ts';
import { openDb, type Db } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { ResourceRegistry } from '../../src/server/resources/registry.ts';
import { DocumentRegistry } from '../../src/server/documents/registry.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';
import { seededPglite, seededTemplate } from './seeded-db.ts';
import type { FileStorage } from '../../src/server/storage/storage.ts';

export type Backend = 'pglite' | 'postgres';

const ambos: Backend[] = ['pglite', 'postgres'];
const pedidos = process.env.TEST_BACKENDS?.split(',').map((b) => b.trim()).filter((b): b is Backend => b === 'pglite' || b === 'postgres');

/**
 * The backends a business suite runs on. Without DATABASE_URL (a developer's machine): PGlite, the embedded
 * default. With it (CI sets it): PostgreSQL only, the server most shops run and the lower of the two versions
 * (15 against PGlite's 18: SQL that runs there runs on both), with real concurrent connections (the concurrency
 * tests mean something there; on PGlite one connection serialises them). What differs between the two databases
 * runs on both (AMBOS_BANCOS), and the browser suites run on PGlite. The business suites on both databases in CI
 * took a third of its time for what the layer below already proves (29/11/2026: the api group's PGlite half,
 * 380 s of 920 s of work, on 2 cores). `TEST_BACKENDS=pglite,postgres` runs them on both (with DATABASE_URL).
 */
export const BACKENDS: Backend[] = !process.env.DATABASE_URL ? ['pglite'] : pedidos?.length ? pedidos : ['postgres'];

/**
 * The backends of a suite about what differs between PGlite and PostgreSQL (the database layer, transactions and
 * retries, row-level security and roles, the jobs table, readiness, a server killed mid-posting and started again):
 * both when DATABASE_URL is set, PGlite otherwise.
 */
export const AMBOS_BANCOS: Backend[] = process.env.DATABASE_URL ? ambos : ['pglite'];

export interface TestServer {
  app: FastifyInstance;
  services: AppServices;
  db: Db;
  baseUrl: string;
  /** The PostgreSQL database of this server (postgres backend only). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * A fresh database on the chosen backend (a new PostgreSQL database per server): empty, or with `seeded` a copy
 * of the migrated and seeded database (tests/support/seeded-db.ts).
 */
export async function openTestDb(backend: Backend, opts: { seeded?: boolean } = {}): Promise<{ db: Db; drop: () => Promise<void>; url?: string }> {
  if (backend === 'pglite') {
    const db = opts.seeded ? await seededPglite() : await openDb({});
    return { db, drop: async () => {} };
  }
  const admin = new URL(process.env.DATABASE_URL!);
  const name = `retaguarda_t_${randomBytes(5).toString('hex')}`;
  const template = opts.seeded ? await seededTemplate(admin.toString()) : null;
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  return {
    db,
    url: url.toString(),
    drop: async () => {
      const c2 = new pg.Client({ connectionString: admin.toString() });
      await c2.connect();
      await c2.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c2.end();
    },
  };
}

export async function startTestServer(backend: Backend = 'pglite', opts: { listen?: boolean; serveWeb?: boolean; smtpUrl?: string; crmBaseUrl?: string; dataDir?: string; reportWorker?: boolean; schemasDir?: string; serverDir?: string; migrationsDir?: string; storage?: FileStorage } = {}): Promise<TestServer> {
  // Suites with their own migrations build their database; the others start from the seeded copy.
  const own = opts.migrationsDir !== undefined;
  const { db, drop, url } = await openTestDb(backend, { seeded: !own });
  if (own) {
    await migrate(db, opts.migrationsDir);
    await loadReferenceData(db);
    await seedDemo(db);
  }
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'retaguarda-test-'));
  const mailer = createMailer({ smtpUrl: opts.smtpUrl, outboxDir: join(dataDir, 'outbox'), log: () => {} });
  const registry = opts.schemasDir ? ResourceRegistry.load(opts.schemasDir) : undefined;
  // A copy of the tree (schemas/ and, for posting files, src/server): its business documents too.
  const documents = registry && opts.schemasDir ? await DocumentRegistry.load(registry, opts.schemasDir, opts.serverDir) : undefined;
  const { app, services } = await buildApp({ db, serveWeb: opts.serveWeb ?? false, mailer, crmBaseUrl: opts.crmBaseUrl, dataDir, trustProxy: true, databaseUrl: url, reportWorker: opts.reportWorker, storage: opts.storage, registry, documents });
  // As main.ts does at start-up: the demo branch's certificate and the demo's files in this server's storage (the seeded copy marks them).
  await instalarDemonstracaoNoServidor(services);
  let baseUrl = '';
  if (opts.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  } else await app.ready();
  return {
    app,
    services,
    db,
    baseUrl,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await db.close();
      await drop();
    },
  };
}

/** Signs in through the API and returns the token (the Authorization header value). */
export async function login(app: FastifyInstance, email: string, password = 'demo1234', host = 'localhost'): Promise<string> {
  const r = await app.inject({ method: 'POST', url: '/api/Usuarios/login?include=user', headers: { host }, payload: { email, password } });
  if (r.statusCode !== 200) throw new Error(`login ${email}: ${r.statusCode} ${r.body}`);
  return r.json().id;
}
