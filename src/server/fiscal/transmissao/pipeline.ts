import type { Desfecho } from './classificar.ts';

/**
 * THE transmission pipeline of every fiscal document (NF-e, NFC-e, NFS-e), after transaction 1 has built, signed,
 * validated and stored it with its key fixed: send → classify → (adopt a duplicate) → record. What differs between
 * the models is an adapter: the client call (`enviar`, `consultar`), how the answer is classified (`classificar`:
 * classificarSefaz, classificarAdn) and what transaction 2 posts (the `registrar` the caller hands to `transmitir`).
 * Nothing here opens a transaction: the clients refuse to run inside one (guardaSemTransacao).
 */
export interface Etapas<R> {
  /** the send of the document exactly as it was signed (same key, same DPS id) */
  enviar: () => Promise<R>;
  classificar: (r: R) => Desfecho<R>;
  /** the authoriser asked by the stored key (consulta protocolo; the ADN by DPS id) */
  consultar?: () => Promise<Consulta<R>>;
  /** an error that means "no judgement" (unreachable, time-out, 5xx): its reason, else null (the error is thrown) */
  semResposta: (e: unknown) => string | null;
  /**
   * A duplicate whose key the authoriser does not hold: 'rejeitada' when the duplicate names another key on a first
   * send (SEFAZ 539: this key was refused), 'sem-resposta' when it may be this very document and the consultation lags
   * (ADN E0014; any recovery, `consultarAntes`: the number is never given back while the authoriser may hold it).
   */
  duplicidadeAusente?: 'rejeitada' | 'sem-resposta';
}

export type Consulta<R> = { situacao: 'autorizada'; retorno: R } | { situacao: 'ausente' } | { situacao: 'desconhecida'; motivo: string };

/**
 * Send and classify, with no transaction open. `consultarAntes` (the recovery of a document left 'transmitindo', a
 * resend after a time-out): the authoriser is asked by the key first; authorised there it is adopted, unknown there
 * the same signed document is sent, unreachable it stays as it is. A duplicate answer is settled by the same
 * consultation: adopted when authorised under this key. Never a second key for a number already sent.
 */
export async function enviarEClassificar<R>(e: Etapas<R>, opcoes: { consultarAntes?: boolean } = {}): Promise<Desfecho<R>> {
  try {
    if (opcoes.consultarAntes && e.consultar) {
      const c = await e.consultar();
      if (c.situacao === 'autorizada') return { tipo: 'autorizada', retorno: c.retorno };
      if (c.situacao === 'desconhecida') return { tipo: 'sem-resposta', motivo: c.motivo };
    }
    const d = e.classificar(await e.enviar());
    if (d.tipo !== 'duplicidade') return d;
    const c = e.consultar ? await e.consultar() : ({ situacao: 'desconhecida', motivo: 'sem consulta pela chave' } as const);
    if (c.situacao === 'autorizada') return { tipo: 'autorizada', retorno: c.retorno };
    if (c.situacao === 'desconhecida') return { tipo: 'sem-resposta', motivo: `${d.motivo} (${c.motivo})` };
    return (e.duplicidadeAusente ?? (opcoes.consultarAntes ? 'sem-resposta' : 'rejeitada')) === 'rejeitada' ? { ...d, tipo: 'rejeitada' } : { tipo: 'sem-resposta', motivo: d.motivo };
  } catch (err) {
    const motivo = e.semResposta(err);
    if (motivo == null) throw err;
    return { tipo: 'sem-resposta', motivo };
  }
}

/** The whole pipeline for one document: send and classify (above), then the model's record step (transaction 2). */
export async function transmitir<R, T>(e: Etapas<R>, registrar: (d: Desfecho<R>) => Promise<T>, opcoes: { consultarAntes?: boolean } = {}): Promise<T> {
  return registrar(await enviarEClassificar(e, opcoes));
}
