/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { TipoLancamento } from '../lookups.ts';
/** Baixa: registro de /api/Baixas (schemas/resources/baixa.json). */
export interface Baixa extends Registro {
  /**
   * Data
   */
  data?: string;
  /**
   * Parcela (código)
   */
  parcelaId?: number;
  /**
   * Lançamento
   */
  lancamentoId?: number;
  /**
   * Tipo
   */
  tipo?: TipoLancamento;
  /**
   * Descrição
   */
  descricao?: string;
  /**
   * Parcela
   */
  numero?: number;
  /**
   * Pessoa (código)
   */
  pessoaId?: number | null;
  /**
   * Pessoa
   */
  pessoaNome?: string | null;
  /**
   * Conta
   */
  contaId?: number;
  /**
   * Valor
   */
  valor?: string;
  /**
   * Principal
   */
  principal?: string;
  /**
   * Juros
   */
  juros?: string;
  /**
   * Multa
   */
  multa?: string;
  /**
   * Desconto
   */
  desconto?: string;
  /**
   * Estorno da baixa
   */
  estornoDe?: number | null;
  /**
   * Estornada
   */
  estornada?: boolean;
}
