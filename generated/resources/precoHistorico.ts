/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Alteração de preço: registro de /api/PrecosHistorico (schemas/resources/precoHistorico.json). */
export interface PrecoHistorico {
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
   * Data
   */
  dataAlteracao?: string;
  /**
   * Produto
   */
  produtoId?: number;
  /**
   * Variação (SKU)
   */
  variacaoId?: number | null;
  /**
   * Código
   */
  produtoCodigo?: string | null;
  /**
   * Produto
   */
  produtoDescricao?: string;
  /**
   * Preço anterior
   */
  precoAnterior?: string | null;
  /**
   * Preço novo
   */
  precoNovo?: string | null;
  /**
   * Variação (%)
   */
  diferencaPercentual?: string | null;
  /**
   * Preço de custo
   */
  precoCusto?: string | null;
  /**
   * Origem
   */
  origem?: 'inclusao' | 'cadastro' | 'alteracao-preco' | 'grade';
  /**
   * Alteração
   */
  alteracao?: string | null;
  /**
   * Motivo
   */
  motivo?: string | null;
  /**
   * Usuário
   */
  usuario?: string | null;
}
