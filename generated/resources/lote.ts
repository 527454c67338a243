/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Lote: registro de /api/Lotes (schemas/resources/lote.json). */
export interface Lote {
  /**
   * Código do registro
   */
  id: number;
  /**
   * Cadastrado em (ISO 8601)
   */
  createdAt?: string;
  /**
   * Alterado em (ISO 8601)
   */
  updatedAt?: string;
  /**
   * Produto
   */
  produtoId: number;
  /**
   * Número do lote
   */
  numero: string;
  /**
   * Fabricação
   */
  fabricacao?: string | null;
  /**
   * Validade
   */
  validade?: string | null;
  /**
   * Ativo
   */
  ativo?: boolean;
  /**
   * Observação
   */
  observacao?: string | null;
}
