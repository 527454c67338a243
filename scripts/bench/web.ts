/**
 * npm run bench:web — builds the web app, then over an embedded database (PGlite) whose demo account holds
 * 100,000 clientes, opens #/pages/vendas/clientes in headless Chromium (Debian's /usr/bin/chromium) and
 * reports: the gzipped size of the JavaScript that screen loads, and the time from navigation to the first
 * visible grid rows (median of BENCH_RUNS cold page loads, default 7). Aim: first rows within 1 s.
 * Profiling: BENCH_TRACE=1 lists responses as seen from Node; BENCH_PROFILE=1 prints the page's own resource
 * timings (start, first byte, end), paints and the first row's time for the last two loads;
 * BENCH_CPUPROFILE=file.cpuprofile writes the last load's JavaScript profile (Chrome DevTools opens it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
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

const FIRST_ROW_VISIBLE = `(() => {
  const row = document.querySelector('.ant-table-tbody tr.ant-table-row');
  if (!row) return false;
  const box = row.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(row).visibility !== 'hidden';
})()`;

const times: number[] = [];
let scripts = new Set<string>();
for (let i = 0; i < RUNS + 1; i++) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript(([tk, u]) => {
    localStorage.setItem('token', tk);
    localStorage.setItem('user', u);
    // In-page clock of the first visible row (BENCH_PROFILE prints it with the resource timings).
    new MutationObserver((_, obs) => {
      if (document.querySelector('.ant-table-tbody tr.ant-table-row')) {
        (window as unknown as { __firstRow: number }).__firstRow = performance.now();
        obs.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, [token, JSON.stringify(user)] as const);
  const page = await context.newPage();
  let start = Date.now();
  const loaded = new Set<string>();
  const trace: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('.js') || url.pathname.endsWith('.css')) loaded.add(url.pathname);
    trace.push(`${String(Date.now() - start).padStart(5)} ms ${url.pathname}`);
  });
  const cpu = process.env.BENCH_CPUPROFILE && i === RUNS ? await context.newCDPSession(page) : null;
  if (cpu) {
    await cpu.send('Profiler.enable');
    await cpu.send('Profiler.setSamplingInterval', { interval: 200 });
    await cpu.send('Profiler.start');
  }
  start = Date.now();
  await page.goto(`${base}/${ROUTE}`);
  // Visible as Playwright means it (a non-empty box, not visibility:hidden), checked on every animation
  // frame: locator.waitFor re-checks on its own schedule, which added 150-300 ms after the rows were drawn.
  await page.waitForFunction(FIRST_ROW_VISIBLE, undefined, { polling: 'raf', timeout: 30_000 });
  const ms = Date.now() - start;
  if (process.env.BENCH_TRACE && i === RUNS) console.log(trace.join('\n'));
  if (process.env.BENCH_PROFILE && i >= RUNS - 1) console.log(await profileOf(page));
  if (cpu) {
    // BENCH_CPUPROFILE=file.cpuprofile: the last load's JavaScript profile (open it in Chrome's DevTools).
    const { profile } = await cpu.send('Profiler.stop');
    writeFileSync(process.env.BENCH_CPUPROFILE!, JSON.stringify(profile));
  }
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

/** Where the time went inside the page: each resource's start, first byte and end, long tasks, first paint, first row. */
async function profileOf(p: import('playwright-core').Page): Promise<string> {
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  const r = (await p.evaluate(`(() => {
    const f = (n) => String(Math.round(n)).padStart(5);
    const lines = performance.getEntriesByType('resource').map((t) =>
      f(t.startTime) + ' ' + f(t.responseStart) + ' ' + f(t.responseEnd) + ' ' + String(t.encodedBodySize).padStart(7) + ' ' + new URL(t.name).pathname);
    const paint = performance.getEntriesByType('paint').map((e) => e.name + ' ' + Math.round(e.startTime));
    const nav = performance.getEntriesByType('navigation')[0];
    return { lines, paint, nav: 'html ' + Math.round(nav.responseEnd) + ' domInteractive ' + Math.round(nav.domInteractive) + ' load ' + Math.round(nav.loadEventEnd), first: window.__firstRow };
  })()`)) as { lines: string[]; paint: string[]; nav: string; first: number };
  return [`start   ttfb   end   bytes  (ms since navigation)`, ...r.lines, r.nav, ...r.paint, `first row ${Math.round(r.first)}`].join('\n');
}

const sizes = { js: { n: 0, raw: 0, gz: 0 }, css: { n: 0, raw: 0, gz: 0 } };
for (const p of scripts) {
  const buf = readFileSync(join(ROOT, 'dist', decodeURIComponent(p.replace(/^\//, ''))));
  const s = p.endsWith('.css') ? sizes.css : sizes.js;
  s.n++;
  s.raw += buf.length;
  s.gz += gzipSync(buf, { level: 9 }).length;
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`JavaScript de ${ROUTE}: ${sizes.js.n} arquivos, ${(sizes.js.raw / 1024).toFixed(1)} KiB, ${(sizes.js.gz / 1024).toFixed(1)} KiB gzip`);
// antd draws from its static stylesheet (zeroRuntime), so the CSS is reported too.
console.log(`CSS de ${ROUTE}: ${sizes.css.n} arquivos, ${(sizes.css.raw / 1024).toFixed(1)} KiB, ${(sizes.css.gz / 1024).toFixed(1)} KiB gzip`);
console.log(`primeiras linhas visíveis: mediana ${median} ms (mín ${times[0]}, máx ${times[times.length - 1]}, ${RUNS} carregamentos)`);
console.log(median <= 1000 ? 'meta de 1 s: atingida' : 'meta de 1 s: NÃO atingida');
