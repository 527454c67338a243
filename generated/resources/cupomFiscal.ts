/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { SituacaoCupom, TipoEmissao } from '../lookups.ts';
/** Cupom fiscal: registro de /api/CuponsFiscais (schemas/resources/cupomFiscal.json). */
export interface CupomFiscal extends Registro {
  /**
   * Número
   */
  numero?: number | null;
  /**
   * Série
   */
  serie?: number | null;
  /**
   * Emitido em
   */
  emitidaEm?: string;
  /**
   * PDV
   */
  pdvId?: number;
  /**
   * Operador
   */
  operadorId?: number;
  /**
   * CPF/CNPJ do consumidor
   */
  cpfCnpj?: string | null;
  /**
   * Total
   */
  total?: string;
  /**
   * Situação
   */
  situacao?: SituacaoCupom;
  /**
   * Tipo de emissão
   */
  tpEmis?: TipoEmissao;
  /**
   * Chave de acesso
   */
  chaveAcesso?: string | null;
  /**
   * Protocolo
   */
  protocolo?: string | null;
  /**
   * Motivo
   */
  motivo?: string | null;
  /**
   * Caixa
   */
  caixaId?: number;
}
