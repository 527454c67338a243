import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

describe.each(BACKENDS)('brands (ConfigWhiteLabels) on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  const req = (method: string, url: string, token?: string, payload?: unknown, host = 'localhost') =>
    app.inject({ method: method as any, url, payload: payload as any, headers: { host, ...(token ? { authorization: token } : {}) } });

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
  });
  afterAll(async () => srv?.close());

  it('the brand is chosen by host name, unknown hosts fall back to the default, and secrets never leave', async () => {
    const demo = (await req('GET', '/api/ConfigWhiteLabels/atual')).json();
    expect(demo).toMatchObject({ idConfig: 'retaguarda-demo', tema: 'azul', title: 'Retaguarda Demo', cadastroHabilitado: true, misc: { exibirCpfCnpjTelaCadastro: false, exibirTelefoneTelaCadastro: true, textoDestaqueCadastro: 'GRATUITAMENTE' } });
    const dois = (await req('GET', '/api/ConfigWhiteLabels/atual', undefined, undefined, 'marca2.localhost:3000')).json();
    expect(dois).toMatchObject({ idConfig: 'marca-dois', tema: 'verde', misc: { exibirCpfCnpjTelaCadastro: true, exibirTelefoneTelaCadastro: false } });
    expect((await req('GET', '/api/ConfigWhiteLabels/atual', undefined, undefined, 'qualquer.exemplo.com')).json().idConfig).toBe('retaguarda-demo');
    await srv.db.query(`UPDATE brands SET config = jsonb_set(config, '{misc,CRM}', '{"TOKEN":"segredo","STAGE_ID":3}') WHERE padrao`);
    srv.services.brands.invalidate();
    const pub = (await req('GET', '/api/ConfigWhiteLabels/atual')).json();
    expect(JSON.stringify(pub)).not.toContain('segredo');
    expect(pub.possuiCrm).toBe(true);
    const list = (await req('GET', '/api/ConfigWhiteLabels/api-list')).json();
    expect(list).toContainEqual({ nome: 'Marca Dois', dominio: 'marca2.localhost', api_endpoint: '/api/' });
    expect((await req('GET', '/ping/json')).json().status).toBe('ok');
  });

  it('only the brand staff read and edit it; the configuration is validated; the token stays masked', async () => {
    const admin = await login(app, 'admin@demo.com.br');
    expect((await req('GET', '/api/ConfigWhiteLabels', admin)).statusCode).toBe(403);
    const master = await login(app, 'master@demo.com.br');
    const mine = (await req('GET', '/api/ConfigWhiteLabels', master)).json();
    expect(mine.map((b: any) => b.nome)).toEqual(['Retaguarda Demo']);
    const brand = mine[0];
    expect(brand.config.misc.CRM.TOKEN).toBe('********');
    const other = (await srv.db.query<{ id: number }>(`SELECT id FROM brands WHERE nome = 'Marca Dois'`)).rows[0].id;
    expect((await req('GET', `/api/ConfigWhiteLabels/${other}`, master)).statusCode).toBe(404);
    const bad = await req('PUT', `/api/ConfigWhiteLabels/${brand.id}`, master, { ...brand, id: undefined, padrao: undefined, config: { ...brand.config, tema: 'rosa' } });
    expect(bad.statusCode).toBe(400);
    const { id, padrao, ...body } = brand;
    const ok = await req('PUT', `/api/ConfigWhiteLabels/${id}`, master, { ...body, config: { ...brand.config, tema: 'roxo', cadastroHabilitado: false } });
    expect(ok.statusCode, ok.body).toBe(200);
    const pub = (await req('GET', '/api/ConfigWhiteLabels/atual')).json();
    expect(pub).toMatchObject({ tema: 'roxo', cadastroHabilitado: false });
    const stored = (await srv.db.query(`SELECT config FROM brands WHERE id = $1`, [id])).rows[0].config;
    expect(stored.misc.CRM.TOKEN).toBe('segredo');
    // Sign-up disabled by the brand: refused.
    const signUp = await req('POST', '/api/Usuarios/cadastro', undefined, { email: 'x@y.com.br', nome: 'X', empresa: 'Y', telefone: '11987654321', senha: 'abcdef', confirmaSenha: 'abcdef', termosUso: true });
    expect(signUp.statusCode).toBe(403);
    expect((await req('DELETE', `/api/ConfigWhiteLabels/${id}`, master)).statusCode).toBe(403);
  });
});
