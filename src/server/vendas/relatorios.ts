import Decimal from 'decimal.js';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { fonteDeUmaVez } from '../relatorios/documentos.ts';
import { data, periodo as periodoDe } from '../relatorios/parametros.ts';
import type { ReportSource } from '../relatorios/sources.ts';
import { agoraLocal } from './pedido-venda.ts';

type Row = Record<string, unknown>;

/** A report's period (de/ate, yyyy-MM-dd, both inclusive; default: the current month up to today). */
export function periodo(w: unknown): { de: string; ate: string } {
  const o = (w && typeof w === 'object' && !Array.isArray(w) ? w : {}) as Row;
  const hoje = agoraLocal().data;
  const dia = (v: unknown, padrao: string) => (v === undefined || v === null || v === '' ? padrao : String(v).slice(0, 10));
  return periodoDe({ de: dia(o.de, `${hoje.slice(0, 7)}-01`), ate: dia(o.ate, hoje) }, data) as { de: string; ate: string };
}

// Sales of the selected branch in the period, not cancelled: one source for the dashboard and every sales report
// (the view vendas_realizadas, migration 0401): faturado order lines and the PDV's NFC-e lines. `v.venda` names
// the sale (an order or a cupom) for the counts.
const BASE = `FROM vendas_realizadas v WHERE v.tenant_id = $1 AND v.filial_id = $2 AND v.data BETWEEN $3 AND $4 AND v.cancelado_em IS NULL`;
/** BASE with one more table joined to the sales lines (v), for the reports grouped by that table. */
const baseCom = (join: string) => BASE.replace('FROM vendas_realizadas v', `FROM vendas_realizadas v ${join}`);
/** The rows of one sales report's query, with the tenant, the branch and the period as $1 to $4. */
async function linhas(q: Queryable, ctx: RequestContext, p: { de: string; ate: string }, sql: string): Promise<Row[]> {
  return (await q.query<Row>(sql, [ctx.tenantId, ctx.branchId, p.de, p.ate])).rows;
}

export async function vendasPorPeriodo(q: Queryable, ctx: RequestContext, p: { de: string; ate: string }): Promise<Row[]> {
  return linhas(q, ctx, p, `SELECT to_char(v.data, 'YYYY-MM-DD') AS data, count(DISTINCT v.venda)::integer AS pedidos, sum(v.quantidade) AS quantidade, sum(v.valor_total) AS valor,
            round(sum(v.valor_total) / count(DISTINCT v.venda), 2) AS "ticketMedio"
       ${BASE} GROUP BY v.data ORDER BY v.data`);
}

export async function vendasPorCliente(q: Queryable, ctx: RequestContext, p: { de: string; ate: string }): Promise<Row[]> {
  return linhas(q, ctx, p, `SELECT coalesce(c.nome, 'Sem cliente') AS cliente, c.cpf_cnpj AS documento, count(DISTINCT v.venda)::integer AS pedidos, sum(v.valor_total) AS valor
       ${baseCom('LEFT JOIN pessoas c ON c.tenant_id = v.tenant_id AND c.id = v.cliente_id')}
      GROUP BY c.id, c.nome, c.cpf_cnpj ORDER BY valor DESC, cliente`);
}

export async function vendasPorProduto(q: Queryable, ctx: RequestContext, p: { de: string; ate: string }): Promise<Row[]> {
  return linhas(q, ctx, p, `SELECT pr.codigo, pr.descricao AS produto, sum(v.quantidade) AS quantidade, sum(v.valor_total) AS valor, sum(v.custo_total) AS custo,
            sum(v.valor_total) - coalesce(sum(v.custo_total), 0) AS margem
       ${baseCom('JOIN produtos pr ON pr.tenant_id = v.tenant_id AND pr.id = v.produto_id')}
      GROUP BY pr.id, pr.codigo, pr.descricao ORDER BY valor DESC, produto`);
}

export async function vendasPorVendedor(q: Queryable, ctx: RequestContext, p: { de: string; ate: string }): Promise<Row[]> {
  return linhas(q, ctx, p, `SELECT coalesce(ve.nome, 'Sem vendedor') AS vendedor, count(DISTINCT v.venda)::integer AS pedidos, sum(v.valor_total) AS valor,
            round(sum(v.valor_total) / count(DISTINCT v.venda), 2) AS "ticketMedio", sum(v.comissao_valor) AS comissao
       ${baseCom('LEFT JOIN vendedores ve ON ve.tenant_id = v.tenant_id AND ve.id = v.vendedor_id')}
      GROUP BY ve.id, ve.nome ORDER BY valor DESC, vendedor`);
}

/** Commission per salesperson, one line per order line with the % that applied (category's or salesperson's). */
export async function comissoesPorVendedor(q: Queryable, ctx: RequestContext, p: { de: string; ate: string }): Promise<Row[]> {
  return linhas(q, ctx, p, `SELECT ve.nome AS vendedor, d.numero AS pedido, to_char(v.data, 'YYYY-MM-DD') AS data, pr.descricao AS produto, v.valor_total AS valor,
            v.comissao_percentual AS percentual, v.comissao_valor AS comissao
       FROM vendas_realizadas v
       JOIN vendedores ve ON ve.tenant_id = v.tenant_id AND ve.id = v.vendedor_id
       JOIN documentos d ON d.tenant_id = v.tenant_id AND d.id = v.documento_id AND v.origem = 'pedido'
       JOIN produtos pr ON pr.tenant_id = v.tenant_id AND pr.id = v.produto_id
      WHERE v.tenant_id = $1 AND v.filial_id = $2 AND v.data BETWEEN $3 AND $4 AND v.cancelado_em IS NULL
      ORDER BY ve.nome, v.data, d.numero, v.linha`);
}

/** Curva ABC: products by revenue, with their share and the cumulative share (A up to 80%, B up to 95%, C the rest). */
export async function curvaAbc(q: Queryable, ctx: RequestContext, p: { de: string; ate: string }): Promise<Row[]> {
  const rows = await vendasPorProduto(q, ctx, p);
  const total = rows.reduce((s, r) => s.plus(String(r.valor)), new Decimal(0));
  let acumulado = new Decimal(0);
  return rows.map((r, i) => {
    const antes = acumulado;
    const valor = new Decimal(String(r.valor));
    acumulado = acumulado.plus(valor);
    const pct = total.isZero() ? new Decimal(0) : valor.div(total).times(100);
    const pctAntes = total.isZero() ? new Decimal(0) : antes.div(total).times(100);
    // The class is where the product's revenue starts on the curve, so the product that crosses 80% is still A.
    const classe = pctAntes.lt(80) ? 'A' : pctAntes.lt(95) ? 'B' : 'C';
    return { posicao: i + 1, codigo: r.codigo, produto: r.produto, quantidade: r.quantidade, valor: r.valor, percentual: pct.toFixed(2), acumulado: (total.isZero() ? new Decimal(0) : acumulado.div(total).times(100)).toFixed(2), classe };
  });
}

/** Ticket médio by month: orders, revenue and revenue per order. */
export async function ticketMedio(q: Queryable, ctx: RequestContext, p: { de: string; ate: string }): Promise<Row[]> {
  return linhas(q, ctx, p, `SELECT to_char(v.data, 'MM/YYYY') AS mes, count(DISTINCT v.venda)::integer AS pedidos, sum(v.valor_total) AS valor,
            round(sum(v.valor_total) / count(DISTINCT v.venda), 2) AS "ticketMedio"
       ${BASE} GROUP BY to_char(v.data, 'MM/YYYY'), date_trunc('month', v.data) ORDER BY date_trunc('month', v.data)`);
}

/** The dashboard's sales card: today, this month, ticket médio of the month, the month's top products. */
export async function resumoVendas(q: Queryable, ctx: RequestContext, hoje: string): Promise<Row> {
  const mes = { de: `${hoje.slice(0, 7)}-01`, ate: hoje };
  const [t] = await linhas(q, ctx, mes, `SELECT coalesce(sum(v.valor_total) FILTER (WHERE v.data = $4), 0) AS "vendasHoje", count(DISTINCT v.venda) FILTER (WHERE v.data = $4)::integer AS "pedidosHoje",
            coalesce(sum(v.valor_total), 0) AS "vendasMes", count(DISTINCT v.venda)::integer AS "pedidosMes"
       ${BASE}`);
  const top = (await vendasPorProduto(q, ctx, mes)).slice(0, 5).map((x) => ({ produto: x.produto, quantidade: x.quantidade, valor: x.valor }));
  const pedidos = Number(t.pedidosMes);
  return { ...t, ticketMedio: pedidos ? new Decimal(String(t.vendasMes)).div(pedidos).toDecimalPlaces(2).toFixed(2) : '0.00', topProdutos: top };
}

/**
 * The dashboard's sales chart: revenue per day of this month up to today and of the whole last month, from the
 * same sales source as every sales report (vendasPorPeriodo), with the totals to compare the month with.
 */
export async function vendasMesAMes(q: Queryable, ctx: RequestContext, hoje: string): Promise<Row> {
  const [ano, mes] = hoje.split('-').map(Number);
  const anterior = mes === 1 ? `${ano - 1}-12` : `${ano}-${String(mes - 1).padStart(2, '0')}`;
  const rows = await vendasPorPeriodo(q, ctx, { de: `${anterior}-01`, ate: hoje });
  const diasAnterior = new Date(Date.UTC(Number(anterior.slice(0, 4)), Number(anterior.slice(5)), 0)).getUTCDate();
  const diaHoje = Number(hoje.slice(8));
  const porDia = new Map(rows.map((r) => [String(r.data), r]));
  const valor = (d: string) => String(porDia.get(d)?.valor ?? '0.00');
  const soma = (xs: string[]) => xs.reduce((s, x) => s.plus(x), new Decimal(0)).toFixed(2);
  const dias = Array.from({ length: Math.max(diasAnterior, diaHoje) }, (_x, i) => {
    const dd = String(i + 1).padStart(2, '0');
    return { dia: i + 1, mes: i < diaHoje ? valor(`${hoje.slice(0, 7)}-${dd}`) : null, anterior: i < diasAnterior ? valor(`${anterior}-${dd}`) : null };
  });
  return {
    hoje,
    mes: hoje.slice(0, 7),
    mesAnterior: anterior,
    dias,
    totalMes: soma(dias.flatMap((d) => (d.mes === null ? [] : [d.mes]))),
    totalMesAnterior: soma(dias.flatMap((d) => (d.anterior === null ? [] : [d.anterior]))),
    // The last month up to the same day (the fair comparison for a month still running).
    mesAnteriorAteODia: soma(dias.slice(0, diaHoje).flatMap((d) => (d.anterior === null ? [] : [d.anterior]))),
  };
}

/** The sales reports: their documents in schemas/reports (title, permissions, columns), their rows here. */
const deUmaVez = (name: string, dados: (q: Queryable, ctx: RequestContext, p: { de: string; ate: string }) => Promise<Row[]>) =>
  fonteDeUmaVez(name, (where) => periodo(where), (q, ctx, p) => dados(q, ctx, p as { de: string; ate: string }));

export const VENDAS_REPORTS: ReportSource[] = [
  deUmaVez('VendasPorPeriodo', vendasPorPeriodo),
  deUmaVez('VendasPorCliente', vendasPorCliente),
  deUmaVez('VendasPorProduto', vendasPorProduto),
  deUmaVez('VendasPorVendedor', vendasPorVendedor),
  deUmaVez('CurvaAbcProdutos', curvaAbc),
  deUmaVez('TicketMedio', ticketMedio),
  deUmaVez('ComissoesVendedores', comissoesPorVendedor),
];
