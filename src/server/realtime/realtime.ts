import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Server } from 'socket.io';
import { hashToken, resolveSession } from '../auth/sessions.ts';
import type { Db } from '../db/db.ts';

export const userRoom = (tenantId: number, userId: number) => `u:${tenantId}:${userId}`;
export const tenantRoom = (tenantId: number) => `t:${tenantId}`;
/** One session's sockets (by its token's hash): signing out closes them, on every server process. */
export const sessionRoom = (token: string) => `s:${hashToken(token).slice(0, 32)}`;

/** Server-to-browser events (SPEC 7): 'alerta' and '{event}-{pdf|xlsx}' to a user's room. */
export interface Realtime {
  toUser(tenantId: number, userId: number, event: string, payload: unknown): void;
  toTenant(tenantId: number, event: string, payload: unknown): void;
  /** Signing out (issue 41): the session's sockets leave every room and are closed, so nothing reaches the next user. */
  endSession(token: string): void;
  close(): Promise<void>;
}

/**
 * socket.io on the API's own HTTP server. A socket authenticates with its session token (handshake auth.token)
 * and joins its user's and its account's rooms. With PostgreSQL the postgres adapter carries every emit to the
 * other server processes, so an event reaches the user whichever process holds the socket.
 */
export function attachRealtime(app: FastifyInstance, db: Db, databaseUrl?: string): Realtime {
  // Behind a balancer without sticky sessions (and under npm run start:cluster) SOCKETIO_TRANSPORTS=websocket: the
  // polling fallback's requests would land on different processes.
  const transports = process.env.SOCKETIO_TRANSPORTS === 'websocket' ? (['websocket'] as const) : (['polling', 'websocket'] as const);
  const io = new Server(app.server, { path: '/socket.io', serveClient: false, cors: { origin: false }, transports: [...transports] });
  let pool: pg.Pool | null = null;
  if (databaseUrl) {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pool.on('error', (err) => console.warn(`socket.io/PostgreSQL: ${err.message}`));
    io.adapter(createAdapter(pool, { tableName: 'socket_io_attachments' }));
  }
  io.use(async (socket, next) => {
    const token = String(socket.handshake.auth?.token ?? socket.handshake.query?.access_token ?? '');
    const ctx = token ? await resolveSession(db, token).catch(() => null) : null;
    if (!ctx) return next(new Error('Autenticação necessária.'));
    socket.data.ctx = ctx;
    socket.join([userRoom(ctx.tenantId, ctx.userId), tenantRoom(ctx.tenantId), sessionRoom(token)]);
    next();
  });
  return {
    toUser: (t, u, event, payload) => void io.to(userRoom(t, u)).emit(event, payload),
    toTenant: (t, event, payload) => void io.to(tenantRoom(t)).emit(event, payload),
    endSession: (token) => void io.in(sessionRoom(token)).disconnectSockets(true),
    close: async () => {
      await new Promise<void>((r) => io.close(() => r()));
      await pool?.end();
    },
  };
}
