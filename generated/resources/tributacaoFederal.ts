/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { CstCofins, CstIpi, CstPis } from '../lookups.ts';
/** Tributação federal: registro de /api/TributacoesFederais (schemas/resources/tributacaoFederal.json). */
export interface TributacaoFederal extends Registro {
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
  cstIpi?: CstIpi | null;
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
  cstPis: CstPis;
  /**
   * Alíquota do PIS
   */
  aliquotaPis?: string | null;
  /**
   * CST da COFINS
   */
  cstCofins: CstCofins;
  /**
   * Alíquota da COFINS
   */
  aliquotaCofins?: string | null;
  /**
   * Observação
   */
  observacao?: string | null;
}
