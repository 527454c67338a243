/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Serviço: registro de /api/Servicos (schemas/resources/servico.json). */
export interface Servico {
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
  tipoServico:
    | 100000001
    | 100000002
    | 100000003
    | 100000004
    | 100000005
    | 100000006
    | 100000007
    | 100000008
    | 100000009
    | 100000010
    | 100000011
    | 100000012
    | 100000013
    | 100000014
    | 100000015
    | 100000016
    | 100000017
    | 100000018
    | 100000019
    | 100000020
    | 100000021
    | 100000022
    | 100000023
    | 100000024
    | 100000025
    | 100000026
    | 100000027
    | 100000028
    | 100000029
    | 100000030
    | 100000031
    | null;
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
   * Descrição detalhada
   */
  observacao?: string | null;
}
