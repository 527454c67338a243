import { Worker } from 'node:worker_threads';
import os from 'node:os';
import type { ResultadoXsd, Pacote } from './validacao-tipos.ts';

/**
 * XSD validation off the main thread: a small pool of worker_threads, each with its own libxml2-wasm and its own
 * compiled schemas (compiled once per worker, on first use). A request goes to the least busy worker; the event
 * loop of the server stays free while documents are validated, and with more than one core several documents are
 * validated at the same time.
 */

interface Pendente {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

interface Trabalhador {
  w: Worker;
  pendentes: Map<number, Pendente>;
}

/**
 * The worker's entry. Under npm start the server bundle names the worker's own bundle (scripts/server-build.ts):
 * plain JavaScript, no TypeScript loader in the thread. Otherwise (tsx, vitest) the source entry, which registers
 * tsx in the worker first.
 */
function entrada(): URL {
  const empacotado = (globalThis as { __retaguardaWorkerXsd?: string }).__retaguardaWorkerXsd;
  return new URL(empacotado ?? './validacao-worker.mjs', import.meta.url);
}

export class PoolValidacao {
  private trabalhadores: Trabalhador[] = [];
  private seq = 0;
  private fechado = false;

  constructor(readonly tamanho: number) {
    if (tamanho < 1) throw new Error('O pool de validação precisa de ao menos um worker.');
  }

  private novo(): Trabalhador {
    const w = new Worker(entrada(), { workerData: { validacaoXsd: true } });
    const t: Trabalhador = { w, pendentes: new Map() };
    w.unref();
    w.on('message', (m: { id?: number; r?: unknown; erro?: string; nome?: string; pilha?: string; pronto?: boolean }) => {
      if (m.id === undefined) return;
      const p = t.pendentes.get(m.id);
      if (!p) return;
      t.pendentes.delete(m.id);
      if (t.pendentes.size === 0) w.unref();
      if (m.erro !== undefined) p.reject(Object.assign(new Error(m.erro), m.nome ? { name: m.nome } : {}, m.pilha ? { stack: m.pilha } : {}));
      else p.resolve(m.r);
    });
    const falhar = (e: Error) => {
      for (const p of t.pendentes.values()) p.reject(e);
      t.pendentes.clear();
      this.trabalhadores = this.trabalhadores.filter((x) => x !== t);
    };
    w.on('error', falhar);
    w.on('exit', (code) => falhar(new Error(`O worker de validação XSD terminou (código ${code}).`)));
    return t;
  }

  private escolher(): Trabalhador {
    if (this.fechado) throw new Error('O pool de validação foi fechado.');
    while (this.trabalhadores.length < this.tamanho) this.trabalhadores.push(this.novo());
    return this.trabalhadores.reduce((a, b) => (b.pendentes.size < a.pendentes.size ? b : a));
  }

  private pedir<T>(t: Trabalhador, msg: object): Promise<T> {
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      t.pendentes.set(id, { resolve: resolve as (v: unknown) => void, reject });
      // Keep the process alive while a worker owes an answer (idle workers do not hold it).
      t.w.ref();
      t.w.postMessage({ id, ...msg });
    });
  }

  async validar(xml: string, arquivo: string, pacote: Pacote): Promise<ResultadoXsd> {
    return this.pedir<ResultadoXsd>(this.escolher(), { xml, arquivo, pacote });
  }

  /** How many schemas each worker has compiled (tests: once per schema and worker, not per document). */
  async compilados(): Promise<number[]> {
    this.escolher();
    return Promise.all(this.trabalhadores.map((t) => this.pedir<number>(t, { consulta: 'compilados' })));
  }

  async fechar(): Promise<void> {
    this.fechado = true;
    const ts = this.trabalhadores;
    this.trabalhadores = [];
    await Promise.all(ts.map((t) => t.w.terminate()));
  }
}

/** FISCAL_XSD_WORKERS: workers of the shared pool; 0 validates on the main thread. Default: cores - 1, 1 to 4. */
export function tamanhoPadrao(): number {
  const env = process.env.FISCAL_XSD_WORKERS;
  if (env !== undefined && env !== '') return Math.max(0, Math.floor(Number(env)) || 0);
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

let compartilhado: PoolValidacao | null | undefined;

/** The process-wide pool (created on first use), or null when validation runs on the main thread. */
export function poolCompartilhado(): PoolValidacao | null {
  if (compartilhado === undefined) {
    const n = tamanhoPadrao();
    compartilhado = n > 0 ? new PoolValidacao(n) : null;
  }
  return compartilhado;
}
