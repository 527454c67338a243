/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { TipoServico } from '../lookups.ts';
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
  codigoTributacaoNacional?:
    | '010101'
    | '010201'
    | '010301'
    | '010401'
    | '010501'
    | '010601'
    | '010701'
    | '010801'
    | '010901'
    | '020101'
    | '030201'
    | '030301'
    | '030401'
    | '030501'
    | '040101'
    | '040201'
    | '040301'
    | '040801'
    | '041101'
    | '041201'
    | '041301'
    | '041401'
    | '041501'
    | '041601'
    | '041701'
    | '041901'
    | '050101'
    | '050201'
    | '050301'
    | '050801'
    | '060101'
    | '060201'
    | '060301'
    | '060401'
    | '060501'
    | '060601'
    | '070101'
    | '070201'
    | '070301'
    | '070401'
    | '070501'
    | '070601'
    | '070901'
    | '071001'
    | '071101'
    | '071301'
    | '080101'
    | '080201'
    | '090101'
    | '090201'
    | '090301'
    | '100101'
    | '100201'
    | '100501'
    | '100801'
    | '100901'
    | '110101'
    | '110201'
    | '110401'
    | '120101'
    | '120301'
    | '120701'
    | '121301'
    | '130201'
    | '130301'
    | '130501'
    | '140101'
    | '140201'
    | '140301'
    | '140401'
    | '140501'
    | '140601'
    | '140901'
    | '141001'
    | '141101'
    | '141201'
    | '141301'
    | '141401'
    | '150101'
    | '160101'
    | '160201'
    | '170101'
    | '170201'
    | '170301'
    | '170401'
    | '170501'
    | '170601'
    | '170801'
    | '170901'
    | '171001'
    | '171101'
    | '171201'
    | '171301'
    | '171401'
    | '171501'
    | '171601'
    | '171701'
    | '171801'
    | '171901'
    | '172001'
    | '172101'
    | '172201'
    | '172301'
    | '172401'
    | '180101'
    | '190101'
    | '200101'
    | '210101'
    | '220101'
    | '230101'
    | '240101'
    | '250101'
    | '260101'
    | '270101'
    | '280101'
    | '290101'
    | '300101'
    | '310101'
    | '320101'
    | '330101'
    | '340101'
    | '350101'
    | '360101'
    | '370101'
    | '380101'
    | '390101'
    | '400101'
    | null;
  /**
   * Alíquota do ISS (%)
   */
  aliquotaIss?: string | null;
  /**
   * Retenção do ISS
   */
  retencaoIss?: 1 | 2 | 3 | null;
  /**
   * Município de incidência (código IBGE)
   */
  municipioIncidencia?: number | null;
  /**
   * Descrição detalhada
   */
  observacao?: string | null;
}
