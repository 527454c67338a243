import type { VendaEnvio, VendaResposta } from './tipos.ts';

/**
 * The durable queue of sales. Every finished sale is written here BEFORE it is sent (so a reload or a crash
 * never loses it), then sent with its idempotency key; the server answers the same key twice with the same
 * sale, so a sale whose answer was lost is retried safely. Sent once each, in the order they were made.
 */
export interface VendaFila {
  chave: string;
  /** order of the sales on this station (monotonic) */
  seq: number;
  criadaEm: string;
  envio: VendaEnvio;
  situacao: 'pendente' | 'enviada' | 'recusada';
  resposta?: VendaResposta;
  erro?: string;
  tentativas: number;
}

/** Where the queue lives: IndexedDB in the browser (db.ts), a Map in the tests. */
export interface ArmazemFila {
  gravar(v: VendaFila): Promise<void>;
  /** every sale not yet accepted or refused, by seq */
  pendentes(): Promise<VendaFila[]>;
  proximoSeq(): Promise<number>;
}

export type ResultadoEnvio =
  | { tipo: 'ok'; resposta: VendaResposta }
  /** the server could not be reached (or answered 5xx): keep the sale, stop here, try again later */
  | { tipo: 'rede'; mensagem: string }
  /** the server refused the sale (4xx): it will not get better by retrying */
  | { tipo: 'recusada'; mensagem: string };

export async function enfileirar(a: ArmazemFila, envio: VendaEnvio, agora = new Date()): Promise<VendaFila> {
  const v: VendaFila = { chave: envio.chave, seq: await a.proximoSeq(), criadaEm: agora.toISOString(), envio, situacao: 'pendente', tentativas: 0 };
  await a.gravar(v);
  return v;
}

export interface ResumoSincronia {
  enviadas: VendaFila[];
  recusadas: VendaFila[];
  /** still waiting (the first one could not reach the server) */
  restantes: number;
  erroRede?: string;
}

let emCurso: Promise<ResumoSincronia> | null = null;

/**
 * Sends the pending sales one at a time, oldest first; stops at the first one the network refuses (the rest
 * keep their order for the next attempt). One run at a time in this page; across tabs, navigator.locks when
 * the browser has it (the idempotency key covers the rest).
 */
export function sincronizar(a: ArmazemFila, enviar: (v: VendaFila) => Promise<ResultadoEnvio>): Promise<ResumoSincronia> {
  if (emCurso) return emCurso;
  const rodar = async (): Promise<ResumoSincronia> => {
    const r: ResumoSincronia = { enviadas: [], recusadas: [], restantes: 0 };
    const fila = await a.pendentes();
    for (let i = 0; i < fila.length; i++) {
      const v = { ...fila[i], tentativas: fila[i].tentativas + 1 };
      const res = await enviar(v);
      if (res.tipo === 'rede') {
        await a.gravar({ ...v, erro: res.mensagem });
        r.restantes = fila.length - i;
        r.erroRede = res.mensagem;
        return r;
      }
      if (res.tipo === 'ok') {
        const feita: VendaFila = { ...v, situacao: 'enviada', resposta: res.resposta, erro: undefined };
        await a.gravar(feita);
        r.enviadas.push(feita);
      } else {
        const recusada: VendaFila = { ...v, situacao: 'recusada', erro: res.mensagem };
        await a.gravar(recusada);
        r.recusadas.push(recusada);
      }
    }
    return r;
  };
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  emCurso = (locks ? locks.request('pdv-fila', rodar) : rodar()).finally(() => {
    emCurso = null;
  });
  return emCurso;
}

/** The queue in memory (tests, and the fallback when IndexedDB is unavailable). */
export class FilaMemoria implements ArmazemFila {
  readonly itens = new Map<string, VendaFila>();
  private seq = 0;
  async gravar(v: VendaFila) {
    this.itens.set(v.chave, structuredClone(v));
  }
  async pendentes() {
    return [...this.itens.values()].filter((v) => v.situacao === 'pendente').sort((x, y) => x.seq - y.seq).map((v) => structuredClone(v));
  }
  async proximoSeq() {
    return ++this.seq;
  }
}
