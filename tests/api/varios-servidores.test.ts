import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { io as connect, type Socket } from 'socket.io-client';
import { openDb, type Db } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';
import { tinyPng } from '../support/png.ts';
import { startPgBouncer, type PgBouncer } from '../support/pgbouncer.ts';
import { startServerProcess, type ServerProcess } from '../support/processo-servidor.ts';
import { startS3Local, type S3Local } from '../../src/server/stand-ins/s3-local.ts';
import { openTestDb } from '../support/server.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('several servers', () => {
  it('npm run start:cluster refuses to start on the embedded database, saying why', async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/cluster.ts'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    proc.stderr.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((r) => proc.once('exit', r));
    expect(code).toBe(2);
    expect(err).toContain('npm run start:cluster precisa de DATABASE_URL (PostgreSQL)');
  });

  if (!process.env.DATABASE_URL) return;

  // The cluster migrates a fresh database and starts its processes: the wait inside is up to 180 s (a loaded machine
  // passed the suite's 60 s), so the test has that much and a margin.
  it('npm run start:cluster: the primary migrates a fresh database once, its processes serve on one port, SIGTERM ends them gracefully', { timeout: 240_000 }, async () => {
    const fresh = await openTestDb('postgres');
    await fresh.db.close();
    try {
      const cluster = await startServerProcess({ DATABASE_URL: fresh.url!, CLUSTER_WORKERS: '2' }, 180000, 'src/server/cluster.ts');
      try {
        expect(cluster.output()).toContain('2 processos servidores');
        const r = await fetch(`${cluster.url}/api/Usuarios/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.com.br', password: 'demo1234' }) });
        expect(r.status).toBe(200);
      } finally {
        expect(await cluster.stop()).toBe(0);
      }
      expect(cluster.output().match(/migrações aplicadas/g)).toHaveLength(1);
    } finally {
      await fresh.drop();
    }
  });

  // Two server processes (as npm start runs them) on one PostgreSQL behind PgBouncer in transaction mode, files in
  // one S3-compatible storage, socket.io events carried between them by the PostgreSQL adapter.
  describe('two server processes behind PgBouncer (transaction mode) on one PostgreSQL', () => {
    let direct: { db: Db; drop: () => Promise<void>; url?: string };
    let bouncer: PgBouncer;
    let s3: S3Local;
    let pooled: Db;
    let servers: ServerProcess[] = [];
    const sockets: Socket[] = [];
    const post = (srv: ServerProcess, path: string, token: string, body: unknown) =>
      fetch(`${srv.url}${path}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const get = (srv: ServerProcess, path: string, token: string) => fetch(`${srv.url}${path}`, { headers: { authorization: token } });
    const login = async (srv: ServerProcess, email: string) => {
      const r = await fetch(`${srv.url}/api/Usuarios/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'demo1234' }) });
      expect(r.status).toBe(200);
      return (await r.json()).id as string;
    };
    const job = async (id: number) =>
      (await direct.db.query<{ status: number; tentativas: number; executor: string | null; arquivo: string | null }>('SELECT status, tentativas, executor, arquivo FROM relatorios WHERE id = $1', [id])).rows[0];
    const until = async <T,>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 120000): Promise<T> => {
      const end = Date.now() + ms;
      for (;;) {
        const v = await fn();
        if (v) return v;
        if (Date.now() > end) throw new Error(`esperando: ${what}\n${servers.map((s) => s.output().slice(-2000)).join('\n---\n')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    beforeAll(async () => {
      direct = await openTestDb('postgres');
      await migrate(direct.db);
      await loadReferenceData(direct.db);
      await seedDemo(direct.db);
      s3 = await startS3Local();
      bouncer = await startPgBouncer(direct.url!, 3);
      pooled = await openDb({ databaseUrl: bouncer.url });
      const env = { ...s3.env, DATABASE_URL: bouncer.url, DATABASE_DIRECT_URL: direct.url!, PG_POOL_MAX: '4', DEMO_DATA: 'off', RELATORIOS_RETOMAR_APOS: '3', SOCKETIO_TRANSPORTS: 'websocket' };
      servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    });
    afterAll(async () => {
      sockets.forEach((s) => s.close());
      // Graceful shutdown: each remaining process ends by itself with 0.
      const codes = await Promise.all(servers.map((s) => s.stop()));
      await pooled?.close();
      await bouncer?.close();
      await s3?.close();
      await direct?.db.close();
      await direct?.drop();
      expect(codes.every((c) => c === 0)).toBe(true);
    });

    it('SET LOCAL tenant settings stay inside their transaction although clients share pooled connections', async () => {
      const tenants = (await direct.db.query<{ id: number }>('SELECT DISTINCT tenant_id AS id FROM pessoas ORDER BY 1')).rows.map((r) => r.id);
      expect(tenants.length).toBeGreaterThanOrEqual(2);
      // 60 concurrent tenant transactions over 3 server connections: each sees only its own tenant's rows
      // (row-level security, no tenant filter in the query) and its own setting.
      const seen = await Promise.all(
        Array.from({ length: 60 }, (_, i) => {
          const tenantId = tenants[i % tenants.length];
          return pooled.tenant({ tenantId, userId: 1 }, async (q) => {
            const a = await q.query<{ t: string }>(`SELECT current_setting('app.tenant_id') AS t, pg_sleep(0.01)`);
            const rows = await q.query<{ tenant_id: number }>('SELECT DISTINCT tenant_id FROM pessoas');
            return { tenantId, setting: a.rows[0].t, rows: rows.rows.map((r) => r.tenant_id) };
          });
        }),
      );
      for (const s of seen) expect([s.setting, s.rows]).toEqual([String(s.tenantId), [s.tenantId]]);
      // Outside a transaction nothing is left: no tenant, the owner role.
      for (let i = 0; i < 12; i++) {
        const r = await pooled.query<{ t: string | null; u: string }>(`SELECT nullif(current_setting('app.tenant_id', true), '') AS t, current_user AS u`);
        expect(r.rows[0]).toEqual({ t: null, u: new URL(direct.url!).username || 'postgres' });
      }
      // It was PgBouncer in transaction mode, with at most 3 server connections for the database.
      const config = await bouncer.admin('SHOW CONFIG');
      expect(config.find((r) => r.key === 'pool_mode')?.value).toBe('transaction');
      const pools = await bouncer.admin('SHOW POOLS');
      const mine = pools.find((p) => p.database === new URL(direct.url!).pathname.slice(1));
      expect(Number(mine!.sv_active) + Number(mine!.sv_idle) + Number(mine!.sv_used)).toBeLessThanOrEqual(3);
    });

    it('an export asked on one server is run by either, its event reaches a socket on the other, and the file downloads from both', async () => {
      const [a, b] = servers;
      const token = await login(a, 'admin@demo.com.br');
      const socket = connect(b.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      await new Promise<void>((r, j) => (socket.once('connect', () => r()), socket.once('connect_error', j)));
      const event = new Promise<any>((r) => socket.once('exportar-cliente-xlsx', r));
      const res = await post(a, '/api/Relatorios/exportar', token, { recurso: 'Clientes', tipo: 'xlsx', filter: { where: { uf: 'SP' } } });
      expect(res.status).toBe(200);
      const id = (await res.json()).id;
      const done = await event;
      expect(done).toMatchObject({ status: 'success', data: { id } });
      const fromA = Buffer.from(await (await get(a, done.data.url, token)).arrayBuffer());
      const fromB = Buffer.from(await (await get(b, done.data.url, token)).arrayBuffer());
      expect(fromA.subarray(0, 2).toString()).toBe('PK');
      expect(fromB.equals(fromA)).toBe(true);
      // Done once. On a loaded machine the claiming process may go RELATORIOS_RETOMAR_APOS (3 s here) without a sign
      // of life and the other process takes the job over: more than one attempt, still one finished job and file.
      const j = await job(id);
      expect(j).toMatchObject({ status: 1, arquivo: expect.stringMatching(new RegExp(`/relatorios/${id}\\.xlsx$`)) });
      expect(j.tentativas).toBeGreaterThanOrEqual(1);
    });

    it('an image uploaded through one server is served by the other', async () => {
      const [a, b] = servers;
      const master = await login(a, 'master@demo.com.br');
      const png = tinyPng();
      const up = await post(a, '/api/ConfigWhiteLabels/upload', master, { tipo: 'favicon', arquivo: `data:image/png;base64,${png.toString('base64')}` });
      expect(up.status).toBe(200);
      const served = await fetch(`${b.url}${(await up.json()).url}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    });

    it('a server killed in the middle of an export: the other takes the job over and finishes it once', async () => {
      const tenant = (await direct.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id;
      // Enough rows for the export to take a while.
      await direct.db.query(
        `INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj, uf, limite_credito, ativo)
         SELECT $1, 0, 'Cliente em massa ' || g, lpad(g::text, 11, '0'), 'PR', (g % 100)::numeric, true FROM generate_series(1, 30000) g`,
        [tenant],
      );
      const token = await login(servers[0], 'admin@demo.com.br');
      const res = await post(servers[0], '/api/Relatorios/exportar', token, { recurso: 'Clientes', tipo: 'pdf', filter: { where: { uf: 'PR' }, order: 'nome ASC' } });
      expect(res.status).toBe(200);
      const id = (await res.json()).id;
      // Whichever process claimed it is killed while it runs.
      const claimed = await until('o job ser tomado', async () => {
        const j = await job(id);
        return j.executor && j.status === 0 ? j.executor : null;
      });
      const victim = servers.find((s) => claimed.startsWith(`${s.pid}-`))!;
      expect(victim).toBeTruthy();
      await victim.kill();
      expect(await job(id)).toMatchObject({ status: 0, executor: claimed });
      const survivor = servers.find((s) => s !== victim)!;
      servers = [survivor];

      const finished = await until('o job terminar no outro servidor', async () => {
        const j = await job(id);
        return j.status !== 0 ? j : null;
      });
      expect(finished.status).toBe(1);
      expect(finished.tentativas).toBe(2);
      expect(finished.executor!.startsWith(`${survivor.pid}-`)).toBe(true);
      const file = await get(survivor, `/api/Relatorios/${id}/arquivo`, token);
      expect(file.status).toBe(200);
      const pdf = Buffer.from(await file.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.includes('%%EOF')).toBe(true);
      // One file for it in the storage.
      const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: s3.credentials });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `retaguarda/t/${tenant}/relatorios/${id}.` }));
      expect((listed.Contents ?? []).map((o) => o.Key)).toEqual([`retaguarda/t/${tenant}/relatorios/${id}.pdf`]);
    });
  });
});
