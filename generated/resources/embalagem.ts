/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** Embalagem: registro de /api/Embalagens (schemas/resources/embalagem.json). */
export interface Embalagem extends Registro {
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
