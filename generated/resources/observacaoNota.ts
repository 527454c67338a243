/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { Uf } from '../lookups.ts';
/** Observação da nota: registro de /api/ObservacoesNota (schemas/resources/observacaoNota.json). */
export interface ObservacaoNota extends Registro {
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Texto
   */
  texto: string;
  /**
   * De interesse do fisco (infAdFis)
   */
  fisco?: boolean;
  /**
   * Só para a UF de destino
   */
  ufDestino?: Uf | null;
  /**
   * Só com o perfil tributário
   */
  perfilTributarioId?: number | null;
  /**
   * Ativo
   */
  ativo?: boolean;
}
