/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Unidade: registro de /api/Unidades (schemas/resources/unidade.json). */
export interface Unidade {
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
