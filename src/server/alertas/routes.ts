import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { parseId } from '../resources/crud.ts';
import { listDef, listFilter } from '../resources/filter-sql.ts';
import { JSON_TEXT, withQuery } from '../http/input-schemas.ts';

export const ALERT_TYPES = ['info', 'success', 'warning'] as const;
const COLUMNS = `id, tipo, texto, data, link, permite_excluir AS "permiteExcluir", lido`;
const MAX_TEXT = 500;
/** The fields GET /api/Alerta filters and orders by. */
const ALERTAS_LISTA = listDef('Alerta', 'alertas', [['id', 'integer'], ['tipo', 'text'], ['texto', 'text'], ['data', 'datetime'], ['link', 'text'], ['permiteExcluir', 'boolean'], ['lido', 'boolean']]);

interface AlertBody {
  tipo?: unknown;
  texto?: unknown;
  link?: unknown;
  permiteExcluir?: unknown;
  userId?: unknown;
}

function checkBody(b: AlertBody) {
  const errors: { path: string; campo: string; mensagem: string }[] = [];
  if (!ALERT_TYPES.includes(b.tipo as any)) errors.push({ path: '/tipo', campo: 'tipo', mensagem: 'Campo inválido!' });
  if (typeof b.texto !== 'string' || !b.texto.trim()) errors.push({ path: '/texto', campo: 'texto', mensagem: 'Campo Obrigatório!' });
  else if (b.texto.length > MAX_TEXT) errors.push({ path: '/texto', campo: 'texto', mensagem: `Máximo ${MAX_TEXT} caracteres!` });
  if (b.link !== undefined && b.link !== null && typeof b.link !== 'string') errors.push({ path: '/link', campo: 'link', mensagem: 'Campo inválido!' });
  if (errors.length) throw badRequest(`Dados inválidos: ${errors.map((e) => `${e.campo}: ${e.mensagem}`).join('; ')}`, errors);
  return { tipo: b.tipo as string, texto: (b.texto as string).trim(), link: (b.link as string | null) ?? null, permiteExcluir: b.permiteExcluir !== false };
}

/**
 * Alerta (SPEC 3, 4, 7.4): a user's notifications. Creating one pushes it over socket.io as 'alerta' to each
 * recipient's room (an alert with an id is prepended by the browser). 'geral' broadcasts to every user of
 * the brand and belongs to the brand's staff.
 */
export default async function alertasRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  const mine = (ctx: RequestContext, limit = 50) =>
    db.tenant(ctx, (q) => q.query(`SELECT ${COLUMNS} FROM alertas WHERE tenant_id = $1 AND user_id = $2 ORDER BY data DESC, id DESC LIMIT ${limit}`, [ctx.tenantId, ctx.userId]));

  app.get('/api/Alerta/pesquisar-alertas', { schema: { summary: 'Os 50 alertas mais recentes do usuário' } }, async (req) => (await mine(req.ctx!)).rows);
  // The list reads its filter like the generic API (where over the alert's fields, order), at most 200 rows.
  app.get('/api/Alerta', withQuery({ filter: JSON_TEXT }, [], { schema: { summary: 'Alertas do usuário (filtro LoopBack: where, order, limit até 200)' } }), async (req) => {
    const ctx = req.ctx!;
    const lf = listFilter(ALERTAS_LISTA, (req.query as Record<string, unknown>).filter, { params: [ctx.tenantId, ctx.userId] });
    const n = lf.filter.limit === undefined ? 50 : Number(lf.filter.limit);
    const limit = Number.isInteger(n) && n > 0 ? Math.min(n, 200) : 50;
    const sql = `SELECT ${COLUMNS} FROM alertas t WHERE t.tenant_id = $1 AND t.user_id = $2 AND ${lf.sql} ORDER BY ${lf.order ?? 't.data DESC, t.id DESC'} LIMIT ${limit}`;
    return (await db.tenant(ctx, (q) => q.query(sql, lf.values))).rows;
  });
  app.get('/api/Alerta/obter', { schema: { summary: 'Os alertas recentes do usuário e quantos ainda não foram lidos' } }, async (req) => {
    const rows = (await mine(req.ctx!)).rows;
    return { alertas: rows, naoLidos: rows.filter((r) => !r.lido).length };
  });
  app.get('/api/Alerta/:id', { schema: { summary: 'Um alerta' } }, async (req) => {
    const ctx = req.ctx!;
    const id = parseId((req.params as { id: string }).id);
    const r = await db.tenant(ctx, (q) => q.query(`SELECT ${COLUMNS} FROM alertas WHERE tenant_id = $1 AND user_id = $2 AND id = $3`, [ctx.tenantId, ctx.userId, id]));
    if (!r.rows.length) throw notFound();
    return r.rows[0];
  });
  app.put('/api/Alerta/:id', { schema: { summary: 'Altera um alerta' } }, async (req) => {
    const ctx = req.ctx!;
    const id = parseId((req.params as { id: string }).id);
    const lido = (req.body as { lido?: unknown })?.lido !== false;
    const r = await db.tenant(ctx, (q) => q.query(`UPDATE alertas SET lido = $4 WHERE tenant_id = $1 AND user_id = $2 AND id = $3 RETURNING ${COLUMNS}`, [ctx.tenantId, ctx.userId, id, lido]));
    if (!r.rows.length) throw notFound();
    return r.rows[0];
  });
  app.delete('/api/Alerta/:id', { schema: { summary: 'Exclui um alerta' } }, async (req) => {
    const ctx = req.ctx!;
    const id = parseId((req.params as { id: string }).id);
    const r = await db.tenant(ctx, (q) => q.query(`DELETE FROM alertas WHERE tenant_id = $1 AND user_id = $2 AND id = $3 AND permite_excluir`, [ctx.tenantId, ctx.userId, id]));
    if (!r.rowCount) throw notFound('Alerta não encontrado ou não pode ser excluído.');
    return { count: 1 };
  });

  /** An alert for one user of the account, or for all its users; by the account's administrator. */
  app.post('/api/Alerta', { schema: { summary: 'Alerta para um usuário da conta ou para todos, enviado por socket.io (administrador da conta)' } }, async (req) => {
    const ctx = req.ctx!;
    if (!ctx.perfilAdmin && !ctx.master && !ctx.suporteWhiteLabel && !ctx.isAvanco) throw forbidden('Somente administradores podem enviar alertas.');
    const body = (req.body ?? {}) as AlertBody;
    const a = checkBody(body);
    const target = body.userId === undefined || body.userId === null ? null : parseId(body.userId);
    const rows = await db.tenant(ctx, (q) =>
      q.query<{ user_id: number; id: number }>(
        `INSERT INTO alertas (tenant_id, user_id, tipo, texto, link, permite_excluir)
         SELECT u.tenant_id, u.id, $3, $4, $5, $6 FROM users u WHERE u.tenant_id = $1 AND u.ativo AND ($2::integer IS NULL OR u.id = $2)
         RETURNING user_id, ${COLUMNS}`,
        [ctx.tenantId, target, a.tipo, a.texto, a.link, a.permiteExcluir],
      ),
    );
    if (!rows.rows.length) throw notFound('Usuário não encontrado.');
    for (const { user_id, ...alerta } of rows.rows) services.realtime?.toUser(ctx.tenantId, user_id, 'alerta', alerta);
    return { count: rows.rows.length, alertas: rows.rows.map(({ user_id, ...a }) => a) };
  });

  /** Broadcast to every active user of the brand (the brand's staff only). */
  app.post('/api/Alerta/geral', { schema: { summary: 'Envia um alerta a todos os usuários ativos da marca (só a administração da marca)' } }, async (req) => {
    const ctx = req.ctx!;
    if (!ctx.isAvanco && !ctx.master && !ctx.suporteWhiteLabel) throw forbidden('Somente a administração da marca pode enviar alertas gerais.');
    const a = checkBody((req.body ?? {}) as AlertBody);
    // Brand-wide, across accounts: runs as the owner, bounded by the brand of the sender.
    const r = await db.query<{ tenant_id: number; user_id: number; id: number }>(
      `INSERT INTO alertas (tenant_id, user_id, tipo, texto, link, permite_excluir)
       SELECT u.tenant_id, u.id, $2, $3, $4, $5 FROM users u WHERE u.brand_id = $1 AND u.ativo
       RETURNING tenant_id, user_id, ${COLUMNS}`,
      [ctx.brandId, a.tipo, a.texto, a.link, a.permiteExcluir],
    );
    for (const { tenant_id, user_id, ...alerta } of r.rows) services.realtime?.toUser(tenant_id, user_id, 'alerta', alerta);
    return { count: r.rows.length };
  });
}
