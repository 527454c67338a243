/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { Cargo } from '../lookups.ts';
/** Contato comercial: registro de /api/ContatosComerciais (schemas/resources/contatoComercial.json). */
export interface ContatoComercial extends Registro {
  /**
   * Nome
   */
  nome: string;
  /**
   * Empresa (cliente)
   */
  pessoaId?: number | null;
  /**
   * Empresa (fornecedor)
   */
  fornecedorId?: number | null;
  /**
   * Cargo
   */
  cargo?: Cargo | null;
  /**
   * Telefone
   */
  telefone?: string | null;
  /**
   * E-mail
   */
  email?: string | null;
  /**
   * Aniversário
   */
  aniversario?: string | null;
  /**
   * Próximo contato (retorno)
   */
  proximoContato?: string | null;
  /**
   * Observação
   */
  observacao?: string | null;
  /**
   * Ativo
   */
  ativo?: boolean;
}
