/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Depósito: registro de /api/Depositos (schemas/resources/deposito.json). */
export interface Deposito {
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
