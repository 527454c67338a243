/**
 * Documentos em transmissão (issue 34): every fiscal document or event of the account that SEFAZ/ADN has not
 * settled yet, read from the outbox states themselves (no second record):
 * - 'nfe': NF-e/NFC-e of notas_fiscais 'transmitindo' (sent, no answer recorded) or 'contingencia' (EPEC/SVC, to send);
 * - 'nfse': NFS-e 'transmitindo' (DPS sent, no answer) or 'cancelando' (e101101 sent, no answer);
 * - 'evento': cancelamento, CC-e, inutilização of nfe_eventos_envio 'transmitindo', or 'rejeitado' with no later
 *   registered event of the same kind for the note (the refusal to read);
 * - 'nfce': PDV sales between their two transactions ('pendente' with number) or in contingency;
 * - 'cancelamento-nfce': PDV cancellations sent and not answered;
 * - 'manifestacao': manifestações do destinatário (ciência, confirmação, desconhecimento, operação não realizada) of
 *   dfe_manifestacoes_envio sent and not answered.
 * Declared once for the server that lists them and the screen that shows them.
 */
export const TIPOS = ['nfe', 'nfse', 'evento', 'nfce', 'cancelamento-nfce', 'manifestacao'] as const;
export type TipoDocumento = (typeof TIPOS)[number];

export interface DocumentoEmTransmissao {
  tipo: TipoDocumento;
  id: number;
  documento: string;
  numero: string | null;
  situacao: string;
  desde: string;
  ultimoErro: string | null;
  acoes: ('consultar' | 'transmitir')[];
}
