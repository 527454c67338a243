/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** Transferência: registro de /api/TransferenciasFinanceiras (schemas/resources/transferenciaFinanceira.json). */
export interface TransferenciaFinanceira extends Registro {
  /**
   * Data
   */
  data: string;
  /**
   * Conta de origem
   */
  contaOrigemId: number;
  /**
   * Conta de destino
   */
  contaDestinoId: number;
  /**
   * Valor
   */
  valor: string;
  /**
   * Descrição
   */
  descricao?: string | null;
}
