/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { CClassTrib, CstIbsCbs } from '../lookups.ts';
/** Perfil tributário: registro de /api/PerfisTributarios (schemas/resources/perfilTributario.json). */
export interface PerfilTributario extends Registro {
  /**
   * Nome
   */
  nome: string;
  /**
   * Descrição
   */
  descricao?: string | null;
  /**
   * Ativo
   */
  ativo?: boolean;
  /**
   * CST do IBS/CBS
   */
  cstIbsCbs?: CstIbsCbs | null;
  /**
   * Classificação tributária (cClassTrib)
   */
  cClassTrib?: CClassTrib | null;
}
