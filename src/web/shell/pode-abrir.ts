import { routeAccess, type MenuUser } from '../../shared/menu-filter.ts';
import { ACCOUNTANT_KEYS, HOMES, ROUTE_DOCS } from './menus.ts';

/** Whether this user may open the route (SPEC 6, the route guard's own check): where a sign-in may send them. */
export function podeAbrir(path: string, user: MenuUser | null | undefined): boolean {
  return routeAccess(ROUTE_DOCS, path, user, { accountantKeys: ACCOUNTANT_KEYS, accountantHome: HOMES.contador }).allowed;
}
