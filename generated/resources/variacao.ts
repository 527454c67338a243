/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { ModeloVariacao } from '../lookups.ts';
/** Variação: registro de /api/Variacoes (schemas/resources/variacao.json). */
export type Valor = string;

export interface Variacao extends Registro {
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Modelo
   */
  modelo?: ModeloVariacao | null;
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
