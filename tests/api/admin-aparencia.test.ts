import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

/** The brand reshapes menus and field labels without code: data over the shipped documents (issue 21 item 3). */
describe.each(BACKENDS)('Aparência da marca on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let master: string;
  const req = (method: string, url: string, token?: string, payload?: unknown, host = 'localhost') =>
    app.inject({ method: method as any, url, payload: payload as any, headers: { host, ...(token ? { authorization: token } : {}) } });
  const config = async () => (await srv.db.query<{ config: any }>(`SELECT config FROM brands WHERE padrao`)).rows[0].config;

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    master = await login(app, 'master@demo.com.br');
  });
  afterAll(async () => srv?.close());

  it('the master saves menu titles, hiding, order and field labels; every visitor of the brand gets them, other brands do not', async () => {
    expect((await req('PUT', '/api/ConfigWhiteLabels/aparencia', admin, { menus: {} })).statusCode).toBe(403);
    const r = await req('PUT', '/api/ConfigWhiteLabels/aparencia', master, {
      menus: { VENDAS: { titulo: '  Balcão  ', ordem: 0 }, NFSE: { ocultar: true }, ESTOQUE: { ordem: 1 } },
      rotulos: { cliente: { nome: 'Razão social' } },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ menus: { VENDAS: { titulo: 'Balcão', ordem: 0 }, NFSE: { ocultar: true }, ESTOQUE: { ordem: 1 } }, rotulos: { cliente: { nome: 'Razão social' } }, campos: {} });
    const pub = (await req('GET', '/api/ConfigWhiteLabels/atual')).json();
    expect(pub.menus).toEqual({ VENDAS: { titulo: 'Balcão', ordem: 0 }, NFSE: { ocultar: true }, ESTOQUE: { ordem: 1 } });
    expect(pub.campos.cliente.rotulos).toEqual({ nome: 'Razão social' });
    const other = (await req('GET', '/api/ConfigWhiteLabels/atual', undefined, undefined, 'marca2.localhost')).json();
    expect(other.menus).toEqual({});
    // The labels are display only: the API still takes and validates the shipped field.
    const c = await req('GET', '/api/Clientes?filter=' + encodeURIComponent(JSON.stringify({ limit: 1, fields: ['nome'] })), admin);
    expect(c.statusCode).toBe(200);
  });

  it('refuses unknown menus, resources and fields, and titles too long, writing nothing; sending labels again replaces them but keeps the field switches', async () => {
    const before = await config();
    for (const body of [
      { menus: { NAO_EXISTE: { titulo: 'X' } } },
      { menus: { VENDAS: { titulo: 'x'.repeat(41) } } },
      { menus: { VENDAS: { ordem: -1 } } },
      { rotulos: { naoExiste: { nome: 'X' } } },
      { rotulos: { cliente: { naoExiste: 'X' } } },
    ]) {
      const r = await req('PUT', '/api/ConfigWhiteLabels/aparencia', master, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().error.details.length).toBeGreaterThan(0);
    }
    expect(await config()).toEqual(before);
    await srv.db.query(`UPDATE brands SET config = jsonb_set(config, '{campos,cliente,ocultar}', '["email"]') WHERE padrao`);
    srv.services.brands.invalidate();
    const r = await req('PUT', '/api/ConfigWhiteLabels/aparencia', master, { rotulos: { produto: { descricao: 'Mercadoria' } } });
    expect(r.statusCode, r.body).toBe(200);
    const after = await config();
    expect(after.campos.cliente).toEqual({ ocultar: ['email'] });
    expect(r.json().campos).toEqual({ cliente: { ocultar: ['email'], obrigatorios: [] } });
    expect(after.campos.produto).toEqual({ rotulos: { descricao: 'Mercadoria' } });
    // Field switches: only those the document whitelists (brandFields), the switches the form and the API already apply.
    const wrongSwitch = await req('PUT', '/api/ConfigWhiteLabels/aparencia', master, { campos: { cliente: { ocultar: ['nome'] } } });
    expect(wrongSwitch.statusCode).toBe(400);
    expect(wrongSwitch.json().error.details[0]).toMatchObject({ campo: 'cliente.ocultar' });
    const sw = await req('PUT', '/api/ConfigWhiteLabels/aparencia', master, { campos: { cliente: { ocultar: ['fantasia'], obrigatorios: [] } } });
    expect(sw.statusCode, sw.body).toBe(200);
    expect(sw.json().campos.cliente).toEqual({ ocultar: ['fantasia'], obrigatorios: [] });
    expect((await config()).campos.cliente).toEqual({ ocultar: ['fantasia'], obrigatorios: [] });
    // Menus not sent are kept.
    expect(after.menus.VENDAS).toEqual({ titulo: 'Balcão', ordem: 0 });
  });
});
