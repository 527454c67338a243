/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { TipoLancamento } from '../lookups.ts';
/** Categoria financeira: registro de /api/CategoriasFinanceiras (schemas/resources/categoriaFinanceira.json). */
export interface CategoriaFinanceira extends Registro {
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Tipo
   */
  tipo: TipoLancamento;
  /**
   * Categoria pai
   */
  categoriaPaiId?: number | null;
  /**
   * Categoria
   */
  descricaoCompleta?: string;
  /**
   * Ativo
   */
  ativo?: boolean;
}
