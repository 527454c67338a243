/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { EstadoReenvio } from '../lookups.ts';
/** Solicitação de reenvio: registro de /api/SolicitacoesReenvio (schemas/resources/solicitacaoReenvio.json). */
export interface SolicitacaoReenvio extends Registro {
  /**
   * Cupom (NFC-e)
   */
  vendaId?: number;
  /**
   * Estado
   */
  estado?: EstadoReenvio;
  /**
   * Resultado
   */
  resultado?: string | null;
  /**
   * Tentativas
   */
  tentativas?: number;
}
