/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Solicitação de reenvio: registro de /api/SolicitacoesReenvio (schemas/resources/solicitacaoReenvio.json). */
export interface SolicitacaoReenvio {
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
   * Cupom (NFC-e)
   */
  vendaId?: number;
  /**
   * Estado
   */
  estado?: 'pendente' | 'autorizada' | 'erro';
  /**
   * Resultado
   */
  resultado?: string | null;
  /**
   * Tentativas
   */
  tentativas?: number;
}
