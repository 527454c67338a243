import { hasPermission, type LevelName } from '../../shared/permissions.ts';
import { readDocuments } from '../schemas/documents.ts';
import type { RequestContext } from './context.ts';

interface MenuItem {
  permission?: string;
  contador?: boolean;
  children?: MenuItem[];
}

/**
 * The keys an accountant (an outside party) may use on the server: those of the menu entries SPEC 6 shows
 * an accountant (flagged "contador" in schemas/menus), derived from the menus so both never disagree.
 */
export const ACCOUNTANT_KEYS: ReadonlySet<string> = new Set(
  readDocuments<{ items: MenuItem[] }>('menus').flatMap(({ doc }) => {
    const keys: string[] = [];
    const walk = (items: MenuItem[] = [], inherited = false) => {
      for (const i of items) {
        const on = inherited || i.contador === true;
        if (on && i.permission) keys.push(i.permission);
        walk(i.children, on);
      }
    };
    walk(doc.items);
    return keys;
  }),
);

/** SPEC 6's check as the API applies it: the accountant's pass covers only ACCOUNTANT_KEYS. */
export function serverAllows(ctx: RequestContext, key: string, level?: LevelName | number): boolean {
  if (ctx.isContador && !ctx.perfilAdmin && !ctx.suporteWhiteLabel) return ACCOUNTANT_KEYS.has(key);
  return hasPermission(ctx, key, level);
}
