import { parentPort } from 'node:worker_threads';
import { carregarLibxml } from './libxml.ts';
import { validarXsdSync, schemasCompilados, type Pacote } from './validacao-xsd.ts';

/**
 * One validation worker: libxml2-wasm is instantiated and each schema compiled once in this thread, then every
 * request is a parse and a walk. Messages: { id, xml, arquivo, pacote } -> { id, r } | { id, erro };
 * { id, consulta: 'compilados' } -> { id, r: number }.
 */
type Pedido = { id: number; xml: string; arquivo: string; pacote: Pacote } | { id: number; consulta: 'compilados' };

// libxml2 first: every request after that runs synchronously in this thread.
await carregarLibxml();

parentPort!.on('message', (p: Pedido) => {
  try {
    if ('consulta' in p) parentPort!.postMessage({ id: p.id, r: schemasCompilados() });
    else parentPort!.postMessage({ id: p.id, r: validarXsdSync(p.xml, p.arquivo, p.pacote) });
  } catch (e) {
    // Name and stack too: the server's log shows where, and an XsdAusenteError keeps its name across the thread.
    parentPort!.postMessage({ id: p.id, erro: (e as Error).message ?? String(e), nome: (e as Error).name, pilha: (e as Error).stack });
  }
});
parentPort!.postMessage({ pronto: true });
