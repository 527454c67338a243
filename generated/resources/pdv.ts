/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { BalancaPdv, ImpressoraPdv, LarguraImpressoraPdv, ModeloBalancaPdv, TecladoPdv, TefPdv } from '../lookups.ts';
/** PDV: registro de /api/Pdvs (schemas/resources/pdv.json). */
export interface Pdv extends Registro {
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
  larguraImpressora?: LarguraImpressoraPdv;
  /**
   * Impressora
   */
  impressora?: ImpressoraPdv | null;
  /**
   * Prefixo do código de balança
   */
  balancaPrefixo?: string;
  /**
   * O código de balança traz
   */
  balancaTipo?: BalancaPdv;
  /**
   * Balança
   */
  balancaModelo?: ModeloBalancaPdv | null;
  /**
   * Teclado
   */
  teclado?: TecladoPdv;
  /**
   * TEF
   */
  tef?: TefPdv | null;
  /**
   * Ativo
   */
  ativo?: boolean;
}
