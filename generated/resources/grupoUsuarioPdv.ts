/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** Grupo de usuários do PDV: registro de /api/GruposUsuarioPdv (schemas/resources/grupoUsuarioPdv.json). */
export interface GrupoUsuarioPdv extends Registro {
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Desconto máximo (%)
   */
  descontoMaximo?: string;
  /**
   * Pode cancelar venda e item
   */
  podeCancelar?: boolean;
  /**
   * Pode abrir a gaveta
   */
  podeAbrirGaveta?: boolean;
  /**
   * Ativo
   */
  ativo?: boolean;
}
