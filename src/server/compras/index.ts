/**
 * The purchases module's public face: what other modules and the demo seed (src/server/demo) may call. app.ts
 * registers the routes from their own files.
 */
export { proporEntrada } from './importar.ts';
export { lerNfe } from './nfe-leitura.ts';
