/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Promoção: registro de /api/Promocoes (schemas/resources/promocao.json). */
export type Dia = number;

export interface Promocao {
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
   * Tipo
   */
  tipo: 0 | 1 | 2;
  /**
   * Produto
   */
  produtoId?: number | null;
  /**
   * Categoria
   */
  categoriaId?: number | null;
  /**
   * Preço promocional
   */
  preco?: string | null;
  /**
   * Desconto (%)
   */
  percentual?: string | null;
  /**
   * Leve (unidades)
   */
  leve?: number | null;
  /**
   * Pague (unidades)
   */
  pague?: number | null;
  /**
   * Quantidade mínima
   */
  quantidadeMinima?: string | null;
  /**
   * Início
   */
  dataInicio?: string | null;
  /**
   * Fim
   */
  dataFim?: string | null;
  /**
   * Dias da semana
   *
   * @maxItems 7
   */
  diasSemana?:
    | []
    | [Dia]
    | [Dia, Dia]
    | [Dia, Dia, Dia]
    | [Dia, Dia, Dia, Dia]
    | [Dia, Dia, Dia, Dia, Dia]
    | [Dia, Dia, Dia, Dia, Dia, Dia]
    | [Dia, Dia, Dia, Dia, Dia, Dia, Dia]
    | null;
  /**
   * Das (hora)
   */
  horaInicio?: string | null;
  /**
   * Até (hora)
   */
  horaFim?: string | null;
  /**
   * Ativa
   */
  ativo?: boolean;
}
