/**
 * Exportações (issue 36): the accountant's files of a branch's period (XML ZIP, SPED EFD ICMS/IPI, Sintegra) and the
 * files for scales and price-check terminals. The one face other modules (and app.ts) use.
 */
export { default as exportacoesRoutes } from './routes.ts';
export { lerNotaFiscal, type NotaFiscalXml } from './nfe-fiscal.ts';
