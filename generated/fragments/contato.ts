/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Grupo de campos schemas/fragments/contato.json: Contato: e-mail, telefone e celular. */
export interface Contato {
  /**
   * E-mail
   */
  email?: string | null;
  /**
   * Telefone
   */
  telefone?: string | null;
  /**
   * Celular
   */
  celular?: string | null;
}
