import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MENSAGENS_PLANO, somenteLeitura } from '../../shared/assinatura.ts';
import type { AppServices } from '../app-services.ts';
import { forbidden } from '../http/errors.ts';
import type { SituacaoConta } from '../../shared/assinatura.ts';
import { isBrandStaff, moduloDoCatalogo, situacaoDaConta } from './modulos.ts';

/** Hand-written endpoints of a module that has no resource document of its own at that path. */
const ROUTE_MODULES: Record<string, string> = { Boletos: 'pagamentos' };

/**
 * Writes a blocked account may still make: signing in and out, switching branch, its own password, reading
 * notifications and favourites, exporting what it reads, and every way to pay (SPEC 4: read-only access with
 * the way to pay).
 */
const WRITES_WHEN_BLOCKED = [
  /^\/api\/Usuarios\/(login|logout|trocarFilial|alteraSenha|reset|contratarPlano|efetivarPlano|migrarPlano|alterarPagamentoParaCartao|contratarModulo)$/,
  /^\/api\/(Alerta|Favoritos|Relatorios|Nps)(\/|$)/,
];

const CACHE_MS = 5000;
type Cache = Map<number, { s: SituacaoConta | null; until: number }>;
/**
 * Each server keeps its own cache (keyed by account id, which means another account on another database): the
 * caches of the servers alive in this process, so forgetSubscriptions reaches them all.
 */
const caches = new Set<Cache>();

/** Forget every account's cached state in every server of this process (tests that change an account in SQL). */
export function forgetSubscriptions(): void {
  for (const c of caches) c.clear();
}

/**
 * One server-side check for every API request: the module of the route (its resource document's `module`,
 * or a route's `config.module`) must be on for the account, and a blocked account (trial expired,
 * delinquent) only reads. Brand staff (master, isAvanco) pass: they support blocked accounts.
 */
export function installSubscriptionGate(app: FastifyInstance, services: AppServices): void {
  const cache: Cache = new Map();
  caches.add(cache);
  app.addHook('onClose', async () => {
    caches.delete(cache);
  });
  const situacao = async (req: FastifyRequest) => {
    const ctx = req.ctx!;
    const hit = cache.get(ctx.tenantId);
    if (hit && hit.until > Date.now()) return hit.s;
    const brand = (await services.brands.all()).find((b) => b.id === ctx.brandId);
    const s = await situacaoDaConta(services.db, ctx.tenantId, brand);
    if (cache.size > 10000) cache.clear();
    cache.set(ctx.tenantId, { s, until: Date.now() + CACHE_MS });
    return s;
  };

  const moduleOf = (req: FastifyRequest, path: string): string | undefined => {
    const own = (req.routeOptions.config as { module?: string } | undefined)?.module;
    if (own) return own;
    const segment = path.slice('/api/'.length).split('/')[0];
    return services.registry.byEndpoint.get(segment)?.doc.module ?? ROUTE_MODULES[segment];
  };

  app.addHook('onRequest', async (req) => {
    const ctx = req.ctx;
    if (!ctx || isBrandStaff(ctx)) return;
    const path = req.url.split('?')[0];
    const modulo = moduleOf(req, path);
    const write = req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS';
    if (!modulo && !write) return;
    const s = await situacao(req);
    if (!s) return;
    if (modulo) {
      const m = s.modulos.find((x) => x.id === modulo);
      if (m && !m.ativo) {
        const titulo = moduloDoCatalogo(modulo)?.titulo ?? modulo;
        throw forbidden(m.motivo === 'plano' ? MENSAGENS_PLANO.moduloForaDoPlano(titulo) : MENSAGENS_PLANO.moduloDesligado(titulo));
      }
    }
    if (write && somenteLeitura(s.estado) && !WRITES_WHEN_BLOCKED.some((re) => re.test(path))) {
      throw forbidden(MENSAGENS_PLANO.bloqueioEscrita[s.estado as 'trialExpirado' | 'inadimplente']);
    }
  });

  // A write may change a plan, a module or the brand's switches: start afresh (other processes within CACHE_MS).
  app.addHook('onResponse', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.url.startsWith('/api/')) cache.clear();
  });
}
