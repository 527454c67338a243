/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** CFOP: registro de /api/Cfops (schemas/resources/cfop.json). */
export interface Cfop extends Registro {
  /**
   * CFOP
   */
  cfop: string;
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Ativo
   */
  ativo?: boolean;
}
