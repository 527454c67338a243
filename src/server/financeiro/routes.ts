import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import anexosRoutes from './anexos-routes.ts';
import contasRoutes from './contas-routes.ts';
import lancamentosRoutes from './lancamentos-routes.ts';
import parcelasRoutes from './parcelas-routes.ts';

/**
 * Financeiro API, one file per sub-resource: lançamentos with their parcelas (lancamentos-routes), parcelas and
 * baixas with their estornos (parcelas-routes), contas, transferências and the ledger (contas-routes), the
 * attachments (anexos-routes). Every write is one transaction of the domain service (lancamentos).
 * Registered before the generic routes: POST /api/TransferenciasFinanceiras takes the verb the document leaves out.
 */
export default async function financeiroRoutes(app: FastifyInstance, opts: { services: AppServices }) {
  await app.register(lancamentosRoutes, opts);
  await app.register(parcelasRoutes, opts);
  await app.register(contasRoutes, opts);
  await app.register(anexosRoutes, opts);
}
