/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** Categoria: registro de /api/CategoriasProduto (schemas/resources/categoriaProduto.json). */
export interface CategoriaProduto extends Registro {
  /**
   * Descrição
   */
  descricao: string;
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
  /**
   * Comissão (%)
   */
  comissao?: string | null;
}
