/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Acerto de estoque: /api/AcertosEstoque (schemas/documents/acertoEstoque.json). */
export interface AcertoEstoqueCabecalho {
  /**
   * Depósito
   */
  depositoId: number;
  /**
   * Motivo
   */
  motivo: string;
  /**
   * Observação
   */
  observacao?: string | null;
}
export interface AcertoEstoqueItem {
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
   * Quantidade contada
   */
  quantidade: string;
}
export type AcertoEstoqueEstado = "rascunho" | "efetivado" | "cancelado";
export type AcertoEstoqueTransicao = "efetivar" | "cancelar";
/** The document as GET /api/AcertosEstoque/{id} answers. */
export interface AcertoEstoque extends AcertoEstoqueCabecalho {
  id: number;
  numero: number;
  estado: AcertoEstoqueEstado;
  filialId: number;
  usuarioId: number | null;
  createdAt: string;
  updatedAt: string;
  itens: (AcertoEstoqueItem & { linha: number })[];
  transicoes: AcertoEstoqueTransicao[];
}
