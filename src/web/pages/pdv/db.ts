import type { ArmazemFila, VendaFila } from './fila.ts';
import type { Catalogo } from './tipos.ts';

/**
 * The PDV's IndexedDB (no wrapper library: four stores and a handful of calls). Stores:
 * - `fila`: the sales queue (fila.ts), key `chave`, index `seq`;
 * - `catalogo`: the last catalogue per station, key pdvId;
 * - `numeracao`: the block of NFC-e numbers reserved for offline sales, key pdvId;
 * - `estado`: the station, operator and open register of this browser, so a reload offline resumes selling.
 */
const NOME = 'retaguarda-pdv';
let aberto: Promise<IDBDatabase> | null = null;

export function abrirBanco(): Promise<IDBDatabase> {
  return (aberto ??= new Promise((ok, falha) => {
    const r = indexedDB.open(NOME, 1);
    r.onupgradeneeded = () => {
      const db = r.result;
      const fila = db.createObjectStore('fila', { keyPath: 'chave' });
      fila.createIndex('seq', 'seq', { unique: true });
      db.createObjectStore('catalogo');
      db.createObjectStore('numeracao');
      db.createObjectStore('estado');
    };
    r.onsuccess = () => ok(r.result);
    r.onerror = () => {
      aberto = null;
      falha(r.error);
    };
  }));
}

const req = <T>(r: IDBRequest<T>) => new Promise<T>((ok, falha) => {
  r.onsuccess = () => ok(r.result);
  r.onerror = () => falha(r.error);
});
const fim = (tx: IDBTransaction) => new Promise<void>((ok, falha) => {
  tx.oncomplete = () => ok();
  tx.onerror = () => falha(tx.error);
  tx.onabort = () => falha(tx.error ?? new Error('Transação do IndexedDB abortada.'));
});

export async function ler<T>(store: string, chave: IDBValidKey): Promise<T | undefined> {
  const db = await abrirBanco();
  return (await req(db.transaction(store).objectStore(store).get(chave))) as T | undefined;
}

export async function gravar(store: string, chave: IDBValidKey | undefined, valor: unknown): Promise<void> {
  const db = await abrirBanco();
  const tx = db.transaction(store, 'readwrite');
  if (chave === undefined) tx.objectStore(store).put(valor);
  else tx.objectStore(store).put(valor, chave);
  await fim(tx);
}

export async function apagar(store: string, chave: IDBValidKey): Promise<void> {
  const db = await abrirBanco();
  const tx = db.transaction(store, 'readwrite');
  tx.objectStore(store).delete(chave);
  await fim(tx);
}

export const FilaIndexedDb: ArmazemFila & { todas(): Promise<VendaFila[]> } = {
  gravar: (v) => gravar('fila', undefined, v),
  async pendentes() {
    return (await this.todas()).filter((v) => v.situacao === 'pendente');
  },
  async todas() {
    const db = await abrirBanco();
    return (await req(db.transaction('fila').objectStore('fila').index('seq').getAll())) as VendaFila[];
  },
  async proximoSeq() {
    const db = await abrirBanco();
    const tx = db.transaction('fila');
    const c = await req(tx.objectStore('fila').index('seq').openCursor(null, 'prev'));
    return ((c?.value as VendaFila | undefined)?.seq ?? 0) + 1;
  },
};

export interface BlocoNumeracao {
  serie: number;
  /** next number to use */
  proximo: number;
  ate: number;
}

/**
 * Takes the next reserved number in one readwrite transaction (two sales never share one, even across tabs);
 * null when the block is used up (or none was reserved).
 */
export async function tomarNumero(pdvId: number): Promise<{ serie: number; numero: number; restantes: number } | null> {
  const db = await abrirBanco();
  const tx = db.transaction('numeracao', 'readwrite');
  const s = tx.objectStore('numeracao');
  const b = (await req(s.get(pdvId))) as BlocoNumeracao | undefined;
  if (!b || b.proximo > b.ate) {
    await fim(tx);
    return null;
  }
  s.put({ ...b, proximo: b.proximo + 1 }, pdvId);
  await fim(tx);
  return { serie: b.serie, numero: b.proximo, restantes: b.ate - b.proximo };
}

export async function restantesNumeracao(pdvId: number): Promise<number> {
  const b = await ler<BlocoNumeracao>('numeracao', pdvId);
  return b ? Math.max(0, b.ate - b.proximo + 1) : 0;
}

export const lerCatalogo = (pdvId: number) => ler<Catalogo>('catalogo', pdvId);
export const gravarCatalogo = (pdvId: number, c: Catalogo) => gravar('catalogo', pdvId, c);
