import { accountantKeys } from '../../shared/menu-filter.ts';
import { hasPermission, type LevelName } from '../../shared/permissions.ts';
import { loadMenus } from '../catalog/documents.ts';
import type { RequestContext } from './context.ts';

/**
 * The keys an accountant (an outside party) may use on the server: those of the menu entries SPEC 6 shows
 * an accountant (flagged "contador" in schemas/menus, the entry and every group above it), derived with the
 * same function the web's menus and route guard use, so the three never disagree.
 */
export const ACCOUNTANT_KEYS: ReadonlySet<string> = accountantKeys(Object.values(loadMenus()));

/** SPEC 6's check as the API applies it: the accountant's pass covers only ACCOUNTANT_KEYS. */
export function serverAllows(ctx: RequestContext, key: string, level?: LevelName | number): boolean {
  if (ctx.isContador && !ctx.perfilAdmin && !ctx.suporteWhiteLabel) return ACCOUNTANT_KEYS.has(key);
  return hasPermission(ctx, key, level);
}
