import type { FastifyInstance } from 'fastify';
import { priceFromMargin } from '../../src/shared/money.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

// The demo account opens with a mercadinho's catalogue; every product is one a person could have saved:
// saving it back unchanged passes the same schema the form uses, and its price follows SPEC 5.8.
describe.each(BACKENDS)('demo products on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
  });
  afterAll(async () => srv?.close());

  it('Mercadinho Demo has a catalogue in its categories; Loja Vizinha has none of it', async () => {
    const produtos = (await call(admin, 'GET', `/api/Produtos?filter=${encodeURIComponent(JSON.stringify({ include: [{ relation: 'categoria' }], limit: 100 }))}`)).json() as Record<string, any>[];
    expect(produtos.length).toBeGreaterThanOrEqual(20);
    expect(produtos.every((p) => p.categoria?.descricaoCompleta)).toBe(true);
    expect(produtos.map((p) => p.categoria.descricaoCompleta)).toContain('Alimentos - Mercearia - Grãos');
    const vizinha = await login(app, 'admin@vizinha.com.br');
    expect((await call(vizinha, 'GET', '/api/Produtos/count')).json().count).toBe(0);
  });

  it('each product saves back unchanged (valid GTIN, NCM, units) and is priced cost / (100 - margin) * 100', async () => {
    const produtos = (await call(admin, 'GET', '/api/Produtos?filter={"limit":100}')).json() as Record<string, any>[];
    for (const p of produtos) {
      expect(p.precoVenda, p.descricao).toBe(priceFromMargin(p.precoCusto, p.margemLucro));
      const { id, createdAt, updatedAt, ...body } = p;
      const r = await call(admin, 'PUT', `/api/Produtos/${id}`, body);
      expect(r.statusCode, `${p.descricao}: ${r.body}`).toBe(200);
    }
  });
});
