/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { OrigemPreco } from '../lookups.ts';
/** Alteração de preço: registro de /api/PrecosHistorico (schemas/resources/precoHistorico.json). */
export interface PrecoHistorico extends Registro {
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
  origem?: OrigemPreco;
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
