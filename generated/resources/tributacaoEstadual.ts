/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Tributação estadual: registro de /api/TributacoesEstaduais (schemas/resources/tributacaoEstadual.json). */
export interface TributacaoEstadual {
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
   * Perfil tributário
   */
  perfilTributarioId: number;
  /**
   * UF de origem
   */
  ufOrigem:
    | 'AC'
    | 'AL'
    | 'AM'
    | 'AP'
    | 'BA'
    | 'CE'
    | 'DF'
    | 'ES'
    | 'EX'
    | 'GO'
    | 'MA'
    | 'MG'
    | 'MS'
    | 'MT'
    | 'PA'
    | 'PB'
    | 'PE'
    | 'PI'
    | 'PR'
    | 'RJ'
    | 'RN'
    | 'RO'
    | 'RR'
    | 'RS'
    | 'SC'
    | 'SE'
    | 'SP'
    | 'TO';
  /**
   * UF de destino
   */
  ufDestino:
    | 'AC'
    | 'AL'
    | 'AM'
    | 'AP'
    | 'BA'
    | 'CE'
    | 'DF'
    | 'ES'
    | 'EX'
    | 'GO'
    | 'MA'
    | 'MG'
    | 'MS'
    | 'MT'
    | 'PA'
    | 'PB'
    | 'PE'
    | 'PI'
    | 'PR'
    | 'RJ'
    | 'RN'
    | 'RO'
    | 'RR'
    | 'RS'
    | 'SC'
    | 'SE'
    | 'SP'
    | 'TO';
  /**
   * Vigência a partir de
   */
  vigenciaInicio: string;
  /**
   * CST do ICMS (Regime Normal)
   */
  cstIcms?: '00' | '10' | '20' | '30' | '40' | '41' | '50' | '51' | '60' | '70' | '90' | null;
  /**
   * CSOSN (Simples Nacional)
   */
  csosn?: '101' | '102' | '103' | '201' | '202' | '203' | '300' | '400' | '500' | '900' | null;
  /**
   * Modalidade da base de cálculo
   */
  modalidadeBc?: 0 | 1 | 2 | 3 | null;
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
  modalidadeBcSt?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | null;
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
