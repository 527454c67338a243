import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BackgroundTasks, type AppServices } from './app-services.ts';
import { createMailer, type Mailer } from './email/mailer.ts';
import { forgetSessions, resolveSessionCached } from './auth/sessions.ts';
import { BrandResolver } from './brands/brand-resolver.ts';
import cepsRoutes from './ceps/routes.ts';
import type { Db } from './db/db.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { unauthorized } from './http/errors.ts';
import openapiRoutes from './openapi/routes.ts';
import { ResourceRegistry } from './resources/registry.ts';
import { ResourceService } from './resources/resource-service.ts';
import resourceRoutes from './resources/routes.ts';
import usuariosRoutes from './usuarios/routes.ts';
import usuariosWhitelabelRoutes from './usuarios/whitelabel.ts';
import alertasRoutes from './alertas/routes.ts';
import favoritosRoutes from './favoritos/routes.ts';
import { attachRealtime } from './realtime/realtime.ts';
import relatoriosRoutes from './relatorios/routes.ts';
import { ReportWorker } from './relatorios/worker.ts';
import boletosRoutes from './boletos/routes.ts';
import brandRoutes from './brands/routes.ts';
import fiscalRoutes from './fiscal/routes.ts';
import planosRoutes from './planos/routes.ts';
import assinaturaRoutes from './planos/assinatura-routes.ts';
import { installSubscriptionGate } from './planos/gating.ts';
import modulosAdminRoutes from './admin/modulos-routes.ts';
import npsRoutes from './admin/nps-routes.ts';
import aparenciaRoutes from './admin/aparencia-routes.ts';
import ibptRoutes from './admin/ibpt-routes.ts';
import contasRoutes from './admin/contas-routes.ts';
import tabelasAdminRoutes from './admin/tabelas-routes.ts';

export const WEB_DIST = resolve(import.meta.dirname, '../../dist');

/** Paths answered without a session: sign-in, health, the API description and public reference data. */
const PUBLIC_PREFIXES = ['/api/Ceps/', '/api/openapi.json'];

export interface BuildOptions {
  db: Db;
  registry?: ResourceRegistry;
  logger?: boolean;
  serveWeb?: boolean;
  mailer?: Mailer;
  crmBaseUrl?: string;
  dataDir?: string;
  /** PostgreSQL address for the socket.io adapter (events across server processes). */
  databaseUrl?: string;
  /** Trust X-Forwarded-For (only behind a proxy you run): TRUST_PROXY=true. */
  trustProxy?: boolean;
  /** Run report jobs in this process (default true). */
  reportWorker?: boolean;
}

export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; services: AppServices }> {
  const registry = opts.registry ?? ResourceRegistry.load();
  const services: AppServices = {
    db: opts.db,
    brands: new BrandResolver(opts.db),
    registry,
    resources: new ResourceService(registry),
    mailer: opts.mailer ?? createMailer({ smtpUrl: process.env.SMTP_URL, outboxDir: resolve(opts.dataDir ?? process.env.DATA_DIR ?? './data', 'outbox') }),
    crmBaseUrl: opts.crmBaseUrl ?? process.env.CRM_BASE_URL ?? 'https://api2.ploomes.com',
    background: new BackgroundTasks(),
  };
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 1024 * 1024, trustProxy: opts.trustProxy ?? process.env.TRUST_PROXY === 'true', routerOptions: { maxParamLength: 500 } });
  installErrorHandler(app);

  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0];
    if (!path.startsWith('/api/')) return;
    if (req.routeOptions.config && (req.routeOptions.config as { public?: boolean }).public) return;
    if (PUBLIC_PREFIXES.some((p) => path.startsWith(p))) return;
    const header = req.headers.authorization;
    const token = (header?.replace(/^Bearer\s+/i, '') || (req.query as Record<string, string>)?.access_token || '').trim();
    const ctx = token ? await resolveSessionCached(services.db, token) : null;
    if (!ctx) throw unauthorized();
    req.ctx = ctx;
  });
  // Modules switched off and blocked accounts (SPEC 4, 6): one check on every request, after the session.
  installSubscriptionGate(app, services);

  services.realtime = attachRealtime(app, opts.db, opts.databaseUrl);
  // Sockets are closed before the HTTP server waits for its connections to end.
  app.addHook('preClose', async () => services.realtime?.close());
  app.addHook('onClose', async () => services.background.idle());

  // Any write may change what a session resolves to (password, branch, profile, active flag): start afresh.
  app.addHook('onResponse', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.url.startsWith('/api/')) forgetSessions();
  });

  app.get('/ping/json', async () => ({ status: 'ok', hora: new Date().toISOString() }));
  app.get('/api/ping/json', { config: { public: true } }, async () => ({ status: 'ok', hora: new Date().toISOString() }));

  await app.register(brandRoutes, { services });
  await app.register(usuariosRoutes, { services });
  await app.register(usuariosWhitelabelRoutes, { services });
  await app.register(planosRoutes, { services });
  await app.register(assinaturaRoutes, { services });
  await app.register(modulosAdminRoutes, { services });
  await app.register(npsRoutes, { services });
  await app.register(aparenciaRoutes, { services });
  await app.register(ibptRoutes, { services });
  await app.register(contasRoutes, { services });
  await app.register(tabelasAdminRoutes, { services });
  await app.register(resourceRoutes, { services });
  await app.register(cepsRoutes, { services });
  await app.register(alertasRoutes, { services });
  await app.register(favoritosRoutes, { services });
  const worker = opts.reportWorker === false ? null : new ReportWorker(services, resolve(opts.dataDir ?? process.env.DATA_DIR ?? './data', 'relatorios'));
  await app.register(relatoriosRoutes, { services, worker });
  if (worker) {
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
  }
  await app.register(openapiRoutes, { services });
  await app.register(boletosRoutes, { services });
  await app.register(fiscalRoutes);

  if (opts.serveWeb !== false && existsSync(WEB_DIST)) {
    await app.register(fastifyStatic, { root: WEB_DIST, prefix: '/', wildcard: false });
  }
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ error: { statusCode: 404, name: 'NotFoundError', message: `Rota não encontrada: ${req.method} ${req.url.split('?')[0]}`, details: [] } });
  });
  return { app, services };
}
