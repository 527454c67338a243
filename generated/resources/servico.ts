/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { CIndOp, CodigoTributacaoNacional, RetencaoIss, TipoServico } from '../lookups.ts';
/** Serviço: registro de /api/Servicos (schemas/resources/servico.json). */
export interface Servico extends Registro {
  /**
   * Código
   */
  codigo?: string | null;
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Tipo de serviço
   */
  tipoServico: TipoServico | null;
  /**
   * Unidade
   */
  unidadeId?: number | null;
  /**
   * Categoria
   */
  categoriaId?: number | null;
  /**
   * Custo
   */
  precoCusto?: string | null;
  /**
   * Margem de lucro (%)
   */
  margemLucro?: string | null;
  /**
   * Preço do serviço
   */
  precoVenda?: string | null;
  /**
   * Ativo
   */
  ativo?: boolean;
  /**
   * Código de tributação nacional
   */
  codigoTributacaoNacional?: CodigoTributacaoNacional | null;
  /**
   * Indicador da operação do IBS/CBS (cIndOp)
   */
  cIndOp?: CIndOp | null;
  /**
   * Alíquota do ISS (%)
   */
  aliquotaIss?: string | null;
  /**
   * Retenção do ISS
   */
  retencaoIss?: RetencaoIss | null;
  /**
   * Município de incidência (código IBGE)
   */
  municipioIncidencia?: number | null;
  /**
   * Descrição detalhada
   */
  observacao?: string | null;
}
