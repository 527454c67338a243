/**
 * exportacoes-fiscais/exportacao-para-terminal (issue 36 item 6): the price-check terminals (Gertec TC 506 /
 * Busca Preço G2): the price file and the embedded TCP server speaking the terminal's protocol. The module's one
 * public face.
 */
export { default } from './routes.ts';
export { ServidoresTerminal, consultarPreco } from './servidor.ts';
export { interpretar, respostaPreco, separarFrames } from './protocolo.ts';
