import type { FastifyInstance } from 'fastify';
import { EMAIL_MAX, SENHA_MIN } from '../../shared/cadastro.ts';
import { serverAllows } from '../auth/access.ts';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { isAccountAdmin, keyRaisedAboveOwn, ONLY_ADMIN_EDITS_ADMIN, ONLY_ADMIN_ROLES, OWN_PROFILE, profileAboveOwn } from '../auth/grants.ts';
import type { Queryable } from '../db/db.ts';
import { hashPassword } from '../auth/passwords.ts';
import { translateDbError } from '../db/pg-errors.ts';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { parseId } from '../resources/crud.ts';
import { answer, arrayOf, checkedByHandler, exactAnswer, INT, objectOf } from '../http/route-schema.ts';
import { TAGS, USUARIO } from './routes-comum.ts';

/** An avatar is an image address or a small data URL (about 200 KB). */
const AVATAR_MAX = 280_000;

/** The user list and form: what a record of /api/Usuarios carries (never the password hash). */
const USER_COLUMNS = `u.id, u.nome, u.email, u.telefone, u.avatar, u.ativo, u.perfil_id AS "perfilId", u.is_contador AS "isContador",
  u.perfil_admin AS "perfilAdmin", u.filial_selecionada_id AS "filialSelecionadaId", u.created_at AS "createdAt",
  coalesce((SELECT array_agg(ub.branch_id ORDER BY ub.branch_id) FROM user_branches ub WHERE ub.tenant_id = u.tenant_id AND ub.user_id = u.id), '{}') AS filiais`;

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

/** The form's body (checked by checkUserBody, Portuguese messages per field). */
const CORPO_USUARIO = objectOf({ nome: { type: 'string', minLength: 2 }, email: { type: 'string', format: 'email', maxLength: EMAIL_MAX }, telefone: { type: ['string', 'null'] }, senha: { type: 'string', minLength: SENHA_MIN, description: 'obrigatória ao criar' }, ativo: { type: 'boolean' }, perfilId: { type: ['integer', 'null'] }, isContador: { type: 'boolean' }, perfilAdmin: { type: 'boolean' }, filiais: arrayOf(INT), avatar: { type: ['string', 'null'], description: 'endereço ou data URL (até ~200 KB)' } }, ['nome', 'email']);
const UM_USUARIO = exactAnswer('O usuário (nunca a senha)', USUARIO);
const SEM_PERMISSAO_PAPEL = answer('Sem permissão: papéis e perfis acima do próprio, ou o registro de um administrador, são do administrador da conta');

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
export default async function usuariosCrudRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  const guard = (ctx: RequestContext, level: 'view' | 'change' | 'full') => {
    if (!serverAllows(ctx, 'app.usuario', level)) throw forbidden('Você não tem permissão para gerenciar usuários.');
  };
  const one = async (ctx: RequestContext, id: number) => {
    const r = await db.tenant(ctx, (q) => q.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND (u.contador_login_user_id IS NULL OR u.id = $3)`, [ctx.tenantId, id, ctx.userId]));
    if (!r.rows.length) throw notFound();
    return r.rows[0];
  };

  app.get('/api/Usuarios', { schema: { tags: TAGS, summary: 'Os usuários da conta (até 1000, pelo nome), com as filiais de cada um', response: { 200: exactAnswer('Usuários (nunca a senha)', arrayOf(USUARIO)) } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const r = await db.tenant(ctx, (q) => q.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.tenant_id = $1 AND u.contador_login_user_id IS NULL ORDER BY u.nome, u.id LIMIT 1000`, [ctx.tenantId]));
    return r.rows;
  });
  app.get('/api/Usuarios/count', { schema: { tags: TAGS, summary: 'Quantos usuários a conta tem', response: { 200: exactAnswer('Contagem', objectOf({ count: INT }, ['count'])) } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const r = await db.tenant(ctx, (q) => q.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE tenant_id = $1 AND contador_login_user_id IS NULL', [ctx.tenantId]));
    return { count: r.rows[0].n };
  });
  app.get('/api/Usuarios/:id', { schema: { tags: TAGS, summary: 'Um usuário da conta (o próprio, sem a permissão de usuários)', response: { 200: UM_USUARIO } } }, async (req) => {
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
    const current = id === null ? null : (await q.query<{ perfil_admin: boolean; is_contador: boolean; perfil_id: number | null }>('SELECT perfil_admin, is_contador, perfil_id FROM users WHERE tenant_id = $1 AND id = $2 AND contador_login_user_id IS NULL', [ctx.tenantId, id])).rows[0];
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
  app.post('/api/Usuarios', { schema: { tags: TAGS, summary: 'Cria um usuário da conta com a senha, o perfil de acesso e as filiais', body: checkedByHandler({ ...CORPO_USUARIO, required: ['nome', 'email', 'senha'] }), response: { 200: UM_USUARIO, 403: SEM_PERMISSAO_PAPEL, 409: answer('E-mail já usado por outro usuário da marca') } } }, async (req) => {
    guard(req.ctx!, 'change');
    return save(req.ctx!, (req.body ?? {}) as UserBody, null);
  });
  app.put('/api/Usuarios/:id', { schema: { tags: TAGS, summary: 'Grava um usuário (sem a permissão de usuários, o próprio: só nome, telefone e avatar); a senha só se vier', body: checkedByHandler(CORPO_USUARIO), response: { 200: UM_USUARIO, 403: SEM_PERMISSAO_PAPEL, 409: answer('E-mail já usado por outro usuário da marca') } } }, async (req) => {
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
