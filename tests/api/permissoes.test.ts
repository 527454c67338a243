import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ACCOUNTANT_KEYS, serverAllows } from '../../src/server/auth/access.ts';
import { forgetSessions, resolveSession } from '../../src/server/auth/sessions.ts';
import { ResourceRegistry } from '../../src/server/resources/registry.ts';
import type { ResourceDoc } from '../../generated/schema-types.ts';
import { LEVEL } from '../../src/shared/permissions.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { sampleBody, standaloneCrudDocs } from '../support/samples.ts';

/**
 * The permission ladder of SPEC 6 over every key the API enforces: NENHUMA 0, VISUALIZAR 1, CRIAR 2, ALTERAR 3,
 * TOTAL 4 (the shell's none/view/change/full: view is 1, change is 3, full is 4). One user whose profile is
 * rewritten for each case holds only the key under test; view reads, change creates and replaces, only full
 * deletes; anything else is a 403 with a Portuguese message and changes nothing.
 */
const LEVELS = [LEVEL.NENHUMA, LEVEL.VISUALIZAR, LEVEL.CRIAR, LEVEL.ALTERAR, LEVEL.TOTAL] as const;
const VIEW = LEVEL.VISUALIZAR;
const CHANGE = LEVEL.ALTERAR;
const FULL = LEVEL.TOTAL;
const REFUSED = /^Você não tem permissão para /;

const ALL_KEYS: string[] = JSON.parse(readFileSync(new URL('../../schemas/permissions/permissions.json', import.meta.url), 'utf8')).keys.map((k: { key: string }) => k.key);
const docs: ResourceDoc[] = standaloneCrudDocs([...ResourceRegistry.load().byName.values()].map((d) => d.doc));

type Call = (token: string) => Promise<LightMyRequestResponse>;
/** A guarded endpoint that is not a generic resource: its key, the lowest level that passes, and what passing answers. */
interface Guarded {
  name: string;
  key: string;
  min: number;
  call: Call;
  passes: number;
}

describe.each(BACKENDS)('permission ladder on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let user: string;
  let perfilId: number;
  let adminId: number;
  let brandId: number;

  const call = (token: string | null, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: method as never, url, payload: payload as never, headers: { ...(token ? { authorization: token } : {}), ...headers } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  /** The ladder user's profile becomes exactly these levels (through the API, as an administrator would). */
  const setProfile = async (permissoes: Record<string, number>) => {
    const r = await call(admin, 'PUT', `/api/Perfis/${perfilId}`, { nome: 'Escada de permissões', permissoes });
    expect(r.statusCode, r.body).toBe(200);
    forgetSessions();
  };
  const expectRefused = (r: LightMyRequestResponse, what: string) => {
    expect(r.statusCode, `${what}: ${r.body}`).toBe(403);
    expect(r.json().error.message, what).toMatch(REFUSED);
  };
  const expectStatus = (r: LightMyRequestResponse, status: number, what: string) => expect(r.statusCode, `${what}: ${r.body}`).toBe(status);

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    const me = (await srv.db.query<{ id: number; tenant_id: number; brand_id: number }>(`SELECT id, tenant_id, brand_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0];
    adminId = me.id;
    brandId = me.brand_id;
    const matriz = (await srv.db.query<{ id: number }>('SELECT id FROM branches WHERE tenant_id = $1 ORDER BY id LIMIT 1', [me.tenant_id])).rows[0].id;
    const perfil = await call(admin, 'POST', '/api/Perfis', { nome: 'Escada de permissões', permissoes: {} });
    expect(perfil.statusCode, perfil.body).toBe(200);
    perfilId = perfil.json().id;
    const created = await call(admin, 'POST', '/api/Usuarios', { nome: 'Escada', email: 'escada@demo.com.br', senha: 'escada123', perfilId, filiais: [matriz] });
    expect(created.statusCode, created.body).toBe(200);
    user = await login(app, 'escada@demo.com.br', 'escada123');
  });
  afterAll(async () => srv?.close());

  describe.each(docs)('/api/$endpoint ($permission)', (doc) => {
    const base = `/api/${doc.endpoint}`;
    const exists = async (id: number) => (await call(admin, 'GET', `${base}/${id}`)).statusCode === 200;

    it.each(LEVELS)('level %i: view lists, counts and reads; change creates and replaces; only full deletes', async (level) => {
      await setProfile({ [doc.permission]: level });
      const own = await call(admin, 'POST', base, sampleBody(doc));
      expect(own.statusCode, own.body).toBe(200);
      const id: number = own.json().id;

      const reads: [string, string][] = [
        ['list', base],
        ['count', `${base}/count`],
        ['findOne', `${base}/findOne?filter=${q({ where: { id } })}`],
        ['get', `${base}/${id}`],
      ];
      for (const [what, url] of reads) {
        const r = await call(user, 'GET', url);
        if (level >= VIEW) expectStatus(r, 200, what);
        else expectRefused(r, what);
      }
      // An export of the grid reads the same records: the same key at view.
      const exported = await call(user, 'POST', '/api/Relatorios/exportar', { recurso: doc.endpoint, tipo: 'xlsx', filter: { where: { id } } });
      if (level >= VIEW) expectStatus(exported, 200, 'export');
      else expectRefused(exported, 'export');

      const before = (await call(admin, 'GET', `${base}/${id}`)).json();
      // A permission matrix (Perfis) may only hold what its editor holds (tests/api/escalonamento.test.ts):
      // the user writes his own key at his own level.
      const ownBody = () => {
        const b = sampleBody(doc);
        for (const [name, prop] of Object.entries(doc.schema.properties)) if ((prop as { widget?: string }).widget === 'permissionMatrix') b[name] = { [doc.permission]: level };
        return b;
      };
      const replaced = await call(user, 'PUT', `${base}/${id}`, ownBody());
      const patched = await call(user, 'PATCH', `${base}/${id}`, {});
      if (level >= CHANGE) {
        expectStatus(replaced, 200, 'replace');
        expectStatus(patched, 200, 'patch');
      } else {
        expectRefused(replaced, 'replace');
        expectRefused(patched, 'patch');
        expect((await call(admin, 'GET', `${base}/${id}`)).json(), 'unchanged').toEqual(before);
      }

      const removed = await call(user, 'DELETE', `${base}/${id}`);
      if (level >= FULL) {
        expectStatus(removed, 200, 'delete');
        expect(await exists(id)).toBe(false);
      } else {
        expectRefused(removed, 'delete');
        expect(await exists(id)).toBe(true);
        expectStatus(await call(admin, 'DELETE', `${base}/${id}`), 200, 'cleanup');
      }

      // Created last: resources with one record per branch (configuração de boleto) have their slot free again.
      const countBefore = (await call(admin, 'GET', `${base}/count`)).json().count;
      const created = await call(user, 'POST', base, ownBody());
      if (level >= CHANGE) {
        expectStatus(created, 200, 'create');
        expectStatus(await call(admin, 'DELETE', `${base}/${created.json().id}`), 200, 'cleanup');
      } else {
        expectRefused(created, 'create');
        expect((await call(admin, 'GET', `${base}/count`)).json().count).toBe(countBefore);
      }
    });

    it('TOTAL on every other key opens nothing here', async () => {
      await setProfile({ ...Object.fromEntries(ALL_KEYS.map((k) => [k, FULL])), [doc.permission]: LEVEL.NENHUMA });
      expectRefused(await call(user, 'GET', base), 'list');
      expectRefused(await call(user, 'POST', base, sampleBody(doc)), 'create');
    });
  });

  describe('the other guarded endpoints', () => {
    const xml = (token: string) => call(token, 'POST', '/api/NotasFiscais/validar-xml', '<nfeProc><NFe>', { 'content-type': 'application/xml' });
    const guarded = (): Guarded[] => [
      { name: 'GET Usuarios', key: 'app.usuario', min: VIEW, call: (t) => call(t, 'GET', '/api/Usuarios'), passes: 200 },
      { name: 'GET Usuarios/count', key: 'app.usuario', min: VIEW, call: (t) => call(t, 'GET', '/api/Usuarios/count'), passes: 200 },
      { name: 'GET Usuarios/{other}', key: 'app.usuario', min: VIEW, call: (t) => call(t, 'GET', `/api/Usuarios/${adminId}`), passes: 200 },
      // An empty body passes the key and then fails validation: 400 proves the key was checked first.
      { name: 'POST Usuarios', key: 'app.usuario', min: CHANGE, call: (t) => call(t, 'POST', '/api/Usuarios', {}), passes: 400 },
      { name: 'PUT Usuarios/{other}', key: 'app.usuario', min: CHANGE, call: (t) => call(t, 'PUT', `/api/Usuarios/${adminId}`, {}), passes: 400 },
      { name: 'Boletos/remessa', key: 'app.boleto', min: CHANGE, call: (t) => call(t, 'POST', '/api/Boletos/remessa', {}), passes: 400 },
      { name: 'Boletos/retorno', key: 'app.boleto', min: CHANGE, call: (t) => call(t, 'POST', '/api/Boletos/retorno', {}), passes: 400 },
      { name: 'Boletos/pdf', key: 'app.boleto', min: CHANGE, call: (t) => call(t, 'POST', '/api/Boletos/pdf', {}), passes: 400 },
      { name: 'Boletos/pix', key: 'app.boleto', min: CHANGE, call: (t) => call(t, 'POST', '/api/Boletos/pix', {}), passes: 400 },
      { name: 'Boletos/simular', key: 'app.boleto', min: CHANGE, call: (t) => call(t, 'POST', '/api/Boletos/simular', {}), passes: 400 },
      { name: 'Boletos/decodificar', key: 'app.lancamento', min: CHANGE, call: (t) => call(t, 'POST', '/api/Boletos/decodificar', {}), passes: 400 },
      { name: 'NotasFiscais/validar-xml', key: 'app.nfeentrada', min: CHANGE, call: xml, passes: 400 },
      { name: 'Usuarios/contratarPlano', key: 'app.assinaturas', min: FULL, call: (t) => call(t, 'POST', '/api/Usuarios/contratarPlano', {}), passes: 400 },
    ];

    it.each(LEVELS)('level %i on each endpoint key alone', async (level) => {
      const cases = guarded();
      for (const key of new Set(cases.map((c) => c.key))) {
        await setProfile({ [key]: level });
        for (const c of cases.filter((x) => x.key === key)) {
          const r = await c.call(user);
          if (level >= c.min) expectStatus(r, c.passes, `${c.name} at ${level}`);
          else expectRefused(r, `${c.name} at ${level}`);
        }
      }
    });

    it('each endpoint refuses a profile that holds TOTAL on every key but its own', async () => {
      const cases = guarded();
      for (const key of new Set(cases.map((c) => c.key))) {
        await setProfile({ ...Object.fromEntries(ALL_KEYS.map((k) => [k, FULL])), [key]: LEVEL.NENHUMA });
        for (const c of cases.filter((x) => x.key === key)) expectRefused(await c.call(user), c.name);
      }
    });

    it('the accountant passes none of them, nor any resource but the fiscal configuration SPEC 6 gives an accountant', async () => {
      const contador = await login(app, 'contador@demo.com.br');
      for (const c of guarded()) {
        expect(ACCOUNTANT_KEYS.has(c.key), c.key).toBe(false);
        expectRefused(await c.call(contador), c.name);
      }
      // The Fiscal settings group (CFOP, perfil tributário, observações da nota, the SPED registers, …) is the accountant's.
      const fiscal = docs.filter((d) => ACCOUNTANT_KEYS.has(d.permission));
      expect(fiscal.map((d) => d.endpoint).sort()).toEqual(['Cfops', 'ContasContabeisSped', 'NaturezasOperacao', 'ObservacoesNota', 'ParticipantesSped', 'PerfisTributarios']);
      for (const doc of docs) {
        // A fiscal settings document is the accountant's to read (its menu entry says so); nothing else is.
        const r = await call(contador, 'GET', `/api/${doc.endpoint}`);
        if (fiscal.includes(doc)) {
          expect(doc.module, doc.name).toBe('fiscal');
          expect(r.statusCode, doc.endpoint).toBe(200);
        } else expectRefused(r, doc.endpoint);
      }
    });
  });

  describe('the accountant on the server (SPEC 6)', () => {
    it("passes the fiscal exports, fiscal configuration, plan of accounts and own account, but not the Exportações group's balança and terminal keys", async () => {
      const contador = await login(app, 'contador@demo.com.br');
      const ctx = (await resolveSession(srv.db, contador))!;
      expect(ctx.isContador).toBe(true);
      for (const key of ['app.exportarXml', 'app.exportarSped', 'app.exportarSintegra', 'app.configuracaotnfe', 'app.planoDeContas', 'app.minhaConta']) {
        expect(serverAllows(ctx, key, 'view'), key).toBe(true);
      }
      for (const key of ['app.exportacaoBalanca', 'app.exportacaoTerminal']) {
        for (const level of ['view', 'change', 'full'] as const) expect(serverAllows(ctx, key, level), `${key} ${level}`).toBe(false);
      }
      // The same keys with the administrator profile on top pass: the limit is the accountant's alone.
      expect(serverAllows({ ...ctx, perfilAdmin: true }, 'app.exportacaoBalanca', 'full')).toBe(true);
    });
  });

  describe('the administrator area (SPEC 2.8, 6): master or isAvanco only', () => {
    const endpoints = (): { name: string; call: Call; master: number }[] => [
      { name: 'ConfigWhiteLabels/upload', call: (t) => call(t, 'POST', '/api/ConfigWhiteLabels/upload', {}), master: 400 },
      { name: 'ConfigWhiteLabels/dashboard', call: (t) => call(t, 'POST', '/api/ConfigWhiteLabels/dashboard', {}), master: 200 },
      { name: 'ConfigWhiteLabels/gerar-fatura', call: (t) => call(t, 'POST', '/api/ConfigWhiteLabels/gerar-fatura', { mes: '01/2025' }), master: 200 },
      { name: 'Usuarios/usuarios-whitelabel', call: (t) => call(t, 'GET', `/api/Usuarios/usuarios-whitelabel/${brandId}`), master: 200 },
      { name: 'POST Planos', call: (t) => call(t, 'POST', '/api/Planos', {}), master: 400 },
    ];
    const expectAdminRefused = (r: LightMyRequestResponse, what: string) => {
      expect(r.statusCode, `${what}: ${r.body}`).toBe(403);
      expect(r.json().error.message, what).toMatch(/^Somente a administração da marca/);
    };

    it('refuses the account administrator, the accountant, white-label support and a user with every key at TOTAL; the master passes', async () => {
      await setProfile(Object.fromEntries(ALL_KEYS.map((k) => [k, FULL])));
      const contador = await login(app, 'contador@demo.com.br');
      const master = await login(app, 'master@demo.com.br');
      for (const [who, token] of [['perfilAdmin', admin], ['contador', contador], ['every key TOTAL', user]] as const) {
        for (const e of endpoints()) expectAdminRefused(await e.call(token), `${e.name} as ${who}`);
      }
      await srv.db.query(`UPDATE users SET suporte_white_label = true WHERE email = 'escada@demo.com.br'`);
      forgetSessions();
      try {
        for (const e of endpoints()) expectAdminRefused(await e.call(user), `${e.name} as suporteWhiteLabel`);
      } finally {
        await srv.db.query(`UPDATE users SET suporte_white_label = false WHERE email = 'escada@demo.com.br'`);
        forgetSessions();
      }
      for (const e of endpoints()) expectStatus(await e.call(master), e.master, `${e.name} as master`);
    });
  });
});
