/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { CIndOp, FinalidadeNfe, IndicadorPresenca, TipoMovimentacao, TipoNfe } from '../lookups.ts';
/** Natureza de operação: registro de /api/NaturezasOperacao (schemas/resources/naturezaOperacao.json). */
export interface NaturezaOperacao extends Registro {
  /**
   * Descrição (natOp)
   */
  descricao: string;
  /**
   * Tipo
   */
  tipo: TipoNfe;
  /**
   * Finalidade
   */
  finalidade: FinalidadeNfe;
  /**
   * CFOP dentro do estado
   */
  cfopEstadual?: string | null;
  /**
   * CFOP fora do estado
   */
  cfopInterestadual?: string | null;
  /**
   * CFOP exterior
   */
  cfopExterior?: string | null;
  /**
   * Movimenta estoque
   */
  movimentaEstoque?: boolean;
  /**
   * Tipo de movimentação
   */
  tipoMovimentacao?: TipoMovimentacao | null;
  /**
   * Gera financeiro
   */
  geraFinanceiro?: boolean;
  /**
   * Consumidor final
   */
  consumidorFinal?: boolean;
  /**
   * Indicador de presença
   */
  indicadorPresenca?: IndicadorPresenca;
  /**
   * Indicador da operação (cIndOp)
   */
  cIndOp?: CIndOp | null;
  /**
   * Emite NF-e
   */
  emiteNfe?: boolean;
  /**
   * Ativo
   */
  ativo?: boolean;
}
