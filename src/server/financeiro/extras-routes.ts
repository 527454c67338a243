import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { ReportWorker } from '../relatorios/worker.ts';
import ofxRoutes from './ofx/routes.ts';
import recorrenteRoutes from './recorrente-routes.ts';
import relatoriosFinanceirosRoutes from './relatorios-routes.ts';

/** Conciliação OFX, lançamentos recorrentes and the financial reports: registered beside financeiroRoutes. */
export default async function financeiroExtrasRoutes(app: FastifyInstance, opts: { services: AppServices; worker: ReportWorker | null }) {
  await app.register(ofxRoutes, opts);
  await app.register(recorrenteRoutes, opts);
  await app.register(relatoriosFinanceirosRoutes, opts);
}
