/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { Csosn, CstIcms, ModalidadeBcIcms, ModalidadeBcIcmsSt, Uf } from '../lookups.ts';
/** Tributação estadual: registro de /api/TributacoesEstaduais (schemas/resources/tributacaoEstadual.json). */
export interface TributacaoEstadual extends Registro {
  /**
   * Perfil tributário
   */
  perfilTributarioId: number;
  /**
   * UF de origem
   */
  ufOrigem: Uf;
  /**
   * UF de destino
   */
  ufDestino: Uf;
  /**
   * Vigência a partir de
   */
  vigenciaInicio: string;
  /**
   * CST do ICMS (Regime Normal)
   */
  cstIcms?: CstIcms | null;
  /**
   * CSOSN (Simples Nacional)
   */
  csosn?: Csosn | null;
  /**
   * Modalidade da base de cálculo
   */
  modalidadeBc?: ModalidadeBcIcms | null;
  /**
   * Alíquota do ICMS
   */
  aliquotaIcms?: string | null;
  /**
   * Redução da base de cálculo
   */
  reducaoBase?: string | null;
  /**
   * Alíquota do crédito do Simples (pCredSN)
   */
  aliquotaCreditoSn?: string | null;
  /**
   * Modalidade da base do ICMS-ST
   */
  modalidadeBcSt?: ModalidadeBcIcmsSt | null;
  /**
   * MVA do ICMS-ST
   */
  mvaSt?: string | null;
  /**
   * Redução da base do ICMS-ST
   */
  reducaoBaseSt?: string | null;
  /**
   * Alíquota do ICMS-ST
   */
  aliquotaIcmsSt?: string | null;
  /**
   * Alíquota do FCP
   */
  aliquotaFcp?: string | null;
  /**
   * Alíquota do FCP-ST
   */
  aliquotaFcpSt?: string | null;
  /**
   * Alíquota interna da UF de destino (DIFAL)
   */
  aliquotaIcmsUfDestino?: string | null;
  /**
   * FCP da UF de destino (DIFAL)
   */
  aliquotaFcpUfDestino?: string | null;
  /**
   * CFOP (substitui o da natureza)
   */
  cfop?: string | null;
  /**
   * Observação
   */
  observacao?: string | null;
}
