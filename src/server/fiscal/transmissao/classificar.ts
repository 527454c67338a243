import type { RetornoAutorizacao } from '../sefaz-cliente.ts';
import { ConsumoIndevidoError, SefazIndisponivelError } from '../sefaz-cliente.ts';

/**
 * The classify step of the transmission pipeline: what an authoriser's answer means for the document, the same for
 * NF-e, NFC-e (SEFAZ) and NFS-e (Sefin Nacional/ADN). Pure: no database, no network.
 * - 'autorizada': the authoriser holds the document authorised (100/150 with its protocol; the ADN's NFS-e);
 * - 'rejeitada': judged and refused; SEFAZ did not use the number (the record step may give it back);
 * - 'denegada': use denied (110, 301, 302, 303): SEFAZ registered the number as denied, it is never given back;
 * - 'duplicidade': the authoriser already holds this number (204/539, the ADN's E0014): the pipeline asks it by the
 *   stored key and adopts what it holds, never sends another key;
 * - 'sem-resposta': not judged (no answer, time-out, 5xx, paralysed 108/109, consumo indevido 656): the document
 *   stays as it is ('transmitindo', 'contingencia') and the recovery retries it with the same key.
 */
export type Desfecho<R> =
  | { tipo: 'autorizada'; retorno: R }
  | { tipo: 'rejeitada'; retorno: R; codigo: string; motivo: string }
  | { tipo: 'denegada'; retorno: R; codigo: string; motivo: string }
  | { tipo: 'duplicidade'; retorno: R; codigo: string; motivo: string }
  | { tipo: 'sem-resposta'; motivo: string };

export type TipoDesfecho = Desfecho<unknown>['tipo'];

/** cStat of an authorised NF-e/NFC-e (150: authorised late). */
export const CSTAT_AUTORIZADA = ['100', '150'] as const;
/** cStat of a denied use: the number is spent at SEFAZ. */
export const CSTAT_DENEGADA = ['110', '301', '302', '303'] as const;
/** cStat of a duplicate: SEFAZ holds this number already (204 same key, 539 another key). */
export const CSTAT_DUPLICIDADE = ['204', '539'] as const;
/** cStat of an answer where SEFAZ did not judge the document (paralysed service, consumo indevido). */
export const CSTAT_NAO_JULGADA = ['108', '109', '656'] as const;

const em = (lista: readonly string[], cStat: string) => lista.includes(cStat);

/** SEFAZ's answer to an NF-e/NFC-e authorisation, classified. */
export function classificarSefaz<R extends Pick<RetornoAutorizacao, 'cStat' | 'xMotivo' | 'nfeProc'>>(r: R): Desfecho<R> {
  const base = { retorno: r, codigo: r.cStat, motivo: `${r.cStat} - ${r.xMotivo}` };
  if (em(CSTAT_AUTORIZADA, r.cStat) && r.nfeProc) return { tipo: 'autorizada', retorno: r };
  if (em(CSTAT_DENEGADA, r.cStat)) return { tipo: 'denegada', ...base };
  if (em(CSTAT_DUPLICIDADE, r.cStat)) return { tipo: 'duplicidade', ...base };
  if (em(CSTAT_NAO_JULGADA, r.cStat)) return { tipo: 'sem-resposta', motivo: base.motivo };
  return { tipo: 'rejeitada', ...base };
}

/** What the Sefin Nacional (ADN) answers to a DPS, as the pipeline needs it (structurally: the client lives in nfse/). */
export type RetornoDps = { autorizada: true } | { autorizada: false; erros: { Codigo: string; Descricao: string; Complemento?: string }[] };

/** The ADN's code for a DPS it already holds (an earlier send got there, its answer lost). */
export const ADN_DPS_DUPLICADA = 'E0014';

/** The ADN's answer to a DPS, classified. */
export function classificarAdn<R extends RetornoDps>(r: R): Desfecho<R> {
  if (r.autorizada) return { tipo: 'autorizada', retorno: r };
  const erros = (r as Extract<RetornoDps, { autorizada: false }>).erros;
  const motivo = erros.map((e) => `${e.Codigo} - ${e.Descricao}`).join('; ');
  const codigo = erros[0]?.Codigo ?? '';
  if (erros.some((e) => e.Codigo === ADN_DPS_DUPLICADA)) return { tipo: 'duplicidade', retorno: r, codigo: ADN_DPS_DUPLICADA, motivo };
  return { tipo: 'rejeitada', retorno: r, codigo, motivo };
}

/** A SEFAZ call that got no judgement (unreachable, time-out, 5xx, consumo indevido): the reason, else null. */
export function semRespostaSefaz(e: unknown): string | null {
  return e instanceof SefazIndisponivelError || e instanceof ConsumoIndevidoError ? e.message : null;
}

/**
 * An event's answer (cancelamento, CC-e, cancelamento por substituição; the inutilização), as the pipeline needs it:
 * SEFAZ's code and text, the proc (procEventoNFe / procInutNFe) when it registered it, and its protocol.
 */
export interface RespostaEvento {
  cStat: string;
  xMotivo: string;
  proc?: string;
  protocolo: string | null;
}

/**
 * What each kind of event's codes mean (a per-kind table: the inutilização has its own). 'autorizada' is "registered"
 * for an event and "homologada" for an inutilização; the duplicate (573 the same event already registered, 256 a
 * number of the range already inutilised) is settled by the consultation, as a document's.
 */
export const CSTAT_EVENTO = {
  evento: { registrado: ['135', '136', '155'], duplicidade: ['573'] },
  inutilizacao: { registrado: ['102'], duplicidade: ['256'] },
} as const satisfies Record<string, { registrado: readonly string[]; duplicidade: readonly string[] }>;

export type EspecieEvento = keyof typeof CSTAT_EVENTO;

/** SEFAZ's answer to an event (or to an inutilização), classified. Not judged (108/109/656): no answer. */
export function classificarEvento<R extends RespostaEvento>(especie: EspecieEvento, r: R): Desfecho<R> {
  const t = CSTAT_EVENTO[especie];
  const base = { retorno: r, codigo: r.cStat, motivo: `${r.cStat} - ${r.xMotivo}` };
  if (em(t.registrado, r.cStat)) return { tipo: 'autorizada', retorno: r };
  if (em(t.duplicidade, r.cStat)) return { tipo: 'duplicidade', ...base };
  if (em(CSTAT_NAO_JULGADA, r.cStat)) return { tipo: 'sem-resposta', motivo: base.motivo };
  return { tipo: 'rejeitada', ...base };
}
