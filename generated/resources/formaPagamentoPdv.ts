/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { NfeFormaPagamento } from '../lookups.ts';
/** Forma de pagamento: registro de /api/FormasPagamentoPdv (schemas/resources/formaPagamentoPdv.json). */
export type Bandeira = string;

export interface FormaPagamentoPdv extends Registro {
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Meio de pagamento da NFC-e (tPag)
   */
  tPag: NfeFormaPagamento;
  /**
   * Bandeiras aceitas
   *
   * @maxItems 40
   */
  bandeiras?: Bandeira[] | null;
  /**
   * Usa TEF
   */
  tef?: boolean;
  /**
   * Permite troco
   */
  permiteTroco?: boolean;
  /**
   * Conta financeira
   */
  contaId?: number | null;
  /**
   * Ativa
   */
  ativo?: boolean;
}
