/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Categoria: registro de /api/CategoriasProduto (schemas/resources/categoriaProduto.json). */
export interface CategoriaProduto {
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
   * Descrição
   */
  descricao: string;
  /**
   * Categoria pai
   */
  categoriaPaiId?: number | null;
  /**
   * Categoria
   */
  descricaoCompleta?: string;
  /**
   * Ativo
   */
  ativo?: boolean;
  /**
   * Comissão (%)
   */
  comissao?: string | null;
}
