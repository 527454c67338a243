/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Perfil de acesso: registro de /api/Perfis (schemas/resources/perfil.json). */
export interface Perfil {
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
   * Permissões
   */
  permissoes: {
    [k: string]: number;
  };
  /**
   * Desconto máximo nas vendas (%)
   */
  descontoMaximo?: string | null;
}
