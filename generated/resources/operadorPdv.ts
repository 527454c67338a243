/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Operador do PDV: registro de /api/OperadoresPdv (schemas/resources/operadorPdv.json). */
export interface OperadorPdv {
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
   * Nome
   */
  nome: string;
  /**
   * Código
   */
  codigo: string;
  /**
   * Grupo
   */
  grupoId: number;
  /**
   * PIN
   */
  pin?: string | null;
  /**
   * Bloqueado
   */
  bloqueado?: boolean;
  /**
   * Ativo
   */
  ativo?: boolean;
}
