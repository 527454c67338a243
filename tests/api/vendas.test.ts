import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { agoraLocal } from '../../src/server/vendas/pedido-venda.ts';

type Row = Record<string, any>;

// Sales orders on a real database: quote → confirmed (stock reserved) → faturado (stock out, receivables in)
// → cancelled (all reversed), the bad inputs that change nothing, exactly one faturamento under concurrency,
// promotions, commissions, contacts with follow-up alerts, reports, and the other account kept out.
describe.each(BACKENDS)('vendas on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  let outbox: string;
  let principal: number;
  let cliente: Row;
  let vend: Row;
  let forma: Row;
  let categoria: Row;
  let p: Row[];
  let lote: Row;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const ok = async (token: string, method: string, url: string, payload?: unknown) => {
    const r = await call(token, method, url, payload);
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
    return r.json();
  };
  const disp = async (produtoId: number, depositoId = principal) => {
    const rows = await ok(admin, 'GET', `/api/PedidosVenda/disponibilidade?produtoIds=${produtoId}`);
    const r = rows.find((x: Row) => x.depositoId === depositoId);
    return { saldo: new Decimal(r?.quantidade ?? 0).toFixed(4), reservado: new Decimal(r?.reservado ?? 0).toFixed(4), disponivel: new Decimal(r?.disponivel ?? 0).toFixed(4) };
  };
  const contagem = async () => {
    const one = async (sql: string) => Number((await srv.db.query<{ n: number }>(sql)).rows[0].n);
    return {
      movimentos: await one('SELECT count(*)::int AS n FROM movimentos_estoque'),
      lancamentos: await one('SELECT count(*)::int AS n FROM lancamentos'),
      reservas: await one('SELECT count(*)::int AS n FROM reservas_estoque'),
      vendas: await one('SELECT count(*)::int AS n FROM vendas_itens'),
      documentos: await one('SELECT count(*)::int AS n FROM documentos'),
    };
  };
  const pedido = (extra: Row = {}, itens?: Row[]) => ({
    clienteId: cliente.id,
    vendedorId: vend.id,
    depositoId: principal,
    formaPagamentoId: forma.id,
    numeroParcelas: 3,
    primeiroVencimento: '2030-01-10',
    ...extra,
    itens: itens ?? [
      { produtoId: p[0].id, quantidade: '3' },
      { produtoId: p[1].id, loteId: lote.id, quantidade: '2', descontoPercentual: '10' },
      { produtoId: p[2].id, quantidade: '1.5', precoUnitario: '4.00' },
    ],
  });

  beforeAll(async () => {
    outbox = mkdtempSync(join(tmpdir(), 'vendas-'));
    srv = await startTestServer(backend, { dataDir: outbox });
    app = srv.app;
    // The "Vendedor" profile sells too, with at most 5% discount.
    await srv.db.query(
      `UPDATE access_profiles SET desconto_maximo = 5, permissoes = permissoes || '{"app.pedidoVenda": 3}'::jsonb
        WHERE id = (SELECT perfil_id FROM users WHERE email = 'vendedor@demo.com.br') AND tenant_id = (SELECT tenant_id FROM users WHERE email = 'vendedor@demo.com.br')`,
    );
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    vendedor = await login(app, 'vendedor@demo.com.br');
    principal = (await ok(admin, 'GET', `/api/Depositos?filter=${q({ where: { padrao: true } })}`))[0].id;
    cliente = await ok(admin, 'POST', '/api/Clientes', { nome: 'Cliente do Teste de Vendas', cpfCnpj: '52998224725', email: 'cliente.vendas@exemplo.com.br' });
    categoria = await ok(admin, 'POST', '/api/CategoriasProduto', { descricao: 'Categoria com comissão de teste', comissao: '10' });
    vend = await ok(admin, 'POST', '/api/Vendedores', { nome: 'Vendedora de Teste', comissao: '2' });
    forma = (await ok(admin, 'GET', `/api/FormasPagamentoFinanceiro?filter=${q({ limit: 1 })}`))[0];
    p = [];
    p.push(await ok(admin, 'POST', '/api/Produtos', { descricao: 'Vendas teste A (promo)', codigo: 'VTA', tipoProduto: 0, precoCusto: '5.00', precoVenda: '10.00' }));
    p.push(await ok(admin, 'POST', '/api/Produtos', { descricao: 'Vendas teste B (lote)', codigo: 'VTB', tipoProduto: 0, precoCusto: '10.00', precoVenda: '20.00', categoriaId: categoria.id }));
    p.push(await ok(admin, 'POST', '/api/Produtos', { descricao: 'Vendas teste C (sem preço)', codigo: 'VTC', tipoProduto: 0, precoCusto: '1.00' }));
    lote = await ok(admin, 'POST', '/api/Lotes', { produtoId: p[1].id, numero: 'L-VENDAS-1', validade: '2031-12-31' });
    const acerto = await ok(admin, 'POST', '/api/AcertosEstoque', {
      depositoId: principal,
      motivo: 'Estoque do teste de vendas',
      itens: [{ produtoId: p[0].id, quantidade: '50' }, { produtoId: p[1].id, loteId: lote.id, quantidade: '10' }, { produtoId: p[2].id, quantidade: '20' }],
    });
    await ok(admin, 'POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);
    // Leve 3 pague 2 on product A, every day.
    await ok(admin, 'POST', '/api/Promocoes', { descricao: 'Leve 3 pague 2 teste A', tipo: 2, produtoId: p[0].id, leve: 3, pague: 2 });
  });
  afterAll(async () => srv?.close());

  it('prices, promotion, discounts and instalments are computed on save; the order starts Digitando (5)', async () => {
    const o = await ok(admin, 'POST', '/api/PedidosVenda', pedido());
    expect(o).toMatchObject({ estado: 'digitando', status: 5, totalProdutos: '62.00', valorTotal: '62.00', transicoes: ['confirmar', 'gerar-pedido', 'cancelar'] });
    // A: 3 × 10,00 with leve 3 pague 2 = 20,00; B: 2 × 20,00 − 10% = 36,00; C: 1,5 × 4,00 = 6,00
    expect(o.itens.map((i: Row) => [i.precoUnitario, i.promocao, i.descontoPromocao, i.valorTotal])).toEqual([
      ['10.00', 'Leve 3 pague 2 teste A', '10.00', '20.00'],
      ['20.00', null, null, '36.00'],
      ['4.00', null, null, '6.00'],
    ]);
    expect(o.planoParcelas).toEqual([
      { numero: 1, vencimento: '2030-01-10', valor: '20.66' },
      { numero: 2, vencimento: '2030-02-10', valor: '20.66' },
      { numero: 3, vencimento: '2030-03-10', valor: '20.68' },
    ]);
  });
});
