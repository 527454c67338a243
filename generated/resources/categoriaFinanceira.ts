/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Categoria financeira: registro de /api/CategoriasFinanceiras (schemas/resources/categoriaFinanceira.json). */
export interface CategoriaFinanceira {
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
   * Tipo
   */
  tipo: 0 | 1;
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
}
