import Decimal from 'decimal.js';
import type { NfeDocumento, Pagamento } from '../../../generated/fiscal/nfe-documento.ts';

/**
 * The parts of a point-of-sale NFC-e that the server (src/server/pdv/nfce.ts) and the station offline
 * (src/web/pages/pdv/servico.ts) both write, from one place, so both notes of the same sale are alike.
 */

/** tPag codes whose NFC-e payment carries the card group (credit, debit, PIX, digital wallet). */
export const TPAG_CARTAO = new Set(['03', '04', '17', '18']);

/** The payments: cash payment (indPag 0), with the card group (not integrated, the brand when known) for cards. */
export function pagamentosNfce(pagamentos: { tPag: string; valor: string; bandeira?: string | null }[]): NfeDocumento['pagamentos'] {
  return pagamentos.map((p) => ({
    tPag: p.tPag as Pagamento['tPag'],
    valor: new Decimal(p.valor).toFixed(2),
    indPag: 0,
    ...(TPAG_CARTAO.has(p.tPag) ? { cartao: { integrado: false, ...(p.bandeira ? { bandeira: p.bandeira } : {}) } } : {}),
  })) as NfeDocumento['pagamentos'];
}

/** The consumer named on the note (CPF na nota): CPF or CNPJ, not a taxpayer (indIEDest 9). Digits only. */
export function destinatarioNfce(doc: string): NonNullable<NfeDocumento['destinatario']> {
  return { ...(doc.length === 14 ? { cnpj: doc } : { cpf: doc }), indicadorIE: 9 } as NonNullable<NfeDocumento['destinatario']>;
}
