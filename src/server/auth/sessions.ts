import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/db.ts';
import type { RequestContext } from './context.ts';
import { aoEsquecerEstado } from '../estado-do-processo.ts';

/** Two weeks, LoopBack's default token lifetime, in seconds. */
export const SESSION_TTL = 1209600;

/** Tokens are stored only as their SHA-256: a leaked sessions table opens no account. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, tenantId: number, userId: number, branchId: number | null, ttl = SESSION_TTL) {
  const token = randomBytes(32).toString('base64url');
  const r = await db.query<{ created_at: string }>(
    `INSERT INTO sessions (token_hash, tenant_id, user_id, branch_id, ttl, expires_at) VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) RETURNING created_at`,
    [hashToken(token), tenantId, userId, branchId, ttl, ttl],
  );
  return { id: token, ttl, created: r.rows[0].created_at, userId };
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
  forgetSessions();
}

/**
 * Resolved sessions are kept a few seconds in this process: one query less on every request. Ending a session
 * or changing a password here clears it at once; another server process notices within SESSION_CACHE_MS.
 */
export const SESSION_CACHE_MS = 5000;
const SESSION_CACHE_MAX = 10000;
const cache = new Map<string, { ctx: RequestContext; until: number }>();

export function forgetSessions(): void {
  cache.clear();
}
aoEsquecerEstado(forgetSessions);

export async function resolveSessionCached(db: Db, token: string): Promise<RequestContext | null> {
  const hit = cache.get(token);
  const now = Date.now();
  if (hit && hit.until > now) return hit.ctx;
  const ctx = await resolveSession(db, token);
  if (cache.size >= SESSION_CACHE_MAX) cache.clear();
  if (ctx) cache.set(token, { ctx, until: now + SESSION_CACHE_MS });
  else cache.delete(token);
  return ctx;
}

interface SessionRow {
  tenant_id: number;
  brand_id: number;
  user_id: number;
  branch_id: number | null;
  email: string;
  nome: string;
  perfil_admin: boolean;
  suporte_white_label: boolean;
  is_contador: boolean;
  is_avanco: boolean;
  master: boolean;
  permissoes: Record<string, number> | null;
}

/** Resolves a token into user, tenant and selected branch; null when unknown, expired or the user is inactive. */
export async function resolveSession(db: Db, token: string): Promise<RequestContext | null> {
  if (!token || token.length > 200) return null;
  const r = await db.query<SessionRow>(
    `SELECT s.tenant_id, u.brand_id, s.user_id, s.branch_id, u.email, u.nome, u.perfil_admin, u.suporte_white_label, u.is_contador,
            u.is_avanco, u.master, p.permissoes
       FROM sessions s
       JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
       LEFT JOIN access_profiles p ON p.tenant_id = u.tenant_id AND p.id = u.perfil_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND u.ativo
        -- an accountant the account revoked (issue 37) no longer enters it, even with his login living there
        AND NOT (u.is_contador
                 AND EXISTS (SELECT 1 FROM contabil_contadores c WHERE c.tenant_id = s.tenant_id AND c.user_id = s.user_id)
                 AND NOT EXISTS (SELECT 1 FROM contabil_contadores c WHERE c.tenant_id = s.tenant_id AND c.user_id = s.user_id AND c.situacao = 'ativo'))`,
    [hashToken(token)],
  );
  const s = r.rows[0];
  if (!s) return null;
  return {
    token,
    tenantId: s.tenant_id,
    brandId: s.brand_id,
    userId: s.user_id,
    branchId: s.branch_id,
    email: s.email,
    nome: s.nome,
    perfilAdmin: s.perfil_admin,
    suporteWhiteLabel: s.suporte_white_label,
    isContador: s.is_contador,
    isAvanco: s.is_avanco,
    master: s.master,
    permissoes: s.permissoes ?? {},
  };
}
