/**
 * npm run bench:web — builds the web app, then over an embedded database (PGlite) whose demo account holds
 * 100,000 clientes, opens #/pages/vendas/clientes in headless Chromium (Debian's /usr/bin/chromium) and
 * reports: the gzipped size of the JavaScript that screen loads, and the time from navigation to the first
 * visible grid rows (median of BENCH_RUNS cold page loads, default 7). Aim: first rows within 1 s.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { chromium } from 'playwright-core';
import { buildApp } from '../../src/server/app.ts';
import { openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { loadReferenceData } from '../../src/server/schemas/reference-data.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENTES = Number(process.env.BENCH_CLIENTES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ROUTE = '#/pages/vendas/clientes';

let t = Date.now();
await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
console.log(`vite build: ${Date.now() - t} ms`);

t = Date.now();
const db = await openDb({});
await migrate(db);
await loadReferenceData(db);
await seedDemo(db, { clientes: 10 });
const tenant = (await db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id;
await db.query(
  `INSERT INTO pessoas (tenant_id, tipo, nome, email, telefone, uf, codigo_municipio, limite_credito, ativo)
   SELECT $1, 0,
          (ARRAY['Ana','Bruno','Carla','Daniel','Eduarda','Felipe','Gabriela','Heitor','Isabela','João'])[1 + g % 10] || ' ' ||
          (ARRAY['Silva','Souza','Oliveira','Santos','Pereira','Lima','Carvalho','Ferreira'])[1 + (g / 10) % 8] || ' ' || g,
          'cliente' || g || '@exemplo.com.br', '119' || lpad((g % 100000000)::text, 8, '0'), 'SP', 3550308, (g % 50) * 100, g % 13 <> 0
     FROM generate_series(1, $2::int) g`,
  [tenant, CLIENTES],
);
await db.query('ANALYZE pessoas');
console.log(`${CLIENTES} clientes: ${Date.now() - t} ms`);

const { app } = await buildApp({ db, serveWeb: true });
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
const login = await app.inject({ method: 'POST', url: '/api/Usuarios/login?include=user', payload: { email: 'admin@demo.com.br', password: 'demo1234' } });
const { id: token, user } = login.json();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const times: number[] = [];
let scripts = new Set<string>();
for (let i = 0; i < RUNS + 1; i++) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript(([tk, u]) => {
    localStorage.setItem('token', tk);
    localStorage.setItem('user', u);
  }, [token, JSON.stringify(user)] as const);
  const page = await context.newPage();
  let start = Date.now();
  const loaded = new Set<string>();
  const trace: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('.js')) loaded.add(url.pathname);
    trace.push(`${String(Date.now() - start).padStart(5)} ms ${url.pathname}`);
  });
  start = Date.now();
  await page.goto(`${base}/${ROUTE}`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ state: 'visible', timeout: 30_000 });
  const ms = Date.now() - start;
  if (process.env.BENCH_TRACE && i === RUNS) console.log(trace.join('\n'));
  const rows = await page.locator('.ant-table-tbody tr.ant-table-row').count();
  const total = await page.locator('.ant-pagination-total-text').innerText();
  if (i === 0) {
    scripts = loaded;
    console.log(`aquecimento: ${ms} ms (${rows} linhas, ${total})`);
  } else times.push(ms);
  await context.close();
}
await browser.close();
await app.close();
await db.close();

let raw = 0;
let gz = 0;
for (const p of scripts) {
  const buf = readFileSync(join(ROOT, 'dist', decodeURIComponent(p.replace(/^\//, ''))));
  raw += buf.length;
  gz += gzipSync(buf, { level: 9 }).length;
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`JavaScript de ${ROUTE}: ${scripts.size} arquivos, ${(raw / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzip`);
console.log(`primeiras linhas visíveis: mediana ${median} ms (mín ${times[0]}, máx ${times[times.length - 1]}, ${RUNS} carregamentos)`);
console.log(median <= 1000 ? 'meta de 1 s: atingida' : 'meta de 1 s: NÃO atingida');
