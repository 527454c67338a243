import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMAIL_MAX, SENHA_MIN } from '../../shared/cadastro.ts';
import { serverAllows } from '../auth/access.ts';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { isAccountAdmin, keyRaisedAboveOwn, ONLY_ADMIN_EDITS_ADMIN, ONLY_ADMIN_ROLES, OWN_PROFILE, profileAboveOwn } from '../auth/grants.ts';
import type { Queryable } from '../db/db.ts';
import { hashPassword, verifyPassword, verifyUserPassword } from '../auth/passwords.ts';
import { createSession, endSession, resolveSession } from '../auth/sessions.ts';
import { translateDbError } from '../db/pg-errors.ts';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { parseId } from '../resources/resource-service.ts';
import { cadastrar, crmAfterSignUp, type CadastroBody } from './cadastro.ts';
import { addressKey, emailKey, LoginThrottle } from './login-throttle.ts';
import { requestReset, resetPassword } from './recuperacao.ts';
import { buildUserInfo, permissionMap, selectedBranch } from './user-info.ts';

export const LOGIN_FAILED = 'Dados inválidos, verifique e-mail/senha e tente novamente.';
/** An avatar is an image address or a small data URL (about 200 KB). */
const AVATAR_MAX = 280_000;
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

const appUrl = (req: FastifyRequest) => process.env.PUBLIC_URL ?? `${req.protocol}://${req.headers.host}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The user list and form: what a record of /api/Usuarios carries (never the password hash). */
const USER_COLUMNS = `u.id, u.nome, u.email, u.telefone, u.avatar, u.ativo, u.perfil_id AS "perfilId", u.is_contador AS "isContador",
  u.perfil_admin AS "perfilAdmin", u.filial_selecionada_id AS "filialSelecionadaId", u.created_at AS "createdAt",
  coalesce((SELECT array_agg(ub.branch_id ORDER BY ub.branch_id) FROM user_branches ub WHERE ub.tenant_id = u.tenant_id AND ub.user_id = u.id), '{}') AS filiais`;

export default async function usuariosRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands, mailer } = services;
  const throttle = new LoginThrottle(db);

  app.post('/api/Usuarios/login', { config: { public: true } }, async (req) => {
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
         FROM users WHERE brand_id = $1 AND lower(email) = $2`,
      [brand.id, email],
    );
    const user = r.rows[0];
    const ok = await verifyUserPassword(body.password, user?.senha_hash);
    if (!user || !ok || !user.ativo) {
      await throttle.failed();
      throw new HttpError(401, LOGIN_FAILED);
    }
    await throttle.succeeded(keys[0], keys.slice(1));
    const branch = user.filial_selecionada_id ?? (await firstBranch(services, user.tenant_id, user.id));
    const session = await createSession(db, user.tenant_id, user.id, branch);
    const include = String((req.query as Record<string, unknown>).include ?? '');
    const permissoes = include.includes('user') ? permissionMap({ perfilAdmin: user.perfil_admin, permissoes: await profileOf(services, user.tenant_id, user.id) }) : {};
    return { ...session, ...(include.includes('user') ? { user: { ...publicUser(user), permissoes } } : {}), primeiroAcesso: user.primeiro_acesso };
  });

  app.post('/api/Usuarios/logout', async (req, reply) => {
    await endSession(db, req.ctx!.token);
    return reply.status(204).send();
  });

  app.post('/api/Usuarios/cadastro', { config: { public: true } }, async (req) => {
    const brand = await brands.forHost(req.headers.host);
    const body = req.body as CadastroBody;
    // #/cadastrar/{access_token}: a signed-in user of this brand handed the link over; the account records who.
    // A token that does not resolve (expired, another brand) is not an error: the sign-up goes on unattributed.
    const raw = (req.query as Record<string, unknown>).access_token;
    const by = typeof raw === 'string' && raw ? await resolveSession(db, raw) : null;
    const result = await cadastrar(db, brand, body, by && by.brandId === brand.id ? { tenantId: by.tenantId, userId: by.userId, email: by.email } : null);
    const lead = crmAfterSignUp(brand, body, services.crmBaseUrl, (m, e) => req.log.warn({ err: e }, m));
    if (lead) services.background.add(lead);
    return result;
  });

  app.post('/api/Usuarios/reset', { config: { public: true } }, async (req) => {
    const brand = await brands.forHost(req.headers.host);
    await requestReset(db, mailer, brand, (req.body as { email?: unknown })?.email, appUrl(req));
    return { enviado: true };
  });

  for (const path of ['/api/Usuarios/reset-password', '/reset-password', '/api/reset-password']) {
    app.post(path, { config: { public: true } }, async (req) => {
      await resetPassword(db, (req.query as Record<string, unknown>).access_token, (req.body ?? {}) as Record<string, unknown>);
      return { alterada: true };
    });
  }

  app.post('/api/Usuarios/alteraSenha', async (req) => {
    const ctx = req.ctx!;
    const body = (req.body ?? {}) as { userId?: unknown; senhaAntiga?: unknown; senhaNova?: unknown };
    if (body.userId !== undefined && Number(body.userId) !== ctx.userId) throw forbidden('Só é possível alterar a própria senha.');
    if (typeof body.senhaNova !== 'string' || body.senhaNova.length < SENHA_MIN) {
      throw badRequest(`Mínimo ${SENHA_MIN} caracteres!`, [{ path: '/senhaNova', campo: 'senhaNova', mensagem: `Mínimo ${SENHA_MIN} caracteres!` }]);
    }
    const row = (await db.query<{ senha_hash: string }>('SELECT senha_hash FROM users WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, ctx.userId])).rows[0];
    if (!row || typeof body.senhaAntiga !== 'string' || !(await verifyPassword(body.senhaAntiga, row.senha_hash))) {
      throw badRequest('A senha atual não confere.', [{ path: '/senhaAntiga', campo: 'senhaAntiga', mensagem: 'A senha atual não confere.' }]);
    }
    const hash = await hashPassword(body.senhaNova);
    await db.transaction(async (q) => {
      await q.query('UPDATE users SET senha_hash = $3 WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, ctx.userId, hash]);
      await q.query('DELETE FROM sessions WHERE tenant_id = $1 AND user_id = $2 AND token_hash <> encode(sha256(convert_to($3, \'UTF8\')), \'hex\')', [ctx.tenantId, ctx.userId, ctx.token]);
    });
    return { alterada: true };
  });

  app.post('/api/Usuarios/primeiroAcesso', async (req) => {
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

  app.get('/api/Usuarios/getUserInfo', async (req) => buildUserInfo(db, req.ctx!, await brands.forHost(req.headers.host)));
  app.get('/api/Usuarios/obterfilialselecionada', async (req) => (await selectedBranch(db, req.ctx!)) ?? {});
  app.get('/api/Usuarios/verificaFilial', async (req) => {
    const b = await selectedBranch(db, req.ctx!);
    return { possuiFilial: !!b, filialId: b?.id ?? null };
  });

  /** The branches the user may switch to (SPEC 2.7 'switch branch'): all of the account's for its administrator. */
  app.get('/api/Usuarios/filiais', async (req) => {
    const ctx = req.ctx!;
    const r = await db.tenant(ctx, (q) =>
      q.query(
        `SELECT b.id, b.nome, b.apelido, b.cpf_cnpj AS "cpfCnpj", b.id = $3 AS selecionada FROM branches b
          WHERE b.tenant_id = $1 AND b.ativo
            AND ($4 OR EXISTS (SELECT 1 FROM user_branches ub WHERE ub.tenant_id = b.tenant_id AND ub.branch_id = b.id AND ub.user_id = $2))
          ORDER BY b.id`,
        [ctx.tenantId, ctx.userId, ctx.branchId, ctx.perfilAdmin],
      ),
    );
    return r.rows;
  });

  /** Switching branch: the selected branch of the session and of the user, among the user's branches. */
  app.post('/api/Usuarios/trocarFilial', async (req) => {
    const ctx = req.ctx!;
    const filialId = parseId((req.body as { filialId?: unknown })?.filialId);
    await db.tenant(ctx, async (q) => {
      const allowed = await q.query(
        `SELECT 1 FROM branches b WHERE b.tenant_id = $1 AND b.id = $2 AND b.ativo
           AND ($3 OR EXISTS (SELECT 1 FROM user_branches ub WHERE ub.tenant_id = b.tenant_id AND ub.branch_id = b.id AND ub.user_id = $4))`,
        [ctx.tenantId, filialId, ctx.perfilAdmin, ctx.userId],
      );
      if (!allowed.rows.length) throw notFound('Filial não encontrada.');
      await q.query('UPDATE users SET filial_selecionada_id = $3 WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, ctx.userId, filialId]);
    });
    await db.query('UPDATE sessions SET branch_id = $2 WHERE token_hash = encode(sha256(convert_to($1, \'UTF8\')), \'hex\')', [ctx.token, filialId]);
    return selectedBranch(db, { ...ctx, branchId: filialId });
  });

  registerUserCrud(app, services);
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

interface UserBody {
  nome?: unknown;
  email?: unknown;
  telefone?: unknown;
  senha?: unknown;
  ativo?: unknown;
  perfilId?: unknown;
  isContador?: unknown;
  perfilAdmin?: unknown;
  filiais?: unknown;
}

function checkUserBody(b: UserBody, creating: boolean) {
  const errors: { path: string; campo: string; mensagem: string }[] = [];
  const add = (campo: string, mensagem: string) => errors.push({ path: `/${campo}`, campo, mensagem });
  if (typeof b.nome !== 'string' || b.nome.trim().length < 2) add('nome', b.nome ? 'Mínimo 2 caracteres!' : 'Campo Obrigatório!');
  if (typeof b.email !== 'string' || !b.email.trim()) add('email', 'Campo Obrigatório!');
  else if (b.email.length > EMAIL_MAX) add('email', `Máximo ${EMAIL_MAX} caracteres!`);
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(b.email)) add('email', 'E-mail inválido!');
  if (creating || b.senha !== undefined) {
    if (typeof b.senha !== 'string' || !b.senha) add('senha', 'Campo Obrigatório!');
    else if (b.senha.length < SENHA_MIN) add('senha', `Mínimo ${SENHA_MIN} caracteres!`);
  }
  if (b.filiais !== undefined && (!Array.isArray(b.filiais) || b.filiais.some((f) => !Number.isInteger(f)))) add('filiais', 'Campo inválido!');
  if (b.perfilId !== undefined && b.perfilId !== null && !Number.isInteger(b.perfilId)) add('perfilId', 'Campo inválido!');
  if (errors.length) throw badRequest(`Dados inválidos: ${errors.map((e) => `${e.campo}: ${e.mensagem}`).join('; ')}`, errors);
}

/** Users of the account (SPEC 7.1 GET/POST/PUT Usuarios): guarded by app.usuario, scoped by tenant. */
function registerUserCrud(app: FastifyInstance, services: AppServices) {
  const { db } = services;
  const guard = (ctx: RequestContext, level: 'view' | 'change' | 'full') => {
    if (!serverAllows(ctx, 'app.usuario', level)) throw forbidden('Você não tem permissão para gerenciar usuários.');
  };
  const one = async (ctx: RequestContext, id: number) => {
    const r = await db.tenant(ctx, (q) => q.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.tenant_id = $1 AND u.id = $2`, [ctx.tenantId, id]));
    if (!r.rows.length) throw notFound();
    return r.rows[0];
  };

  app.get('/api/Usuarios', async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const r = await db.tenant(ctx, (q) => q.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.tenant_id = $1 ORDER BY u.nome, u.id LIMIT 1000`, [ctx.tenantId]));
    return r.rows;
  });
  app.get('/api/Usuarios/count', async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const r = await db.tenant(ctx, (q) => q.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE tenant_id = $1', [ctx.tenantId]));
    return { count: r.rows[0].n };
  });
  app.get('/api/Usuarios/:id', async (req) => {
    const ctx = req.ctx!;
    const id = parseId((req.params as { id: string }).id);
    if (id !== ctx.userId) guard(ctx, 'view');
    return one(ctx, id);
  });

  /**
   * Who may hand out what (auth/grants.ts): role flags and administrators' records are an administrator's;
   * nobody else changes their own profile or assigns a profile stronger than their own. A role flag left
   * out of the body keeps its stored value.
   */
  const checkGrantsOfUser = async (q: Queryable, ctx: RequestContext, body: UserBody, id: number | null) => {
    const current = id === null ? null : (await q.query<{ perfil_admin: boolean; is_contador: boolean; perfil_id: number | null }>('SELECT perfil_admin, is_contador, perfil_id FROM users WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id])).rows[0];
    if (id !== null && !current) throw notFound();
    const perfilAdmin = body.perfilAdmin === undefined ? (current?.perfil_admin ?? false) : body.perfilAdmin === true;
    const isContador = body.isContador === undefined ? (current?.is_contador ?? false) : body.isContador === true;
    const perfilId = body.perfilId === undefined ? (current?.perfil_id ?? null) : ((body.perfilId as number | null) ?? null);
    if (!isAccountAdmin(ctx)) {
      if (current?.perfil_admin) throw forbidden(ONLY_ADMIN_EDITS_ADMIN);
      if (perfilAdmin !== (current?.perfil_admin ?? false) || isContador !== (current?.is_contador ?? false)) throw forbidden(ONLY_ADMIN_ROLES);
      if (perfilId !== (current?.perfil_id ?? null)) {
        if (id === ctx.userId) throw forbidden(OWN_PROFILE);
        if (perfilId !== null) {
          const p = await q.query<{ permissoes: unknown }>('SELECT permissoes FROM access_profiles WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, perfilId]);
          const key = keyRaisedAboveOwn(ctx, p.rows[0]?.permissoes);
          if (key) throw forbidden(profileAboveOwn(key));
        }
      }
    }
    return { perfilAdmin, isContador, perfilId };
  };

  const save = async (ctx: RequestContext, body: UserBody, id: number | null) => {
    checkUserBody(body, id === null);
    const brandId = ctx.brandId;
    const senhaHash = typeof body.senha === 'string' && body.senha ? await hashPassword(body.senha) : null;
    const saved = await db
      .tenant(ctx, async (q) => {
        const roles = await checkGrantsOfUser(q, ctx, body, id);
        const email = String(body.email).trim().toLowerCase();
        const values = [ctx.tenantId, String(body.nome).trim(), email, body.telefone ?? null, body.ativo !== false, roles.perfilId, roles.isContador, roles.perfilAdmin];
        const avatar = typeof (body as { avatar?: unknown }).avatar === 'string' ? ((body as { avatar: string }).avatar.slice(0, AVATAR_MAX)) : null;
        let userId: number;
        if (id === null) {
          userId = (
            await q.query<{ id: number }>(
              `INSERT INTO users (tenant_id, nome, email, telefone, ativo, perfil_id, is_contador, perfil_admin, brand_id, senha_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
              [...values, brandId, senhaHash],
            )
          ).rows[0].id;
        } else {
          const r = await q.query(
            `UPDATE users SET nome = $2, email = $3, telefone = $4, ativo = $5, perfil_id = $6, is_contador = $7, perfil_admin = $8, senha_hash = coalesce($10, senha_hash),
                    avatar = coalesce($11, avatar)
              WHERE tenant_id = $1 AND id = $9`,
            [...values, id, senhaHash, avatar],
          );
          if (!r.rowCount) throw notFound();
          userId = id;
        }
        if (Array.isArray(body.filiais)) {
          await q.query('DELETE FROM user_branches WHERE tenant_id = $1 AND user_id = $2', [ctx.tenantId, userId]);
          for (const b of body.filiais as number[]) await q.query('INSERT INTO user_branches (tenant_id, user_id, branch_id) VALUES ($1, $2, $3)', [ctx.tenantId, userId, b]);
        }
        return userId;
      })
      .catch((e) => (e instanceof HttpError ? Promise.reject(e) : translateDbError(e, 'write')));
    return one(ctx, saved);
  };
  app.post('/api/Usuarios', async (req) => {
    guard(req.ctx!, 'change');
    return save(req.ctx!, (req.body ?? {}) as UserBody, null);
  });
  app.put('/api/Usuarios/:id', async (req) => {
    const ctx = req.ctx!;
    const id = parseId((req.params as { id: string }).id);
    if (id === ctx.userId && !serverAllows(ctx, 'app.usuario', 'change')) return saveOwnAccount(ctx, (req.body ?? {}) as UserBody);
    guard(ctx, 'change');
    return save(ctx, (req.body ?? {}) as UserBody, id);
  });

  /** 'editarminhaconta' for a user without app.usuario: only name, phone and avatar of their own record. */
  const saveOwnAccount = async (ctx: RequestContext, body: UserBody & { avatar?: unknown }) => {
    if (typeof body.nome !== 'string' || body.nome.trim().length < 2) throw badRequest('Dados inválidos: nome: Campo Obrigatório!', [{ path: '/nome', campo: 'nome', mensagem: 'Campo Obrigatório!' }]);
    if (body.avatar !== undefined && body.avatar !== null && (typeof body.avatar !== 'string' || body.avatar.length > AVATAR_MAX)) {
      throw badRequest('Imagem do avatar grande demais.', [{ path: '/avatar', campo: 'avatar', mensagem: 'Campo inválido!' }]);
    }
    await db.tenant(ctx, (q) =>
      q.query('UPDATE users SET nome = $3, telefone = $4, avatar = $5 WHERE tenant_id = $1 AND id = $2', [
        ctx.tenantId,
        ctx.userId,
        body.nome!.toString().trim(),
        typeof body.telefone === 'string' ? body.telefone.replace(/\D/g, '') || null : null,
        (body.avatar as string | null | undefined) ?? null,
      ]),
    );
    return one(ctx, ctx.userId);
  };
}
