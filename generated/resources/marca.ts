/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** Marca: registro de /api/Marcas (schemas/resources/marca.json). */
export interface Marca extends Registro {
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Ativo
   */
  ativo?: boolean;
}
