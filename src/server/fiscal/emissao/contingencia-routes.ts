import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../app-services.ts';
import { serverAllows } from '../../auth/access.ts';
import { forbidden } from '../../http/errors.ts';
import { answer, arrayOf, INT, objectOf } from '../../http/route-schema.ts';
import { transmitirPendentes, transmitirTodasPendentes } from './contingencia-nfe.ts';
import { CHAVES_NFE } from './routes.ts';
import { resolverTransmitindo } from './notas.ts';
import { resolverEventosPendentes } from './eventos.ts';
import type { PeriodicKind } from '../../jobs/index.ts';

/** Minutes between two automatic attempts to send the notes issued in contingency (EPEC) to the normal authoriser. */
const INTERVALO_PENDENTES_MS = 5 * 60_000;

/** 'Transmitir pendentes' (notas-processadas) and the job that does the same for every branch while notes wait. */
export default async function contingenciaRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.post('/api/NotasFiscais/transmitirPendentes', {
    config: { module: 'nfe' },
    schema: {
      tags: ['NF-e'],
      summary: 'Transmite ao autorizador normal as notas emitidas em contingência (EPEC) que aguardam; para na primeira que encontra a SEFAZ ainda indisponível',
      response: { 200: answer('Autorizadas, rejeitadas e quantas ainda aguardam', objectOf({ autorizadas: arrayOf(INT), rejeitadas: arrayOf({ type: 'object' }), pendentes: INT })) },
    },
  }, async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, CHAVES_NFE.emitir, 'change') && !serverAllows(ctx, CHAVES_NFE.notas, 'change')) throw forbidden('Você não tem permissão para transmitir notas fiscais.');
    return transmitirPendentes(services, ctx as typeof ctx & { branchId: number | null });
  });
  // Once at start: notes a crash left 'transmitindo' (this process has none in flight yet) are settled by their key:
  // adopted when SEFAZ authorised them, sent again with the same XML when unknown there, compensated when refused.
  app.addHook('onReady', async () => {
    void resolverTransmitindo(services, 0)
      .catch((e) => app.log.warn(`resolverTransmitindo: ${(e as Error).message}`))
      // then the events (cancelamento, CC-e, inutilização) left 'transmitindo': adopted from SEFAZ or sent again
      .then(() => resolverEventosPendentes(services, 0))
      .catch((e) => app.log.warn(`resolverEventosPendentes: ${(e as Error).message}`));
  });
}

/**
 * The periodic job that sends the notes issued in contingency for every branch while notes wait, and first finishes
 * the notes a crash left 'transmitindo' (consulted at SEFAZ by their key, never renumbered).
 */
export const jobsContingenciaNfe = (services: AppServices): PeriodicKind[] => [
  {
    tipo: 'nfe.transmitirPendentes',
    aCadaMs: INTERVALO_PENDENTES_MS,
    executar: async () => {
      await resolverTransmitindo(services).catch(() => {});
      await resolverEventosPendentes(services).catch(() => {});
      await transmitirTodasPendentes(services);
    },
  },
];
