import type { Queryable } from '../db/db.ts';
import { baixarParcelas, criarLancamento, DESPESA, RECEITA, transferir } from './financeiro.service.ts';

const dia = (offset: number): string => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/**
 * The demo account's money: a caixa and two bank accounts, a receita/despesa category tree, cost centres,
 * payment methods, and a month of receitas and despesas around today (some paid, some partly paid, some
 * overdue, the rest ahead), posted through the same service as the API so the ledger and balances agree.
 */
export async function seedFinanceiro(q: Queryable, tenantId: number): Promise<void> {
  const userId = (await q.query<{ id: number }>(`SELECT id FROM users WHERE tenant_id = $1 AND email = 'admin@demo.com.br'`, [tenantId])).rows[0].id;
  const ctx = { tenantId, userId };
  const id = async (sql: string, params: unknown[]) => Number((await q.query<{ id: number }>(sql, params)).rows[0].id);

  const conta = (descricao: string, tipo: number, banco: string | null, agencia: string | null, numero: string | null, saldo: string) =>
    id(`INSERT INTO contas_financeiras (tenant_id, descricao, tipo, banco, agencia, conta, saldo_inicial, data_saldo_inicial) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, [tenantId, descricao, tipo, banco, agencia, numero, saldo, dia(-40)]);
  const caixa = await conta('Caixa da loja', 0, null, null, null, '500.00');
  const bb = await conta('Banco do Brasil', 1, '001 - Banco do Brasil', '1234-5', '56789-0', '12500.00');
  const aplicacao = await conta('Aplicação CDB', 2, '341 - Itaú Unibanco', '0987', '12345-6', '30000.00');

  const categoria = (descricao: string, tipo: number, pai: number | null = null) =>
    id(`INSERT INTO categorias_financeiras (tenant_id, descricao, tipo, categoria_pai_id) VALUES ($1, $2, $3, $4) RETURNING id`, [tenantId, descricao, tipo, pai]);
  const vendas = await categoria('Vendas', RECEITA);
  const vendasBalcao = await categoria('Balcão', RECEITA, vendas);
  const vendasEntrega = await categoria('Entregas', RECEITA, vendas);
  const rendimentos = await categoria('Rendimentos', RECEITA);
  const fixas = await categoria('Despesas fixas', DESPESA);
  const aluguel = await categoria('Aluguel', DESPESA, fixas);
  const energia = await categoria('Energia elétrica', DESPESA, fixas);
  const folha = await categoria('Folha de pagamento', DESPESA, fixas);
  const mercadorias = await categoria('Compra de mercadorias', DESPESA);
  const impostos = await categoria('Impostos', DESPESA);

  const centro = (descricao: string) => id(`INSERT INTO centros_custo (tenant_id, descricao) VALUES ($1, $2) RETURNING id`, [tenantId, descricao]);
  const loja = await centro('Loja');
  const administrativo = await centro('Administrativo');
  await centro('Entregas');

  for (const [descricao, contaId, dias, taxa] of [
    ['Dinheiro', caixa, 0, '0'],
    ['PIX', bb, 0, '0'],
    ['Cartão de débito', bb, 1, '1.49'],
    ['Cartão de crédito', bb, 30, '3.19'],
    ['Boleto', bb, 2, '0'],
  ] as const) {
    await q.query(`INSERT INTO formas_pagamento_financeiro (tenant_id, descricao, conta_id, dias_compensacao, taxa) VALUES ($1, $2, $3, $4, $5)`, [tenantId, descricao, contaId, dias, taxa]);
  }

  const fornecedor = (await q.query<{ id: number }>(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 1 ORDER BY id LIMIT 1`, [tenantId])).rows[0]?.id ?? null;
  const cliente = (await q.query<{ id: number }>(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 ORDER BY id LIMIT 1`, [tenantId])).rows[0]?.id ?? null;

  const lancar = async (tipo: number, descricao: string, valorTotal: string, emissao: number, vencimento: number, extra: { categoriaId: number; centroCustoId?: number; pessoaId?: number | null; numeroParcelas?: number; documento?: string }) =>
    criarLancamento(q, ctx, { tipo, descricao, valorTotal, dataEmissao: dia(emissao), primeiroVencimento: dia(vencimento), ...extra });
  const baixar = (contaId: number, data: number, itens: { parcelaId: number; valor?: string; juros?: string; desconto?: string }[]) => baixarParcelas(q, ctx, { contaId, data: dia(data), itens });

  // Despesas of the month
  const alug = await lancar(DESPESA, 'Aluguel da loja', '3200.00', -25, -20, { categoriaId: aluguel, centroCustoId: administrativo, documento: 'Contrato 12/2024' });
  await baixar(bb, -20, [{ parcelaId: alug.parcelas[0].id }]);
  const luz = await lancar(DESPESA, 'Conta de energia', '684.37', -15, -5, { categoriaId: energia, centroCustoId: loja, documento: 'Fatura 0458812' });
  await baixar(bb, -3, [{ parcelaId: luz.parcelas[0].id, valor: '698.06', juros: '13.69' }]);
  const sal = await lancar(DESPESA, 'Salários', '5400.00', -10, -5, { categoriaId: folha, centroCustoId: loja });
  await baixar(bb, -5, [{ parcelaId: sal.parcelas[0].id }]);
  // Mercadorias in 3 parcelas: first paid, the second overdue, the third ahead
  const compra = await lancar(DESPESA, 'Compra de bebidas e laticínios', '4530.50', -35, -28, { categoriaId: mercadorias, pessoaId: fornecedor, numeroParcelas: 3, documento: 'NF 88123' });
  await baixar(caixa, -28, [{ parcelaId: compra.parcelas[0].id }]);
  await lancar(DESPESA, 'DAS Simples Nacional', '1287.44', -12, -2, { categoriaId: impostos, centroCustoId: administrativo });
  await lancar(DESPESA, 'Compra de hortifrúti', '980.00', -2, 12, { categoriaId: mercadorias, pessoaId: fornecedor, numeroParcelas: 2, documento: 'NF 1207' });

  // Receitas of the month
  for (let d = -27; d <= -1; d += 3) {
    const valor = (1850 + ((d * 137) % 400) + 0.35).toFixed(2);
    const r = await lancar(RECEITA, `Vendas do balcão ${dia(d).split('-').reverse().join('/')}`, valor, d, d, { categoriaId: vendasBalcao, centroCustoId: loja });
    await baixar(d % 2 ? caixa : bb, d, [{ parcelaId: r.parcelas[0].id }]);
  }
  const entrega = await lancar(RECEITA, 'Entregas do condomínio', '1240.00', -20, -10, { categoriaId: vendasEntrega, pessoaId: cliente, numeroParcelas: 2 });
  await baixar(bb, -8, [{ parcelaId: entrega.parcelas[0].id, valor: '600.00' }]);
  await lancar(RECEITA, 'Venda a prazo - restaurante', '2760.90', -18, -4, { categoriaId: vendasEntrega, pessoaId: cliente, documento: 'Pedido 311' });
  const cantina = await lancar(RECEITA, 'Venda a prazo - cantina', '1315.00', -1, 20, { categoriaId: vendasBalcao, pessoaId: cliente, numeroParcelas: 2 });
  // an advance on a parcela not yet due: parcial
  await baixar(caixa, 0, [{ parcelaId: cantina.parcelas[0].id, valor: '200.00' }]);
  const rend = await lancar(RECEITA, 'Rendimento do CDB', '212.48', -1, -1, { categoriaId: rendimentos });
  await baixar(aplicacao, -1, [{ parcelaId: rend.parcelas[0].id }]);

  await transferir(q, ctx, { contaOrigemId: caixa, contaDestinoId: bb, data: dia(-7), valor: '3000.00', descricao: 'Depósito do caixa no banco' });
}
