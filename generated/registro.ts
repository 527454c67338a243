/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Campos de sistema de todo registro lido de um recurso. */
export interface Registro {
  /** Código do registro */
  id: number;
  /** Cadastrado em (ISO 8601) */
  createdAt?: string;
  /** Alterado em (ISO 8601) */
  updatedAt?: string;
}
