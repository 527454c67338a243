/**
 * Contábil (issue 37): the accountant's portal — the shop invites its accountant (single-use e-mailed link), he keeps
 * one login for every client account and switches between them, the shop revokes and sees every access; the
 * accountant's panel. The one face other modules (and app.ts) use.
 */
export { default as contabilRoutes } from './routes.ts';
export { destinoDoLogin, MSG as CONTABIL_MSG } from './contadores.ts';
export { seedContabil } from './demo.ts';
export { exigirPeriodoAberto } from './periodos.ts';
export { autXmlDaConta } from './autxml.ts';
