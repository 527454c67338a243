import Decimal from 'decimal.js';

/** 0 preço promocional, 1 percentual de desconto, 2 "leve N pague M". */
export const TIPO_PROMOCAO = { PRECO: 0, PERCENTUAL: 1, LEVE_PAGUE: 2 } as const;

export interface Promocao {
  id: number;
  descricao: string;
  tipo: number;
  produtoId?: number | null;
  categoriaId?: number | null;
  /** tipo 0: the unit price while the promotion runs */
  preco?: string | null;
  /** tipo 1: % off the list price */
  percentual?: string | null;
  /** tipo 2: for every `leve` units the customer pays `pague` */
  leve?: number | null;
  pague?: number | null;
  /** the line needs at least this quantity */
  quantidadeMinima?: string | null;
  /** yyyy-MM-dd, both inclusive */
  dataInicio?: string | null;
  dataFim?: string | null;
  /** 0 (domingo) … 6 (sábado), as Date.getDay(); empty or null = every day */
  diasSemana?: number[] | null;
  /** 'HH:mm'; horaFim exclusive; a range that passes midnight (22:00–02:00) is allowed */
  horaInicio?: string | null;
  horaFim?: string | null;
  ativo?: boolean | null;
}

export interface LinhaPromocao {
  produtoId: number;
  categoriaId?: number | null;
  /** decimal string */
  quantidade: string;
  /** the list price of one unit, decimal string */
  precoUnitario: string;
}

/** The moment the sale happens, in the shop's local time. */
export interface Momento {
  /** yyyy-MM-dd */
  data: string;
  /** HH:mm */
  hora: string;
}

export interface PromocaoAplicada {
  promocaoId: number;
  descricao: string;
  /** the money the promotion takes off the line (list price × quantity − promotional total), 2 places */
  desconto: string;
}

const diaDaSemana = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay();

/** Whether a promotion is valid for this product and quantity at this moment (not what it is worth). */
export function promocaoVale(p: Promocao, linha: LinhaPromocao, quando: Momento): boolean {
  if (p.ativo === false) return false;
  // A product's own, a category's, or (neither) every product's.
  if (p.produtoId != null ? p.produtoId !== linha.produtoId : p.categoriaId != null && p.categoriaId !== linha.categoriaId) return false;
  if (p.dataInicio && quando.data < p.dataInicio) return false;
  if (p.dataFim && quando.data > p.dataFim) return false;
  if (p.diasSemana && p.diasSemana.length && !p.diasSemana.includes(diaDaSemana(quando.data))) return false;
  if (p.horaInicio || p.horaFim) {
    const ini = p.horaInicio || '00:00';
    const fim = p.horaFim || '24:00';
    const dentro = ini <= fim ? quando.hora >= ini && quando.hora < fim : quando.hora >= ini || quando.hora < fim;
    if (!dentro) return false;
  }
  const qtd = new Decimal(linha.quantidade);
  if (qtd.lte(0)) return false;
  if (p.quantidadeMinima && qtd.lt(p.quantidadeMinima)) return false;
  if (p.tipo === TIPO_PROMOCAO.LEVE_PAGUE && (!p.leve || !p.pague || p.pague >= p.leve || qtd.lt(p.leve))) return false;
  return true;
}

/** The money one promotion takes off the line (never negative, never more than the line). */
export function descontoDaPromocao(p: Promocao, linha: LinhaPromocao): Decimal {
  const qtd = new Decimal(linha.quantidade);
  const preco = new Decimal(linha.precoUnitario);
  const bruto = qtd.times(preco);
  let promocional: Decimal;
  if (p.tipo === TIPO_PROMOCAO.PRECO) promocional = p.preco == null ? bruto : qtd.times(p.preco);
  else if (p.tipo === TIPO_PROMOCAO.PERCENTUAL) promocional = p.percentual == null ? bruto : qtd.times(preco.times(new Decimal(100).minus(p.percentual)).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  else {
    // Leve 3 pague 2: every complete group of `leve` units has (leve − pague) units free; the rest pays.
    const grupos = qtd.dividedToIntegerBy(p.leve!);
    promocional = qtd.minus(grupos.times(p.leve! - p.pague!)).times(preco);
  }
  const d = bruto.minus(promocional).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (d.isNegative()) return new Decimal(0);
  return Decimal.min(d, bruto.toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
}

type Candidata = { p: Promocao; d: Decimal };
/** 2 a product's own, 1 a category's, 0 every product's: on a tie the narrower wins. */
const alcance = (p: Promocao) => (p.produtoId != null ? 2 : p.categoriaId != null ? 1 : 0);
const melhorQue = (a: Candidata, b: Candidata) =>
  a.d.gt(b.d) || (a.d.eq(b.d) && (alcance(a.p) !== alcance(b.p) ? alcance(a.p) > alcance(b.p) : a.p.id < b.p.id));

/**
 * The promotion a sale line gets: among those valid for its product (or its category) at that moment and
 * quantity, the one that takes the most off; on a tie, one of the product itself before one of its
 * category before one of every product, then the lowest id. Null when none applies or none is worth anything. One function for the
 * order and the PDV, so both charge the same.
 */
export function aplicarPromocao(promocoes: Promocao[], linha: LinhaPromocao, quando: Momento): PromocaoAplicada | null {
  let melhor: Candidata | null = null;
  for (const p of promocoes) {
    if (!promocaoVale(p, linha, quando)) continue;
    const d = descontoDaPromocao(p, linha);
    if (d.lte(0)) continue;
    if (!melhor || melhorQue({ p, d }, melhor)) {
      melhor = { p, d };
    }
  }
  return melhor ? { promocaoId: melhor.p.id, descricao: melhor.p.descricao, desconto: melhor.d.toFixed(2) } : null;
}
