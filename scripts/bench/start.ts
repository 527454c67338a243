/**
 * npm run bench:start — the embedded default as a shop runs it: `npm start` over a fresh DATA_DIR (first
 * start: build check, migrations, demo data), stopped, then started again over the same DATA_DIR. Prints
 * the time from launch to the first answered login of each start and the server's resident memory (RSS)
 * once idle with the demo data. Aims (issue 12): restart < 3 s, idle RSS < 250 MB.
 *
 * Idle means after the start-up jobs: 3 s after it listens the server fatura the demo's orders with their
 * NF-e, transmits the own-import NF-e and the PDV's pending NFC-e (certificates, signatures, XSD validation
 * in the worker pool). The first start here is stopped right after its login, before they run, so they run
 * in the last restart, the measured one: the memory is read once they are over (the server's CPU quiet for
 * a whole window), then BENCH_IDLE_MS more, never while they run, however slow the machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);
/** The start-up jobs' timers (vendas, fiscal/emissao, pdv routes: 3 s after the server is ready), plus a margin. */
const JOBS_DELAY_MS = 4000;
/** Quiet: the server's processes used less than this share of one core over a whole window. */
const QUIET_WINDOW_MS = 2000;
const QUIET_SHARE = 0.05;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => ok(p));
    });
  });

/** Every process under pid (npm → sh → node server): the server is the one holding the most memory. */
function tree(pid: number): number[] {
  const out = [pid];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${d}/status`, 'utf8'))?.[1]);
      if (ppid === pid) out.push(...tree(Number(d)));
    } catch {}
  }
  return out;
}
/** CPU seconds (user + system) a process has used: unlike wall time, barely moved by other work on the machine. */
const cpuS = (pid: number) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
};
const rssMb = (pid: number) => {
  try {
    return Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

async function login(port: number): Promise<boolean> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/api/Usuarios/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'localhost' },
      body: JSON.stringify({ email: 'admin@demo.com.br', password: 'demo1234' }),
    });
    return r.status === 200;
  } catch {
    return false;
  }
}

async function startOnce(dataDir: string): Promise<{ child: ChildProcess; ms: number; port: number; cpu: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd: ROOT, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu (${child.exitCode}):\n${log}`);
    if (await login(port)) {
      const ms = performance.now() - t0;
      return { child, ms, port, cpu: tree(child.pid!).reduce((a, p) => a + cpuS(p), 0) };
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const done = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await done;
}

const dataDir = mkdtempSync(join(tmpdir(), 'retaguarda-bench-start-'));
try {
  const first = await startOnce(dataDir);
  console.log(`primeira subida (cria o banco e os dados de demonstração): ${(first.ms / 1000).toFixed(2)} s até o primeiro login`);
  await stop(first.child);
  const times: number[] = [];
  const cpus: number[] = [];
  let idle = 0;
  let total = 0;
  let jobsS = 0;
  for (let i = 0; i < RESTARTS; i++) {
    const s = await startOnce(dataDir);
    times.push(s.ms);
    cpus.push(s.cpu);
    if (i === RESTARTS - 1) {
      // A short working session (lists, the user's data), then idle: what a shop's server holds.
      for (const url of ['/api/ConfigWhiteLabels/atual']) await fetch(`http://127.0.0.1:${s.port}${url}`);
      const loggedIn = performance.now();
      await sleep(JOBS_DELAY_MS);
      const cpu = () => tree(s.child.pid!).reduce((a, p) => a + cpuS(p), 0);
      for (let before = cpu(); ; ) {
        await sleep(QUIET_WINDOW_MS);
        const now = cpu();
        if (now - before < (QUIET_SHARE * QUIET_WINDOW_MS) / 1000) break;
        if (performance.now() - loggedIn > 300_000) throw new Error('o servidor não ficou ocioso em 5 minutos depois do login');
        before = now;
      }
      jobsS = (performance.now() - loggedIn - QUIET_WINDOW_MS) / 1000;
      await sleep(IDLE_MS);
      const pids = tree(s.child.pid!);
      idle = Math.max(...pids.map(rssMb));
      total = pids.reduce((a, p) => a + rssMb(p), 0);
    }
    await stop(s.child);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const median = med(times);
  console.log(`nova subida sobre o DATA_DIR já criado: mediana ${(median / 1000).toFixed(2)} s até o primeiro login (de ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s) — meta < 3 s`);
  console.log(`CPU do processo até o primeiro login: mediana ${med(cpus).toFixed(2)} s (carga da máquina: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`);
  console.log(`memória do servidor ocioso com os dados de demonstração, ${(IDLE_MS / 1000).toFixed(0)} s depois que os trabalhos de subida terminaram (CPU quieta ${jobsS.toFixed(1)} s após o login): RSS ${idle.toFixed(0)} MB (árvore npm+servidor: ${total.toFixed(0)} MB) — meta < 250 MB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
