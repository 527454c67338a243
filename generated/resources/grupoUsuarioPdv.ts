/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Grupo de usuários do PDV: registro de /api/GruposUsuarioPdv (schemas/resources/grupoUsuarioPdv.json). */
export interface GrupoUsuarioPdv {
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
   * Desconto máximo (%)
   */
  descontoMaximo?: string;
  /**
   * Pode cancelar venda e item
   */
  podeCancelar?: boolean;
  /**
   * Pode abrir a gaveta
   */
  podeAbrirGaveta?: boolean;
  /**
   * Ativo
   */
  ativo?: boolean;
}
