/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { TipoPromocao } from '../lookups.ts';
/** Promoção: registro de /api/Promocoes (schemas/resources/promocao.json). */
export type Dia = number;

export interface Promocao extends Registro {
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Tipo
   */
  tipo: TipoPromocao;
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
