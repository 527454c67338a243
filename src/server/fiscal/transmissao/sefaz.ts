import { consultarAposTempoEsgotado } from '../contingencia.ts';
import type { NfeMontada } from '../nfe.ts';
import type { RetornoAutorizacao, SefazCliente } from '../sefaz-cliente.ts';
import { classificarSefaz, semRespostaSefaz, type Desfecho } from './classificar.ts';
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
