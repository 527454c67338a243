/**
 * libxml2-wasm instantiates its WebAssembly memory (~160 MB of RSS) as soon as it is imported. It is loaded on
 * first use instead, so a server process that never validates a fiscal XML does not carry it (the validation
 * pool's workers load their own).
 */
type Libxml = typeof import('libxml2-wasm');

let lib: Libxml | null = null;
let carregando: Promise<Libxml> | null = null;

export function carregarLibxml(): Promise<Libxml> {
  if (lib) return Promise.resolve(lib);
  carregando ??= import('libxml2-wasm').then((m) => (lib = m));
  return carregando;
}

/** The loaded library; carregarLibxml() must have been awaited first in this thread. */
export function libxml(): Libxml {
  if (!lib) throw new Error('libxml2 ainda não foi carregada nesta thread: aguarde carregarLibxml() antes de validar.');
  return lib;
}
