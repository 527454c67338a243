/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Vendedor: registro de /api/Vendedores (schemas/resources/vendedor.json). */
export interface Vendedor {
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
   * CPF
   */
  cpf?: string | null;
  /**
   * E-mail
   */
  email?: string | null;
  /**
   * Telefone
   */
  telefone?: string | null;
  /**
   * Comissão (%)
   */
  comissao?: string | null;
  /**
   * Ativo
   */
  ativo?: boolean;
}
