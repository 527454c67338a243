/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Tributação federal: registro de /api/TributacoesFederais (schemas/resources/tributacaoFederal.json). */
export interface TributacaoFederal {
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
   * Vigência a partir de
   */
  vigenciaInicio: string;
  /**
   * CST do IPI
   */
  cstIpi?: '00' | '01' | '02' | '03' | '04' | '05' | '49' | '50' | '51' | '52' | '53' | '54' | '55' | '99' | null;
  /**
   * Alíquota do IPI
   */
  aliquotaIpi?: string | null;
  /**
   * Enquadramento do IPI (cEnq)
   */
  enquadramentoIpi?: string | null;
  /**
   * CST do PIS
   */
  cstPis:
    | '01'
    | '02'
    | '03'
    | '04'
    | '05'
    | '06'
    | '07'
    | '08'
    | '09'
    | '49'
    | '50'
    | '51'
    | '52'
    | '53'
    | '54'
    | '55'
    | '56'
    | '60'
    | '61'
    | '62'
    | '63'
    | '64'
    | '65'
    | '66'
    | '67'
    | '70'
    | '71'
    | '72'
    | '73'
    | '74'
    | '75'
    | '98'
    | '99';
  /**
   * Alíquota do PIS
   */
  aliquotaPis?: string | null;
  /**
   * CST da COFINS
   */
  cstCofins:
    | '01'
    | '02'
    | '03'
    | '04'
    | '05'
    | '06'
    | '07'
    | '08'
    | '09'
    | '49'
    | '50'
    | '51'
    | '52'
    | '53'
    | '54'
    | '55'
    | '56'
    | '60'
    | '61'
    | '62'
    | '63'
    | '64'
    | '65'
    | '66'
    | '67'
    | '70'
    | '71'
    | '72'
    | '73'
    | '74'
    | '75'
    | '98'
    | '99';
  /**
   * Alíquota da COFINS
   */
  aliquotaCofins?: string | null;
  /**
   * Observação
   */
  observacao?: string | null;
}
