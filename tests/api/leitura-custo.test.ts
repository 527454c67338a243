import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { forgetSessions } from '../../src/server/auth/sessions.ts';

type Row = Record<string, any>;
const CUSTO = ['precoCusto', 'margemLucro', 'markup'];

/**
 * Issue 41 item 3: salespeople saw cost prices. Field-level read permission (app.verCusto, readPermissions of the
 * resource document and readPermission of report columns): without the key the fields are absent from every answer
 * (list, findOne, record, writes, the stock endpoints, the dashboard, the reports and their exports); a filter or
 * order on them is refused; a write keeps their stored values. The administrator and the accountant read them.
 */
describe.each(BACKENDS)('cost fields read only with app.verCusto on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vendedor: string;
  let perfilVendedor: number;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const ok = async (token: string, method: string, url: string, payload?: unknown) => {
    const r = await call(token, method, url, payload);
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
    return r.json();
  };
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  // The salesperson's profile as another account's administrator might set it; the sessions cached in this process
  // are dropped so the next request reads it.
  const permissoes = async (p: Record<string, number>) => {
    await srv.db.query('UPDATE access_profiles SET permissoes = $2 WHERE id = $1', [perfilVendedor, JSON.stringify(p)]);
    forgetSessions();
  };
  const semCusto = (rows: Row[], campos = CUSTO) => rows.flatMap((r) => campos.filter((c) => c in r));

  async function exportar(token: string, recurso: string, where?: Row): Promise<unknown[]> {
    const queued = await call(token, 'POST', '/api/Relatorios/exportar', { recurso, tipo: 'xlsx', filter: { where } });
    expect(queued.statusCode, queued.body).toBe(200);
    let file = await call(token, 'GET', `/api/Relatorios/${queued.json().id}/arquivo`);
    for (let i = 0; i < 600 && file.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      file = await call(token, 'GET', `/api/Relatorios/${queued.json().id}/arquivo`);
    }
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as any);
    return (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
  }

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vendedor = await login(app, 'vendedor@demo.com.br');
    perfilVendedor = Number((await srv.db.query(`SELECT perfil_id FROM users WHERE email = 'vendedor@demo.com.br'`)).rows[0].perfil_id);
  });
  afterAll(async () => srv?.close());
  afterEach(() => permissoes({ 'app.cliente': 1, 'app.produto': 1 }));

  it('the salesperson\'s product list, findOne and record have no cost, margin or markup; the administrator\'s do', async () => {
    const lista = await ok(vendedor, 'GET', `/api/Produtos?filter=${q({ limit: 100 })}`);
    expect(lista.length).toBeGreaterThan(5);
    expect(semCusto(lista)).toEqual([]);
    expect(lista[0].precoVenda).toBeDefined();
    // Asking for them by name does not bring them either.
    expect(semCusto(await ok(vendedor, 'GET', `/api/Produtos?filter=${q({ fields: ['id', 'descricao', 'precoCusto'] })}`))).toEqual([]);
    expect(semCusto(await ok(vendedor, 'GET', `/api/Produtos?filter=${q({ fields: { precoCusto: true, descricao: true } })}`))).toEqual([]);
    expect(semCusto([await ok(vendedor, 'GET', `/api/Produtos/findOne?filter=${q({ where: { id: lista[0].id } })}`)])).toEqual([]);
    const um = await ok(vendedor, 'GET', `/api/Produtos/${lista[0].id}`);
    expect(semCusto([um])).toEqual([]);
    expect(um.descricao).toBe(lista[0].descricao);

    const doAdmin = await ok(admin, 'GET', `/api/Produtos/${lista[0].id}`);
    expect(doAdmin.precoCusto).toMatch(/^\d+\.\d{2}$/);
    expect(doAdmin).toHaveProperty('margemLucro');
  });

  it('a filter, an order or a count on the cost is refused (it would tell the values); nothing else is', async () => {
    for (const url of [
      `/api/Produtos?filter=${q({ where: { precoCusto: { gt: 5 } } })}`,
      `/api/Produtos?filter=${q({ where: { or: [{ descricao: 'x' }, { margemLucro: 10 }] } })}`,
      `/api/Produtos?filter=${q({ order: 'precoCusto DESC' })}`,
      `/api/Produtos/count?where=${q({ markup: { gt: 1 } })}`,
    ]) {
      const r = await call(vendedor, 'GET', url);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().error.message).toMatch(/^Você não tem permissão para consultar (preço de custo|margem de lucro \(%\)|markup \(%\))\.$/);
    }
    expect((await call(vendedor, 'GET', `/api/Produtos?filter=${q({ where: { precoVenda: { gt: 5 } }, order: 'precoVenda DESC' })}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/Produtos?filter=${q({ where: { precoCusto: { gt: 5 } } })}`)).statusCode).toBe(200);
  });

  it('a profile that edits products but not costs: the answer has no cost and the stored cost is kept (PUT and PATCH)', async () => {
    await permissoes({ 'app.produto': 3 });
    const antes = await ok(admin, 'GET', `/api/Produtos?filter=${q({ where: { ativo: true }, order: 'id ASC', limit: 1 })}`);
    const id = antes[0].id;
    const completo = await ok(admin, 'GET', `/api/Produtos/${id}`);
    const { id: _id, createdAt: _c, updatedAt: _u, ...corpo } = completo;
    const semCampos = Object.fromEntries(Object.entries(corpo).filter(([k]) => !CUSTO.includes(k)));
    const put = await ok(vendedor, 'PUT', `/api/Produtos/${id}`, { ...semCampos, descricao: `${completo.descricao} ` + 'X', precoCusto: '0.01' });
    expect(semCusto([put])).toEqual([]);
    const depois = await ok(admin, 'GET', `/api/Produtos/${id}`);
    expect([depois.precoCusto, depois.margemLucro, depois.markup]).toEqual([completo.precoCusto, completo.margemLucro, completo.markup]);
    const patch = await ok(vendedor, 'PATCH', `/api/Produtos/${id}`, { descricao: completo.descricao, precoCusto: '0.02' });
    expect(semCusto([patch])).toEqual([]);
    const fim = await ok(admin, 'GET', `/api/Produtos/${id}`);
    expect([fim.descricao, fim.precoCusto]).toEqual([completo.descricao, completo.precoCusto]);
  });

  it('the stock answers and the dashboard card leave the cost out; with app.verCusto the profile reads it', async () => {
    const resumo = await ok(vendedor, 'GET', '/api/SaldosEstoque/resumo');
    expect(resumo).not.toHaveProperty('valorEmEstoque');
    expect(resumo.produtosComSaldo).toBeGreaterThan(0);
    expect((await ok(admin, 'GET', '/api/SaldosEstoque/resumo')).valorEmEstoque).toMatch(/^\d+\.\d{2}$/);
    const saldos = await ok(vendedor, 'GET', `/api/SaldosEstoque?filter=${q({ limit: 20 })}`);
    expect(saldos.length).toBeGreaterThan(0);
    expect(semCusto(saldos, ['custoMedio'])).toEqual([]);
    expect((await call(vendedor, 'GET', `/api/SaldosEstoque?filter=${q({ where: { custoMedio: { gt: 1 } } })}`)).statusCode).toBe(403);
    const movs = await ok(vendedor, 'GET', `/api/MovimentosEstoque?filter=${q({ limit: 20 })}`);
    expect(semCusto(movs, ['custoUnitario'])).toEqual([]);
    const produtoId = saldos[0].produtoId;
    expect(semCusto(await ok(vendedor, 'GET', `/api/SaldosEstoque/porDeposito?produtoIds=${produtoId}`), ['custoMedio'])).toEqual([]);
    expect(semCusto(await ok(vendedor, 'GET', `/api/MovimentosEstoque/extrato?produtoId=${produtoId}`), ['custoUnitario'])).toEqual([]);
    expect((await ok(admin, 'GET', `/api/SaldosEstoque/porDeposito?produtoIds=${produtoId}`))[0]).toHaveProperty('custoMedio');

    await permissoes({ 'app.cliente': 1, 'app.produto': 1, 'app.verCusto': 4 });
    expect((await ok(vendedor, 'GET', '/api/SaldosEstoque/resumo')).valorEmEstoque).toMatch(/^\d+\.\d{2}$/);
    expect((await ok(vendedor, 'GET', `/api/Produtos?filter=${q({ limit: 1 })}`))[0]).toHaveProperty('precoCusto');
  });

  it('reports on screen and their exports: no cost, margin or stock value columns without the key', async () => {
    await permissoes({ 'app.cliente': 1, 'app.produto': 1, 'app.relatorioVenda': 4, 'app.relatorioEstoque': 4, 'app.relatorioProduto': 4 });
    // The price history carries the cost of each change too.
    const historico = await ok(vendedor, 'GET', `/api/PrecosHistorico?filter=${q({ limit: 50 })}`);
    expect(historico.length).toBeGreaterThan(0);
    expect(semCusto(historico, ['precoCusto'])).toEqual([]);
    expect((await ok(admin, 'GET', `/api/PrecosHistorico?filter=${q({ limit: 1 })}`))[0]).toHaveProperty('precoCusto');
    const porProduto = await ok(vendedor, 'GET', '/api/Vendas/relatorios/VendasPorProduto?de=2020-01-01');
    expect(porProduto.length).toBeGreaterThan(0);
    expect(semCusto(porProduto, ['custo', 'margem'])).toEqual([]);
    expect(porProduto[0]).toHaveProperty('valor');
    expect((await ok(admin, 'GET', '/api/Vendas/relatorios/VendasPorProduto?de=2020-01-01'))[0]).toHaveProperty('custo');
    const posicao = await ok(vendedor, 'GET', '/api/SaldosEstoque/posicao?limit=50');
    expect(posicao.length).toBeGreaterThan(0);
    expect(semCusto(posicao, ['custoMedio', 'valor'])).toEqual([]);

    expect(await exportar(vendedor, 'PosicaoEstoque')).toEqual(['Código', 'Produto', 'Depósito', 'Quantidade']);
    expect(await exportar(admin, 'PosicaoEstoque')).toEqual(['Código', 'Produto', 'Depósito', 'Quantidade', 'Custo médio', 'Valor em estoque']);
    const produtos = await exportar(vendedor, 'Produtos');
    expect(produtos).not.toContain('Preço de custo');
    expect(produtos).toContain('Preço de venda');
    expect(await exportar(admin, 'Produtos')).toContain('Preço de custo');
    const vendas = await exportar(vendedor, 'VendasPorProduto', { de: '2020-01-01' });
    expect(vendas).not.toContain('Custo');
    expect((await call(vendedor, 'POST', '/api/Relatorios/exportar', { recurso: 'Produtos', tipo: 'xlsx', filter: { order: 'precoCusto DESC' } })).statusCode).toBe(403);
  });

  it('migration 0402 gives app.verCusto to the profiles that maintain products, prices or purchases, not to one that only consults', async () => {
    const tenant = Number((await srv.db.query(`SELECT tenant_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].tenant_id);
    const ids = (await srv.db.query<{ id: number }>(
      `INSERT INTO access_profiles (tenant_id, nome, permissoes) VALUES ($1, 'Comprador 0402', '{"app.pedidoCompra": 3}'), ($1, 'Consulta 0402', '{"app.produto": 1}'), ($1, 'Já decidido 0402', '{"app.produto": 4, "app.verCusto": 0}') RETURNING id`,
      [tenant],
    )).rows.map((r) => Number(r.id));
    const sql = readFileSync(join(import.meta.dirname, '../../src/server/db/migrations/0402_perfis_ver_custo.sql'), 'utf8');
    const ler = async () => (await srv.db.query<{ p: Record<string, number> }>('SELECT permissoes AS p FROM access_profiles WHERE tenant_id = $1 AND id = ANY($2::integer[]) ORDER BY id', [tenant, ids])).rows.map((r) => r.p['app.verCusto']);
    await srv.db.transaction((tx) => tx.exec(sql));
    expect(await ler()).toEqual([4, undefined, 0]);
    await srv.db.transaction((tx) => tx.exec(sql));
    expect(await ler(), 'a second run changes nothing').toEqual([4, undefined, 0]);
    await srv.db.query('DELETE FROM access_profiles WHERE tenant_id = $1 AND id = ANY($2::integer[])', [tenant, ids]);
  });
});
