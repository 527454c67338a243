/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Conta: registro de /api/ContasFinanceiras (schemas/resources/contaFinanceira.json). */
export interface ContaFinanceira {
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
   * Descrição
   */
  descricao: string;
  /**
   * Tipo
   */
  tipo: 0 | 1 | 2;
  /**
   * Banco
   */
  banco?: string | null;
  /**
   * Agência
   */
  agencia?: string | null;
  /**
   * Conta
   */
  conta?: string | null;
  /**
   * Saldo inicial
   */
  saldoInicial?: string;
  /**
   * Data do saldo inicial
   */
  dataSaldoInicial?: string | null;
  /**
   * Ativo
   */
  ativo?: boolean;
}
