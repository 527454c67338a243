import type { FastifyInstance } from 'fastify';
import { FAVORITES_LIMIT, FAVORITES_MESSAGES, routeKey } from '../../shared/favorites.ts';
import type { AppServices } from '../app-services.ts';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { loadMenus } from '../catalog/documents.ts';

interface MenuItem {
  key: string;
  title: string;
  icon?: string;
  link?: string;
  children?: MenuItem[];
}

/** Every menu entry that opens a page, by key and by route (schemas/menus and the resource documents). */
const entries = Object.values(loadMenus()).flatMap((items) => {
  const out: MenuItem[] = [];
  const walk = (list: MenuItem[] = []) => list.forEach((i) => (i.link && out.push(i), walk(i.children)));
  walk(items);
  return out;
});
const BY_KEY = new Map(entries.map((e) => [e.key, e]));
const BY_LINK = new Map(entries.map((e) => [routeKey(e.link!), e]));

const view = (key: string) => {
  const e = BY_KEY.get(key);
  return e ? { menuKey: e.key, title: e.title, link: e.link, icon: e.icon ?? null } : null;
};

/** Favourites (SPEC 4, 5.7) stored per user on the server, so they follow the user to another browser. */
export default async function favoritosRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  const list = async (ctx: NonNullable<import('fastify').FastifyRequest['ctx']>) => {
    const r = await db.tenant(ctx, (q) => q.query<{ menu_key: string }>('SELECT menu_key FROM favoritos WHERE tenant_id = $1 AND user_id = $2 ORDER BY posicao, created_at', [ctx.tenantId, ctx.userId]));
    return r.rows.map((x) => view(x.menu_key)).filter(Boolean);
  };

  app.get('/api/Favoritos', { schema: { summary: 'Os atalhos favoritos do usuário (chaves do menu), na ordem' } }, async (req) => list(req.ctx!));

  app.post('/api/Favoritos', { schema: { summary: 'Marca um item do menu como favorito' } }, async (req) => {
    const ctx = req.ctx!;
    if (ctx.isContador) throw forbidden('O contador não pode alterar favoritos.');
    const body = (req.body ?? {}) as { menuKey?: unknown; link?: unknown };
    const entry = typeof body.menuKey === 'string' ? BY_KEY.get(body.menuKey) : typeof body.link === 'string' ? BY_LINK.get(routeKey(body.link)) : undefined;
    if (!entry) throw badRequest(FAVORITES_MESSAGES.semMenu);
    await db.tenant(ctx, async (q) => {
      const r = await q.query<{ n: number; has: boolean }>(
        'SELECT count(*)::int AS n, bool_or(menu_key = $3) AS has FROM favoritos WHERE tenant_id = $1 AND user_id = $2',
        [ctx.tenantId, ctx.userId, entry.key],
      );
      if (r.rows[0].has) return;
      if (r.rows[0].n >= FAVORITES_LIMIT) throw new HttpError(400, FAVORITES_MESSAGES.limite(FAVORITES_LIMIT));
      await q.query('INSERT INTO favoritos (tenant_id, user_id, menu_key, posicao) VALUES ($1, $2, $3, $4)', [ctx.tenantId, ctx.userId, entry.key, r.rows[0].n]);
    });
    return list(ctx);
  });

  app.delete('/api/Favoritos/:menuKey', { schema: { summary: 'Tira um item do menu dos favoritos' } }, async (req) => {
    const ctx = req.ctx!;
    if (ctx.isContador) throw forbidden('O contador não pode alterar favoritos.');
    const key = (req.params as { menuKey: string }).menuKey;
    const r = await db.tenant(ctx, (q) => q.query('DELETE FROM favoritos WHERE tenant_id = $1 AND user_id = $2 AND menu_key = $3', [ctx.tenantId, ctx.userId, key]));
    if (!r.rowCount) throw notFound('Favorito não encontrado.');
    return list(ctx);
  });
}
