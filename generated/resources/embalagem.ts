/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Embalagem: registro de /api/Embalagens (schemas/resources/embalagem.json). */
export interface Embalagem {
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
   * Descrição
   */
  descricao: string;
  /**
   * Unidade da embalagem
   */
  unidadeId?: number | null;
  /**
   * Fator de conversão
   */
  fator: string;
  /**
   * GTIN/EAN
   */
  gtin?: string | null;
  /**
   * Ativo
   */
  ativo?: boolean;
}
