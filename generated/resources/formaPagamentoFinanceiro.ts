/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** Forma de pagamento: registro de /api/FormasPagamentoFinanceiro (schemas/resources/formaPagamentoFinanceiro.json). */
export interface FormaPagamentoFinanceiro extends Registro {
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Conta padrão
   */
  contaId?: number | null;
  /**
   * Dias para compensar
   */
  diasCompensacao?: number;
  /**
   * Taxa (%)
   */
  taxa?: string;
  /**
   * Ativo
   */
  ativo?: boolean;
}
