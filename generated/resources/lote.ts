/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** Lote: registro de /api/Lotes (schemas/resources/lote.json). */
export interface Lote extends Registro {
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
