/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** CFOP: registro de /api/Cfops (schemas/resources/cfop.json). */
export interface Cfop {
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
   * CFOP
   */
  cfop: string;
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Ativo
   */
  ativo?: boolean;
}
