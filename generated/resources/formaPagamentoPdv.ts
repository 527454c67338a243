/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Forma de pagamento: registro de /api/FormasPagamentoPdv (schemas/resources/formaPagamentoPdv.json). */
export type Bandeira = string;

export interface FormaPagamentoPdv {
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
   * Descrição
   */
  descricao: string;
  /**
   * Meio de pagamento da NFC-e (tPag)
   */
  tPag:
    | '01'
    | '02'
    | '03'
    | '04'
    | '05'
    | '10'
    | '11'
    | '12'
    | '13'
    | '14'
    | '15'
    | '16'
    | '17'
    | '18'
    | '19'
    | '20'
    | '21'
    | '22'
    | '90'
    | '99';
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
