/**
 * npm run bench:web — builds the web app, then over an embedded database (PGlite) whose demo account holds
 * 100,000 clientes, loads screens cold in headless Chromium (Debian's /usr/bin/chromium) and reports:
 * - per route (the sign-in page, the dashboard after sign-in, the clientes grid): the JavaScript and CSS it
 *   loads (files, raw, gzip) and the bytes that actually travelled (compressed by the server);
 * - the time from navigation to the sign-in form visible, without a session (aim: 500 ms; 150 KB gzip of JS);
 * - the time from navigation to the first visible grid rows of #/pages/vendas/clientes (aim: 700 ms).
 * Times are medians of BENCH_RUNS cold page loads (default 7) after one warm-up. Beside them, the page's own counters
 * when ready (Chrome's Performance.getMetrics: JS heap, DOM nodes, layouts, style recalculations, which do not depend
 * on the machine, and script/layout/style/task time, which do) and, first, the machine's page-fault and system-call
 * costs (machine.ts): the same code measured 259 ms and ~1 s for the sign-in page on two machines.
 * Profiling: BENCH_TRACE=1 lists responses as seen from Node; BENCH_PROFILE=1 prints the page's own resource
 * timings (start, first byte, end), paints and the first row's time for the last two loads;
 * BENCH_CPUPROFILE=file.cpuprofile writes the last load's JavaScript profile (Chrome DevTools opens it).
 * BENCH_CHROME_TRACE=file.json writes the last load's Chrome trace (DevTools' Performance tab opens it) and prints
 * where the page's main thread spent the load: parsing, compiling and running scripts, style, layout, paint.
 * A/B comparisons: BENCH_ONLY=login,dashboard,grid measures only those screens (without grid, the 100,000 clientes
 * are not inserted); BENCH_NO_BUILD=1 serves the dist/ already built.
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
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';
import { startUpJobsDone } from './start-up-jobs.ts';
import { machineLine } from './machine.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENTES = Number(process.env.BENCH_CLIENTES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ROUTE = '#/pages/vendas/clientes';
const ONLY = new Set((process.env.BENCH_ONLY ?? 'login,dashboard,grid').split(',').map((s) => s.trim()));

console.log(machineLine());
let t = Date.now();
if (!process.env.BENCH_NO_BUILD) {
  await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  console.log(`vite build: ${Date.now() - t} ms`);
}

t = Date.now();
const db = await openDb({});
await migrate(db);
await loadReferenceData(db);
await seedDemo(db, { clientes: 20 }); // below 20 the demo has 3 suppliers and the purchasing demo needs the rest
const tenant = (await db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id;
if (ONLY.has('grid')) await db.query(
  `INSERT INTO pessoas (tenant_id, tipo, nome, email, telefone, uf, codigo_municipio, limite_credito, ativo)
   SELECT $1, 0,
          (ARRAY['Ana','Bruno','Carla','Daniel','Eduarda','Felipe','Gabriela','Heitor','Isabela','João'])[1 + g % 10] || ' ' ||
          (ARRAY['Silva','Souza','Oliveira','Santos','Pereira','Lima','Carvalho','Ferreira'])[1 + (g / 10) % 8] || ' ' || g,
          'cliente' || g || '@exemplo.com.br', '119' || lpad((g % 100000000)::text, 8, '0'), 'SP', 3550308, (g % 50) * 100, g % 13 <> 0
     FROM generate_series(1, $2::int) g`,
  [tenant, CLIENTES],
);
await db.query('ANALYZE pessoas');
console.log(`${ONLY.has('grid') ? CLIENTES : 20} clientes: ${Date.now() - t} ms`);

const { app, services } = await buildApp({ db, serveWeb: true });
await app.listen({ port: 0, host: '127.0.0.1' });
await startUpJobsDone(services);
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

const LOGIN_FORM_VISIBLE = `(() => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Entrar');
  const email = document.querySelector('#login-email');
  if (!button || !email) return false;
  const a = button.getBoundingClientRect(), b = email.getBoundingClientRect();
  return a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0 && getComputedStyle(button).visibility !== 'hidden';
})()`;

interface Loaded {
  /** pathname -> bytes as they travelled (after the server's compression), and the encoding used. */
  files: Map<string, { bytes: number; encoding: string }>;
  ms: number;
  /** The page's own counters when it was ready (Chrome's Performance.getMetrics): the work, not the time. */
  work: Work;
  rows?: number;
  total?: string;
}

/** One cold load (a new browser context: empty cache and storage) of `route`, until `ready` holds. */
async function coldLoad(route: string, ready: string, session: boolean, last: boolean): Promise<Loaded> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  if (session) {
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
  }
  const page = await context.newPage();
  const metrics = await context.newCDPSession(page);
  await metrics.send('Performance.enable');
  let start = Date.now();
  const trace: string[] = [];
  const encodings = new Map<string, string>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('.js') || url.pathname.endsWith('.css')) encodings.set(url.pathname, r.headers()['content-encoding'] ?? 'identity');
    trace.push(`${String(Date.now() - start).padStart(5)} ms ${url.pathname}${url.pathname.startsWith("/api/") ? decodeURIComponent(url.search) : ""}`);
  });
  const tracing = process.env.BENCH_CHROME_TRACE && last;
  if (tracing) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink', 'loading'] });
  const cpu = process.env.BENCH_CPUPROFILE && last ? await context.newCDPSession(page) : null;
  if (cpu) {
    await cpu.send('Profiler.enable');
    await cpu.send('Profiler.setSamplingInterval', { interval: 200 });
    await cpu.send('Profiler.start');
  }
  start = Date.now();
  await page.goto(`${base}/${route}`);
  // Visible as Playwright means it (a non-empty box, not visibility:hidden), checked on every animation
  // frame: locator.waitFor re-checks on its own schedule, which added 150-300 ms after the rows were drawn.
  await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 30_000 });
  const ms = Date.now() - start;
  const work = workOf((await metrics.send('Performance.getMetrics')).metrics);
  if (tracing) {
    const file = process.env.BENCH_CHROME_TRACE!;
    writeFileSync(file, await browser.stopTracing());
    console.log(mainThreadTime(file, ms));
  }
  if (process.env.BENCH_TRACE && last) console.log(trace.join('\n'));
  if (process.env.BENCH_PROFILE && last) console.log(await profileOf(page));
  if (cpu) {
    // BENCH_CPUPROFILE=file.cpuprofile: the last load's JavaScript profile (open it in Chrome's DevTools).
    const { profile } = await cpu.send('Profiler.stop');
    writeFileSync(process.env.BENCH_CPUPROFILE!, JSON.stringify(profile));
  }
  // What the route loaded by the time it was ready (later requests, e.g. idle prefetches, count too).
  const sizes = (await page.evaluate(`performance.getEntriesByType('resource').map((t) => [new URL(t.name).pathname, t.encodedBodySize])`)) as [string, number][];
  const files = new Map<string, { bytes: number; encoding: string }>();
  for (const [path, bytes] of sizes) if (path.endsWith('.js') || path.endsWith('.css')) files.set(path, { bytes, encoding: encodings.get(path) ?? '?' });
  const out: Loaded = { files, ms, work };
  if (ready === FIRST_ROW_VISIBLE) {
    out.rows = await page.locator('.ant-table-tbody tr.ant-table-row').count();
    out.total = await page.locator('.ant-pagination-total-text').innerText();
  }
  await context.close();
  return out;
}

/**
 * What a load made the page do, as counted by Chrome: the JavaScript heap in use, DOM nodes, layouts and
 * style recalculations (the same on any machine for the same code), and the main thread's time in scripts,
 * layout, style and tasks (which scale with the machine).
 */
interface Work {
  heapMiB: number;
  nodes: number;
  layouts: number;
  styles: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  taskMs: number;
}
function workOf(metrics: { name: string; value: number }[]): Work {
  const m = new Map(metrics.map((x) => [x.name, x.value]));
  const v = (k: string) => m.get(k) ?? 0;
  return {
    heapMiB: v('JSHeapUsedSize') / 2 ** 20,
    nodes: v('Nodes'),
    layouts: v('LayoutCount'),
    styles: v('RecalcStyleCount'),
    scriptMs: v('ScriptDuration') * 1000,
    layoutMs: v('LayoutDuration') * 1000,
    styleMs: v('RecalcStyleDuration') * 1000,
    taskMs: v('TaskDuration') * 1000,
  };
}

/** Cold loads of one route: a warm-up (server caches, not the browser's), then BENCH_RUNS measured ones. */
async function measure(route: string, ready: string, session: boolean) {
  const warm = await coldLoad(route, ready, session, false);
  const loads: Loaded[] = [];
  for (let i = 0; i < RUNS; i++) loads.push(await coldLoad(route, ready, session, i === RUNS - 1));
  const times = loads.map((l) => l.ms).sort((a, b) => a - b);
  // Each counter's median over the loads.
  const work = Object.fromEntries(
    (Object.keys(loads[0].work) as (keyof Work)[]).map((k) => [k, loads.map((l) => l.work[k]).sort((a, b) => a - b)[Math.floor(loads.length / 2)]]),
  ) as unknown as Work;
  return { warm, times, median: times[Math.floor(times.length / 2)], work };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
/** JS and CSS of a load: files, raw and gzip (level 9) sizes from dist/, and the bytes that travelled. */
function sizesOf(l: Loaded) {
  const s = { js: { n: 0, raw: 0, gz: 0, wire: 0 }, css: { n: 0, raw: 0, gz: 0, wire: 0 }, uncompressed: [] as string[] };
  for (const [p, f] of l.files) {
    const buf = readFileSync(join(ROOT, 'dist', decodeURIComponent(p.replace(/^\//, ''))));
    const t = p.endsWith('.css') ? s.css : s.js;
    t.n++;
    t.raw += buf.length;
    t.gz += gzipSync(buf, { level: 9 }).length;
    t.wire += f.bytes;
    if (buf.length >= 1024 && f.encoding !== 'br' && f.encoding !== 'gzip') s.uncompressed.push(p);
  }
  return s;
}
function report(route: string, l: Loaded) {
  const s = sizesOf(l);
  console.log(`${route.padEnd(26)} JS ${String(s.js.n).padStart(2)} arquivos ${kib(s.js.raw).padStart(11)} ${kib(s.js.gz).padStart(10)} gzip ${kib(s.js.wire).padStart(10)} transferidos | CSS ${s.css.n} arquivos ${kib(s.css.raw).padStart(10)} ${kib(s.css.gz).padStart(9)} gzip`);
  if (s.uncompressed.length) console.log(`  sem compressão: ${s.uncompressed.join(', ')}`);
  // BENCH_FILES=1: each file of the route with its gzip size, largest first.
  if (process.env.BENCH_FILES) {
    const list = [...l.files.keys()].map((p) => [p, gzipSync(readFileSync(join(ROOT, 'dist', decodeURIComponent(p.replace(/^\//, '')))), { level: 9 }).length] as const);
    for (const [p, n] of list.sort((a, b) => b[1] - a[1])) console.log(`  ${kib(n).padStart(10)}  ${p}`);
  }
  return s;
}

const signIn = ONLY.has('login') ? await measure('#/auth/login', LOGIN_FORM_VISIBLE, false) : null;
const dashboard = ONLY.has('dashboard') ? await measure('#/pages/dashboard', `!!document.querySelector('.ant-layout-sider')`, true) : null;
const grid = ONLY.has('grid') ? await measure(ROUTE, FIRST_ROW_VISIBLE, true) : null;
if (grid) console.log(`aquecimento da grade: ${grid.warm.ms} ms (${grid.warm.rows} linhas, ${grid.warm.total})`);
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

console.log('\nrota (carregamento a frio)  JavaScript e CSS carregados até a tela ficar pronta');
const loginSizes = signIn && report('#/auth/login', signIn.warm);
if (dashboard) report('#/pages/dashboard', dashboard.warm);
if (grid) report(ROUTE, grid.warm);
const line = (what: string, m: { median: number; times: number[] }) => `${what}: mediana ${m.median} ms (mín ${m.times[0]}, máx ${m.times[m.times.length - 1]}, ${RUNS} carregamentos)`;
console.log('');
if (signIn) console.log(line('formulário de login visível', signIn));
if (dashboard) console.log(line('dashboard (menu lateral) visível', dashboard));
if (grid) console.log(line(`primeiras linhas visíveis de ${ROUTE}`, grid));
// The page's work when ready, medians of the same loads: counts that do not depend on the machine, then times that do.
const workLine = (what: string, w: Work) =>
  `${what.padEnd(26)} heap JS ${w.heapMiB.toFixed(1)} MiB, ${w.nodes} nós, ${w.layouts} layouts, ${w.styles} recálculos de estilo | scripts ${w.scriptMs.toFixed(0)} ms, layout ${w.layoutMs.toFixed(0)} ms, estilo ${w.styleMs.toFixed(0)} ms, tarefas ${w.taskMs.toFixed(0)} ms`;
console.log('\ntrabalho da página até ficar pronta (Performance.getMetrics do Chrome, medianas):');
if (signIn) console.log(workLine('#/auth/login', signIn.work));
if (dashboard) console.log(workLine('#/pages/dashboard', dashboard.work));
if (grid) console.log(workLine(ROUTE, grid.work));
if (signIn && loginSizes) console.log(`meta do login (≤ 150 KiB gzip de JS, comprimido, < 500 ms): ${loginSizes.js.gz <= 150 * 1024 && !loginSizes.uncompressed.length && signIn.median < 500 ? 'atingida' : 'NÃO atingida'}`);
if (grid) console.log(`meta da grade (< 700 ms): ${grid.median < 700 ? 'atingida' : 'NÃO atingida'}`);

/**
 * The page's main thread in a Chrome trace (BENCH_CHROME_TRACE): time by kind of work, counting each moment once
 * (an event inside another is charged to the innermost one), from the page's first work to `ms` later.
 */
function mainThreadTime(file: string, ms: number): string {
  type Ev = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } };
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: Ev[] }).traceEvents;
  // The renderer main thread that worked the most (the blank page before the navigation has one too).
  const busiest = new Map<string, number>();
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  for (const e of events) if (e.ph === 'X' && e.dur && mains.has(`${e.pid}:${e.tid}`)) busiest.set(`${e.pid}:${e.tid}`, (busiest.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const key = [...busiest].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!key) return 'rastro: thread principal da página não encontrada';
  const [pid, tid] = key.split(':').map(Number);
  const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // From the page's first work (its HTML arriving) on: the time before it is the request, no thread's work.
  const start = mine[0]?.ts ?? 0;
  const end = start + ms * 1000;
  // Self time: walk the nested events with a stack, charging each microsecond to the innermost open event.
  const self = new Map<string, number>();
  const stack: { ev: Ev; end: number }[] = [];
  let cursor = start;
  const charge = (until: number) => {
    const to = Math.min(until, end);
    if (stack.length && to > cursor) {
      const name = stack[stack.length - 1].ev.name;
      self.set(name, (self.get(name) ?? 0) + (to - cursor));
    }
    cursor = Math.max(cursor, to);
  };
  for (const ev of mine) {
    if (ev.ts >= end) break;
    while (stack.length && stack[stack.length - 1].end <= ev.ts) {
      charge(stack[stack.length - 1].end);
      stack.pop();
    }
    charge(ev.ts);
    stack.push({ ev, end: ev.ts + ev.dur! });
  }
  while (stack.length) {
    charge(stack[stack.length - 1].end);
    stack.pop();
  }
  const busy = [...self.values()].reduce((a, b) => a + b, 0);
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 14);
  return [`thread principal: ${(busy / 1000).toFixed(0)} ms ocupada de ${ms} ms (tempo próprio por evento do rastro):`, ...top.map(([n, us]) => `  ${(us / 1000).toFixed(1).padStart(7)} ms  ${n}`)].join('\n');
}
