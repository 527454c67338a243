/**
 * npm run bench:api — on PostgreSQL (DATABASE_URL names the server; a fresh database retaguarda_bench is made):
 * 100 accounts with 1,000 clientes each and one with 100,000; then GET /api/Clientes with an ilike filter,
 * order by nome and limit 50, against the same SQL sent straight through pg. Aims: API p50 ≤ SQL p50 + 1 ms
 * on every pattern; API throughput at 16 clients ≥ 0.7 × SQL.
 *
 * How both sides are measured, the same way: the server under test runs in its own process (the API in
 * api-server.ts, forked here; the SQL side's is PostgreSQL), and the load generator of both sides runs in this
 * process, against the same database with 16 requests always in flight. The p50s come from one client, API
 * and SQL alternated request by request (BENCH_RUNS each); throughput from BENCH_ROUNDS rounds of
 * BENCH_SECONDS per side, alternating which side goes first, the ratio being the median of each round's
 * ratio. The API's client is node's HTTP client asking for brotli/gzip as a browser does; it does not decode
 * or parse the answer (the browser's work, not the server's); the SQL side gets rows as pg parses them.
 *
 * It prints the machine's page-fault and system-call costs first (machine.ts): on a machine where a system call
 * costs several µs, the socket writes alone are a quarter of the server's CPU.
 *
 * Profiling the server under this load: BENCH_PROFILE=perfis runs V8's sampling profiler (the one behind
 * --cpu-prof) in the API's process during each of its throughput windows, writes one .cpuprofile per window
 * in perfis/ (Chrome DevTools' Performance tab or any flame-graph viewer opens them) and prints the functions
 * with the most self time over all of them. The ratios of such a run are not the server's: it is profiled.
 */
import { fork } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import os from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';
import { selfTimes } from './cpu-profile.ts';
import { createSession } from '../../src/server/auth/sessions.ts';
import { machineLine } from './machine.ts';

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = process.env.BENCH_DB ?? 'retaguarda_bench'; // another name when several checkouts bench the same server
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CLIENTS = 16;
/** All six by default; BENCH_PATTERNS='%ana%,%4242%' measures some of them (while iterating on the server). */
const PATTERNS = process.env.BENCH_PATTERNS?.split(',') ?? ['%silva%', '%ana%', '%martins araújo%', '%4242%', '%99917%', '%xyzw%'];
const PROFILE = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : null;
if (PROFILE) mkdirSync(PROFILE, { recursive: true });

const url = new URL(server);
url.pathname = `/${BENCH_DB}`;
/** The data of an earlier run, kept when BENCH_REUSE=1 (iterating on the server): the big account and its user. */
async function earlierRun(): Promise<{ big: number; user: number } | null> {
  if (process.env.BENCH_REUSE !== '1') return null;
  const c = new pg.Client({ connectionString: url.toString() });
  try {
    await c.connect();
    const r = await c.query<{ big: number; user: number }>(
      `SELECT t.id AS big, u.id AS user FROM tenants t JOIN users u ON u.tenant_id = t.id AND u.email = 'bench@bench.com' WHERE t.nome = 'Conta grande'`,
    );
    return r.rows[0] ?? null;
  } catch {
    return null; // no such database yet
  } finally {
    await c.end().catch(() => {});
  }
}
const kept = await earlierRun();
if (!kept) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  await admin.end();
}

const db = await openDb({ databaseUrl: url.toString() });
async function seed(): Promise<{ big: number; user: number }> {
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
  console.log(`dados: 100 contas x 1.000 clientes + 1 conta x 100.000 (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return { big, user };
}
const { big, user } = kept ?? (await seed());
if (kept) console.log('dados da rodada anterior (BENCH_REUSE=1)');
const token = (await createSession(db, big, user, null)).id;
await db.close();

// The server under test runs in a process of its own (api-server.ts): the load generator below (HTTP client
// and pg client alike) runs in this process, so neither side's client spends the CPU of what it measures.
const child = fork(fileURLToPath(new URL('./api-server.ts', import.meta.url)), [], {
  execArgv: ['--import', import.meta.resolve('tsx')],
  env: { ...process.env, BENCH_SERVER_DB: url.toString() },
});
const fromServer = <T>(key: string) =>
  new Promise<T>((ok, fail) => {
    const onMessage = (m: Record<string, unknown>) => {
      if (!(key in m)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      ok(m[key] as T);
    };
    const onExit = (code: number | null) => fail(new Error(`o servidor do benchmark saiu (código ${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
const port = await fromServer<number>('port');
const raw = new pg.Pool({ connectionString: url.toString(), max: CLIENTS });

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x: number) => x.toFixed(2);
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');

/** One client after the other, API and SQL alternated request by request: both see the same moment's load. */
async function latencies(api: () => Promise<unknown>, sql: () => Promise<unknown>, runs: number): Promise<{ a: number[]; s: number[] }> {
  for (let i = 0; i < 10; i++) await api(), await sql();
  const a: number[] = [];
  const s: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await api();
    a.push(performance.now() - t);
    t = performance.now();
    await sql();
    s.push(performance.now() - t);
  }
  return { a, s };
}

/** CPU time (µs) so far of every PostgreSQL process on this machine (/proc; 0 where there is none, e.g. elsewhere). */
function postgresCpuUs(): number {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
        const f = stat.slice(close + 2).split(' ');
        ticks += Number(f[11]) + Number(f[12]); // utime, stime
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    return 0;
  }
  return (ticks * 1e6) / TICKS_PER_SECOND;
}
const TICKS_PER_SECOND = 100;
/** Where one window's CPU went, µs per request: this process (the load generator and its clients) and PostgreSQL. */
interface Gasto {
  bench: number;
  postgres: number;
}
let lastGasto: Gasto = { bench: 0, postgres: 0 };

/** Completed requests per second with `clients` requests always in flight (lastGasto: the window's CPU per request). */
async function throughput(fn: () => Promise<unknown>, clients: number, seconds: number): Promise<number> {
  const cpu0 = process.cpuUsage();
  const pg0 = postgresCpuUs();
  let done = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (Date.now() < end) {
      await fn();
      done++;
    }
  }));
  const cpu = process.cpuUsage(cpu0);
  lastGasto = { bench: (cpu.user + cpu.system) / done, postgres: (postgresCpuUs() - pg0) / done };
  return done / seconds;
}

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
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

let profiles = 0;
const profiled: string[] = [];
/**
 * The API's throughput window, with the server's CPU time in it (µs per request), under the server's
 * sampling profiler when BENCH_PROFILE names a folder.
 */
async function apiWindow(api: () => Promise<unknown>): Promise<{ rps: number; cpuPerReq: number; callsPerReq: string; gasto: Gasto }> {
  const profile = PROFILE ? resolve(PROFILE, `api-servidor-${String(++profiles).padStart(2, '0')}.cpuprofile`) : undefined;
  const started = fromServer('started');
  child.send({ window: 'start', profile });
  await started;
  const rps = await throughput(api, CLIENTS, SECONDS);
  const ended = fromServer<{ cpuUs: number; reads: number; writes: number }>('ended');
  child.send({ window: 'end', profile });
  const { cpuUs, reads, writes } = await ended;
  if (profile) profiled.push(profile);
  const n = rps * SECONDS;
  return { rps, cpuPerReq: cpuUs / n, callsPerReq: `${(reads / n).toFixed(1)}/${(writes / n).toFixed(1)}`, gasto: lastGasto };
}

console.log(machineLine());
const loadBefore = load();
console.log(`\nGET /api/Clientes?filter={where:{nome:{ilike}},order:'nome ASC',limit:50}: ${RUNS} execuções uma a uma (API e SQL alternadas)`);
console.log(`e ${ROUNDS} rodadas de ${SECONDS} s com ${CLIENTS} clientes de cada lado, alternadas; servidor da API num processo próprio${PROFILE ? ', SOB O PERFILADOR' : ''}`);
console.log(`load (1/5/15 min) no início: ${loadBefore}\n`);
console.log('padrão            |  SQL p50 |  API p50 | API−SQL | ≤ +1 ms | SQL q/s | API req/s | razão (faixa)      | ≥ 0,7 |  SQL p95 |  API p95 | CPU µs/req | syscalls/req');
let worstDiff = -Infinity;
const cpuRows: string[] = [];
let worstShare = Infinity;
for (const pattern of PATTERNS) {
  const filter = encodeURIComponent(JSON.stringify({ where: { nome: { ilike: pattern } }, order: 'nome ASC', limit: 50 }));
  const api = () => apiGet(`/api/Clientes?filter=${filter}`);
  const sql = () =>
    raw.query(
      `SELECT * FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND nome ILIKE $2 ORDER BY nome, id LIMIT 50`,
      [big, pattern],
    );
  const { a, s } = await latencies(api, sql, RUNS);
  // Rounds alternate which side goes first; each round's ratio compares two windows next to each other.
  const rps: number[] = [];
  const qps: number[] = [];
  const cpus: number[] = [];
  let calls = '';
  const ratios: number[] = [];
  const gastos: { sql: Gasto; api: Gasto; servidor: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let x: Awaited<ReturnType<typeof apiWindow>>, y: number, g: Gasto;
    if (r % 2 === 0) {
      x = await apiWindow(api);
      y = await throughput(sql, CLIENTS, SECONDS);
      g = lastGasto;
    } else {
      y = await throughput(sql, CLIENTS, SECONDS);
      g = lastGasto;
      x = await apiWindow(api);
    }
    rps.push(x.rps);
    cpus.push(x.cpuPerReq);
    calls = x.callsPerReq;
    qps.push(y);
    gastos.push({ sql: g, api: x.gasto, servidor: x.cpuPerReq });
    ratios.push(x.rps / y);
  }
  const diff = pct(a, 50) - pct(s, 50);
  const share = median(ratios);
  worstDiff = Math.max(worstDiff, diff);
  worstShare = Math.min(worstShare, share);
  const range = `${share.toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
  console.log(
    [
      pattern.padEnd(17),
      ms(pct(s, 50)).padStart(8),
      ms(pct(a, 50)).padStart(8),
      ms(diff).padStart(7),
      (diff <= 1 ? 'sim' : 'NÃO').padStart(7),
      median(qps).toFixed(0).padStart(7),
      median(rps).toFixed(0).padStart(9),
      range.padEnd(18),
      (share >= 0.7 ? 'sim' : 'NÃO').padStart(5),
      ms(pct(s, 95)).padStart(8),
      ms(pct(a, 95)).padStart(8),
      median(cpus).toFixed(0).padStart(10),
      calls.padStart(11),
    ].join(' | '),
  );
  const m = (f: (x: (typeof gastos)[number]) => number) => median(gastos.map(f));
  const sqlTotal = m((x) => x.sql.bench + x.sql.postgres);
  const apiTotal = m((x) => x.api.bench + x.servidor + x.api.postgres);
  cpuRows.push(
    [
      pattern.padEnd(17),
      m((x) => x.sql.bench).toFixed(0).padStart(13),
      m((x) => x.sql.postgres).toFixed(0).padStart(10),
      sqlTotal.toFixed(0).padStart(9),
      m((x) => x.api.bench).toFixed(0).padStart(13),
      m((x) => x.servidor).toFixed(0).padStart(12),
      m((x) => x.api.postgres).toFixed(0).padStart(10),
      apiTotal.toFixed(0).padStart(9),
      (sqlTotal / apiTotal).toFixed(2).padStart(11),
    ].join(' | '),
  );
}
console.log('\nCPU por requisição nas rodadas de vazão (µs, medianas; gerador = este processo, com o cliente HTTP ou o do pg; PostgreSQL = todos os seus processos):');
console.log('padrão            | SQL: gerador | PostgreSQL |    total | API: gerador | servidor API | PostgreSQL |    total | SQL ÷ API');
for (const row of cpuRows) console.log(row);
console.log(`\n(tempos em ms; SQL = a mesma consulta direto pelo pg, como superusuário, sem a API, com ${CLIENTS} conexões;`);
console.log(` q/s e req/s: medianas das rodadas; razão: mediana das razões de cada rodada, com a menor e a maior;`);
console.log(` CPU µs/req: tempo de CPU do processo da API por requisição atendida nas rodadas, mediana;`);
console.log(` syscalls/req: chamadas de sistema de leitura/escrita do processo da API por requisição, na última rodada)`);
console.log(`load (1/5/15 min): ${loadBefore} no início, ${load()} no fim`);
console.log(`meta API p50 ≤ SQL p50 + 1 ms: ${worstDiff <= 1 ? 'atingida' : 'NÃO atingida'} (pior diferença ${worstDiff.toFixed(2)} ms)`);
console.log(`meta vazão da API ≥ 0,7 × SQL com ${CLIENTS} clientes: ${worstShare >= 0.7 ? 'atingida' : 'NÃO atingida'} (pior razão ${worstShare.toFixed(2)})`);
agent.destroy();
await raw.end();
child.send({ stop: true });
await new Promise((ok) => child.once('exit', ok));
if (PROFILE) {
  console.log(`\nperfil do servidor da API (${profiled.length} janelas de vazão, em ${PROFILE}), tempo próprio por função:`);
  for (const f of selfTimes(profiled, 30)) console.log(`${(f.share * 100).toFixed(1).padStart(5)}% ${f.ms.toFixed(0).padStart(6)} ms  ${f.name}`);
}
