import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';
import type { FileStorage } from './storage.ts';

/** Each dependency gets this long to answer a readiness check before it counts as down. */
export const READY_TIMEOUT_MS = 5000;

const within = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms).unref())]);

/**
 * Readiness for a load balancer: GET /api/pronto/json answers 200 when this process can serve (the database
 * answers a query and the file storage takes a write and a read), 503 with what is down otherwise, and 503 from
 * the moment a shutdown starts, so the balancer stops sending requests while running ones finish.
 * Liveness stays GET /api/ping/json (the process answers at all).
 */
export default async function healthRoutes(app: FastifyInstance, { services }: { services: { db: Db; storage: FileStorage } }) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get('/api/pronto/json', { config: { public: true }, schema: { summary: 'Prontidão do servidor: banco e armazenamento respondem (503 se não)' } }, async (_req, reply) => {
    const check = async (fn: () => Promise<unknown>) => {
      try {
        await within(fn(), READY_TIMEOUT_MS);
        return 'ok';
      } catch (e) {
        return e instanceof Error && e.message ? e.message : 'indisponível';
      }
    };
    const [banco, armazenamento] = await Promise.all([check(() => services.db.query('SELECT 1')), check(() => services.storage.check())]);
    const ok = !closing && banco === 'ok' && armazenamento === 'ok';
    reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : closing ? 'encerrando' : 'indisponivel', banco, armazenamento, armazenamentoTipo: services.storage.kind, hora: new Date().toISOString() };
  });
}
