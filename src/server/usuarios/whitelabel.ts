import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { JSON_TEXT, withQuery } from '../http/input-schemas.ts';
import { parseJsonParam } from '../resources/filter-sql.ts';
import { parseId } from '../resources/crud.ts';
import { answer, arrayOf, INT, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { TAGS } from './routes-comum.ts';

/**
 * The brand's staff: who may use the administrator area (SPEC 2.8) for their own brand. SPEC 6 gives that area
 * to master and isAvanco users only (the web's route guard asks the same); white-label support, the account's
 * administrator profile and the accountant pass ordinary permission checks, not this one.
 */
export const isBrandStaff = (ctx: Pick<RequestContext, 'isAvanco' | 'master'>): boolean => ctx.isAvanco || ctx.master;

const LIMIT_MAX = 200;

interface Params {
  busca?: string;
  limit?: number;
  skip?: number;
}

/**
 * GET Usuarios/usuarios-whitelabel/{id}?params= (SPEC 7.1): the users of every account of a brand, for the
 * administrator area's 'usuarios' screen. Only the brand's own staff may list it, and only for their brand;
 * it reads across accounts as the owner, always bounded by that brand.
 */
export default async function usuariosWhitelabelRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  app.get('/api/Usuarios/usuarios-whitelabel/:id', withQuery({ params: { ...JSON_TEXT, description: '{"busca", "limit" (1 a 200, 50 por omissão), "skip"} em JSON' } }, [], { schema: { tags: TAGS, summary: 'Os usuários de todas as contas da marca, para a área da administração (só a administração da própria marca)', response: { 200: answer('Usuários', objectOf({ total: INT, usuarios: arrayOf(objectOf({ id: INT, nome: { type: 'string' }, email: { type: 'string' }, ativo: { type: 'boolean' }, perfilAdmin: { type: 'boolean' }, isContador: { type: 'boolean' }, master: { type: 'boolean' }, isAvanco: { type: 'boolean' }, createdAt: { type: 'string' }, contaId: INT, empresa: { type: 'string' }, cpfCnpj: TEXT_OR_NULL, trial: { type: 'boolean' }, bloqueada: { type: 'boolean' } })) })) } } }), async (req) => {
    const ctx = req.ctx!;
    if (!isBrandStaff(ctx)) throw forbidden('Somente a administração da marca pode consultar os usuários da marca.');
    const brandId = parseId((req.params as { id: string }).id);
    if (brandId !== ctx.brandId) throw forbidden('Você só pode consultar os usuários da sua marca.');
    const p = parseJsonParam<Params>((req.query as Record<string, unknown>).params, 'params') ?? {};
    if (typeof p !== 'object' || Array.isArray(p)) throw badRequest('Parâmetros inválidos.');
    const limit = p.limit === undefined ? 50 : Number(p.limit);
    const skip = p.skip === undefined ? 0 : Number(p.skip);
    if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_MAX) throw badRequest(`O limite deve ser um inteiro entre 1 e ${LIMIT_MAX}.`);
    if (!Number.isInteger(skip) || skip < 0) throw badRequest('O parâmetro skip deve ser um inteiro não negativo.');
    const busca = typeof p.busca === 'string' && p.busca.trim() ? `%${p.busca.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    // Logins only: an accountant's linked rows in his other client accounts (contabil) are not users of their own.
    const where = `u.brand_id = $1 AND u.contador_login_user_id IS NULL AND ($2::text IS NULL OR f_unaccent(u.nome) ILIKE f_unaccent($2) OR u.email ILIKE $2 OR f_unaccent(t.nome) ILIKE f_unaccent($2))`;
    const [rows, total] = await Promise.all([
      db.query(
        `SELECT u.id, u.nome, u.email, u.ativo, u.perfil_admin AS "perfilAdmin", u.is_contador AS "isContador", u.master, u.is_avanco AS "isAvanco",
                u.created_at AS "createdAt", t.id AS "contaId", t.nome AS empresa, t.cpf_cnpj AS "cpfCnpj", t.trial, t.bloqueada
           FROM users u JOIN tenants t ON t.id = u.tenant_id
          WHERE ${where}
          ORDER BY t.nome, u.nome, u.id LIMIT ${limit} OFFSET ${skip}`,
        [brandId, busca],
      ),
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE ${where}`, [brandId, busca]),
    ]);
    return { total: Number(total.rows[0].n), usuarios: rows.rows };
  });
}
