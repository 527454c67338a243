/**
 * The sales module's public face: what other modules and the demo seed (src/server/demo) may call. app.ts registers
 * the routes from their own files.
 */
export { agoraLocal } from './pedido-venda.ts';
