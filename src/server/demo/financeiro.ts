import Decimal from 'decimal.js';
import type { Queryable } from '../db/db.ts';
import { baixarParcelas, criarLancamento, DESPESA, RECEITA, transferir } from '../financeiro/index.ts';

/** yyyy-MM-dd of day d of the month m months from today's, clamped to the month's last day. */
const diaDoMes = (m: number, d: number): string => {
  const hoje = new Date();
  const alvo = new Date(Date.UTC(hoje.getUTCFullYear(), hoje.getUTCMonth() + m, 1));
  const ultimo = new Date(Date.UTC(alvo.getUTCFullYear(), alvo.getUTCMonth() + 1, 0)).getUTCDate();
  alvo.setUTCDate(Math.min(d, ultimo));
  return alvo.toISOString().slice(0, 10);
};
const MESES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const mesDoAno = (m: number): string => {
  const [y, mm] = diaDoMes(m, 1).split('-').map(Number);
  return `${MESES[mm - 1]}/${y}`;
};

const dia = (offset: number): string => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/**
 * The demo account's money: a caixa and two bank accounts, a receita/despesa category tree, cost centres,
 * payment methods, and receitas and despesas from three months back to two ahead (most of the past paid, some
 * overdue, some partly paid, the rest ahead), posted through the same service as the API so the ledger and balances agree.
 */
export async function seedFinanceiro(q: Queryable, tenantId: number): Promise<void> {
  const userId = (await q.query<{ id: number }>(`SELECT id FROM users WHERE tenant_id = $1 AND email = 'admin@demo.com.br'`, [tenantId])).rows[0].id;
  const ctx = { tenantId, userId };
  const id = async (sql: string, params: unknown[]) => Number((await q.query<{ id: number }>(sql, params)).rows[0].id);

  const conta = (descricao: string, tipo: number, banco: string | null, agencia: string | null, numero: string | null, saldo: string) =>
    id(`INSERT INTO contas_financeiras (tenant_id, descricao, tipo, banco, agencia, conta, saldo_inicial, data_saldo_inicial) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, [tenantId, descricao, tipo, banco, agencia, numero, saldo, diaDoMes(-3, 1)]);
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


  const lancar = async (tipo: number, descricao: string, valorTotal: string, emissao: string, vencimento: string, extra: { categoriaId: number; centroCustoId?: number; pessoaId?: number | null; numeroParcelas?: number; documento?: string; contaId?: number }) =>
    criarLancamento(q, ctx, { tipo, descricao, valorTotal, dataEmissao: emissao, primeiroVencimento: vencimento, ...extra });
  const baixar = (contaId: number, data: string, itens: { parcelaId: number; valor?: string; juros?: string; multa?: string; desconto?: string }[]) => baixarParcelas(q, ctx, { contaId, data, itens });
  const hoje = dia(0);
  const fornecedores = (await q.query<{ id: number }>(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 1 ORDER BY id LIMIT 3`, [tenantId])).rows.map((r) => Number(r.id));
  const clientes = (await q.query<{ id: number }>(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 ORDER BY id LIMIT 3`, [tenantId])).rows.map((r) => Number(r.id));
  const de = <T,>(xs: T[], i: number): T | null => (xs.length ? xs[i % xs.length] : null);

  // Three months back to two ahead, the bills a small shop lives with. What fell due before today is paid
  // (on the day, or a few days late with juros), except a few left overdue; what falls due later is open.
  for (let m = -3; m <= 2; m++) {
    const nomeMes = mesDoAno(m);
    const emAberto = m >= 0;
    const despesas: [string, string, number, number, number | null, string | undefined][] = [
      ['Aluguel da loja', '3200.00', 5, aluguel, administrativo, 'Contrato 12/2024'],
      ['Salários', (5400 + (m + 3) * 35).toFixed(2), 5, folha, loja, undefined],
      ['Conta de energia', (612.4 + ((m + 7) * 53.17) % 140).toFixed(2), 12, energia, loja, `Fatura ${458812 + m}`],
      ['Internet e telefone', '189.90', 15, fixas, administrativo, undefined],
      ['DAS Simples Nacional', (1187.44 + (m + 3) * 41.3).toFixed(2), 20, impostos, administrativo, undefined],
    ];
    for (const [i, [descricao, valor, diaVenc, categoriaId, centroCustoId, documento]] of despesas.entries()) {
      // ahead, the recurring schedules of the demo (demo-extras.ts) post the rent and the internet
      if (m >= 1 && (descricao === 'Aluguel da loja' || descricao === 'Internet e telefone')) continue;
      const venc = diaDoMes(m, diaVenc);
      const l = await lancar(DESPESA, `${descricao} ${nomeMes}`, valor, diaDoMes(m, 1), venc, { categoriaId, centroCustoId: centroCustoId ?? undefined, documento, contaId: bb });
      if (venc >= hoje || (m === -1 && i === 2) || (emAberto && i === 4)) continue; // overdue: last month's energy, this month's DAS
      if (m === -2 && i === 2) await baixar(bb, diaDoMes(m, diaVenc + 4), [{ parcelaId: l.parcelas[0].id, valor: new Decimal(valor).plus('13.69').toFixed(2), juros: '9.69', multa: '4.00' }]);
      else await baixar(bb, venc, [{ parcelaId: l.parcelas[0].id }]);
    }
    // Goods bought in three parcelas from a supplier, each month
    const compra = await lancar(DESPESA, `Compra de mercadorias ${nomeMes}`, (4530.5 + (m + 3) * 211.35).toFixed(2), diaDoMes(m, 8), diaDoMes(m, 28), { categoriaId: mercadorias, pessoaId: de(fornecedores, m + 3), numeroParcelas: 3, documento: `NF ${88123 + (m + 3) * 17}`, contaId: bb });
    for (const p of compra.parcelas) if (p.vencimento < hoje && !(m === -1 && p.numero === 3)) await baixar(bb, p.vencimento, [{ parcelaId: p.id }]);

    // Receitas: the counter's takings every few days (received at once) and sales on credit to customers
    for (let d = 2; d <= 28; d += 4) {
      const data = diaDoMes(m, d);
      if (data >= hoje) break;
      const valor = (1850 + ((d * 137 + m * 71) % 400) + 0.35).toFixed(2);
      const r = await lancar(RECEITA, `Vendas do balcão ${data.split('-').reverse().join('/')}`, valor, data, data, { categoriaId: vendasBalcao, centroCustoId: loja, contaId: d % 8 ? caixa : bb });
      await baixar(d % 8 ? caixa : bb, data, [{ parcelaId: r.parcelas[0].id }]);
    }
    const prazo = await lancar(RECEITA, `Venda a prazo - restaurante ${nomeMes}`, (2760.9 + (m + 3) * 97.5).toFixed(2), diaDoMes(m, 3), diaDoMes(m, 18), { categoriaId: vendasEntrega, pessoaId: de(clientes, m + 3), numeroParcelas: 2, documento: `Pedido ${311 + m + 3}`, contaId: bb });
    for (const p of prazo.parcelas) if (p.vencimento < hoje && !(m === -1 && p.numero === 2)) await baixar(bb, p.vencimento, [{ parcelaId: p.id }]);
    // The counter's cash goes to the bank twice a month
    for (const d of [15, 28]) if (diaDoMes(m, d) < hoje) await transferir(q, ctx, { contaOrigemId: caixa, contaDestinoId: bb, data: diaDoMes(m, d), valor: '6500.00', descricao: 'Depósito do caixa no banco' });
    const rend = await lancar(RECEITA, `Rendimento do CDB ${nomeMes}`, (212.48 + (m + 3) * 3.1).toFixed(2), diaDoMes(m, 28), diaDoMes(m, 28), { categoriaId: rendimentos, contaId: aplicacao });
    if (rend.parcelas[0].vencimento < hoje) await baixar(aplicacao, rend.parcelas[0].vencimento, [{ parcelaId: rend.parcelas[0].id }]);
  }
  // Part received in advance, the rest ahead: parcial
  const cantina = await lancar(RECEITA, 'Venda a prazo - cantina', '1315.00', dia(-1), dia(20), { categoriaId: vendasBalcao, pessoaId: de(clientes, 1), numeroParcelas: 2, contaId: caixa });
  await baixar(caixa, hoje, [{ parcelaId: cantina.parcelas[0].id, valor: '200.00' }]);
  const entrega = await lancar(RECEITA, 'Entregas do condomínio', '1240.00', dia(-20), dia(-10), { categoriaId: vendasEntrega, pessoaId: de(clientes, 2), numeroParcelas: 2, contaId: bb });
  await baixar(bb, dia(-8), [{ parcelaId: entrega.parcelas[0].id, valor: '600.00' }]);
}
