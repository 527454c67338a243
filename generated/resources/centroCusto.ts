/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** Centro de custo: registro de /api/CentrosCusto (schemas/resources/centroCusto.json). */
export interface CentroCusto extends Registro {
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Ativo
   */
  ativo?: boolean;
}
