import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import contadoresRoutes from './contadores-routes.ts';
import periodosRoutes from './periodos-routes.ts';
import planoRoutes from './plano-routes.ts';

/**
 * /api/contabil (issue 37), one file per sub-resource: the accountants and their invitations (contadores-routes),
 * the chart of accounts and the month's journal (plano-routes), closing the month (periodos-routes).
 */
export default async function contabilRoutes(app: FastifyInstance, opts: { services: AppServices }) {
  await contadoresRoutes(app, opts);
  await planoRoutes(app, opts);
  await periodosRoutes(app, opts);
}
