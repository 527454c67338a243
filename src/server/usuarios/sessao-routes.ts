import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { verifyUserPassword } from '../auth/passwords.ts';
import { createSession, endSession } from '../auth/sessions.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import { TEXT, withQuery } from '../http/input-schemas.ts';
import { destinoDoLogin } from '../contabil/index.ts';
import { addressKey, emailKey, LoginThrottle } from './login-throttle.ts';
import { buildUserInfo, permissionMap } from './user-info.ts';
import { answer, checkedByHandler, exactAnswer, INT, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { TAGS } from './routes-comum.ts';

const S = { type: 'string' } as const;
const BOOL = { type: 'boolean' } as const;
const PAPEIS = { perfilAdmin: BOOL, suporteWhiteLabel: BOOL, isContador: BOOL, isAvanco: BOOL, master: BOOL };
const PERMISSOES = { type: 'object', description: 'nível de cada chave de permissão (0 nenhum a 4 total)', additionalProperties: { type: 'integer' } };

export const LOGIN_FAILED = 'Dados inválidos, verifique e-mail/senha e tente novamente.';
export const TOO_MANY_ATTEMPTS = 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.';

interface UserRow {
  tenant_id: number;
  id: number;
  email: string;
  nome: string;
  senha_hash: string;
  avatar: string | null;
  ativo: boolean;
  perfil_admin: boolean;
  suporte_white_label: boolean;
  is_contador: boolean;
  is_avanco: boolean;
  master: boolean;
  primeiro_acesso: boolean;
  modais_abertos: Record<string, unknown>;
  filial_selecionada_id: number | null;
}

/** The user as the login answer carries it (SPEC 3, 7.1). */
export function publicUser(u: UserRow) {
  return {
    id: u.id,
    nome: u.nome,
    email: u.email,
    avatar: u.avatar,
    perfilAdmin: u.perfil_admin,
    suporteWhiteLabel: u.suporte_white_label,
    isContador: u.is_contador,
    isAvanco: u.is_avanco,
    master: u.master,
    modaisAbertos: u.modais_abertos ?? {},
    primeiroAcesso: u.primeiro_acesso,
    socio: { tenantId: u.tenant_id },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sign-in and the session (SPEC 7.1): login, logout, first access and the user's data. */
export default async function sessaoRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands } = services;
  const throttle = new LoginThrottle(db);

  app.post('/api/Usuarios/login', withQuery({ include: { ...TEXT, description: "'user' traz o usuário e as permissões" } }, [], {
    config: { public: true },
    schema: {
      tags: TAGS,
      summary: 'Entra com e-mail e senha na marca do endereço (público): abre a sessão; o contador entra na sua primeira conta cliente',
      body: checkedByHandler(objectOf({ email: S, password: S }, ['email', 'password'])),
      response: {
        200: answer('A sessão (id é o token do cabeçalho Authorization)', objectOf({ id: S, ttl: INT, created: S, userId: INT, primeiroAcesso: BOOL, user: objectOf({ id: INT, nome: S, email: S, avatar: TEXT_OR_NULL, ...PAPEIS, modaisAbertos: { type: 'object' }, primeiroAcesso: BOOL, socio: objectOf({ tenantId: INT }), permissoes: PERMISSOES }) })),
        401: answer('E-mail ou senha não conferem (a mesma mensagem para os dois)'),
        429: answer('Muitas tentativas: aguarde alguns minutos'),
      },
    },
  }), async (req) => {
    const body = (req.body ?? {}) as { email?: unknown; password?: unknown };
    if (typeof body.email !== 'string' || typeof body.password !== 'string' || !body.email || !body.password) {
      throw badRequest('Informe e-mail e senha.', [{ path: '/email', mensagem: 'Campo Obrigatório!' }]);
    }
    const email = body.email.trim().toLowerCase();
    const brand = await brands.forHost(req.headers.host);
    const keys = [emailKey(brand.id, email), addressKey(req.ip)];
    // Counted before the password is checked, atomically (see LoginThrottle): parallel attempts cannot pass the cap.
    const verdict = await throttle.reserve(keys);
    if (verdict === 'block') throw new HttpError(429, TOO_MANY_ATTEMPTS);
    if (verdict > 0) await sleep(verdict);
    const r = await db.query<UserRow>(
      `SELECT tenant_id, id, email, nome, senha_hash, avatar, ativo, perfil_admin, suporte_white_label, is_contador, is_avanco, master,
              primeiro_acesso, modais_abertos, filial_selecionada_id
         FROM users WHERE brand_id = $1 AND lower(email) = $2 AND contador_login_user_id IS NULL`,
      [brand.id, email],
    );
    const user = r.rows[0];
    const ok = await verifyUserPassword(body.password, user?.senha_hash);
    if (!user || !ok || !user.ativo) {
      await throttle.failed();
      throw new HttpError(401, LOGIN_FAILED);
    }
    await throttle.succeeded(keys[0], keys.slice(1));
    let branch = user.filial_selecionada_id ?? (await firstBranch(services, user.tenant_id, user.id));
    let sessionTenant = user.tenant_id;
    let sessionUser = user.id;
    // An accountant (issue 37) lands in a client account that still grants him access, and the landing is logged.
    if (user.is_contador) ({ tenantId: sessionTenant, userId: sessionUser, branchId: branch } = await destinoDoLogin(db, user.tenant_id, user.id, branch));
    const session = await createSession(db, sessionTenant, sessionUser, branch);
    const include = String((req.query as Record<string, unknown>).include ?? '');
    const permissoes = include.includes('user') ? permissionMap({ perfilAdmin: user.perfil_admin, permissoes: await profileOf(services, user.tenant_id, user.id) }) : {};
    return { ...session, ...(include.includes('user') ? { user: { ...publicUser(user), permissoes } } : {}), primeiroAcesso: user.primeiro_acesso };
  });

  app.post('/api/Usuarios/logout', { schema: { tags: TAGS, summary: 'Encerra a sessão (e os avisos em tempo real dela)', response: { 204: answer('Encerrada') } } }, async (req, reply) => {
    await endSession(db, req.ctx!.token);
    services.realtime?.endSession(req.ctx!.token);
    return reply.status(204).send();
  });

  app.post('/api/Usuarios/primeiroAcesso', { schema: { tags: TAGS, summary: 'Conclui o primeiro acesso: grava nome e telefone, se vierem', body: checkedByHandler(objectOf({ nome: S, telefone: S })), response: { 200: exactAnswer('Concluído', objectOf({ primeiroAcesso: BOOL }, ['primeiroAcesso'])) } } }, async (req) => {
    const ctx = req.ctx!;
    const body = (req.body ?? {}) as { nome?: unknown; telefone?: unknown };
    await db.tenant(ctx, (q) =>
      q.query(
        `UPDATE users SET primeiro_acesso = false, nome = coalesce(nullif($3, ''), nome), telefone = coalesce(nullif($4, ''), telefone) WHERE tenant_id = $1 AND id = $2`,
        [ctx.tenantId, ctx.userId, typeof body.nome === 'string' ? body.nome.trim() : null, typeof body.telefone === 'string' ? body.telefone.replace(/\D/g, '') : null],
      ),
    );
    return { primeiroAcesso: false };
  });

  app.get('/api/Usuarios/getUserInfo', { schema: { tags: TAGS, summary: 'O usuário da sessão: papéis, permissões, filial selecionada, configuração de boleto, módulos da conta, empresa', response: { 200: answer('O usuário', objectOf({ id: INT, nome: S, email: TEXT_OR_NULL, avatar: TEXT_OR_NULL, alertas: { type: 'array' }, painelAdministrativo: BOOL, filialSelecionadaObj: { type: ['object', 'null'] }, configuracaoBoleto: { type: ['object', 'null'], properties: { id: INT } }, ...PAPEIS, primeiroAcesso: BOOL, permissoes: PERMISSOES, configWhiteLabel: objectOf({ id: INT, modulos: { type: 'array' } }), modaisAbertos: { type: 'object' }, empresaObj: objectOf({ nome: S, cpfCnpj: TEXT_OR_NULL }) })) } } }, async (req) => buildUserInfo(db, req.ctx!, await brands.forHost(req.headers.host)));
}

async function profileOf({ db }: AppServices, tenantId: number, userId: number): Promise<Record<string, number>> {
  const r = await db.query<{ permissoes: Record<string, number> | null }>(
    'SELECT p.permissoes FROM users u LEFT JOIN access_profiles p ON p.tenant_id = u.tenant_id AND p.id = u.perfil_id WHERE u.tenant_id = $1 AND u.id = $2',
    [tenantId, userId],
  );
  return r.rows[0]?.permissoes ?? {};
}

async function firstBranch({ db }: AppServices, tenantId: number, userId: number): Promise<number | null> {
  const r = await db.query<{ id: number }>(
    `SELECT b.id FROM branches b LEFT JOIN user_branches ub ON ub.tenant_id = b.tenant_id AND ub.branch_id = b.id AND ub.user_id = $2
      WHERE b.tenant_id = $1 AND b.ativo ORDER BY (ub.user_id IS NULL), b.id LIMIT 1`,
    [tenantId, userId],
  );
  return r.rows[0]?.id ?? null;
}
