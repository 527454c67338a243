import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './pgbouncer.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** A real server process (src/server/main.ts, as npm start runs it) on a free port. */
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

/**
 * `entry`: src/server/main.ts (the sources under tsx), src/server/cluster.ts (npm run start:cluster) or scripts/start.mjs
 * (npm start: plain Node, the server bundle); `cwd`: the checkout it runs in (this one unless told: a clone's copy).
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 120000, entry = 'src/server/main.ts', cwd = ROOT): Promise<ServerProcess> {
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
