/**
 * The server under test of bench:api, in a process of its own (started by api.ts through fork): the HTTP
 * load generator's CPU (building requests, reading answers) is then not charged to the server's thread, as
 * the raw SQL side's client (pg, in api.ts) is not charged to PostgreSQL's.
 *
 * Messages from api.ts: { window: 'start', profile? } starts a measuring window (and V8's sampling profiler,
 * the one behind --cpu-prof, when profile names a file), answered { started }; { window: 'end', profile? }
 * ends it, writes the .cpuprofile and answers { ended: { cpuUs, reads, writes } }, the CPU and the read and write
 * system calls this process used in the window;
 * { stop: true } closes the app and exits. First answer: { port }, once listening with the start-up jobs done.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { buildApp } from '../../src/server/app.ts';
import { openDb } from '../../src/server/db/db.ts';
import type { CpuProfile } from './cpu-profile.ts';
import { startUpJobsDone } from './start-up-jobs.ts';

const databaseUrl = process.env.BENCH_SERVER_DB;
if (!databaseUrl || !process.send) throw new Error('api-server.ts is started by scripts/bench/api.ts (fork, BENCH_SERVER_DB)');
const send = (m: unknown) => process.send!(m);

const db = await openDb({ databaseUrl });
const { app, services } = await buildApp({ db, serveWeb: false });
await app.listen({ port: 0, host: '127.0.0.1' });
await startUpJobsDone(services);

const inspector = new Session();
inspector.connect();
const post = <T>(method: string, params?: object) =>
  new Promise<T>((ok, fail) => inspector.post(method, params, (err, res) => (err ? fail(err) : ok(res as T))));

/** Read and write system calls of this process so far (Linux; zeros elsewhere). */
function syscalls(): { r: number; w: number } {
  try {
    const io = readFileSync('/proc/self/io', 'utf8');
    return { r: Number(/syscr:\s*(\d+)/.exec(io)?.[1] ?? 0), w: Number(/syscw:\s*(\d+)/.exec(io)?.[1] ?? 0) };
  } catch {
    return { r: 0, w: 0 };
  }
}

let cpu = process.cpuUsage();
let io = syscalls();
let from = 0;
process.on('message', async (m: { window?: 'start' | 'end'; profile?: string; stop?: boolean }) => {
  if (m.window === 'start') {
    if (m.profile) {
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 200 });
      await post('Profiler.start');
    }
    // Starting the profiler walks every compiled function (hundreds of ms, sampled as the inspector's
    // `dispatch`): the window starts once it is done, and the samples before this mark are dropped.
    from = Number(process.hrtime.bigint() / 1000n);
    cpu = process.cpuUsage();
    io = syscalls();
    send({ started: true });
  } else if (m.window === 'end') {
    const used = process.cpuUsage(cpu);
    const now = syscalls();
    if (m.profile) {
      const { profile } = await post<{ profile: CpuProfile }>('Profiler.stop');
      writeFileSync(m.profile, JSON.stringify(trimBefore(profile, from)));
    }
    send({ ended: { cpuUs: used.user + used.system, reads: now.r - io.r, writes: now.w - io.w } });
  } else if (m.stop) {
    inspector.disconnect();
    await app.close();
    await db.close();
    process.exit(0);
  }
});

/** The profile from `mark` (µs, the clock of process.hrtime, V8's too) on. */
function trimBefore(p: CpuProfile, mark: number): CpuProfile {
  let t = p.startTime;
  let i = 0;
  while (i < p.samples.length && t + p.timeDeltas[i] < mark) t += p.timeDeltas[i++];
  if (i === p.samples.length) return p; // clocks that do not line up: the whole profile rather than none
  const timeDeltas = p.timeDeltas.slice(i);
  timeDeltas[0] = t + timeDeltas[0] - mark;
  return { ...p, startTime: mark, samples: p.samples.slice(i), timeDeltas };
}
send({ port: (app.server.address() as { port: number }).port });
