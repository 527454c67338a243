/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { TipoConta } from '../lookups.ts';
/** Conta: registro de /api/ContasFinanceiras (schemas/resources/contaFinanceira.json). */
export interface ContaFinanceira extends Registro {
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Tipo
   */
  tipo: TipoConta;
  /**
   * Banco
   */
  banco?: string | null;
  /**
   * Agência
   */
  agencia?: string | null;
  /**
   * Conta
   */
  conta?: string | null;
  /**
   * Saldo inicial
   */
  saldoInicial?: string;
  /**
   * Data do saldo inicial
   */
  dataSaldoInicial?: string | null;
  /**
   * Ativo
   */
  ativo?: boolean;
}
