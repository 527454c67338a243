/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { OrigemMercadoria, TipoProduto } from '../lookups.ts';
/** Produto: registro de /api/Produtos (schemas/resources/produto.json). */
export interface Produto extends Registro {
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
  tipoProduto: TipoProduto;
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
  origem?: OrigemMercadoria | null;
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
