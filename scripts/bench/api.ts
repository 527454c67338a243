/**
 * npm run bench:api — on PostgreSQL (DATABASE_URL names the server; a fresh database retaguarda_bench is made):
 * 100 accounts with 1,000 clientes each and one with 100,000; then GET /api/Clientes with an ilike filter,
 * order by nome and limit 50, against the same SQL sent straight through pg. Prints p50/p95 of both, the
 * difference and ratio of the p50s, and requests (queries) per second with 16 concurrent clients of each, in
 * the same run. Aims: API p50 ≤ SQL p50 + 1 ms on every pattern; API throughput at 16 clients ≥ 0.7 × SQL.
 * The API's client is a plain HTTP client asking for brotli/gzip as a browser does; it does not decode or
 * parse the answer (the browser's work, not the server's); the SQL side gets rows as pg parses them.
 *
 * Profiling the server under this load: run the API under node's own sampling profiler, e.g.
 *   node --cpu-prof --cpu-prof-dir=perfis --import tsx scripts/bench/api.ts
 * and open the .cpuprofile in Chrome DevTools (Performance) or any flame-graph viewer.
 */
import { Agent, request } from 'node:http';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';
import { startUpJobsDone } from './start-up-jobs.ts';
import { createSession } from '../../src/server/auth/sessions.ts';

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = process.env.BENCH_DB ?? 'retaguarda_bench'; // another name when several checkouts bench the same server
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${BENCH_DB}`);
await admin.end();
const url = new URL(server);
url.pathname = `/${BENCH_DB}`;

const db = await openDb({ databaseUrl: url.toString() });
await migrate(db);
await loadReferenceData(db);
await seedDemo(db, { clientes: 20 }); // below 20 the demo has 3 suppliers and the purchasing demo needs the rest
const t0 = Date.now();
const brand = (await db.query<{ id: number }>('SELECT id FROM brands WHERE padrao')).rows[0].id;
// Names drawn from common Brazilian first and last names, plus a number: broad patterns ('%silva%') match
// a large share of rows, rare ones ('%12345%') a handful.
const names = `(ARRAY['Ana','Bruno','Carla','Daniel','Eduarda','Felipe','Gabriela','Heitor','Isabela','João','Karina','Lucas','Mariana','Nicolas','Olívia','Paulo','Rafael','Sofia','Tiago','Vitória'])`;
const lasts = `(ARRAY['Silva','Souza','Oliveira','Santos','Pereira','Lima','Carvalho','Ferreira','Rodrigues','Almeida','Costa','Gomes','Martins','Araújo','Barbosa','Ribeiro'])`;
async function addTenant(nome: string, clientes: number): Promise<number> {
  const id = (await db.query<{ id: number }>(`INSERT INTO tenants (brand_id, nome) VALUES ($1, $2) RETURNING id`, [brand, nome])).rows[0].id;
  await db.query(
    `INSERT INTO pessoas (tenant_id, tipo, nome, email, uf, ativo)
     SELECT $1, 0, ${names}[1 + (g * 7) % 20] || ' ' || ${lasts}[1 + (g * 13) % 16] || ' ' || ${lasts}[1 + (g * 5) % 16] || ' ' || g,
            'cliente' || g || '@exemplo.com.br', (ARRAY['SP','RJ','MG','PR'])[1 + g % 4], g % 10 <> 0
       FROM generate_series(1, $2) g`,
    [id, clientes],
  );
  return id;
}
for (let i = 0; i < 100; i++) await addTenant(`Conta ${i}`, 1000);
const big = await addTenant('Conta grande', 100000);
await db.query('ANALYZE');
const user = (await db.query<{ id: number }>(
  `INSERT INTO users (tenant_id, brand_id, email, nome, senha_hash, perfil_admin) VALUES ($1, $2, 'bench@bench.com', 'Bench', 'x', true) RETURNING id`,
  [big, brand],
)).rows[0].id;
const token = (await createSession(db, big, user, null)).id;
console.log(`dados: 100 contas x 1.000 clientes + 1 conta x 100.000 (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

const { app, services } = await buildApp({ db, serveWeb: false });
await app.listen({ port: 0, host: '127.0.0.1' });
await startUpJobsDone(services);
const port = (app.server.address() as { port: number }).port;
const raw = new pg.Pool({ connectionString: url.toString(), max: 16 });

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (ms: number) => ms.toFixed(2).padStart(8);

async function time(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  for (let i = 0; i < 10; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await fn();
    out.push(performance.now() - s);
  }
  return out;
}

async function throughput(fn: () => Promise<unknown>, clients: number, seconds: number): Promise<number> {
  let done = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (Date.now() < end) {
      await fn();
      done++;
    }
  }));
  return done / seconds;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });
/** GET on the API as a browser asks (compressed answers accepted); resolves with the status once the body is in. */
function apiGet(path: string): Promise<void> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { authorization: token, 'accept-encoding': 'br, gzip' } }, (res) => {
      if (res.statusCode !== 200) fail(new Error(`HTTP ${res.statusCode}`));
      res.on('data', () => {});
      res.on('end', () => ok());
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

console.log(`\nGET /api/Clientes?filter={where:{nome:{ilike}},order:'nome ASC',limit:50} — ${RUNS} execuções cada\n`);
console.log('padrão            |  API p50 |  API p95 |  SQL p50 |  SQL p95 | API−SQL p50 | razão p50 | API req/s (16) | SQL q/s (16) | razão (16)');
let worstDiff = -Infinity;
let worstShare = Infinity;
for (const pattern of ['%silva%', '%ana%', '%martins araújo%', '%4242%', '%99917%', '%xyzw%']) {
  const filter = encodeURIComponent(JSON.stringify({ where: { nome: { ilike: pattern } }, order: 'nome ASC', limit: 50 }));
  const api = () => apiGet(`/api/Clientes?filter=${filter}`);
  const sql = () =>
    raw.query(
      `SELECT * FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND nome ILIKE $2 ORDER BY nome, id LIMIT 50`,
      [big, pattern],
    );
  const a = await time(api, RUNS);
  const s = await time(sql, RUNS);
  const rps = await throughput(api, 16, 3);
  const qps = await throughput(sql, 16, 3);
  const diff = pct(a, 50) - pct(s, 50);
  worstDiff = Math.max(worstDiff, diff);
  worstShare = Math.min(worstShare, rps / qps);
  console.log(
    `${pattern.padEnd(17)} |${fmt(pct(a, 50))} |${fmt(pct(a, 95))} |${fmt(pct(s, 50))} |${fmt(pct(s, 95))} |${fmt(diff).padStart(12)} | ${(pct(a, 50) / pct(s, 50)).toFixed(2).padStart(9)} | ${rps.toFixed(0).padStart(14)} | ${qps.toFixed(0).padStart(12)} | ${(rps / qps).toFixed(2).padStart(10)}`,
  );
}
console.log('\n(tempos em ms; SQL = a mesma consulta direto pelo pg, como superusuário, sem a API, com 16 conexões)');
console.log(`meta API p50 ≤ SQL p50 + 1 ms: ${worstDiff <= 1 ? 'atingida' : 'NÃO atingida'} (pior diferença ${worstDiff.toFixed(2)} ms)`);
console.log(`meta vazão da API ≥ 0,7 × SQL com 16 clientes: ${worstShare >= 0.7 ? 'atingida' : 'NÃO atingida'} (pior razão ${worstShare.toFixed(2)})`);
agent.destroy();
await app.close();
await raw.end();
await db.close();
