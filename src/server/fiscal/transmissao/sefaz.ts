import { consultarAposTempoEsgotado } from './consulta.ts';
import type { NfeMontada } from '../nfe.ts';
import { envelopeEventos } from '../mensagens.ts';
import type { RetornoAutorizacao, SefazCliente } from '../sefaz-cliente.ts';
import { classificarEvento, classificarSefaz, semRespostaSefaz, type Desfecho, type RespostaEvento } from './classificar.ts';
import { enviarEClassificar, type Consulta, type Etapas } from './pipeline.ts';

/** A signed NF-e/NFC-e with its key fixed in transaction 1: what the SEFAZ adapter sends and asks about. */
export interface XmlAssinado {
  chave: string;
  xml: string;
}

/** SEFAZ asked by the key (NFeConsultaProtocolo): authorised there (nfeProc assembled), not there (217), or unknown. */
export async function consultarSefaz(sefaz: SefazCliente, doc: XmlAssinado): Promise<Consulta<RetornoAutorizacao>> {
  const c = await consultarAposTempoEsgotado(sefaz, doc as NfeMontada);
  if (c.situacao === 'autorizada') return { situacao: 'autorizada', retorno: c.retorno };
  if (c.situacao === 'ausente') return { situacao: 'ausente' };
  return { situacao: 'desconhecida', motivo: c.motivo };
}

/** The SEFAZ adapter of the pipeline (NF-e and NFC-e): NFeAutorizacao of the stored XML, NFeConsultaProtocolo by its key. */
export function etapasSefaz(sefaz: SefazCliente, doc: XmlAssinado): Etapas<RetornoAutorizacao> {
  return {
    enviar: () => sefaz.autorizar(doc.xml),
    classificar: classificarSefaz,
    consultar: () => consultarSefaz(sefaz, doc),
    semResposta: semRespostaSefaz,
  };
}

/**
 * One stored NF-e/NFC-e through send and classify, on a client opened for it (`abrir`) and closed after: the resend of
 * a contingency note, the recovery of a note left 'transmitindo' (`consultarAntes`). The caller records the outcome.
 */
export async function transmitirXmlSefaz(abrir: () => Promise<SefazCliente>, doc: XmlAssinado, opcoes: { consultarAntes?: boolean } = {}): Promise<Desfecho<RetornoAutorizacao>> {
  const sefaz = await abrir();
  try {
    return await enviarEClassificar(etapasSefaz(sefaz, doc), opcoes);
  } finally {
    sefaz.fechar();
  }
}

/**
 * A first send already answered (the contingency-aware EmissorNfe, the NFC-e's online attempt) classified, with a
 * duplicate settled by asking SEFAZ for this key: adopted when authorised, refused when another key holds the number.
 */
export async function classificarResposta(abrir: () => Promise<SefazCliente>, doc: XmlAssinado, r: RetornoAutorizacao): Promise<Desfecho<RetornoAutorizacao>> {
  const d = classificarSefaz(r);
  if (d.tipo !== 'duplicidade') return d;
  const sefaz = await abrir();
  try {
    // The answer already received goes through the same pipeline (its duplicate settled by the consultation).
    return await enviarEClassificar({ ...etapasSefaz(sefaz, doc), enviar: async () => r });
  } finally {
    sefaz.fechar();
  }
}

// ---------------------------------------------------------------- events (cancelamento, CC-e, substituição, inutilização)

const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';
const protocoloDe = (proc: string | undefined, raiz: string) => (proc ? /<nProt>(\d+)</.exec(proc.split(raiz)[1] ?? proc)?.[1] ?? null : null);
/** The note's own situations at SEFAZ (known there): an event missing from its list was not registered. */
const NOTA_CONHECIDA = ['100', '150', '101', '151', '110', '301', '302', '303'];

/** An event signed in transaction 1 with its identity fixed (the note's key, tpEvento, nSeqEvento). */
export interface EventoAssinado {
  chave: string;
  tpEvento: string;
  sequencia: number;
  xml: string;
}

/**
 * SEFAZ asked by the note's key (NFeConsultaProtocolo lists the registered events): the event found is adopted with
 * its procEventoNFe; missing from a note SEFAZ knows, it is 'ausente'; any other answer leaves it unknown.
 */
export async function consultarEventoSefaz(sefaz: SefazCliente, ev: EventoAssinado): Promise<Consulta<RespostaEvento>> {
  const c = await sefaz.consultar(ev.chave);
  const proc = c.eventos.find((p) => p.includes(`<tpEvento>${ev.tpEvento}</tpEvento>`) && new RegExp(`<nSeqEvento>0*${Number(ev.sequencia)}</nSeqEvento>`).test(p));
  if (proc) {
    const ret = proc.split('<retEvento')[1] ?? '';
    const completo = proc.replace(/^<procEventoNFe(?![^>]*xmlns=)/, `<procEventoNFe xmlns="${NS_NFE}"`);
    const retorno = { cStat: /<cStat>(\d+)</.exec(ret)?.[1] ?? '135', xMotivo: /<xMotivo>([^<]*)</.exec(ret)?.[1] ?? 'Evento registrado e vinculado a NF-e', proc: completo, protocolo: /<nProt>(\d+)</.exec(ret)?.[1] ?? null };
    return { situacao: 'autorizada', retorno };
  }
  if (NOTA_CONHECIDA.includes(c.cStat)) return { situacao: 'ausente' };
  return { situacao: 'desconhecida', motivo: `${c.cStat} - ${c.xMotivo}` };
}

/**
 * The SEFAZ adapter of an event (NF-e and NFC-e: cancelamento 110111, CC-e 110110, cancelamento por substituição
 * 110112): NFeRecepcaoEvento of the stored signed event, NFeConsultaProtocolo by the note's key. A 573 (the same event
 * already registered) is adopted from the consultation; not there, it is refused.
 */
export function etapasEvento(sefaz: SefazCliente, ev: EventoAssinado): Etapas<RespostaEvento> {
  return {
    enviar: async () => {
      const r = await sefaz.enviarEventos(envelopeEventos(Date.now(), [ev.xml]));
      const e = r.eventos[0] ?? { cStat: r.cStat, xMotivo: r.xMotivo, procEventoNFe: undefined };
      return { cStat: e.cStat, xMotivo: e.xMotivo, proc: e.procEventoNFe, protocolo: protocoloDe(e.procEventoNFe, '<retEvento') };
    },
    classificar: (r) => classificarEvento('evento', r),
    consultar: () => consultarEventoSefaz(sefaz, ev),
    semResposta: semRespostaSefaz,
    duplicidadeAusente: 'rejeitada',
  };
}

/**
 * The SEFAZ adapter of an inutilização (NFeInutilizacao of the stored signed range). SEFAZ has no consultation of a
 * range: a 256 (a number already inutilised) is adopted as homologated only by a recovery (`recuperacao`: the answer of
 * an earlier send of this very range was lost), without its file; on a first send it is a refusal.
 */
export function etapasInutilizacao(sefaz: SefazCliente, xml: string, recuperacao: boolean): Etapas<RespostaEvento> {
  return {
    enviar: async () => {
      const r = await sefaz.inutilizar(xml);
      return { cStat: r.cStat, xMotivo: r.xMotivo, proc: r.procInutNFe, protocolo: r.procInutNFe ? protocoloDe(r.xml, '<infInut') : null };
    },
    classificar: (r) => classificarEvento('inutilizacao', r),
    consultar: async () =>
      recuperacao ? { situacao: 'autorizada', retorno: { cStat: '102', xMotivo: 'Inutilização de número homologado (confirmada depois de uma interrupção)', protocolo: null } } : { situacao: 'ausente' },
    semResposta: semRespostaSefaz,
    duplicidadeAusente: 'rejeitada',
  };
}
