import { expect } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './pgbouncer.ts';
import { ensureServerBuilt } from '../../scripts/server-build.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** A real server process (the server bundle, as npm start runs it, unless told otherwise) on a free port. */
export interface ServerProcess {
  url: string;
  pid: number;
  proc: ChildProcess;
  output(): string;
  /** SIGTERM and wait for the exit (graceful shutdown); resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash, nothing runs after it. */
  kill(): Promise<void>;
}

/** The entry of a process started from the server bundle (tests/support/servidor-empacotado.mjs). */
export const SERVIDOR_EMPACOTADO = 'tests/support/servidor-empacotado.mjs';

/**
 * `entry`: SERVIDOR_EMPACOTADO (the default: the bundle npm start runs, built when stale, in CI once by the global
 * setup; a start under tsx compiled the server's sources again at every start, seconds each on a loaded machine, for
 * the dozens of starts of the crash suites), src/server/main.ts (the sources under tsx: jobs.test.ts starts them so),
 * src/server/cluster.ts (npm run start:cluster) or scripts/start.mjs (npm start itself); `cwd`: the checkout it runs
 * in (this one unless told: a clone's copy).
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 120000, entry = SERVIDOR_EMPACOTADO, cwd = ROOT): Promise<ServerProcess> {
  if (entry === SERVIDOR_EMPACOTADO) await ensureServerBuilt();
  const port = await freePort();
  const proc = spawn(process.execPath, entry.endsWith('.mjs') ? [entry] : ['--import', 'tsx', entry], {
    cwd,
    env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'servidor-')), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  // Ready when its readiness says so (database and storage answer).
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`o servidor terminou ao iniciar (${proc.exitCode}):\n${out}`);
    const r = await fetch(`${url}/api/pronto/json`).catch(() => null);
    if (r?.status === 200) break;
    if (Date.now() - started > timeoutMs) {
      proc.kill('SIGKILL');
      throw new Error(`o servidor não ficou pronto em ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: proc.pid!,
    proc,
    output: () => out,
    stop: async () => {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}

/** A call to a server process over HTTP (the crash suites): status and parsed body. */
export async function chamar(s: ServerProcess, token: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${s.url}${url}`, { method, headers: { authorization: token, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

/** chamar, expecting the status (200 unless told), answering the body. */
export async function ok(s: ServerProcess, token: string, method: string, url: string, body?: unknown, esperado = 200) {
  const r = await chamar(s, token, method, url, body);
  expect(r.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBe(esperado);
  return r.body;
}

/** Signs the demo's administrator in on a server process; answers the session token. */
export async function entrar(s: ServerProcess): Promise<string> {
  const r = await fetch(`${s.url}/api/Usuarios/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.com.br', password: 'demo1234' }) });
  expect(r.status).toBe(200);
  return String((await r.json()).id);
}
