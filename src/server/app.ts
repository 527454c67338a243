import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { constants as zlib } from 'node:zlib';
import { BackgroundTasks, type AppServices } from './app-services.ts';
import { createMailer, type Mailer } from './email/mailer.ts';
import { forgetSessions, resolveSessionCached } from './auth/sessions.ts';
import { BrandResolver } from './http/brand-resolver.ts';
import cepsRoutes from './ceps/routes.ts';
import type { Db } from './db/db.ts';
import { installParamSchemas } from './http/input-schemas.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installJsonBodyParser } from './http/json-body.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { unauthorized } from './http/errors.ts';
import openapiRoutes from './openapi/routes.ts';
import { ResourceRegistry } from './resources/registry.ts';
import { ResourceService } from './resources/crud.ts';
import resourceRoutes from './resources/routes.ts';
import usuariosRoutes from './usuarios/routes.ts';
import usuariosWhitelabelRoutes from './usuarios/whitelabel.ts';
import alertasRoutes from './alertas/routes.ts';
import favoritosRoutes from './favoritos/routes.ts';
import { attachRealtime } from './realtime/realtime.ts';
import relatoriosRoutes from './relatorios/routes.ts';
import { ReportWorker } from './relatorios/worker.ts';
import boletosRoutes from './boletos/routes.ts';
import { cobrancaRoutes, jobsBoletos } from './boletos/index.ts';
import brandRoutes from './brands/routes.ts';
import { serveBrandedIndex } from './brands/branded-index.ts';
import fiscalRoutes from './fiscal/routes.ts';
import danfceHomologacaoRoutes from './fiscal/danfce-homologacao.ts';
import emissaoRoutes, { jobsCertificados } from './fiscal/emissao/routes.ts';
import assistenteFiscalRoutes from './fiscal/assistente/routes.ts';
import contingenciaNfeRoutes, { jobsContingenciaNfe } from './fiscal/emissao/contingencia-routes.ts';
import planosRoutes from './planos/routes.ts';
import { openStorage, type FileStorage } from './storage/storage.ts';
import healthRoutes from './storage/health-routes.ts';
import documentosRoutes from './brands/documentos.ts';
import assinaturaRoutes from './planos/assinatura-routes.ts';
import { installSubscriptionGate } from './planos/gating.ts';
import { registrarStandIns } from './stand-ins/registrar.ts';
import modulosAdminRoutes from './admin/modulos-routes.ts';
import npsRoutes from './admin/nps-routes.ts';
import aparenciaRoutes from './admin/aparencia-routes.ts';
import ibptRoutes from './admin/ibpt-routes.ts';
import contasRoutes from './admin/contas-routes.ts';
import documentRoutes from './documents/routes.ts';
import { DocumentRegistry } from './documents/registry.ts';
import estoqueRoutes from './estoque/routes.ts';
import estoqueComplementosRoutes from './estoque/complementos-routes.ts';
import comprasRoutes from './compras/routes.ts';
import dfeRoutes from './fiscal/dfe/routes.ts';
import tabelasAdminRoutes from './admin/tabelas-routes.ts';
import tabelasIbsCbsRoutes from './admin/tabelas-ibscbs-routes.ts';
import financeiroRoutes from './financeiro/routes.ts';
import financeiroExtrasRoutes from './financeiro/extras-routes.ts';
import { jobsRecorrentes } from './financeiro/recorrente-routes.ts';
import fiscalConfigRoutes from './fiscal-config/routes.ts';
import vendasRoutes, { jobsVendas } from './vendas/routes.ts';
import nfseRoutes from './nfse/routes.ts';
import { jobsNfse } from './nfse/transmissao.ts';
import pdvRoutes, { jobsPdv } from './pdv/routes.ts';
import { transmissoesRoutes } from './transmissoes/index.ts';
import { jobsManutencao } from './db/maintenance.ts';
import { JobQueue, jobsRoutes, registrarJobsDiagnostico } from './jobs/index.ts';
import balancaRoutes from './exportacoes/balanca/index.ts';
import terminalRoutes from './exportacoes/terminal/index.ts';
import { exportacoesRoutes } from './exportacoes/index.ts';
import pessoasRoutes from './pessoas/routes.ts';
import dashboardRoutes from './dashboard/routes.ts';
import { contabilRoutes } from './contabil/index.ts';
import integracoesRoutes, { emitirEvento, resolverChaveApi } from './integracoes/index.ts';
import { registrarEmissorDeEventosDoEstoque } from './estoque/movimentos.ts';
import { registrarEmissorDeEventosDoFinanceiro } from './financeiro/index.ts';

export const WEB_DIST = resolve(import.meta.dirname, '../../dist');

/** Paths answered without a session: sign-in, health, the API description and public reference data. */
const PUBLIC_PREFIXES = ['/api/Ceps/', '/api/openapi.json'];

export interface BuildOptions {
  db: Db;
  registry?: ResourceRegistry;
  /** Business document types; by default those of schemas/documents with their posting files under src/server. */
  documents?: DocumentRegistry;
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
  /** Run the jobs table's worker and scheduler in this process (default true). */
  jobWorker?: boolean;
  /** File storage; by default the one STORAGE_URL names (DATA_DIR/arquivos when unset). */
  storage?: FileStorage;
  /** Deliver webhooks from this process (default true). */
  webhookWorker?: boolean;
}

export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; services: AppServices }> {
  // The local SEFAZ, ADN and billing provider reach their clients from here (the client modules import no stand-in).
  registrarStandIns();
  // Stock postings record their webhook event through integracoes (estoque imports nothing above it).
  registrarEmissorDeEventosDoEstoque(emitirEvento);
  registrarEmissorDeEventosDoFinanceiro(emitirEvento);
  const registry = opts.registry ?? ResourceRegistry.load();
  const services: AppServices = {
    db: opts.db,
    brands: new BrandResolver(opts.db),
    registry,
    resources: new ResourceService(registry),
    mailer: opts.mailer ?? createMailer({ smtpUrl: process.env.SMTP_URL, outboxDir: resolve(opts.dataDir ?? process.env.DATA_DIR ?? './data', 'outbox') }),
    crmBaseUrl: opts.crmBaseUrl ?? process.env.CRM_BASE_URL ?? 'https://api2.ploomes.com',
    background: new BackgroundTasks(),
    storage: opts.storage ?? (await openStorage({ url: process.env.STORAGE_URL, dataDir: opts.dataDir ?? process.env.DATA_DIR ?? './data' })),
  };
  // pluginTimeout: registering the routes compiles every document's schemas; on a loaded machine that passed
  // Fastify's 10 s default and the start failed ('Plugin did not start in time'). A slow start is not an error.
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 1024 * 1024, trustProxy: opts.trustProxy ?? process.env.TRUST_PROXY === 'true', routerOptions: { maxParamLength: 500 }, pluginTimeout: 120_000 });
  installErrorHandler(app);
  // Path parameters are checked by a schema on every route (ids as bounded integers): a malformed one is a 400.
  installParamSchemas(app);
  installJsonBodyParser(app);
  await installSecurityHeaders(app, services.brands);
  // Answers of 1 KB or more go out compressed (under 1 KB the saving is smaller than the headers). Brotli at
  // quality 1: a 50-row list of 24 KB as JSON becomes 0.9 KB in 25 µs of CPU, where quality 4 made 0.8 KB in
  // 200 µs, as much as serialising it (measured beside each other, load ~9). Up to 64 KB in one synchronous
  // call: a zlib stream per answer was 15% of the server's CPU in a profile of the list under load. Before
  // the routes and the static files, whose precompressed copies it leaves as they are. Request bodies are
  // not inflated: unchanged.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });

  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0];
    if (!path.startsWith('/api/')) return;
    if (req.routeOptions.config && (req.routeOptions.config as { public?: boolean }).public) return;
    if (PUBLIC_PREFIXES.some((p) => path.startsWith(p))) return;
    const header = req.headers.authorization;
    // `Authorization: ApiKey …` (integracoes): the key acts as its creator limited to its scopes; 401/429 from there.
    if (header && /^ApiKey\s/i.test(header)) {
      req.ctx = await resolverChaveApi(services.db, header.replace(/^ApiKey\s+/i, '').trim(), req.ip).catch((e) => {
        const espera = (e as { details?: { retryAfter?: number } }).details?.retryAfter;
        if (espera) reply.header('Retry-After', String(espera));
        throw e;
      });
      return;
    }
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
  app.get('/api/ping/json', { config: { public: true }, schema: { summary: 'Vivo: responde ok e a hora do servidor' } }, async () => ({ status: 'ok', hora: new Date().toISOString() }));

  await app.register(healthRoutes, { services });
  await app.register(brandRoutes, { services });
  await app.register(usuariosRoutes, { services });
  await app.register(usuariosWhitelabelRoutes, { services });
  await app.register(contabilRoutes, { services });
  await app.register(planosRoutes, { services });
  await app.register(assinaturaRoutes, { services });
  await app.register(modulosAdminRoutes, { services });
  await app.register(npsRoutes, { services });
  await app.register(aparenciaRoutes, { services });
  await app.register(ibptRoutes, { services });
  await app.register(danfceHomologacaoRoutes, { services });
  await app.register(contasRoutes, { services });
  await app.register(tabelasAdminRoutes, { services });
  await app.register(tabelasIbsCbsRoutes, { services });
  // Before the generic routes: the postings it serves by hand take the verbs its read-only documents leave out.
  await app.register(financeiroRoutes, { services });
  // DELETE /api/Empresas/{id} refuses a branch with documents: registered before the generic routes.
  await app.register(fiscalConfigRoutes, { services });
  await app.register(resourceRoutes, { services });
  services.documents = opts.documents ?? (await DocumentRegistry.load(registry));
  await app.register(documentRoutes, { services, documents: services.documents });
  await app.register(estoqueRoutes, { services });
  await app.register(cepsRoutes, { services });
  await app.register(alertasRoutes, { services });
  await app.register(favoritosRoutes, { services });
  // Background work: one queue (the jobs table) woken by enqueue, by NOTIFY from the other servers and by a long
  // fallback tick; the report worker keeps its table and is woken the same way (no 2 s polling).
  const jobs = new JobQueue(opts.db, { databaseUrl: opts.databaseUrl });
  services.jobs = jobs;
  const worker = opts.reportWorker === false ? null : new ReportWorker(services, resolve(opts.dataDir ?? process.env.DATA_DIR ?? './data', 'relatorios'));
  await app.register(relatoriosRoutes, { services, worker });
  if (worker) {
    jobs.onWake(() => worker.kick());
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
  }
  await app.register(jobsRoutes, { services, queue: jobs });
  await app.register(openapiRoutes, { services });
  await app.register(boletosRoutes, { services });
  await app.register(cobrancaRoutes, { services });
  await app.register(fiscalRoutes);
  await app.register(emissaoRoutes, { services });
  await app.register(assistenteFiscalRoutes, { services });
  await app.register(contingenciaNfeRoutes, { services });
  await app.register(documentosRoutes, { services });
  await app.register(estoqueComplementosRoutes, { services });
  await app.register(comprasRoutes, { services });
  await app.register(financeiroExtrasRoutes, { services, worker });
  await app.register(vendasRoutes, { services });
  await app.register(nfseRoutes, { services });
  await app.register(dfeRoutes, { services });
  await app.register(pdvRoutes, { services });
  await app.register(transmissoesRoutes, { services });
  await app.register(balancaRoutes, { services });
  await app.register(terminalRoutes, { services });
  await app.register(exportacoesRoutes, { services, worker });
  await app.register(pessoasRoutes, { services });
  await app.register(dashboardRoutes, { services });
  // Each module's periodic work, through its public face: the scheduler keeps one pending instance of each.
  for (const kind of [...jobsVendas(services), ...jobsContingenciaNfe(services), ...jobsCertificados(services), ...jobsPdv(services), ...jobsRecorrentes(services), ...jobsBoletos(services), ...jobsManutencao(opts.db), ...jobsNfse(services)]) jobs.schedule(kind);
  if (process.env.JOBS_DIAGNOSTICO === 'on') registrarJobsDiagnostico(jobs);
  if (opts.jobWorker !== false) {
    app.addHook('onReady', async () => jobs.start());
    // Graceful shutdown: no new job is taken and the running one finishes before the database closes.
    app.addHook('preClose', async () => jobs.stop());
  }
  await app.register(integracoesRoutes, { services, webhookWorker: opts.webhookWorker });

  if (opts.serveWeb !== false && existsSync(WEB_DIST)) {
    // Brotli/gzip copies written by the build (vite.config.ts). Files under assets/ carry their content's
    // hash in their name: cached for a year, never revalidated. index.html names those files: never cached.
    // index.html (and its compressed copies) is served with the host's brand in it (branded-index.ts).
    serveBrandedIndex(app, WEB_DIST, services.brands);
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      prefix: '/',
      wildcard: false,
      index: false,
      globIgnore: ['index.html', 'index.html.*'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const hashed = relative(WEB_DIST, path).split(sep)[0] === 'assets';
        reply.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-store');
        // Each file may go out as its brotli or gzip copy: caches keep one answer per encoding.
        reply.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ error: { statusCode: 404, name: 'NotFoundError', message: `Rota não encontrada: ${req.method} ${req.url.split('?')[0]}`, details: [] } });
  });
  return { app, services };
}
