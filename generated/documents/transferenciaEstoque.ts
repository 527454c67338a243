/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Transferência de estoque: /api/TransferenciasEstoque (schemas/documents/transferenciaEstoque.json). */
export interface TransferenciaEstoqueCabecalho {
  /**
   * Depósito de origem
   */
  depositoOrigemId: number;
  /**
   * Depósito de destino
   */
  depositoDestinoId: number;
  /**
   * Observação
   */
  observacao?: string | null;
}
export interface TransferenciaEstoqueItem {
  /**
   * Produto
   */
  produtoId: number;
  /**
   * Variação
   */
  variacaoId?: number | null;
  /**
   * Lote
   */
  loteId?: number | null;
  /**
   * Quantidade
   */
  quantidade: string;
}
export type TransferenciaEstoqueEstado = "rascunho" | "efetivada" | "cancelada";
export type TransferenciaEstoqueTransicao = "efetivar" | "cancelar";
/** The document as GET /api/TransferenciasEstoque/{id} answers. */
export interface TransferenciaEstoque extends TransferenciaEstoqueCabecalho {
  id: number;
  numero: number;
  estado: TransferenciaEstoqueEstado;
  filialId: number;
  usuarioId: number | null;
  createdAt: string;
  updatedAt: string;
  itens: (TransferenciaEstoqueItem & { linha: number })[];
  transicoes: TransferenciaEstoqueTransicao[];
}
