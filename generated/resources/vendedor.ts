/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** Vendedor: registro de /api/Vendedores (schemas/resources/vendedor.json). */
export interface Vendedor extends Registro {
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
