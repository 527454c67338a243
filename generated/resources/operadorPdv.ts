/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** Operador do PDV: registro de /api/OperadoresPdv (schemas/resources/operadorPdv.json). */
export interface OperadorPdv extends Registro {
  /**
   * Nome
   */
  nome: string;
  /**
   * Código
   */
  codigo: string;
  /**
   * Grupo
   */
  grupoId: number;
  /**
   * PIN
   */
  pin?: string | null;
  /**
   * Bloqueado
   */
  bloqueado?: boolean;
  /**
   * Ativo
   */
  ativo?: boolean;
}
