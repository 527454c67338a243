import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { TipoMovimentacao } from '../../generated/lookups.ts';
import { movimentar } from '../../src/server/estoque/movimentos.ts';
import { disponibilidade, liberarReservas, reservar } from '../../src/server/estoque/reservas.ts';
import { chamadasComo } from '../support/chamadas.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

// Stock reservations (estoque/reservas.ts): the reserved quantity lives beside the balance, lowers the
// available quantity and never the balance; beyond the available it is refused unless negative stock is
// allowed; releasing gives back exactly what one document took; concurrent reservations stay exact.
describe.each(BACKENDS)('reservas de estoque on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let scope: { tenantId: number; userId: number; branchId: number };
  let deposito: number;
  let produto: number;
  const { ok } = chamadasComo(() => srv, () => admin);
  const estado = async () => {
    const [d] = await srv.db.tenant(scope, (q) => disponibilidade(q, scope, [produto]));
    return { quantidade: new Decimal(d.quantidade).toFixed(), reservado: new Decimal(d.reservado).toFixed(), disponivel: new Decimal(d.disponivel).toFixed() };
  };
  const linha = (quantidade: string) => ({ produtoId: produto, depositoId: deposito, quantidade });

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    const u = (await srv.db.query<Row>(`SELECT tenant_id, id, filial_selecionada_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0];
    scope = { tenantId: u.tenant_id, userId: u.id, branchId: u.filial_selecionada_id };
    deposito = (await ok('GET', `/api/Depositos?filter=${encodeURIComponent(JSON.stringify({ where: { padrao: true } }))}`))[0].id;
    produto = (await ok('POST', '/api/Produtos', { descricao: 'Produto do teste de reservas', codigo: 'RES1', tipoProduto: 0, precoCusto: '1.00' })).id;
    await srv.db.tenant(scope, (q) => movimentar(q, scope, [{ ...linha('10'), tipo: TipoMovimentacao.COMPRA, custoUnitario: '1.00' }], { tipo: 'teste', id: 1 }));
  });
  afterAll(async () => srv?.close());

  it('reserving lowers the available quantity, never the balance; releasing gives back exactly that', async () => {
    await srv.db.tenant(scope, (q) => reservar(q, scope, [linha('3'), linha('1.5')], { tipo: 'teste', id: 10 }));
    expect(await estado()).toEqual({ quantidade: '10', reservado: '4.5', disponivel: '5.5' });
    await srv.db.tenant(scope, (q) => reservar(q, scope, [linha('2')], { tipo: 'teste', id: 11 }));
    expect(await estado()).toEqual({ quantidade: '10', reservado: '6.5', disponivel: '3.5' });
    expect(await srv.db.tenant(scope, (q) => liberarReservas(q, scope, { tipo: 'teste', id: 10 }))).toBe(1);
    expect(await estado()).toEqual({ quantidade: '10', reservado: '2', disponivel: '8' });
    // Releasing twice gives nothing back twice.
    expect(await srv.db.tenant(scope, (q) => liberarReservas(q, scope, { tipo: 'teste', id: 10 }))).toBe(0);
    await srv.db.tenant(scope, (q) => liberarReservas(q, scope, { tipo: 'teste', id: 11 }));
    expect(await estado()).toEqual({ quantidade: '10', reservado: '0', disponivel: '10' });
  });

  it('beyond the available quantity: a 400 naming the product and nothing reserved, unless negative stock is allowed', async () => {
    await srv.db.tenant(scope, (q) => reservar(q, scope, [linha('8')], { tipo: 'teste', id: 20 }));
    const erro = await srv.db.tenant(scope, (q) => reservar(q, scope, [linha('3')], { tipo: 'teste', id: 21 })).catch((e) => e);
    expect(erro.statusCode).toBe(400);
    expect(erro.message).toBe('Estoque insuficiente: Produto do teste de reservas tem disponível 2 (saldo 10, reservado 8) e o pedido pede 3.');
    expect(await estado()).toEqual({ quantidade: '10', reservado: '8', disponivel: '2' });
    expect(Number((await srv.db.query(`SELECT count(*)::int AS n FROM reservas_estoque WHERE origem_tipo = 'teste' AND origem_id = 21`)).rows[0].n)).toBe(0);
    await ok('PUT', '/api/ConfiguracoesEstoque', { permitirEstoqueNegativo: true });
    await srv.db.tenant(scope, (q) => reservar(q, scope, [linha('3')], { tipo: 'teste', id: 21 }));
    expect(await estado()).toEqual({ quantidade: '10', reservado: '11', disponivel: '-1' });
    await ok('PUT', '/api/ConfiguracoesEstoque', { permitirEstoqueNegativo: false });
    await srv.db.tenant(scope, (q) => liberarReservas(q, scope, { tipo: 'teste', id: 20 }));
    await srv.db.tenant(scope, (q) => liberarReservas(q, scope, { tipo: 'teste', id: 21 }));
    expect(await estado()).toEqual({ quantidade: '10', reservado: '0', disponivel: '10' });
  });

  it('20 reservations of 1 at once on 10 available: exactly 10 succeed, the reserved quantity is exact', async () => {
    const rs = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => srv.db.tenant(scope, (q) => reservar(q, scope, [linha('1')], { tipo: 'teste', id: 100 + i }))));
    expect(rs.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await estado()).toEqual({ quantidade: '10', reservado: '10', disponivel: '0' });
    const soma = await srv.db.query<{ s: string }>(`SELECT coalesce(sum(quantidade), 0) AS s FROM reservas_estoque WHERE origem_tipo = 'teste'`);
    expect(new Decimal(soma.rows[0].s).toFixed()).toBe('10');
  });
});
