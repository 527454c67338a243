/**
 * npm run bench:reports — 100,000 clientes exported to XLSX and to PDF by the report worker (keyset chunks + stream),
 * printing the time and the process's peak memory (RSS) for each. Runs on PGlite, or on PostgreSQL when
 * DATABASE_URL is set (a fresh database retaguarda_bench_rel is made there).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { ReportWorker } from '../../src/server/relatorios/worker.ts';
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100000);
let url: string | undefined;
if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS retaguarda_bench_rel WITH (FORCE)');
  await admin.query('CREATE DATABASE retaguarda_bench_rel');
  await admin.end();
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = '/retaguarda_bench_rel';
  url = u.toString();
}
const db = await openDb({ databaseUrl: url });
await migrate(db);
await loadReferenceData(db);
await seedDemo(db, { clientes: 0 });
const tenant = (await db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id;
const user = (await db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].id;
await db.query(
  `INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj, email, telefone, uf, limite_credito, ativo)
   SELECT $1, 0, 'Cliente ' || g, lpad(g::text, 11, '0'), 'c' || g || '@exemplo.com.br', '11987654321', (ARRAY['SP','RJ','MG'])[1 + g % 3], ((g % 1000) || '.50')::numeric, g % 7 <> 0
     FROM generate_series(1, $2) g`,
  [tenant, ROWS],
);
const { services } = await buildApp({ db, serveWeb: false, reportWorker: false });
const dir = mkdtempSync(join(tmpdir(), 'bench-rel-'));
const worker = new ReportWorker(services, dir);
console.log(`${ROWS.toLocaleString('pt-BR')} clientes em ${db.kind}\n`);
console.log('formato | tempo (s) | memória antes (MB) | pico (MB) | acréscimo (MB) | arquivo (MB)');
for (const tipo of ['xlsx', 'pdf'] as const) {
  await db.query(
    `INSERT INTO relatorios (tenant_id, user_id, descricao, tipo, chave, evento, parametros) VALUES ($1, $2, 'Clientes', $3, $4, 'exportar-cliente', $5)`,
    [tenant, user, tipo, `bench-${tipo}`, JSON.stringify({ recurso: 'Clientes', filter: { order: 'nome ASC' }, branchId: null })],
  );
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  await worker.runOne();
  const secs = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const row = (await db.query<{ status: number; arquivo: string; linhas: number }>(`SELECT status, arquivo, linhas FROM relatorios WHERE chave = $1`, [`bench-${tipo}`])).rows[0];
  if (row.status !== 1 || row.linhas !== ROWS) throw new Error(`exportação ${tipo} falhou: ${JSON.stringify(row)}`);
  const mb = (b: number) => (b / 1048576).toFixed(0);
  // The file is in the file storage (its key, not a path): its size by reading it through.
  let tamanho = 0;
  for await (const parte of (await services.storage.get(row.arquivo))!) tamanho += (parte as Buffer).length;
  console.log(`${tipo.padEnd(7)} | ${secs.toFixed(2).padStart(9)} | ${mb(before).padStart(18)} | ${mb(peak).padStart(9)} | ${mb(peak - before).padStart(14)} | ${(tamanho / 1048576).toFixed(1).padStart(12)}`);
}
await db.close();
