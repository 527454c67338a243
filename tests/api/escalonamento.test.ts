import type { FastifyInstance } from 'fastify';
import { AMBOS_BANCOS, login, startTestServer, type TestServer } from '../support/server.ts';

// A manager allowed to manage users and profiles tries every way up: roles, an administrator's password, a
// stronger profile for himself or for a puppet user, raising his own profile. Each is refused with a 403 in
// Portuguese and changes nothing; the account administrator may do all of it.
describe.each(AMBOS_BANCOS)('no escalation of privileges on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let gerente: string;
  let gerenteId: number;
  let adminId: number;
  let perfilGerente: number;
  let perfilForte: number;
  let matriz: number;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const refused = async (p: Promise<{ statusCode: number; json: () => any }>, text: string | RegExp) => {
    const r = await p;
    expect(r.statusCode).toBe(403);
    expect(r.json().error.message).toMatch(text);
  };
  const users = async () => (await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n;
  const GERENTE = { 'app.usuario': 3, 'app.perfil': 3, 'app.cliente': 4 };

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    const me = (await srv.db.query<{ id: number; tenant_id: number }>(`SELECT id, tenant_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0];
    adminId = me.id;
    matriz = (await srv.db.query<{ id: number }>('SELECT id FROM branches WHERE tenant_id = $1 ORDER BY id LIMIT 1', [me.tenant_id])).rows[0].id;
    perfilGerente = (await call(admin, 'POST', '/api/Perfis', { nome: 'Gerente', permissoes: GERENTE })).json().id;
    perfilForte = (await call(admin, 'POST', '/api/Perfis', { nome: 'Financeiro', permissoes: { ...GERENTE, 'app.lancamento': 4 } })).json().id;
    const g = await call(admin, 'POST', '/api/Usuarios', { nome: 'Gerente', email: 'gerente@demo.com.br', senha: 'gerente123', perfilId: perfilGerente, filiais: [matriz] });
    expect(g.statusCode, g.body).toBe(200);
    gerenteId = g.json().id;
    gerente = await login(app, 'gerente@demo.com.br', 'gerente123');
  });
  afterAll(async () => srv?.close());

  const novo = (extra: Record<string, unknown>) => ({ nome: 'Fantoche', email: `fantoche${Math.random().toString(36).slice(2, 8)}@demo.com.br`, senha: 'fantoche1', filiais: [matriz], ...extra });

  it('a manager may create a user with his own profile or a weaker one', async () => {
    expect((await call(gerente, 'POST', '/api/Usuarios', novo({ perfilId: perfilGerente }))).statusCode).toBe(200);
  });

  it('cannot grant the administrator or accountant role, on a new user or on himself', async () => {
    const before = await users();
    await refused(call(gerente, 'POST', '/api/Usuarios', novo({ perfilAdmin: true })), /Somente um administrador da conta pode conceder/);
    await refused(call(gerente, 'POST', '/api/Usuarios', novo({ isContador: true })), /Somente um administrador da conta pode conceder/);
    await refused(call(gerente, 'PUT', `/api/Usuarios/${gerenteId}`, { nome: 'Gerente', email: 'gerente@demo.com.br', perfilAdmin: true }), /Somente um administrador/);
    expect(await users()).toBe(before);
    expect((await srv.db.query<{ perfil_admin: boolean }>('SELECT perfil_admin FROM users WHERE id = $1', [gerenteId])).rows[0].perfil_admin).toBe(false);
  });

  it("cannot touch an administrator's record: the administrator's password still works", async () => {
    await refused(call(gerente, 'PUT', `/api/Usuarios/${adminId}`, { nome: 'Ana Administradora', email: 'admin@demo.com.br', senha: 'tomada123' }), /Somente um administrador da conta pode alterar um usuário administrador/);
    expect(await login(app, 'admin@demo.com.br')).toBeTruthy();
  });

  it('cannot move himself to a stronger profile, nor hand a stronger profile to a puppet user', async () => {
    await refused(call(gerente, 'PUT', `/api/Usuarios/${gerenteId}`, { nome: 'Gerente', email: 'gerente@demo.com.br', perfilId: perfilForte }), /Você não pode alterar o seu próprio perfil de acesso/);
    const before = await users();
    await refused(call(gerente, 'POST', '/api/Usuarios', novo({ perfilId: perfilForte })), /mais permissões que as suas \(app\.lancamento\)/);
    expect(await users()).toBe(before);
  });

  it('cannot raise a profile past his own levels, though he may rename one an administrator made stronger', async () => {
    await refused(call(gerente, 'PUT', `/api/Perfis/${perfilGerente}`, { nome: 'Gerente', permissoes: { ...GERENTE, 'app.lancamento': 4 } }), /nível de permissão maior que o seu \(app\.lancamento\)/);
    await refused(call(gerente, 'PATCH', `/api/Perfis/${perfilGerente}`, { permissoes: { ...GERENTE, 'app.cliente': 4, 'app.usuario': 4 } }), /\(app\.usuario\)/);
    await refused(call(gerente, 'POST', '/api/Perfis', { nome: 'Atalho', permissoes: { 'app.boleto': 1 } }), /\(app\.boleto\)/);
    expect((await call(admin, 'GET', `/api/Perfis/${perfilGerente}`)).json().permissoes).toEqual(GERENTE);
    const renamed = await call(gerente, 'PUT', `/api/Perfis/${perfilForte}`, { nome: 'Financeiro e vendas', permissoes: { ...GERENTE, 'app.lancamento': 4 } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const lowered = await call(gerente, 'PATCH', `/api/Perfis/${perfilForte}`, { permissoes: { ...GERENTE, 'app.lancamento': 1 } });
    expect(lowered.json().permissoes['app.lancamento']).toBe(1);
    // Once lowered, it cannot be raised back by him.
    await refused(call(gerente, 'PATCH', `/api/Perfis/${perfilForte}`, { permissoes: { ...GERENTE, 'app.lancamento': 4 } }), /\(app\.lancamento\)/);
  });

  it('the account administrator does all of it', async () => {
    const r = await call(admin, 'POST', '/api/Usuarios', novo({ perfilAdmin: true }));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().perfilAdmin).toBe(true);
    expect((await call(admin, 'PUT', `/api/Usuarios/${gerenteId}`, { nome: 'Gerente', email: 'gerente@demo.com.br', perfilId: perfilForte })).statusCode).toBe(200);
    expect((await call(admin, 'PATCH', `/api/Perfis/${perfilGerente}`, { permissoes: { ...GERENTE, 'app.boleto': 4 } })).statusCode).toBe(200);
  });
});
