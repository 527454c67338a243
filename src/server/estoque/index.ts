/**
 * The stock module's public face: what other modules and the demo seed (src/server/demo) may call. Postings run
 * inside the caller's transaction. app.ts registers the routes from their own files.
 */
export { movimentar } from './movimentos.ts';
export { aplicar, lerPedido } from './alteracao-preco.ts';
export { gerarGrade } from './variacoes.ts';
