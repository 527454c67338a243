/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { OrigemMercadoria, TipoProduto, VendaBalanca } from '../lookups.ts';
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
  /**
   * Vendido na balança
   */
  balanca?: boolean;
  /**
   * Código PLU
   */
  balancaPlu?: number | null;
  /**
   * Venda na balança por
   */
  balancaVenda?: VendaBalanca | null;
  /**
   * Tara (kg)
   */
  balancaTara?: string | null;
  /**
   * Validade (dias)
   */
  balancaValidadeDias?: number | null;
  /**
   * Departamento na balança
   */
  balancaDepartamento?: number | null;
  /**
   * Texto extra (ingredientes, conservação)
   */
  balancaTexto?: string | null;
  /**
   * Porção (g ou ml)
   */
  nutriPorcao?: string | null;
  /**
   * Valor energético (kcal)
   */
  nutriValorEnergetico?: string | null;
  /**
   * Carboidratos (g)
   */
  nutriCarboidratos?: string | null;
  /**
   * Açúcares totais (g)
   */
  nutriAcucaresTotais?: string | null;
  /**
   * Açúcares adicionados (g)
   */
  nutriAcucaresAdicionados?: string | null;
  /**
   * Proteínas (g)
   */
  nutriProteinas?: string | null;
  /**
   * Gorduras totais (g)
   */
  nutriGordurasTotais?: string | null;
  /**
   * Gorduras saturadas (g)
   */
  nutriGordurasSaturadas?: string | null;
  /**
   * Gorduras trans (g)
   */
  nutriGordurasTrans?: string | null;
  /**
   * Fibra alimentar (g)
   */
  nutriFibras?: string | null;
  /**
   * Sódio (mg)
   */
  nutriSodio?: string | null;
}
