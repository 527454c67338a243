import { routeAccess, type MenuUser } from '../../shared/menu-filter.ts';
import { ACCOUNTANT_KEYS, HOMES, ROUTE_DOCS } from './menus.ts';

/** Whether this user may open the route (SPEC 6, the route guard's own check): where a sign-in may send them. */
export function podeAbrir(path: string, user: MenuUser | null | undefined): boolean {
  // Without a permission map yet the page is offered, as everywhere (session.ts may): its guard decides.
  const u = user as (MenuUser & { permissoes?: unknown; perfilAdmin?: boolean; suporteWhiteLabel?: boolean; isContador?: boolean }) | null | undefined;
  if (u && !u.permissoes && !u.perfilAdmin && !u.suporteWhiteLabel && !u.isContador) return true;
  return routeAccess(ROUTE_DOCS, path, user, { accountantKeys: ACCOUNTANT_KEYS, accountantHome: HOMES.contador }).allowed;
}
