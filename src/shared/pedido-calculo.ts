import Decimal from 'decimal.js';
import { dividirEmParcelas, type ParcelaPlano } from './parcelamento.ts';
import { aplicarPromocao, type Momento, type Promocao, type PromocaoAplicada } from './promocoes.ts';

/**
 * The arithmetic of a sales order, one function for the server (src/server/vendas/pedido-venda.ts, on every
 * save) and the order screen (the line's price, promotion and total, and the order's totals, as the person
 * types): the same numbers before and after saving. Validation messages stay with the server.
 */
const CEM = new Decimal(100);
const ZERO = new Decimal(0);
export const dinheiro = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
/** A decimal of the API ('12.5') or null when empty or not a number. */
export const decimalOuNulo = (v: unknown): Decimal | null => {
  if (v === null || v === undefined || v === '') return null;
  try {
    return new Decimal(String(v));
  } catch {
    return null;
  }
};

/** What the price of a line needs to know of its product (or service). */
export interface ProdutoDoPedido {
  id: number;
  precoVenda: string | null;
  categoriaId: number | null;
  servico: boolean;
}

/** The unit price of a line: the one typed, else the variation's, else the product's sale price (when above zero). */
export function precoDaLinha(digitado: Decimal | null, precoVariacao: string | null | undefined, produto: Pick<ProdutoDoPedido, 'precoVenda'>): Decimal | null {
  if (digitado !== null) return digitado;
  if (precoVariacao !== null && precoVariacao !== undefined) return new Decimal(precoVariacao);
  if (produto.precoVenda !== null && new Decimal(produto.precoVenda).gt(0)) return new Decimal(produto.precoVenda);
  return null;
}

export interface LinhaCalculada {
  precoUnitario: string;
  promocao: PromocaoAplicada | null;
  /** quantity × price, less the promotion. */
  base: Decimal;
  /** The line's own discount (% over base, or the value typed). */
  desconto: Decimal;
  valorTotal: string;
}

/** One line: the promotion the shared rule picks (never on a service), then the line discount in % or value. */
export function calcularLinha(a: { produto: ProdutoDoPedido; quantidade: Decimal; preco: Decimal; promocoes: Promocao[]; agora: Momento; descontoPercentual: Decimal | null; descontoValor: Decimal | null }): LinhaCalculada {
  const precoUnitario = dinheiro(a.preco);
  const promocao = a.produto.servico ? null : aplicarPromocao(a.promocoes, { produtoId: a.produto.id, categoriaId: a.produto.categoriaId, quantidade: a.quantidade.toFixed(4), precoUnitario }, a.agora);
  const base = a.quantidade.times(a.preco).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).minus(promocao?.desconto ?? 0);
  const pct = a.descontoPercentual;
  const desconto = pct !== null && pct.gt(0) ? base.times(pct).div(CEM).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : (a.descontoValor ?? ZERO);
  return { precoUnitario, promocao, base, desconto, valorTotal: dinheiro(base.minus(desconto)) };
}

export interface TotaisCalculados {
  totalProdutos: string;
  totalDesconto: string;
  valorTotal: string;
  desconto: Decimal;
  total: Decimal;
}

/** The order: items less the discount on the total (% or value), plus freight and other costs. */
export function totaisDoPedido(totalProdutos: Decimal, c: { descontoPercentual?: unknown; descontoValor?: unknown; frete?: unknown; outrasDespesas?: unknown }): TotaisCalculados {
  const pct = decimalOuNulo(c.descontoPercentual);
  const val = decimalOuNulo(c.descontoValor);
  const desconto = pct !== null && pct.gt(0) ? totalProdutos.times(pct).div(CEM).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : (val ?? ZERO);
  const total = totalProdutos.minus(desconto).plus(decimalOuNulo(c.frete) ?? 0).plus(decimalOuNulo(c.outrasDespesas) ?? 0);
  return { totalProdutos: dinheiro(totalProdutos), totalDesconto: dinheiro(desconto), valorTotal: dinheiro(total), desconto, total };
}

/** The instalments when none were typed: n equal parts from the first due date (today when none). */
export function parcelasDoPedido(total: Decimal, numeroParcelas: unknown, primeiroVencimento: unknown, hoje: string): ParcelaPlano[] {
  if (!total.gt(0)) return [];
  const n = Number.isInteger(numeroParcelas) && (numeroParcelas as number) >= 1 && (numeroParcelas as number) <= 60 ? (numeroParcelas as number) : 1;
  if (total.times(100).lt(n)) return [];
  // A date still being typed ('10/1') counts from today until it is a whole date.
  const inicio = typeof primeiroVencimento === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(primeiroVencimento) && !Number.isNaN(Date.parse(`${primeiroVencimento}T00:00:00Z`)) ? primeiroVencimento : hoje;
  return dividirEmParcelas(dinheiro(total), n, inicio);
}
