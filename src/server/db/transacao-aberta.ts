import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable } from './interface.ts';

/**
 * Which asynchronous context holds an open database transaction: set by every Db.transaction / Db.tenant (openDb
 * wraps them), read by the clients of outside services (SEFAZ) that must never run while a transaction is open
 * (a crash or a rollback after the outside world said yes would leave the books and SEFAZ disagreeing).
 */
const aberta = new AsyncLocalStorage<object>();

/** The open transaction of the calling context, if any. */
export function transacaoAberta(): object | undefined {
  return aberta.getStore();
}

/** The Db with its transactions marked in the async context. */
export function marcarTransacoes(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const tenant = db.tenant.bind(db);
  return Object.assign(db, {
    transaction: <T>(fn: (q: Queryable) => Promise<T>) => transaction((q) => aberta.run({}, () => fn(q))),
    tenant: <T>(scope: Parameters<Db['tenant']>[0], fn: (q: Queryable) => Promise<T>, opts?: Parameters<Db['tenant']>[2]) => tenant(scope, (q) => aberta.run({}, () => fn(q)), opts),
  });
}
