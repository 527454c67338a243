/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { Contato } from '../fragments/contato.ts';
import type { Endereco } from '../fragments/endereco.ts';
import type { Pessoa } from '../fragments/pessoa.ts';
/** Fornecedor: registro de /api/Fornecedores (schemas/resources/fornecedor.json). */
export interface Fornecedor extends Registro, Pessoa, Contato, Endereco {
  /**
   * Nome / Razão social
   */
  nome: string;
  /**
   * Observações
   */
  observacao?: string | null;
  /**
   * Ativo
   */
  ativo?: boolean;
  /**
   * Grupo
   */
  grupo?: string | null;
}
