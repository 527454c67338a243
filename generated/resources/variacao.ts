/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Variação: registro de /api/Variacoes (schemas/resources/variacao.json). */
export type Valor = string;

export interface Variacao {
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
   * Modelo
   */
  modelo?: 1 | 2 | 3 | 4 | 5 | 6 | 7 | null;
  /**
   * Valores
   *
   * @minItems 1
   * @maxItems 100
   */
  valores: [Valor, ...Valor[]];
  /**
   * Ativo
   */
  ativo?: boolean;
}
