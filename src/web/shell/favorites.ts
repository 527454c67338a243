import useSWR from 'swr';
import { api } from '../api/client.ts';
import { toApiError } from '../api/errors.ts';
import { toast } from '../dialogs/dialogs.tsx';
import { FAVORITES_LIMIT, FAVORITES_MESSAGES, routeKey } from '../../shared/favorites.ts';
import { MENU_BY_KEY } from './menus.ts';

export interface Favorito {
  menuKey: string;
  title: string;
  link: string;
  icon?: string | null;
}

export const FAVORITES_KEY = 'Favoritos';
/** SPEC 9: default favourites are stored per user id as a list of menu keys in local storage. */
export const defaultFavoritesKey = (userId: number | string) => `favoritosPadrao:${userId}`;

export function defaultFavorites(userId: number | string | undefined): string[] {
  if (userId === undefined) return [];
  try {
    const v = JSON.parse(localStorage.getItem(defaultFavoritesKey(userId)) ?? '[]');
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

export function setDefaultFavorites(userId: number | string, keys: string[]): void {
  localStorage.setItem(defaultFavoritesKey(userId), JSON.stringify(keys));
}

/** The menu entry whose link is the current route (query string ignored), if any. */
export function menuKeyOfRoute(pathname: string): string | undefined {
  const here = routeKey(pathname);
  for (const [key, item] of MENU_BY_KEY) if (item.link && routeKey(item.link) === here) return key;
  return undefined;
}

export function useFavorites(enabled: boolean) {
  return useSWR<Favorito[]>(enabled ? FAVORITES_KEY : null, async () => (await api.get<Favorito[]>(FAVORITES_KEY)).data, { revalidateOnFocus: false });
}

const warn = (err: unknown) => {
  const info = toApiError(err);
  const known = info.status === 400 || info.status === 403;
  toast('warning', known ? info.message : FAVORITES_MESSAGES.falha);
};

/**
 * Adds or removes the current page (SPEC 4, 5.7). The limit and 'no menu entry' are checked here for an
 * immediate answer, and again by the server, which holds the list; a default favourite cannot be removed.
 */
export async function toggleFavorite(opts: { pathname: string; current: Favorito[]; userId?: number; isContador?: boolean }): Promise<Favorito[] | null> {
  if (opts.isContador) return null;
  const key = menuKeyOfRoute(opts.pathname);
  const existing = key ? opts.current.find((f) => f.menuKey === key) : opts.current.find((f) => routeKey(f.link) === routeKey(opts.pathname));
  try {
    if (existing) {
      if (defaultFavorites(opts.userId).includes(existing.menuKey)) {
        toast('warning', FAVORITES_MESSAGES.padrao(existing.title));
        return null;
      }
      return (await api.delete<Favorito[]>(`${FAVORITES_KEY}/${encodeURIComponent(existing.menuKey)}`)).data;
    }
    if (!key) {
      toast('warning', FAVORITES_MESSAGES.semMenu);
      return null;
    }
    if (opts.current.length >= FAVORITES_LIMIT) {
      toast('warning', FAVORITES_MESSAGES.limite(FAVORITES_LIMIT));
      return null;
    }
    return (await api.post<Favorito[]>(FAVORITES_KEY, { menuKey: key })).data;
  } catch (err) {
    warn(err);
    return null;
  }
}
