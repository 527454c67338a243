import type { Queryable } from '../db/db.ts';
import { EVENTOS_DOMINIO, registrarEvento, registrarEventos } from './webhooks.ts';

/**
 * The domain events of the other modules (nota autorizada / cancelada / rejeitada, boleto pago, estoque alterado,
 * caixa fechado, lançamento baixado). Their catalogue is data (schemas/integracoes/eventos-dominio.json): the
 * webhook screen, the endpoint validation and the OpenAPI document all read it from there.
 */
const TIPOS = new Set(EVENTOS_DOMINIO.map((e) => e.tipo));

/** The job kind that wakes the deliveries (registered by integracoesRoutes). */
export const JOB_WEBHOOKS = 'integracoes.webhooks';

/**
 * Whether this is the first event of the account in this transaction (`q`): the wake-up job is enqueued once per
 * transaction, not once per event (a thousand events of one posting cost one enqueue). Were the enqueue lost to a
 * savepoint rolled back, the deliveries are still rows of webhook_entregas: the queue's fallback tick finds them.
 */
const acordadosNaTransacao = new WeakMap<object, Map<number, number>>();
export function primeiroDaTransacao(q: Queryable, tenantId: number): boolean {
  const vistos = acordadosNaTransacao.get(q) ?? new Map<number, number>();
  acordadosNaTransacao.set(q, vistos);
  // A time window too: a caller outside any transaction passes the shared root handle, and its enqueue committed at once.
  const antes = vistos.get(tenantId);
  if (antes !== undefined && Date.now() - antes < 2000) return false;
  vistos.set(tenantId, Date.now());
  return true;
}

/** Who to wake in this process after an event is queued (each app's delivery worker; PostgreSQL's NOTIFY wakes the others). */
export const acordadores = new Set<() => void>();

/**
 * Announces a domain event: writes it and one delivery per active endpoint of THIS tenant that chose it, in the
 * caller's transaction (`q`: the posting's own), and enqueues the deliveries' wake-up on the jobs table. Nothing is
 * sent here: a rolled-back posting leaves no event, a committed one is delivered after the commit. `dados` is what
 * the API shows of the posting (never a field it hides: no costs). Returns the event id, or null when no endpoint
 * of the account listens to `tipo`.
 */
export async function emitirEvento(q: Queryable, tenantId: number, tipo: string, dados: Record<string, unknown>): Promise<string | null> {
  if (!TIPOS.has(tipo)) throw new Error(`emitirEvento: evento fora do catálogo: ${tipo}`);
  const id = await registrarEvento(q, tenantId, tipo, dados);
  if (!id) return null;
  if (primeiroDaTransacao(q, tenantId)) await q.query(`SELECT jobs_enfileirar($1, '{}'::jsonb, $2, $3, NULL, 1)`, [JOB_WEBHOOKS, `${tenantId}:agora`, tenantId]);
  for (const acordar of acordadores) setImmediate(acordar);
  return id;
}

/**
 * Many domain events of one type from one posting (a bank's retorno of thousands of boletos): written in bulk
 * (one statement per 1,000 events, nothing when no endpoint listens), in the caller's transaction like emitirEvento.
 * Returns how many events were recorded.
 */
export async function emitirEventos(q: Queryable, tenantId: number, tipo: string, lista: Record<string, unknown>[]): Promise<number> {
  if (!TIPOS.has(tipo)) throw new Error(`emitirEventos: evento fora do catálogo: ${tipo}`);
  if (!lista.length) return 0;
  const n = await registrarEventos(q, tenantId, tipo, async () => lista);
  if (!n) return 0;
  if (primeiroDaTransacao(q, tenantId)) await q.query(`SELECT jobs_enfileirar($1, '{}'::jsonb, $2, $3, NULL, 1)`, [JOB_WEBHOOKS, `${tenantId}:agora`, tenantId]);
  for (const acordar of acordadores) setImmediate(acordar);
  return n;
}
