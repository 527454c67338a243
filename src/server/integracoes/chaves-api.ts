import { createHash, randomBytes } from 'node:crypto';
import { isAccountAdmin } from '../auth/grants.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Db, Queryable } from '../db/db.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../http/errors.ts';

/**
 * API keys (issue 40 item 1). A key is `rtg_` + 32 random bytes (256 bits, base64url). Only its SHA-256 is
 * stored: a fast unsalted hash is enough because the token is high-entropy random (nothing to guess or look
 * up in a dictionary), unlike a password, and it lets every request find its key with one indexed lookup.
 */
export const PREFIXO = 'rtg_';
export const hashChave = (token: string): string => createHash('sha256').update(token).digest('hex');

type Row = Record<string, any>;
const levelOf = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) ? v : 0);

export interface NovaChave {
  nome?: unknown;
  escopos?: unknown;
  expiraEm?: unknown;
  limitePorMinuto?: unknown;
}

const publica = (r: Row) => ({
  id: r.id,
  nome: r.nome,
  prefixo: r.prefixo,
  escopos: r.escopos,
  usuarioId: r.usuario_id,
  expiraEm: r.expira_em,
  limitePorMinuto: r.limite_por_minuto,
  revogadaEm: r.revogada_em,
  ultimoUsoEm: r.ultimo_uso_em,
  ultimoUsoIp: r.ultimo_uso_ip,
  criadaEm: r.created_at,
  situacao: r.revogada_em ? 'revogada' : r.expira_em && new Date(r.expira_em) <= new Date() ? 'expirada' : 'ativa',
});

/** Checks the request for a new key: a name, scopes no higher than the creator's own, a future expiry. */
export function validarNovaChave(ctx: RequestContext, body: NovaChave): { nome: string; escopos: Record<string, number>; expiraEm: string | null; limite: number } {
  if (!body || typeof body !== 'object') throw badRequest('O corpo da requisição deve ser um objeto.');
  const nome = typeof body.nome === 'string' ? body.nome.trim() : '';
  if (!nome || nome.length > 80) throw badRequest('Nome: informe um nome de até 80 caracteres.', [{ campo: 'nome', mensagem: 'Campo Obrigatório!' }]);
  if (!body.escopos || typeof body.escopos !== 'object' || Array.isArray(body.escopos)) throw badRequest('Escopos: informe as permissões da chave.', [{ campo: 'escopos', mensagem: 'Campo Obrigatório!' }]);
  const escopos: Record<string, number> = {};
  for (const [key, v] of Object.entries(body.escopos as Row)) {
    if (!/^app\.[A-Za-z.]{1,60}$/.test(key)) throw badRequest(`Escopos: permissão desconhecida (${key.slice(0, 60)}).`, [{ campo: 'escopos', mensagem: 'Permissão desconhecida' }]);
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 4) throw badRequest(`Escopos: o nível de ${key} deve ser de 0 a 4.`, [{ campo: 'escopos', mensagem: 'Nível inválido' }]);
    if (!isAccountAdmin(ctx) && !ctx.isContador && v > levelOf(ctx.permissoes[key])) {
      throw badRequest(`Escopos: você não pode conceder a uma chave um nível maior que o seu (${key}).`, [{ campo: 'escopos', mensagem: 'Nível acima do seu' }]);
    }
    if (v > 0) escopos[key] = v;
  }
  if (!Object.keys(escopos).length) throw badRequest('Escopos: conceda ao menos uma permissão à chave.', [{ campo: 'escopos', mensagem: 'Campo Obrigatório!' }]);
  let expiraEm: string | null = null;
  if (body.expiraEm !== undefined && body.expiraEm !== null && body.expiraEm !== '') {
    const d = typeof body.expiraEm === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(body.expiraEm) ? `${body.expiraEm}T23:59:59.999-03:00` : body.expiraEm) : new Date(NaN);
    if (Number.isNaN(d.getTime())) throw badRequest('Expira em: data inválida.', [{ campo: 'expiraEm', mensagem: 'Data inválida' }]);
    if (d.getTime() <= Date.now()) throw badRequest('Expira em: informe uma data futura.', [{ campo: 'expiraEm', mensagem: 'Data no passado' }]);
    expiraEm = d.toISOString();
  }
  let limite = 120;
  if (body.limitePorMinuto !== undefined && body.limitePorMinuto !== null) {
    if (typeof body.limitePorMinuto !== 'number' || !Number.isInteger(body.limitePorMinuto) || body.limitePorMinuto < 1 || body.limitePorMinuto > 6000) {
      throw badRequest('Limite por minuto: informe um número inteiro de 1 a 6000.', [{ campo: 'limitePorMinuto', mensagem: 'Valor inválido' }]);
    }
    limite = body.limitePorMinuto;
  }
  return { nome, escopos, expiraEm, limite };
}

/** Creates a key; the answer carries `token`, the only time the secret is ever shown. */
export async function criarChave(q: Queryable, ctx: RequestContext, body: NovaChave): Promise<Row> {
  const v = validarNovaChave(ctx, body);
  const token = PREFIXO + randomBytes(32).toString('base64url');
  const r = await q.query<Row>(
    `INSERT INTO chaves_api (tenant_id, nome, prefixo, token_hash, escopos, usuario_id, filial_id, expira_em, limite_por_minuto)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [ctx.tenantId, v.nome, token.slice(0, 10), hashChave(token), JSON.stringify(v.escopos), ctx.userId, ctx.branchId, v.expiraEm, v.limite],
  );
  return { ...publica(r.rows[0]), token };
}

export async function listarChaves(q: Queryable, ctx: RequestContext): Promise<Row[]> {
  const r = await q.query<Row>('SELECT * FROM chaves_api WHERE tenant_id = $1 ORDER BY revogada_em IS NOT NULL, created_at DESC, id DESC LIMIT 500', [ctx.tenantId]);
  return r.rows.map(publica);
}

export async function revogarChave(q: Queryable, ctx: RequestContext, id: number): Promise<Row> {
  const r = await q.query<Row>('UPDATE chaves_api SET revogada_em = coalesce(revogada_em, now()), updated_at = now() WHERE tenant_id = $1 AND id = $2 RETURNING *', [ctx.tenantId, id]);
  if (!r.rows[0]) throw notFound('Chave de API não encontrada.');
  return publica(r.rows[0]);
}

/**
 * Per-key rate limit: a one-minute window per key starting at its first request, counted in the database
 * (chaves_api_uso, one atomic INSERT … ON CONFLICT per request), so every server process counts on the same
 * window. Over the limit: the seconds until the window ends (429 with Retry-After); null while within it.
 */
async function consumir(db: Db, tenantId: number, chaveId: number, limite: number): Promise<number | null> {
  const r = await db.query<{ usadas: number; espera: number }>(
    `INSERT INTO chaves_api_uso AS u (tenant_id, chave_id, inicio, usadas) VALUES ($1, $2, now(), 1)
     ON CONFLICT (tenant_id, chave_id) DO UPDATE
        SET usadas = CASE WHEN u.inicio > now() - interval '1 minute' THEN u.usadas + 1 ELSE 1 END,
            inicio = CASE WHEN u.inicio > now() - interval '1 minute' THEN u.inicio ELSE now() END
     RETURNING usadas, ceil(extract(epoch FROM inicio + interval '1 minute' - now()))::integer AS espera`,
    [tenantId, chaveId],
  );
  const { usadas, espera } = r.rows[0];
  return Number(usadas) > limite ? Math.max(1, Number(espera)) : null;
}

/** Last use is written at most once every 30 s per key: one UPDATE per request would double a busy key's writes. */
const ultimoRegistro = new Map<string, number>();

/**
 * Resolves `Authorization: ApiKey <token>` into a synthetic user: the creator's tenant and branch, no role
 * flags, and as permissoes the key's scopes capped by the creator's current levels (an administrator creator
 * is not capped). Unknown, revoked or expired: 401; over the key's limit: 429.
 */
export async function resolverChaveApi(db: Db, token: string, ip: string): Promise<RequestContext> {
  if (!token.startsWith(PREFIXO) || token.length > 100) throw unauthorized('Chave de API inválida.');
  const hash = hashChave(token);
  const r = await db.query<Row>(
    `SELECT k.id, k.tenant_id, k.usuario_id, k.filial_id, k.escopos, k.limite_por_minuto, k.revogada_em, k.expira_em <= now() AS expirada,
            u.brand_id, u.email, u.nome, u.ativo, u.perfil_admin, u.suporte_white_label, u.master, u.is_contador, p.permissoes
       FROM chaves_api k
       JOIN users u ON u.tenant_id = k.tenant_id AND u.id = k.usuario_id
       LEFT JOIN access_profiles p ON p.tenant_id = u.tenant_id AND p.id = u.perfil_id
      WHERE k.token_hash = $1`,
    [hash],
  );
  const k = r.rows[0];
  if (!k) throw unauthorized('Chave de API inválida.');
  if (k.revogada_em) throw unauthorized('Chave de API revogada.');
  if (k.expirada) throw unauthorized('Chave de API expirada.');
  if (!k.ativo) throw unauthorized('O usuário que criou esta chave de API está inativo.');
  const espera = await consumir(db, k.tenant_id, k.id, k.limite_por_minuto);
  if (espera !== null) throw new HttpError(429, `Limite de ${k.limite_por_minuto} requisições por minuto desta chave de API atingido. Tente novamente em ${espera} s.`, { retryAfter: espera });
  const admin = k.perfil_admin || k.suporte_white_label || k.master;
  const proprias: Record<string, number> = k.permissoes ?? {};
  const permissoes: Record<string, number> = {};
  for (const [key, v] of Object.entries(k.escopos as Record<string, number>)) {
    const n = admin ? v : Math.min(v, levelOf(proprias[key]));
    if (n > 0) permissoes[key] = n;
  }
  const agora = Date.now();
  if ((ultimoRegistro.get(hash) ?? 0) + 30_000 <= agora) {
    if (ultimoRegistro.size > 50_000) ultimoRegistro.clear();
    ultimoRegistro.set(hash, agora);
    await db.query('UPDATE chaves_api SET ultimo_uso_em = now(), ultimo_uso_ip = $3 WHERE tenant_id = $1 AND id = $2', [k.tenant_id, k.id, ip.slice(0, 64)]);
  }
  return {
    token: '',
    tenantId: k.tenant_id,
    brandId: k.brand_id,
    userId: k.usuario_id,
    branchId: k.filial_id,
    email: k.email,
    nome: k.nome,
    perfilAdmin: false,
    suporteWhiteLabel: false,
    isContador: false,
    isAvanco: false,
    master: false,
    permissoes,
    apiKeyId: k.id,
  };
}
