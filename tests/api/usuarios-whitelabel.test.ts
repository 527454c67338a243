import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

// GET Usuarios/usuarios-whitelabel/{id}: the administrator area's list of the brand's users, across its
// accounts, for the brand's own staff only and never another brand's.
describe.each(BACKENDS)('brand users (administrator area) on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let master: string;
  let brandId: number;
  let otherBrand: number;
  const get = (token: string, url: string) => app.inject({ method: 'GET', url, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    master = await login(app, 'master@demo.com.br');
    brandId = (await srv.db.query<{ id: number }>('SELECT id FROM brands WHERE padrao')).rows[0].id;
    otherBrand = (await srv.db.query<{ id: number }>('SELECT id FROM brands WHERE NOT padrao ORDER BY id LIMIT 1')).rows[0].id;
    // An account of the second brand, with one user: it must never show in the first brand's list.
    const tenant = (await srv.db.query<{ id: number }>(`INSERT INTO tenants (brand_id, nome, trial) VALUES ($1, 'Conta da Marca Dois', true) RETURNING id`, [otherBrand])).rows[0].id;
    await srv.db.query(`INSERT INTO users (tenant_id, brand_id, email, nome, senha_hash) VALUES ($1, $2, 'ze@marca2.com.br', 'Zé da Marca Dois', 'x')`, [tenant, otherBrand]);
  });
  afterAll(async () => srv?.close());

  it("lists every account's users of the staff member's brand, never another brand's, without secrets", async () => {
    const r = await get(master, `/api/Usuarios/usuarios-whitelabel/${brandId}?params=${q({ limit: 200 })}`);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as { total: number; usuarios: { email: string; empresa: string; nome: string }[] };
    const expected = (await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE brand_id = $1 AND contador_login_user_id IS NULL', [brandId])).rows[0].n;
    expect(body.total).toBe(expected);
    expect(body.usuarios).toHaveLength(expected);
    const emails = body.usuarios.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@demo.com.br', 'vendedor@demo.com.br', 'admin@vizinha.com.br']));
    expect(emails).not.toContain('ze@marca2.com.br');
    expect(body.usuarios.find((u) => u.email === 'admin@vizinha.com.br')).toMatchObject({ empresa: 'Loja Vizinha' });
    expect(r.body).not.toMatch(/senha|hash/i);
  });

  it('searches by name, e-mail or company (accents ignored) and pages with limit and skip', async () => {
    const viz = (await get(master, `/api/Usuarios/usuarios-whitelabel/${brandId}?params=${q({ busca: 'vizinha' })}`)).json();
    expect(viz.usuarios.map((u: { email: string }) => u.email)).toEqual(['admin@vizinha.com.br']);
    expect(viz.total).toBe(1);
    const all = (await get(master, `/api/Usuarios/usuarios-whitelabel/${brandId}?params=${q({ limit: 200 })}`)).json();
    const page2 = (await get(master, `/api/Usuarios/usuarios-whitelabel/${brandId}?params=${q({ limit: 2, skip: 2 })}`)).json();
    expect(page2.usuarios.map((u: { id: number }) => u.id)).toEqual(all.usuarios.slice(2, 4).map((u: { id: number }) => u.id));
    expect(page2.total).toBe(all.total);
    const bad = await get(master, `/api/Usuarios/usuarios-whitelabel/${brandId}?params=${q({ limit: 5000 })}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('O limite deve ser um inteiro entre 1 e 200.');
  });

  it("refuses an account administrator, and a staff member asking for another brand's users", async () => {
    const admin = await login(app, 'admin@demo.com.br');
    const r = await get(admin, `/api/Usuarios/usuarios-whitelabel/${brandId}`);
    expect(r.statusCode).toBe(403);
    expect(r.json().error.message).toBe('Somente a administração da marca pode consultar os usuários da marca.');
    const other = await get(master, `/api/Usuarios/usuarios-whitelabel/${otherBrand}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe('Você só pode consultar os usuários da sua marca.');
    expect((await app.inject({ method: 'GET', url: `/api/Usuarios/usuarios-whitelabel/${brandId}` })).statusCode).toBe(401);
  });
});
