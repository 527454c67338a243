/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Grupo de campos schemas/fragments/pessoa.json: Pessoa: nome, nome fantasia, CPF/CNPJ e inscrição estadual (cliente, fornecedor, transportador). */
export interface Pessoa {
  /**
   * Nome / Razão social
   */
  nome?: string;
  /**
   * Nome fantasia
   */
  fantasia?: string | null;
  /**
   * CPF/CNPJ
   */
  cpfCnpj?: string | null;
  /**
   * Inscrição estadual
   */
  inscricaoEstadual?: string | null;
}
