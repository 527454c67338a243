import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LevelName } from '../../shared/permissions.ts';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { parseId } from '../resources/resource-service.ts';
import type { EventosDeDominio } from '../resources/eventos.ts';
import { criarChave, listarChaves, revogarChave } from './chaves-api.ts';
import { switchTeste } from './destino-seguro.ts';
import { listarIntegracoes, salvarIntegracao } from './sistemas.ts';
import { ajustesTeste, EntregadorWebhooks } from './entregador.ts';
import {
  alterarEndpoint,
  catalogoEventos,
  criarEndpoint,
  EVENTO_TESTE,
  excluirEndpoint,
  listarEndpoints,
  listarEntregas,
  listarTentativas,
  reenviarEntrega,
  registrarEvento,
} from './webhooks.ts';

/**
 * Integrações (issue 40): API keys (`Authorization: ApiKey …`, resolved in app.ts through resolverChaveApi)
 * and Standard Webhooks (events recorded in the writer's transaction, delivered by EntregadorWebhooks).
 * The one public face of src/server/integracoes.
 */
export { resolverChaveApi } from './chaves-api.ts';
export { ESPERAS_S } from './entregador.ts';
export { integracoesDaFilial, SISTEMAS } from './sistemas.ts';
export { webhooksOpenApi } from './openapi.ts';

/** Test-only switches (never set in production): a loopback http receiver, a shortened retry schedule. */
export function configurarWebhooksParaTeste(o: { permitirLoopback?: boolean; escalaBackoff?: number }): void {
  if (o.permitirLoopback !== undefined) switchTeste.loopback = o.permitirLoopback;
  if (o.escalaBackoff !== undefined) ajustesTeste.escalaBackoff = o.escalaBackoff;
}

const PERMISSAO = 'app.integracao';

export default async function integracoesRoutes(app: FastifyInstance, { services, webhookWorker }: { services: AppServices; webhookWorker?: boolean }) {
  const { db } = services;
  const entregador = webhookWorker === false ? null : new EntregadorWebhooks(db, (tenantId, userId, alerta) => services.realtime?.toUser(tenantId, userId, 'alerta', alerta));
  const eventos: EventosDeDominio = {
    async emitir(q, ctx, tipo, dados) {
      if (await registrarEvento(q, ctx.tenantId, tipo, dados)) entregador?.acordar();
    },
  };
  services.eventos = eventos;
  services.resources.eventos = eventos;
  if (entregador) {
    app.addHook('onReady', async () => entregador.start());
    app.addHook('preClose', async () => entregador.stop());
  }

  let catalogo: { tipo: string; descricao: string }[] | null = null;
  const catalogoAtual = () => (catalogo ??= catalogoEventos(services.registry, services.documents));
  const tipos = () => new Set(catalogoAtual().map((e) => e.tipo));

  const guard = (req: FastifyRequest, level: LevelName): RequestContext => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, PERMISSAO, level)) throw forbidden(`Você não tem permissão para ${level === 'view' ? 'consultar' : 'alterar'} as integrações.`);
    return ctx;
  };
  const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);

  // Sistemas externos por filial (SPEC 3.2)
  app.get('/api/Integracoes', async (req) => {
    const ctx = guard(req, 'view');
    return db.tenant(ctx, (q) => listarIntegracoes(q, ctx), { readOnly: true });
  });
  app.put('/api/Integracoes/:sistema', async (req) => {
    const ctx = guard(req, 'change');
    return db.tenant(ctx, (q) => salvarIntegracao(q, ctx, (req.params as { sistema: string }).sistema, (req.body ?? {}) as Record<string, unknown>));
  });

  // Chaves de API
  app.get('/api/ChavesApi', async (req) => {
    const ctx = guard(req, 'view');
    return db.tenant(ctx, (q) => listarChaves(q, ctx), { readOnly: true });
  });
  app.post('/api/ChavesApi', async (req) => {
    const ctx = guard(req, 'change');
    return db.tenant(ctx, (q) => criarChave(q, ctx, (req.body ?? {}) as object));
  });
  app.post('/api/ChavesApi/:id/revogar', async (req) => {
    const ctx = guard(req, 'change');
    const id = idOf(req);
    return db.tenant(ctx, (q) => revogarChave(q, ctx, id));
  });

  // Webhooks
  app.get('/api/Webhooks/eventos', async (req) => {
    guard(req, 'view');
    return catalogoAtual();
  });
  app.get('/api/Webhooks', async (req) => {
    const ctx = guard(req, 'view');
    return db.tenant(ctx, (q) => listarEndpoints(q, ctx, serverAllows(ctx, PERMISSAO, 'change')), { readOnly: true });
  });
  app.post('/api/Webhooks', async (req) => {
    const ctx = guard(req, 'change');
    return db.tenant(ctx, (q) => criarEndpoint(q, ctx, (req.body ?? {}) as object, tipos()));
  });
  app.patch('/api/Webhooks/:id', async (req) => {
    const ctx = guard(req, 'change');
    const id = idOf(req);
    return db.tenant(ctx, (q) => alterarEndpoint(q, ctx, id, (req.body ?? {}) as object, tipos()));
  });
  app.delete('/api/Webhooks/:id', async (req) => {
    const ctx = guard(req, 'change');
    const id = idOf(req);
    return db.tenant(ctx, (q) => excluirEndpoint(q, ctx, id));
  });
  app.post('/api/Webhooks/:id/testar', async (req) => {
    const ctx = guard(req, 'change');
    const id = idOf(req);
    const eventoId = await db.tenant(ctx, async (q) => {
      const r = await registrarEvento(q, ctx.tenantId, EVENTO_TESTE, { mensagem: 'Evento de teste enviado pelo Retaguarda.', usuario: ctx.nome }, id);
      if (!r) throw notFound('Webhook não encontrado.');
      return r;
    });
    entregador?.acordar();
    return { eventoId };
  });
  app.get('/api/Webhooks/:id/entregas', async (req) => {
    const ctx = guard(req, 'view');
    const id = idOf(req);
    return db.tenant(ctx, (q) => listarEntregas(q, ctx, id), { readOnly: true });
  });
  app.get('/api/WebhookEntregas/:id/tentativas', async (req) => {
    const ctx = guard(req, 'view');
    const id = idOf(req);
    return db.tenant(ctx, (q) => listarTentativas(q, ctx, id), { readOnly: true });
  });
  app.post('/api/WebhookEntregas/:id/reenviar', async (req) => {
    const ctx = guard(req, 'change');
    const id = idOf(req);
    await db.tenant(ctx, (q) => reenviarEntrega(q, ctx, id));
    entregador?.acordar();
    return { ok: true };
  });
}
