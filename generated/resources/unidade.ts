/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** Unidade: registro de /api/Unidades (schemas/resources/unidade.json). */
export interface Unidade extends Registro {
  /**
   * Sigla
   */
  sigla: string;
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Aceita quantidade fracionada
   */
  fracionavel?: boolean;
  /**
   * Ativo
   */
  ativo?: boolean;
}
