/** Bulk price change (Vendas > Alteração de preço): the choices and the preview line, one list for server and screen. */

export const MODOS_ALTERACAO = [
  { value: 'percentual', label: 'Percentual (%)' },
  { value: 'valor', label: 'Valor (R$)' },
  { value: 'margem', label: 'Margem desejada (%)' },
] as const;
export type ModoAlteracao = (typeof MODOS_ALTERACAO)[number]['value'];

/** To a multiple (0,05 … 1,00) or to a price ending (…,90 / …,99). */
export const ARREDONDAMENTOS_ALTERACAO = [
  { value: 'nenhum', label: 'Sem arredondamento (centavos)' },
  { value: 'multiplo-0.05', label: 'Múltiplo de R$ 0,05' },
  { value: 'multiplo-0.10', label: 'Múltiplo de R$ 0,10' },
  { value: 'multiplo-0.50', label: 'Múltiplo de R$ 0,50' },
  { value: 'multiplo-1.00', label: 'Múltiplo de R$ 1,00' },
  { value: 'final-0.90', label: 'Terminar em ,90' },
  { value: 'final-0.99', label: 'Terminar em ,99' },
] as const;
export type Arredondamento = (typeof ARREDONDAMENTOS_ALTERACAO)[number]['value'];

/** One line of the preview: old → new price, or why the line is left out. */
export interface ItemPrevia {
  produtoId: number;
  variacaoId: number | null;
  codigo: string | null;
  descricao: string;
  precoCusto: string | null;
  precoAnterior: string | null;
  precoNovo: string | null;
  /** Why a line is left out (no cost for a target margin, no price to raise). */
  ignorado: string | null;
}
