/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Natureza de operação: registro de /api/NaturezasOperacao (schemas/resources/naturezaOperacao.json). */
export interface NaturezaOperacao {
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
   * Descrição (natOp)
   */
  descricao: string;
  /**
   * Tipo
   */
  tipo: 0 | 1 | 3;
  /**
   * Finalidade
   */
  finalidade: 1 | 2 | 3 | 4;
  /**
   * CFOP dentro do estado
   */
  cfopEstadual?: string | null;
  /**
   * CFOP fora do estado
   */
  cfopInterestadual?: string | null;
  /**
   * CFOP exterior
   */
  cfopExterior?: string | null;
  /**
   * Movimenta estoque
   */
  movimentaEstoque?: boolean;
  /**
   * Tipo de movimentação
   */
  tipoMovimentacao?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | null;
  /**
   * Gera financeiro
   */
  geraFinanceiro?: boolean;
  /**
   * Consumidor final
   */
  consumidorFinal?: boolean;
  /**
   * Indicador de presença
   */
  indicadorPresenca?: 0 | 1 | 2 | 3 | 4 | 5 | 9;
  /**
   * Emite NF-e
   */
  emiteNfe?: boolean;
  /**
   * Ativo
   */
  ativo?: boolean;
}
