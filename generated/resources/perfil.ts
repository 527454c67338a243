/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
/** Perfil de acesso: registro de /api/Perfis (schemas/resources/perfil.json). */
export interface Perfil extends Registro {
  /**
   * Nome
   */
  nome: string;
  /**
   * Permissões
   */
  permissoes: {
    [k: string]: number;
  };
  /**
   * Desconto máximo nas vendas (%)
   */
  descontoMaximo?: string | null;
}
