import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

/**
 * PgBouncer (Debian's package) in transaction mode in front of the PostgreSQL of `directUrl`, with a small pool so
 * that clients share server connections: what a tenant setting leaking out of its transaction would need to show.
 */
export interface PgBouncer {
  /** directUrl with host and port replaced by PgBouncer's. */
  url: string;
  /** A command on PgBouncer's admin console (SHOW CONFIG, SHOW POOLS, …). */
  admin(command: string): Promise<Record<string, string>[]>;
  log(): string;
  close(): Promise<void>;
}

export async function startPgBouncer(directUrl: string, poolSize = 3): Promise<PgBouncer> {
  const direct = new URL(directUrl);
  const dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  // PgBouncer refuses to run as root: it switches to 'nobody', who must read the files and write the log.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const user = decodeURIComponent(direct.username || 'postgres');
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" "${decodeURIComponent(direct.password)}"\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    `[databases]
* = host=${direct.hostname} port=${direct.port || 5432}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = ${direct.password ? 'plain' : 'trust'}
auth_file = ${join(dir, 'userlist.txt')}
pool_mode = transaction
default_pool_size = ${poolSize}
max_client_conn = 500
ignore_startup_parameters = extra_float_digits,options
admin_users = ${user}
logfile = ${join(dir, 'pgbouncer.log')}
`,
  );
  const args = [join(dir, 'pgbouncer.ini')];
  if (process.getuid?.() === 0) args.unshift('-u', 'nobody');
  const proc: ChildProcess = spawn(process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout?.on('data', (d) => (output += d));
  proc.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const url = new URL(directUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const log = () => {
    try {
      return output + readFileSync(join(dir, 'pgbouncer.log'), 'utf8');
    } catch {
      return output;
    }
  };
  // Ready when it answers a query.
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`pgbouncer terminou: ${log()}`);
    const c = new pg.Client({ connectionString: url.toString() });
    const ok = await c.connect().then(
      () => c.query('SELECT 1').then(() => true),
      () => false,
    );
    await c.end().catch(() => {});
    if (ok) break;
    if (i > 200) throw new Error(`pgbouncer não respondeu: ${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const admin = async (command: string) => {
    const a = new URL(url.toString());
    a.pathname = '/pgbouncer';
    const c = new pg.Client({ connectionString: a.toString() });
    await c.connect();
    try {
      return (await c.query(command)).rows as Record<string, string>[];
    } finally {
      await c.end();
    }
  };
  return {
    url: url.toString(),
    admin,
    log,
    close: async () => {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await exited;
      }
    },
  };
}
