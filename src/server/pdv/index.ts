/**
 * The POS module's public face: what other modules and the demo seed (src/server/demo) may call. app.ts registers
 * the routes from their own files.
 */
export { esperadoDoCaixa, lerCaixa, registrarContagem, TIPO_CAIXA } from './caixas.ts';
export { hashPin } from './operadores.ts';
export { ORIGEM_VENDA } from './cupons.ts';
