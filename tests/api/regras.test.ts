import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

// The document's declarative rules hold on the server as in the form (src/shared/rules.ts): Produtos lock
// margin and markup while there is no cost, so the API neither takes them on a new product nor changes them
// on a stored one; a CEST asks for the NCM.
describe.each(BACKENDS)('resource rules on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  const call = (method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: admin } });

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
  });
  afterAll(async () => srv?.close());

  it('a new product without a cost is stored without the margin and markup it was sent', async () => {
    const r = await call('POST', '/api/Produtos', { descricao: 'Sabão em barra', tipoProduto: 0, margemLucro: '30.00', markup: '40.00', precoVenda: '5.00' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ precoCusto: null, margemLucro: null, markup: null, precoVenda: '5.00' });
  });

  it('with a cost the margin is taken; clearing the cost keeps the stored margin, by PUT and by PATCH', async () => {
    const r = await call('POST', '/api/Produtos', { descricao: 'Detergente', tipoProduto: 0, precoCusto: '2.00', margemLucro: '50.00', precoVenda: '4.00' });
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json();
    expect(p.margemLucro).toBe('50.00');
    const put = await call('PUT', `/api/Produtos/${p.id}`, { descricao: 'Detergente', tipoProduto: 0, precoCusto: null, margemLucro: '90.00', markup: '10.00', precoVenda: '4.00' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ precoCusto: null, margemLucro: '50.00', markup: null });
    const patch = await call('PATCH', `/api/Produtos/${p.id}`, { margemLucro: '10.00' });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().margemLucro).toBe('50.00');
    // With a cost again the margin is the person's to change.
    const back = await call('PATCH', `/api/Produtos/${p.id}`, { precoCusto: '3.00', margemLucro: '25.00' });
    expect(back.json()).toMatchObject({ precoCusto: '3.00', margemLucro: '25.00' });
  });

  it('a CEST without an NCM is refused with the required-field message and nothing is stored', async () => {
    const before = (await call('GET', '/api/Produtos/count')).json().count;
    const r = await call('POST', '/api/Produtos', { descricao: 'Lâmpada', tipoProduto: 0, cest: '1234567' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toContain('Campo Obrigatório!');
    expect((await call('GET', '/api/Produtos/count')).json().count).toBe(before);
  });
});
