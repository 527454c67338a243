import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { agoraLocal } from '../../src/server/vendas/pedido-venda.ts';

type Row = Record<string, any>;

// The dashboard's charts (issue 42): sales per day this month against the last, the next 30 days of cash flow,
// the certificate and the notes in contingency. Each agrees with the report it summarises; app.painelvendas and
// app.painelFinanceiro decide who sees what; the other account sees none of this one.
describe.each(BACKENDS)('dashboard on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  const hoje = agoraLocal().data;
  const call = (token: string, url: string, method = 'GET', payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const ok = async (url: string, token = admin, method = 'GET', payload?: unknown) => {
    const r = await call(token, url, method, payload);
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
    return r.json();
  };
  const soma = (rows: Row[], campo: string) => rows.reduce((s, r) => s.plus(r[campo] ?? 0), new Decimal(0)).toFixed(2);
  const mesAnterior = () => {
    const [y, m] = hoje.split('-').map(Number);
    const ym = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const fim = new Date(Date.UTC(Number(ym.slice(0, 4)), Number(ym.slice(5)), 0)).toISOString().slice(0, 10);
    return { ym, de: `${ym}-01`, ate: fim };
  };

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
  });
  afterAll(async () => srv?.close());

  it('sales per day: this month equals the sales card and the sales report; last month equals its report', async () => {
    const v = await ok('/api/Dashboard/vendas');
    expect(v.hoje).toBe(hoje);
    const resumo = await ok('/api/Vendas/resumo');
    expect(v.totalMes).toBe(new Decimal(resumo.vendasMes).toFixed(2));
    const doMes = await ok(`/api/Vendas/relatorios/VendasPorPeriodo?de=${hoje.slice(0, 8)}01&ate=${hoje}`);
    expect(v.totalMes).toBe(soma(doMes, 'valor'));
    const ant = mesAnterior();
    const anterior = await ok(`/api/Vendas/relatorios/VendasPorPeriodo?de=${ant.de}&ate=${ant.ate}`);
    expect(v.mesAnterior).toBe(ant.ym);
    expect(v.totalMesAnterior).toBe(soma(anterior, 'valor'));
    // Day by day as the report; days after today are empty (null), not zero.
    const dia = Number(hoje.slice(8));
    for (const r of doMes) expect(v.dias[Number(r.data.slice(8)) - 1].mes).toBe(new Decimal(r.valor).toFixed(2));
    expect(v.dias.slice(dia).every((d: Row) => d.mes === null)).toBe(true);
    expect(v.dias).toHaveLength(Math.max(dia, Number(ant.ate.slice(8))));
    const ateODia = anterior.filter((r: Row) => Number(r.data.slice(8)) <= dia);
    expect(v.mesAnteriorAteODia).toBe(soma(ateODia, 'valor'));
    expect((await ok('/api/Dashboard/vendas', vizinha)).totalMes).toBe('0.00');
  });

  it('a sale faturado today moves this month\'s total by its value', async () => {
    const antes = (await ok('/api/Dashboard/vendas')).totalMes;
    const deposito = (await ok(`/api/Depositos?filter=${encodeURIComponent(JSON.stringify({ where: { padrao: true } }))}`))[0].id;
    const produto = await ok('/api/Produtos', admin, 'POST', { descricao: 'Dashboard teste produto', codigo: 'DTP1', tipoProduto: 0, precoCusto: '3.00', precoVenda: '7.35' });
    const acerto = await ok('/api/AcertosEstoque', admin, 'POST', { depositoId: deposito, motivo: 'Estoque do teste do dashboard', itens: [{ produtoId: produto.id, quantidade: '5' }] });
    await ok(`/api/AcertosEstoque/${acerto.id}/efetivar`, admin, 'POST');
    const forma = (await ok(`/api/FormasPagamentoFinanceiro?filter=${encodeURIComponent(JSON.stringify({ limit: 1 }))}`))[0];
    const cliente = await ok('/api/Clientes', admin, 'POST', { nome: 'Cliente do teste do dashboard' });
    const pedido = await ok('/api/PedidosVenda', admin, 'POST', { clienteId: cliente.id, depositoId: deposito, formaPagamentoId: forma.id, itens: [{ produtoId: produto.id, quantidade: '3' }] });
    await ok(`/api/PedidosVenda/${pedido.id}/confirmar`, admin, 'POST');
    const f = await ok(`/api/PedidosVenda/${pedido.id}/faturar`, admin, 'POST');
    const depois = await ok('/api/Dashboard/vendas');
    expect(depois.totalMes).toBe(new Decimal(antes).plus(f.valorTotal).toFixed(2));
    expect(depois.dias[Number(hoje.slice(8)) - 1].mes).toBe(new Decimal((await ok('/api/Vendas/resumo')).vendasHoje).toFixed(2));
  });

  it('cash flow of the next 30 days equals the fluxo de caixa report over the same days', async () => {
    const em5 = new Date(Date.parse(`${hoje}T00:00:00Z`) + 5 * 86400000).toISOString().slice(0, 10);
    const f0 = await ok('/api/Dashboard/fluxo');
    expect(f0.dias).toHaveLength(30);
    await ok('/api/Lancamentos', admin, 'POST', { tipo: 0, descricao: 'Recebimento do teste do dashboard', dataEmissao: hoje, valorTotal: '321.09', primeiroVencimento: em5 });
    const f = await ok('/api/Dashboard/fluxo');
    const rel = await ok(`/api/RelatoriosFinanceiros/fluxo-caixa?de=${f.de}&ate=${f.ate}&agrupamento=dia`);
    expect(f.saldoInicial).toBe(rel.saldoInicial);
    expect(f.saldoFinal).toBe(rel.saldoFinal);
    expect(f.dias.map((d: Row) => [d.data, d.entradas, d.saidas, d.saldo])).toEqual(rel.linhas.map((l: Row) => [l.periodo, l.entradasPrevistas, l.saidasPrevistas, l.saldo]));
    const dia = f.dias.find((d: Row) => d.data === em5);
    expect(new Decimal(dia.entradas).minus(f0.dias.find((d: Row) => d.data === em5).entradas).toFixed(2)).toBe('321.09');
    expect((await ok('/api/Dashboard/fluxo', vizinha)).dias.every((d: Row) => d.entradas === '0.00' || new Decimal(d.entradas).isZero())).toBe(true);
  });

  it('the certificate and the notes in contingency of the branch', async () => {
    const atual = (await ok('/api/CertificadosDigitais/atual')).certificado;
    const fiscal = await ok('/api/Dashboard/fiscal');
    expect(fiscal.certificado).toMatchObject({ validoAte: atual.validoAte, diasParaVencer: atual.diasParaVencer, vencido: atual.vencido });
    const filial = (await srv.db.query<{ f: number; t: number }>(`SELECT filial_selecionada_id AS f, tenant_id AS t FROM users WHERE email = 'admin@demo.com.br'`)).rows[0];
    const n = async (sql: string) => Number((await srv.db.query<{ n: number }>(sql, [filial.t, filial.f])).rows[0].n);
    expect(fiscal.contingencia).toEqual({
      nfe: await n(`SELECT count(*)::int AS n FROM notas_fiscais WHERE tenant_id = $1 AND filial_id = $2 AND status = 'contingencia'`),
      nfce: await n(`SELECT count(*)::int AS n FROM pdv_vendas WHERE tenant_id = $1 AND filial_id = $2 AND situacao = 'contingencia'`),
    });
    expect((await ok('/api/Dashboard/fiscal', vizinha)).certificado?.validoAte ?? null).not.toBe(atual.validoAte);
  });

  it('painelvendas shows the sales charts, painelFinanceiro the cash: a user with neither gets a 403', async () => {
    const perfil = `(SELECT perfil_id FROM users WHERE email = 'vendedor@demo.com.br')`;
    await srv.db.query(`UPDATE access_profiles SET permissoes = '{"app.cliente": 1}'::jsonb WHERE id = ${perfil}`);
    let vendedor = await login(app, 'vendedor@demo.com.br');
    for (const url of ['/api/Dashboard/vendas', '/api/Dashboard/fluxo', '/api/Dashboard/fiscal']) expect((await call(vendedor, url)).statusCode, url).toBe(403);
    expect((await call(vendedor, '/api/Dashboard/vendas')).json().error.message).toBe('Você não tem permissão para consultar as vendas.');
    await srv.db.query(`UPDATE access_profiles SET permissoes = '{"app.cliente": 1, "app.painelvendas": 4}'::jsonb WHERE id = ${perfil}`);
    vendedor = await login(app, 'vendedor@demo.com.br');
    expect((await call(vendedor, '/api/Dashboard/vendas')).statusCode).toBe(200);
    expect((await call(vendedor, '/api/Dashboard/fiscal')).statusCode).toBe(200);
    expect((await call(vendedor, '/api/Dashboard/fluxo')).statusCode).toBe(403);
    expect((await call(vendedor, '/api/Dashboard/fluxo')).json().error.message).toBe('Você não tem permissão para consultar o painel financeiro.');
  });
});
