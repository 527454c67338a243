/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { NaturezaContaContabil, TipoContaContabil } from '../lookups.ts';
/** Conta contábil: registro de /api/ContasContabeisSped (schemas/resources/contaContabilSped.json). */
export interface ContaContabilSped extends Registro {
  /**
   * Código da conta
   */
  codigo: string;
  /**
   * Nome da conta
   */
  nome: string;
  /**
   * Natureza da conta
   */
  natureza: NaturezaContaContabil;
  /**
   * Tipo da conta
   */
  tipo: TipoContaContabil;
  /**
   * Nível
   */
  nivel: number;
  /**
   * Conta superior
   */
  contaSuperiorId?: number | null;
  /**
   * Data da inclusão/alteração
   */
  dataAlteracao: string;
  /**
   * Ativo
   */
  ativo?: boolean;
}
