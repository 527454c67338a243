/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** PDV: registro de /api/Pdvs (schemas/resources/pdv.json). */
export interface Pdv {
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
   * Filial
   */
  filialId: number;
  /**
   * Depósito
   */
  depositoId: number;
  /**
   * Série da NFC-e
   */
  serieNfce: number;
  /**
   * Largura da impressora
   */
  larguraImpressora?: 58 | 80;
  /**
   * Impressora
   */
  impressora?: 'navegador' | 'escpos' | 'epson' | 'bematech' | 'elgin' | 'daruma' | null;
  /**
   * Prefixo do código de balança
   */
  balancaPrefixo?: string;
  /**
   * O código de balança traz
   */
  balancaTipo?: 'preco' | 'peso';
  /**
   * Balança
   */
  balancaModelo?: 'nenhuma' | 'toledo' | 'filizola' | 'urano' | 'elgin' | null;
  /**
   * Teclado
   */
  teclado?: 'padrao' | 'reduzido' | 'numerico';
  /**
   * TEF
   */
  tef?: 'nenhum' | 'sitef' | 'paygo' | 'tefdial' | null;
  /**
   * Ativo
   */
  ativo?: boolean;
}
