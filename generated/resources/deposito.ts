/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** Depósito: registro de /api/Depositos (schemas/resources/deposito.json). */
export interface Deposito extends Registro {
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Depósito padrão
   */
  padrao?: boolean;
  /**
   * Ativo
   */
  ativo?: boolean;
  /**
   * Observação
   */
  observacao?: string | null;
}
