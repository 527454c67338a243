import { hasPermission, type LevelName, type PermissionSubject } from '../../shared/permissions.ts';

/** The signed-in user as the login answer (and later getUserInfo) carries it. */
export interface SessionUser extends PermissionSubject {
  id: number;
  nome: string;
  email?: string;
  isAvanco?: boolean;
  master?: boolean;
}

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

/** SPEC 2.2: the storage kind is local or session; a query parameter typeStorage chooses it. */
function storage(): Storage {
  return localStorage.getItem('typeStorage') === 'session' ? sessionStorage : localStorage;
}

export function getToken(): string | null {
  return storage().getItem(TOKEN_KEY);
}

export function getUser(): SessionUser | null {
  const raw = storage().getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: SessionUser): void {
  storage().setItem(TOKEN_KEY, token);
  storage().setItem(USER_KEY, JSON.stringify(user));
}

/** SPEC 2.3 logout: removes the token, the user info and every stored key containing 'cache:'. */
export function clearSession(): void {
  for (const s of [localStorage, sessionStorage]) {
    s.removeItem(TOKEN_KEY);
    s.removeItem(USER_KEY);
    for (const k of Object.keys(s)) if (k.includes('cache:')) s.removeItem(k);
  }
}

/**
 * Whether the user holds a permission. The login answer may not carry the permission map yet; then the
 * screen is offered and the API's own check (403) has the last word.
 */
export function may(user: SessionUser | null, key: string, level: LevelName = 'view'): boolean {
  if (!user) return false;
  if (!user.permissoes && !user.perfilAdmin && !user.suporteWhiteLabel && !user.isContador) return true;
  return hasPermission(user, key, level);
}
