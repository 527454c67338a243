/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Forma de pagamento: registro de /api/FormasPagamentoFinanceiro (schemas/resources/formaPagamentoFinanceiro.json). */
export interface FormaPagamentoFinanceiro {
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
   * Conta padrão
   */
  contaId?: number | null;
  /**
   * Dias para compensar
   */
  diasCompensacao?: number;
  /**
   * Taxa (%)
   */
  taxa?: string;
  /**
   * Ativo
   */
  ativo?: boolean;
}
