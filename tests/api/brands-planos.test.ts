import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

/** Planos (SPEC 7.2) scoped to the brand, written by the brand's staff; an account chooses one (SPEC 7.1). */
describe.each(BACKENDS)('Planos on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let master: string;
  let marca2: number;
  const req = (method: string, url: string, token?: string, payload?: unknown) =>
    app.inject({ method: method as any, url, payload: payload as any, headers: { host: 'localhost', ...(token ? { authorization: token } : {}) } });
  const filter = (f: unknown) => encodeURIComponent(JSON.stringify(f));
  const novo = (over: Record<string, unknown> = {}) => ({ idExterno: 'teste-api', nome: 'Plano de Teste', valor: '99.50', modulo: 'vendas', modulos: [{ id: 'vendas', visivel: true }, { id: 'nfe', visivel: false }], ativo: true, ...over });

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    master = await login(app, 'master@demo.com.br');
    marca2 = (await srv.db.query<{ id: number }>(`SELECT id FROM brands WHERE nome = 'Marca Dois'`)).rows[0].id;
  });
  afterAll(async () => srv?.close());

  it('any signed-in user lists the plans of their own brand only, with filter, count and findOne', async () => {
    expect((await req('GET', '/api/Planos')).statusCode).toBe(401);
    const list = (await req('GET', '/api/Planos', admin)).json();
    expect(list.map((p: any) => p.idExterno)).toEqual(['essencial', 'profissional', 'completo']);
    expect(list[0]).toMatchObject({ nome: 'Essencial', valor: '79.90', modulo: 'vendas', ativo: true, modulos: expect.arrayContaining([{ id: 'nfe', visivel: false }]) });
    const demoBrand = list[0].configWhiteLabel;
    // The brand's where (configWhiteLabel plus extra) and the other brand's plans, which stay out of reach.
    const cheap = (await req('GET', `/api/Planos?filter=${filter({ where: { configWhiteLabel: demoBrand, valor: { lt: 100 } } })}`, admin)).json();
    expect(cheap.map((p: any) => p.idExterno)).toEqual(['essencial']);
    expect((await req('GET', `/api/Planos?filter=${filter({ where: { configWhiteLabel: marca2 } })}`, admin)).json()).toEqual([]);
    expect((await req('GET', `/api/Planos/count?where=${filter({ ativo: true })}`, admin)).json()).toEqual({ count: 3 });
    const one = await req('GET', `/api/Planos/findOne?filter=${filter({ where: { idExterno: 'profissional', configWhiteLabel: demoBrand } })}`, admin);
    expect(one.json()).toMatchObject({ nome: 'Profissional', valor: '149.90' });
    expect((await req('GET', `/api/Planos/findOne?filter=${filter({ where: { idExterno: 'revenda-basico', configWhiteLabel: marca2 } })}`, admin)).statusCode).toBe(404);
    const otherId = (await srv.db.query<{ id: number }>(`SELECT id FROM planos WHERE config_white_label = $1 LIMIT 1`, [marca2])).rows[0].id;
    expect((await req('GET', `/api/Planos/${otherId}`, admin)).statusCode).toBe(404);
    expect((await req('GET', `/api/Planos?filter=${filter({ where: { naoExiste: 1 } })}`, admin)).statusCode).toBe(400);
  });

  it('only the brand staff (master, isAvanco) create, change and delete, validated by the same schema as the form', async () => {
    expect((await req('POST', '/api/Planos', admin, novo())).statusCode).toBe(403);
    const bad = await req('POST', '/api/Planos', master, novo({ nome: '', valor: '12,5' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^Dados inválidos: /);
    expect(bad.json().error.details.map((d: any) => d.campo).sort()).toEqual(['nome', 'valor']);
    expect((await srv.db.query(`SELECT count(*)::int AS n FROM planos WHERE id_externo = 'teste-api'`)).rows[0].n).toBe(0);
    // configWhiteLabel in the body is ignored for a master: the plan is the master's brand's.
    const created = await req('POST', '/api/Planos', master, novo({ configWhiteLabel: marca2 }));
    expect(created.statusCode, created.body).toBe(200);
    const plano = created.json();
    expect(plano).toMatchObject({ idExterno: 'teste-api', valor: '99.50', modulos: [{ id: 'vendas', visivel: true }, { id: 'nfe', visivel: false }] });
    expect(plano.configWhiteLabel).not.toBe(marca2);
    expect((await req('POST', '/api/Planos', master, novo())).statusCode).toBe(409);
    const changed = await req('PUT', `/api/Planos/${plano.id}`, master, novo({ nome: 'Plano Alterado', valor: '100' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ nome: 'Plano Alterado', valor: '100.00' });
    expect((await req('PUT', `/api/Planos/${plano.id}`, admin, novo())).statusCode).toBe(403);
    const otherId = (await srv.db.query<{ id: number }>(`SELECT id FROM planos WHERE config_white_label = $1 LIMIT 1`, [marca2])).rows[0].id;
    expect((await req('PUT', `/api/Planos/${otherId}`, master, novo({ idExterno: 'x' }))).statusCode).toBe(404);
    expect((await req('DELETE', `/api/Planos/${otherId}`, master)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/Planos/${plano.id}`, admin)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/Planos/${plano.id}`, master)).json()).toEqual({ count: 1 });
    expect((await req('GET', `/api/Planos/${plano.id}`, master)).statusCode).toBe(404);
  });

  it('an account chooses a plan of its brand for one of its branches; recorded only, or waiting for billing when the brand bills', async () => {
    const branches = (await req('GET', '/api/Usuarios/filiais', admin)).json();
    const planos = (await req('GET', '/api/Planos', admin)).json();
    const essencial = planos.find((p: any) => p.idExterno === 'essencial');
    expect((await req('POST', '/api/Usuarios/contratarPlano', admin, {})).statusCode).toBe(400);
    const vendedor = await login(app, 'vendedor@demo.com.br');
    expect((await req('POST', '/api/Usuarios/contratarPlano', vendedor, { filialId: branches[0].id, planoId: essencial.id })).statusCode).toBe(403);
    const otherPlan = (await srv.db.query<{ id: number }>(`SELECT id FROM planos WHERE config_white_label = $1 LIMIT 1`, [marca2])).rows[0].id;
    expect((await req('POST', '/api/Usuarios/contratarPlano', admin, { filialId: branches[0].id, planoId: otherPlan })).statusCode).toBe(404);
    const vizBranch = (await srv.db.query<{ id: number }>(`SELECT b.id FROM branches b JOIN tenants t ON t.id = b.tenant_id WHERE t.nome = 'Loja Vizinha'`)).rows[0].id;
    expect((await req('POST', '/api/Usuarios/contratarPlano', admin, { filialId: vizBranch, planoId: essencial.id })).statusCode).toBe(404);
    expect((await srv.db.query(`SELECT plano_id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].plano_id).toBeNull();

    const ok = await req('POST', '/api/Usuarios/contratarPlano', admin, { filialId: branches[1].id, planoId: essencial.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ filialId: branches[1].id, planoId: essencial.id, situacao: 'registrado' });
    const t = (await srv.db.query(`SELECT t.plano_id, t.plano_situacao, b.plano_id AS filial_plano FROM tenants t JOIN branches b ON b.tenant_id = t.id AND b.id = $1 WHERE t.nome = 'Mercadinho Demo'`, [branches[1].id])).rows[0];
    expect(t).toMatchObject({ plano_id: essencial.id, plano_situacao: 'registrado', filial_plano: essencial.id });
    expect((await req('GET', '/api/Planos/contratado', admin)).json()).toMatchObject({ planoId: essencial.id, situacao: 'registrado' });
    // The neighbour account sees its own (no plan).
    const viz = await login(app, 'admin@vizinha.com.br');
    expect((await req('GET', '/api/Planos/contratado', viz)).json().planoId).toBeNull();

    await srv.db.query(`UPDATE brands SET config = jsonb_set(config, '{integracaoCobranca}', 'true') WHERE padrao`);
    srv.services.brands.invalidate();
    const completo = planos.find((p: any) => p.idExterno === 'completo');
    const billed = await req('POST', '/api/Usuarios/efetivarPlano', admin, { filialId: branches[0].id, planoId: completo.id });
    expect(billed.json()).toMatchObject({ situacao: 'aguardando_cobranca', planoId: completo.id });
    // A plan in use cannot be deleted.
    expect((await req('DELETE', `/api/Planos/${completo.id}`, master)).statusCode).toBe(409);
  });
});
