/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Perfil tributário: registro de /api/PerfisTributarios (schemas/resources/perfilTributario.json). */
export interface PerfilTributario {
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
   * Descrição
   */
  descricao?: string | null;
  /**
   * Ativo
   */
  ativo?: boolean;
}
