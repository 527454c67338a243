/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Produto: registro de /api/Produtos (schemas/resources/produto.json). */
export interface Produto {
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
   * Código
   */
  codigo?: string | null;
  /**
   * GTIN/EAN
   */
  gtin?: string | null;
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Tipo do produto
   */
  tipoProduto: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 99;
  /**
   * Unidade
   */
  unidadeId?: number | null;
  /**
   * Marca
   */
  marcaId?: number | null;
  /**
   * Categoria
   */
  categoriaId?: number | null;
  /**
   * Fornecedor principal
   */
  fornecedorId?: number | null;
  /**
   * NCM
   */
  ncm?: string | null;
  /**
   * CEST
   */
  cest?: string | null;
  /**
   * Origem
   */
  origem?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | null;
  /**
   * Perfil tributário
   */
  perfilTributarioId?: number | null;
  /**
   * Preço de custo
   */
  precoCusto?: string | null;
  /**
   * Margem de lucro (%)
   */
  margemLucro?: string | null;
  /**
   * Markup (%)
   */
  markup?: string | null;
  /**
   * Preço de venda
   */
  precoVenda?: string | null;
  /**
   * Estoque mínimo
   */
  estoqueMinimo?: string | null;
  /**
   * Ativo
   */
  ativo?: boolean;
  /**
   * Observações
   */
  observacao?: string | null;
}
