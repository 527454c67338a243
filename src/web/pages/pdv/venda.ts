import Decimal from 'decimal.js';
import { aplicarPromocao, type Promocao, type Momento } from '../../../shared/promocoes.ts';
import { lerCodigoBalanca, lerEntrada, linhaDaEtiqueta, type OpcoesBalanca } from './codigo-barras.ts';
import type { FormaPagamentoPdv, ProdutoPdv } from './tipos.ts';

/** The catalogue in memory, indexed for the scanner: one Map lookup per scan whatever its size. */
export class IndiceCatalogo {
  private porGtin = new Map<string, ProdutoPdv>();
  private porCodigo = new Map<string, ProdutoPdv>();
  private porPluMap = new Map<string, ProdutoPdv>();
  readonly produtos: ProdutoPdv[];
  constructor(produtos: ProdutoPdv[]) {
    this.produtos = produtos.filter((p) => p.ativo !== false);
    for (const p of this.produtos) {
      if (p.gtin) this.porGtin.set(p.gtin, p);
      this.porCodigo.set(p.codigo.toUpperCase(), p);
      if (/^\d+$/.test(p.codigo)) this.porCodigo.set(String(Number(p.codigo)), p);
      if (p.plu) this.porPluMap.set(String(p.plu), p);
    }
  }
  porCodigoDeBarras(codigo: string): ProdutoPdv | undefined {
    return this.porGtin.get(codigo) ?? this.porCodigo.get(codigo.toUpperCase()) ?? (/^\d+$/.test(codigo) ? this.porCodigo.get(String(Number(codigo))) : undefined);
  }
  porCodigoInterno(codigo: string): ProdutoPdv | undefined {
    return this.porCodigo.get(codigo.toUpperCase()) ?? (/^\d+$/.test(codigo) ? this.porCodigo.get(String(Number(codigo))) : undefined);
  }
  /** A scale label's product: its PLU first (what the scale was loaded with), else its internal code. */
  porPlu(codigo: string): ProdutoPdv | undefined {
    return this.porPluMap.get(String(Number(codigo))) ?? this.porCodigoInterno(codigo);
  }
  /** F2: by description or code, at most `limite` products. */
  buscar(texto: string, limite = 30): ProdutoPdv[] {
    const t = texto.trim().toLowerCase();
    if (!t) return this.produtos.slice(0, limite);
    const r: ProdutoPdv[] = [];
    for (const p of this.produtos) {
      if (p.descricao.toLowerCase().includes(t) || p.codigo.toLowerCase() === t || p.gtin === t) r.push(p);
      if (r.length >= limite) break;
    }
    return r;
  }
}

export interface Linha {
  /** local sequence in the sale, for React keys */
  seq: number;
  produto: ProdutoPdv;
  /** decimal string */
  quantidade: string;
  precoUnitario: string;
  /** the operator's discount (F4), money */
  descontoManual: string;
  promocao: { promocaoId: number; descricao: string; desconto: string } | null;
}

export type Resolucao = { ok: true; produto: ProdutoPdv; quantidade: string; precoUnitario: string } | { ok: false; mensagem: string };

/**
 * What a scan (or a typed code) adds: the product, its quantity (multiplier, or the weight of a scale barcode,
 * or the price of one divided by the unit price) and the unit price. Nothing when the code matches nothing.
 */
export function resolverEntrada(texto: string, indice: IndiceCatalogo, balanca: OpcoesBalanca | null | undefined, multiplicadorPendente: string | null = null): Resolucao {
  const { multiplicador, codigo } = lerEntrada(texto);
  const mult = multiplicador ?? multiplicadorPendente;
  if (!codigo) return { ok: false, mensagem: 'Informe o código do produto.' };
  const direto = indice.porCodigoDeBarras(codigo);
  if (direto) return { ok: true, produto: direto, quantidade: new Decimal(mult ?? '1').toString(), precoUnitario: direto.precoVenda };
  const b = lerCodigoBalanca(codigo, balanca);
  if (b) {
    const p = indice.porPlu(b.codigoProduto);
    if (!p) return { ok: false, mensagem: `Produto de balança ${b.codigoProduto} não cadastrado.` };
    // The scale printed the weight, or the line's price: the quantity is what that price buys (3 places).
    const l = linhaDaEtiqueta(b, p.precoVenda);
    if (!l) return { ok: false, mensagem: `Produto ${p.descricao} sem preço de venda.` };
    return { ok: true, produto: p, quantidade: new Decimal(l.quantidade).times(mult ?? 1).toString(), precoUnitario: p.precoVenda };
  }
  return { ok: false, mensagem: `Código ${codigo} não encontrado.` };
}

export const bruto = (l: Linha) => new Decimal(l.quantidade).times(l.precoUnitario).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
export const descontoLinha = (l: Linha) => new Decimal(l.descontoManual || 0).plus(l.promocao?.desconto ?? 0);
export const totalLinha = (l: Linha) => Decimal.max(0, bruto(l).minus(descontoLinha(l)));

export function momentoDe(d: Date): Momento {
  const p = (n: number) => String(n).padStart(2, '0');
  return { data: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`, hora: `${p(d.getHours())}:${p(d.getMinutes())}` };
}

/** The line with the promotion worth most at this moment (the shared function the sales order uses too). */
export function comPromocao(l: Linha, promocoes: Promocao[], quando: Momento): Linha {
  const a = aplicarPromocao(promocoes, { produtoId: l.produto.id, categoriaId: l.produto.categoriaId ?? null, quantidade: l.quantidade, precoUnitario: l.precoUnitario }, quando);
  return { ...l, promocao: a };
}

/** F4: a discount (money) on a line, refused above the operator group's maximum (% of the line's gross). */
export function validarDesconto(l: Linha, valor: string, descontoMaximoPct: string): string | null {
  const v = new Decimal(valor);
  if (v.isNegative()) return 'O desconto não pode ser negativo.';
  const b = bruto(l);
  const maximo = b.times(descontoMaximoPct).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  if (v.gt(maximo)) return `Desconto acima do permitido ao operador (${new Decimal(descontoMaximoPct).toFixed(2).replace('.', ',')}%: no máximo R$ ${maximo.toFixed(2).replace('.', ',')}).`;
  if (v.plus(l.promocao?.desconto ?? 0).gt(b)) return 'O desconto não pode passar do valor do item.';
  return null;
}

export function totalVenda(linhas: Linha[]): Decimal {
  return linhas.reduce((s, l) => s.plus(totalLinha(l)), new Decimal(0));
}

export interface PagamentoLinha {
  forma: FormaPagamentoPdv;
  valor: string;
  bandeira?: string;
}

export interface Fechamento {
  total: Decimal;
  pago: Decimal;
  falta: Decimal;
  troco: Decimal;
  /** why the sale cannot be finished yet; null when it can */
  erro: string | null;
}

/** Split payment: what is still due, the change (only cash-like methods give change), and whether it closes. */
export function fechamento(linhas: Linha[], pagamentos: PagamentoLinha[]): Fechamento {
  const total = totalVenda(linhas);
  const pago = pagamentos.reduce((s, p) => s.plus(p.valor), new Decimal(0));
  const falta = Decimal.max(0, total.minus(pago));
  const excesso = Decimal.max(0, pago.minus(total));
  const emTroco = pagamentos.filter((p) => p.forma.permiteTroco).reduce((s, p) => s.plus(p.valor), new Decimal(0));
  let erro: string | null = null;
  if (!linhas.length) erro = 'Nenhum item na venda.';
  else if (falta.gt(0)) erro = `Pagamento abaixo do total da venda: faltam R$ ${falta.toFixed(2).replace('.', ',')}.`;
  else if (excesso.gt(emTroco)) erro = 'Só o dinheiro dá troco: o valor em cartão passa do total.';
  return { total, pago, falta, troco: falta.gt(0) ? new Decimal(0) : excesso, erro };
}

/** CPF/CNPJ na nota: digits only when valid, an error message when not. */
export function validarCpfCnpj(texto: string): { ok: true; valor: string } | { ok: false; mensagem: string } {
  const d = texto.replace(/\D/g, '');
  if (d.length === 11 && cpfOk(d)) return { ok: true, valor: d };
  if (d.length === 14 && cnpjOk(d)) return { ok: true, valor: d };
  return { ok: false, mensagem: d.length === 14 ? 'CNPJ inválido.' : 'CPF inválido.' };
}

function cpfOk(c: string): boolean {
  if (/^(\d)\1{10}$/.test(c)) return false;
  for (const n of [9, 10]) {
    let s = 0;
    for (let i = 0; i < n; i++) s += Number(c[i]) * (n + 1 - i);
    const dv = ((s * 10) % 11) % 10;
    if (dv !== Number(c[n])) return false;
  }
  return true;
}

function cnpjOk(c: string): boolean {
  if (/^(\d)\1{13}$/.test(c)) return false;
  const calc = (n: number) => {
    const pesos = n === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const s = pesos.reduce((a, p, i) => a + Number(c[i]) * p, 0);
    const r = s % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return calc(12) === Number(c[12]) && calc(13) === Number(c[13]);
}
