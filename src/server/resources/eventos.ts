import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';

/**
 * Where the generic services announce what happened (a resource created, changed, deleted; a document's
 * transition). Called inside the write's transaction, so an event exists exactly when the change committed
 * (transactional outbox); whoever listens (integracoes: webhooks) delivers it later, outside any transaction.
 */
export interface EventosDeDominio {
  emitir(q: Queryable, ctx: RequestContext, tipo: string, dados: Record<string, unknown>): Promise<void>;
  /**
   * Many events of one type at once (a bulk import): `carregar` reads their payloads, and is called only when some
   * endpoint listens to `tipo`, so a bulk write nobody listens to reads nothing back.
   */
  emitirVarios?(q: Queryable, ctx: RequestContext, tipo: string, carregar: () => Promise<Record<string, unknown>[]>): Promise<void>;
}
