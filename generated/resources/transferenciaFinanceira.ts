/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Transferência: registro de /api/TransferenciasFinanceiras (schemas/resources/transferenciaFinanceira.json). */
export interface TransferenciaFinanceira {
  /**
   * Código do registro
   */
  id: number;
  /**
   * Cadastrado em (ISO 8601)
   */
  createdAt?: string;
  /**
   * Alterado em (ISO 8601)
   */
  updatedAt?: string;
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
