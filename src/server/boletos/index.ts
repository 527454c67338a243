/** The boletos module's public face: what other modules (app, demo seed) may call. */
export { default as boletosRoutes } from './routes.ts';
export { default as cobrancaRoutes } from './cobranca-routes.ts';
export { seedBoletos } from './demo.ts';
export { aplicarRetorno, baixarBoleto, cancelarBoleto, emitirAvulso, emitirBoletos, listarBoletos, previaRetorno, type Boleto, type EstadoBoleto } from './cobranca.ts';
