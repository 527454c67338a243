import type { FastifyInstance } from 'fastify';
import { AMBOS_BANCOS, login, startTestServer, type TestServer } from '../support/server.ts';

describe.each(AMBOS_BANCOS)('foundation on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));
  const get = (url: string, token: string | null = admin) => app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
  });
  afterAll(async () => srv?.close());

  describe('sign-in', () => {
    it('answers token, ttl, created, userId and the user with include=user', async () => {
      const r = await app.inject({ method: 'POST', url: '/api/Usuarios/login?include=user', payload: { email: 'MASTER@demo.com.br', password: 'demo1234' } });
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(body).toMatchObject({ ttl: 1209600, userId: expect.any(Number), user: { nome: 'Mário Master', master: true, isAvanco: false, modaisAbertos: {} } });
      expect(body.id).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(body.user.socio).toBeDefined();
      expect(body.user).not.toHaveProperty('senha_hash');
      expect(body.user.permissoes['app.cliente']).toBe(4);
      const v = (await app.inject({ method: 'POST', url: '/api/Usuarios/login?include=user', payload: { email: 'vendedor@demo.com.br', password: 'demo1234' } })).json();
      expect(v.user.permissoes).toEqual({ 'app.cliente': 1, 'app.produto': 1 });
    });
    it('a wrong password or unknown e-mail is a 401 with the Portuguese message', async () => {
      for (const payload of [{ email: 'admin@demo.com.br', password: 'errada' }, { email: 'ninguem@demo.com.br', password: 'demo1234' }]) {
        const r = await app.inject({ method: 'POST', url: '/api/Usuarios/login', payload });
        expect(r.statusCode).toBe(401);
        expect(r.json().error.message).toBe('Dados inválidos, verifique e-mail/senha e tente novamente.');
      }
    });
    it('tokens are stored hashed and expire; logout ends the session', async () => {
      const token = await login(app, 'admin@demo.com.br');
      const stored = await srv.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
      expect(stored.rows.some((r) => r.token_hash === token)).toBe(false);
      expect((await get('/api/Marcas', token)).statusCode).toBe(200);
      await srv.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')", [token]);
      // This process keeps a resolved session for SESSION_CACHE_MS; after that the expiry is seen.
      const { forgetSessions } = await import('../../src/server/auth/sessions.ts');
      forgetSessions();
      expect((await get('/api/Marcas', token)).statusCode).toBe(401);
      const t2 = await login(app, 'admin@demo.com.br');
      expect((await app.inject({ method: 'POST', url: '/api/Usuarios/logout', headers: { authorization: t2 } })).statusCode).toBe(204);
      expect((await get('/api/Marcas', t2)).statusCode).toBe(401);
    });
    it('the restricted user may read clientes but not write them (403)', async () => {
      const v = await login(app, 'vendedor@demo.com.br');
      expect((await get('/api/Clientes', v)).statusCode).toBe(200);
      const post = await app.inject({ method: 'POST', url: '/api/Clientes', headers: { authorization: v }, payload: { nome: 'Não deve entrar' } });
      expect(post.statusCode).toBe(403);
      expect(post.json().error.message).toMatch(/permissão/);
      expect((await get('/api/Fornecedores', v)).statusCode).toBe(403);
    });
  });

  describe('the accountant', () => {
    it('passes only on the keys of the menus SPEC 6 shows an accountant, whatever the client asks', async () => {
      const { ACCOUNTANT_KEYS } = await import('../../src/server/auth/access.ts');
      expect(ACCOUNTANT_KEYS.has('app.exportarXml')).toBe(true);
      expect(ACCOUNTANT_KEYS.has('app.exportarSped')).toBe(true);
      expect(ACCOUNTANT_KEYS.has('app.cliente')).toBe(false);
      const c = await login(app, 'contador@demo.com.br');
      for (const e of ['Clientes', 'Fornecedores', 'Vendedores', 'Marcas']) expect((await get(`/api/${e}`, c)).statusCode, e).toBe(403);
      const info = (await get('/api/Usuarios/getUserInfo?sistema=novoerp', c)).json();
      expect(info.isContador).toBe(true);
    });
  });

  describe('row-level security', () => {
    it('the application role is not a superuser and sees only the tenant set for the transaction', async () => {
      const tenants = await srv.db.query<{ id: number; nome: string }>('SELECT id, nome FROM tenants ORDER BY id');
      const [demo, vizinha] = tenants.rows;
      const asDemo = await srv.db.tenant({ tenantId: demo.id }, async (q) => {
        const role = await q.query<{ rolsuper: boolean; rolbypassrls: boolean }>('SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user');
        // No WHERE on tenant_id: only the policies filter these.
        const people = await q.query<{ tenant_id: number }>('SELECT DISTINCT tenant_id FROM pessoas');
        const ten = await q.query<{ id: number }>('SELECT id FROM tenants');
        return { role: role.rows[0], people: people.rows.map((r) => r.tenant_id), tenants: ten.rows.map((r) => r.id) };
      });
      expect(asDemo.role).toEqual({ rolsuper: false, rolbypassrls: false });
      expect(asDemo.people).toEqual([demo.id]);
      expect(asDemo.tenants).toEqual([demo.id]);
      await expect(
        srv.db.tenant({ tenantId: demo.id }, (q) => q.query('INSERT INTO marcas (tenant_id, descricao) VALUES ($1, $2)', [vizinha.id, 'Intrusa'])),
      ).rejects.toThrow(/row-level security/);
      await expect(srv.db.tenant({ tenantId: demo.id }, (q) => q.query('SELECT * FROM sessions'))).rejects.toThrow(/permission denied/);
      const leaked = await srv.db.tenant({ tenantId: demo.id }, (q) => q.query(`UPDATE pessoas SET nome = 'x' WHERE tenant_id = $1`, [vizinha.id]));
      expect(leaked.rowCount).toBe(0);
    });
  });

  describe('categories: parent link and chain label', () => {
    it('shows the chain root first, includes the parent, and refuses a cycle', async () => {
      const list = (await get(`/api/CategoriasProduto?filter=${q({ where: { descricao: 'Grãos' }, include: 'categoriaPai' })}`)).json();
      expect(list).toHaveLength(1);
      expect(list[0].descricaoCompleta).toBe('Alimentos - Mercearia - Grãos');
      expect(list[0].categoriaPai.descricao).toBe('Mercearia');
      const root = (await get(`/api/CategoriasProduto?filter=${q({ where: { descricao: 'Alimentos' }, include: { relation: 'subcategorias', scope: { order: 'descricao ASC' } } })}`)).json()[0];
      expect(root.subcategorias.map((c: any) => c.descricao)).toEqual(['Frios e Laticínios', 'Hortifruti', 'Mercearia', 'Padaria']);
      const cycle = await app.inject({ method: 'PATCH', url: `/api/CategoriasProduto/${root.id}`, headers: { authorization: admin }, payload: { categoriaPaiId: list[0].id } });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json().error.message).toMatch(/abaixo de si mesmo/);
      const orphan = await app.inject({ method: 'POST', url: '/api/CategoriasProduto', headers: { authorization: admin }, payload: { descricao: 'Sem pai', categoriaPaiId: 999999 } });
      expect(orphan.statusCode).toBe(400);
      expect(orphan.json().error.message).toMatch(/Registro relacionado não encontrado/);
      const inUse = await app.inject({ method: 'DELETE', url: `/api/CategoriasProduto/${root.id}`, headers: { authorization: admin } });
      expect(inUse.statusCode).toBe(409);
    });
  });

  describe('lists worth filtering', () => {
    it('filters with or/ilike, orders, pages and counts the demo clientes', async () => {
      const all = (await get(`/api/Clientes/count`)).json().count;
      expect(all).toBeGreaterThanOrEqual(50);
      const page1 = (await get(`/api/Clientes?filter=${q({ order: 'nome ASC', limit: 10, skip: 0 })}`)).json();
      const page2 = (await get(`/api/Clientes?filter=${q({ order: 'nome ASC', limit: 10, skip: 10 })}`)).json();
      expect(page1).toHaveLength(10);
      expect(page1.map((r: any) => r.nome)).toEqual([...page1.map((r: any) => r.nome)].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'variant' }) || 0));
      expect(page1.some((r: any) => page2.find((s: any) => s.id === r.id))).toBe(false);
      const where = { or: [{ uf: 'RJ' }, { nome: { ilike: '%silva%' } }], ativo: true };
      const filtered = (await get(`/api/Clientes?filter=${q({ where, limit: 1000 })}`)).json();
      expect(filtered.length).toBeGreaterThan(0);
      for (const r of filtered) expect(r.ativo && (r.uf === 'RJ' || /silva/i.test(r.nome))).toBe(true);
      expect((await get(`/api/Clientes/count?where=${q(where)}`)).json().count).toBe(filtered.length);
      const bad = await get(`/api/Clientes?filter=${q({ where: { nome: { regexp: 'x' } } })}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('Operador desconhecido no filtro: regexp');
    });
    it('a page never exceeds the maximum size', async () => {
      const r = (await get(`/api/Clientes?filter=${q({ limit: 5000, fields: ['id'] })}`)).json();
      expect(r.length).toBeLessThanOrEqual(1000);
    });
  });

  describe('leading-wildcard search picks a plan and answers exactly', () => {
    it('broad and rare patterns (and an OR of fields) return what a plain query returns', async () => {
      const tenant = (await srv.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Loja Vizinha'`)).rows[0].id;
      await srv.db.query(
        `INSERT INTO pessoas (tenant_id, tipo, nome, email) SELECT $1, 0, (ARRAY['Ana','Bia','Caio'])[1 + g % 3] || ' Busca ' || g, 'b' || g || '@busca.com' FROM generate_series(1, 6000) g`,
        [tenant],
      );
      await srv.db.query('ANALYZE pessoas');
      const viz = await login(app, 'admin@vizinha.com.br');
      const reg = srv.services.registry.get('cliente');
      const { estimateMatches, searchTerms, TRIGRAM_BELOW_ROWS } = await import('../../src/server/resources/text-search.ts');
      const cases: [unknown, 'index' | 'trigram'][] = [
        [{ nome: { ilike: '%busca%' } }, 'index'],
        [{ nome: { ilike: '%busca 4242%' } }, 'trigram'],
        [{ or: [{ nome: { ilike: '%4242%' } }, { email: { ilike: '%b5999@%' } }] }, 'trigram'],
      ];
      for (const [where, path] of cases) {
        const est = await srv.db.tenant({ tenantId: tenant }, (q) => estimateMatches(q, reg, searchTerms(reg, where as any)!));
        expect(est < TRIGRAM_BELOW_ROWS ? 'trigram' : 'index').toBe(path);
        for (const order of ['nome ASC', 'email DESC']) {
          const got = (await get(`/api/Clientes?filter=${q({ where, order, limit: 50, fields: ['id'] })}`, viz)).json().map((r: any) => r.id);
          const terms = searchTerms(reg, where as any)!;
          const [col, dir] = order.split(' ');
          const ref = await srv.db.query<{ id: number }>(
            `SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND (${terms.map((t, i) => `${t.column} ILIKE $${i + 2}`).join(' OR ')}) ORDER BY ${col} ${dir}, id LIMIT 50`,
            [tenant, ...terms.map((t) => t.pattern)],
          );
          expect(got).toEqual(ref.rows.map((r) => r.id));
          expect(got.length).toBeGreaterThan(0);
        }
      }
    });
  });

  describe('Ceps', () => {
    it('lists the 27 UFs plus EX and searches municipalities by UF, at most 10', async () => {
      const ufs = (await get('/api/Ceps/ufs', null)).json();
      expect(ufs).toHaveLength(28);
      expect(ufs.find((u: any) => u.sigla === 'SP')).toEqual({ sigla: 'SP', codigoIbge: 35, nome: 'São Paulo' });
      const sp = (await get('/api/Ceps/ngcidades?uf=SP&query=sao%20j&limit=50', null)).json();
      expect(sp.length).toBe(10);
      for (const c of sp) expect(c.uf).toBe('SP');
      expect(sp.every((c: any) => c.nome.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().includes('sao j'))).toBe(true);
      const exact = (await get('/api/Ceps/ngcidades?uf=rj&query=rio%20de%20janeiro', null)).json();
      expect(exact[0]).toEqual({ codigoIbge: 3304557, nome: 'Rio de Janeiro', uf: 'RJ' });
      expect((await get('/api/Ceps/ngcidades?query=x', null)).statusCode).toBe(400);
      expect((await get('/api/Ceps/municipio/3550308', null)).json()).toEqual({ codigoIbge: 3550308, nome: 'São Paulo', uf: 'SP' });
      expect((await get('/api/Ceps/municipio/1', null)).statusCode).toBe(404);
    });
  });

  describe('OpenAPI', () => {
    it('describes every resource from its document', async () => {
      const doc = (await get('/api/openapi.json', null)).json();
      expect(doc.openapi).toBe('3.1.0');
      for (const e of ['Clientes', 'Fornecedores', 'Transportadores', 'Vendedores', 'CategoriasProduto', 'Marcas', 'Unidades']) {
        expect(doc.paths[`/api/${e}`]).toBeDefined();
        expect(doc.paths[`/api/${e}/{id}`].delete).toBeDefined();
      }
      expect(doc.components.schemas.ClienteEntrada.properties.cpfCnpj.format).toBe('cpfCnpj');
      expect(doc.components.schemas.ClienteEntrada.properties.uf.enum).toContain('SP');
    });
  });
});
