import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { openDb, type Db } from '../../src/server/db/db.ts';
import { addressKey, BLOCK_AFTER, emailKey, LoginThrottle } from '../../src/server/usuarios/login-throttle.ts';
import { AMBOS_BANCOS, startTestServer, type TestServer } from '../support/server.ts';

/**
 * The login throttle lives in the database: two app instances on one database (on PostgreSQL, each with its
 * own connection pool, as two server processes would be) count the failures together.
 */
describe.each(AMBOS_BANCOS)('login throttle shared by every process on %s', (backend) => {
  let srv: TestServer;
  let second: { app: FastifyInstance; db: Db | null };
  const apps = () => [srv.app, second.app];
  const attempt = (app: FastifyInstance, email: string, password: string, ip: string, host = 'localhost') =>
    app.inject({ method: 'POST', url: '/api/Usuarios/login', payload: { email, password }, headers: { 'x-forwarded-for': ip, host } });

  let demoBrand = 0;
  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    demoBrand = (await srv.db.query<{ id: number }>('SELECT id FROM brands WHERE padrao')).rows[0].id;
    const db = backend === 'postgres' ? await openDb({ databaseUrl: srv.databaseUrl }) : null;
    const { app } = await buildApp({ db: db ?? srv.db, serveWeb: false, trustProxy: true, reportWorker: false, databaseUrl: srv.databaseUrl });
    await app.ready();
    second = { app, db };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.db?.close();
    await srv?.close();
  });

  it('failures on either instance add up per e-mail: slowed after 3, refused with 429 after 8 on both', async () => {
    const email = 'vendedor@demo.com.br';
    const throttle = new LoginThrottle(srv.db);
    const key = emailKey(demoBrand, email);
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      codes.push((await attempt(apps()[i % 2], email, 'errada', `10.1.0.${i}`)).statusCode);
      if (i === 1) expect(await throttle.check([key])).toBe(0);
      if (i === 2) expect(await throttle.check([key])).toBeGreaterThan(0);
    }
    expect(codes).toEqual(Array(8).fill(401));
    const row = (await srv.db.query('SELECT falhas FROM login_tentativas WHERE chave = $1', [key])).rows[0];
    expect(row.falhas).toBe(8);
    for (const app of apps()) {
      const r = await attempt(app, email, 'demo1234', '10.1.9.9');
      expect(r.statusCode).toBe(429);
      expect(r.json().error.message).toBe('Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.');
    }
    // The same e-mail on another brand is another account: not blocked.
    expect((await attempt(second.app, email, 'errada', '10.1.8.8', 'marca2.localhost')).statusCode).toBe(401);
  });

  it('per address: eight failures with different e-mails from one address block that address on both instances', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 8; i++) expect((await attempt(apps()[i % 2], `ninguem${i}@exemplo.com.br`, 'errada', ip)).statusCode).toBe(401);
    expect((await attempt(srv.app, 'admin@demo.com.br', 'demo1234', ip)).statusCode).toBe(429);
    expect((await attempt(second.app, 'admin@demo.com.br', 'demo1234', ip)).statusCode).toBe(429);
    // Another address signs in.
    expect((await attempt(second.app, 'admin@demo.com.br', 'demo1234', '10.2.0.2')).statusCode).toBe(200);
  });

  it('a success clears the e-mail count for every instance; a passed window starts again at one', async () => {
    const email = 'contador@demo.com.br';
    for (let i = 0; i < 4; i++) expect((await attempt(apps()[i % 2], email, 'errada', `10.3.0.${i}`)).statusCode).toBe(401);
    const key = emailKey(demoBrand, email);
    expect((await srv.db.query('SELECT falhas FROM login_tentativas WHERE chave = $1', [key])).rows[0].falhas).toBe(4);
    expect((await attempt(second.app, email, 'demo1234', '10.3.1.1')).statusCode).toBe(200);
    expect((await srv.db.query('SELECT count(*)::int AS n FROM login_tentativas WHERE chave = $1', [key])).rows[0].n).toBe(0);
    // An old window (moved back beyond 15 minutes) no longer counts, and the next failure restarts it.
    const ip = addressKey('10.4.0.1');
    for (let i = 0; i < 8; i++) await attempt(srv.app, `outro${i}@exemplo.com.br`, 'errada', '10.4.0.1');
    expect((await attempt(second.app, 'admin@demo.com.br', 'demo1234', '10.4.0.1')).statusCode).toBe(429);
    await srv.db.query(`UPDATE login_tentativas SET inicio = now() - interval '16 minutes' WHERE chave = $1`, [ip]);
    expect((await attempt(second.app, 'x@exemplo.com.br', 'errada', '10.4.0.1')).statusCode).toBe(401);
    expect((await srv.db.query('SELECT falhas FROM login_tentativas WHERE chave = $1', [ip])).rows[0].falhas).toBe(1);
  });

  it('a burst of 15 parallel wrong passwords on one e-mail, across both instances, gets exactly 8 tries: the rest are 429', async () => {
    const email = 'master@demo.com.br';
    const rs = await Promise.all(Array.from({ length: 15 }, (_, i) => attempt(apps()[i % 2], email, 'errada', `10.5.${i}.1`)));
    const codes = rs.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(BLOCK_AFTER);
    expect(codes.filter((c) => c === 429)).toHaveLength(15 - BLOCK_AFTER);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
    // A refusal is not a failure: the count is the 8 passwords tried.
    expect((await srv.db.query('SELECT falhas FROM login_tentativas WHERE chave = $1', [emailKey(demoBrand, email)])).rows[0].falhas).toBe(BLOCK_AFTER);
    expect((await attempt(second.app, email, 'demo1234', '10.5.99.1')).statusCode).toBe(429);
  });

  it('a burst of 15 parallel wrong passwords from one address with different e-mails gets exactly 8 tries', async () => {
    const ip = '10.6.0.1';
    const rs = await Promise.all(Array.from({ length: 15 }, (_, i) => attempt(apps()[i % 2], `rajada${i}@exemplo.com.br`, 'errada', ip)));
    expect(rs.filter((r) => r.statusCode === 401)).toHaveLength(BLOCK_AFTER);
    expect(rs.filter((r) => r.statusCode === 429)).toHaveLength(15 - BLOCK_AFTER);
    expect((await srv.db.query('SELECT falhas FROM login_tentativas WHERE chave = $1', [addressKey(ip)])).rows[0].falhas).toBe(BLOCK_AFTER);
    expect((await attempt(srv.app, 'admin@demo.com.br', 'demo1234', ip)).statusCode).toBe(429);
  });

  it('a success gives back its own reservation on the address: a right password is not counted as a failure', async () => {
    const ip = '10.7.0.1';
    for (let i = 0; i < 3; i++) expect((await attempt(apps()[i % 2], 'admin@demo.com.br', 'demo1234', ip)).statusCode).toBe(200);
    expect((await srv.db.query('SELECT coalesce(max(falhas), 0)::int AS n FROM login_tentativas WHERE chave = $1', [addressKey(ip)])).rows[0].n).toBe(0);
  });

  it('the application role cannot read the attempts table', async () => {
    await expect(srv.db.tenant({ tenantId: 1 }, (q) => q.query('SELECT * FROM login_tentativas'))).rejects.toThrow();
  });
});
