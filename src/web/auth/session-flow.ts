import { apiBase, http } from '../api/request.ts';
import { clearSession, getToken, saveSession, type SessionUser } from '../api/session.ts';

/** SPEC 9 waits used by the auth screens. */
export const TOKEN_LOGIN_DELAY_MS = 500;
export const SIGNUP_LOGIN_DELAY_MS = 500;
export const ANIMATION_MS = 500;
export const LOGOUT_REDIRECT_MS = 2000;

export const DASHBOARD = '/pages/dashboard';
export const ADMIN_DASHBOARD = '/administrador/configuracoes/dashboard';
export const LOGIN = '/auth/login';
export const PLANOS = '/planos';
export const UNAVAILABLE = '/sistema-indisponivel';

export interface LoginAnswer {
  id: string;
  ttl?: number;
  userId?: number;
  user: SessionUser & { modaisAbertos?: unknown; socio?: unknown; perfilAdmin?: boolean; isContador?: boolean };
  primeiroAcesso?: boolean;
}

export const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** SPEC 2.3: isAvanco and master users go to the administrator area, everyone else to the dashboard. */
export function destinationAfterLogin(user: Pick<SessionUser, 'isAvanco' | 'master'> | null | undefined, from?: string | null): string {
  // A deep link the user was sent away from (RequireAuth) is where they were going.
  if (from && from.startsWith('/pages/') && from !== DASHBOARD) return from;
  return user?.isAvanco || user?.master ? ADMIN_DASHBOARD : DASHBOARD;
}

/**
 * POST Usuarios/login?include=user; the token is stored and the user info set (SPEC 7.1). The permission
 * map the menus need comes with getUserInfo, merged over the login's user when it answers.
 */
export async function signIn(email: string, password: string): Promise<LoginAnswer> {
  const r = await http.post<LoginAnswer>('Usuarios/login', { email, password }, { params: { include: 'user' } });
  saveSession(r.data.id, r.data.user);
  const info = await http.get<SessionUser>('Usuarios/getUserInfo', { params: { sistema: 'novoerp' } }).catch(() => null);
  if (info?.data) saveSession(r.data.id, { ...r.data.user, ...info.data });
  return r.data;
}

/** Signs in with a session token handed over in the URL (login/{user_token}, planos/{user_token}). */
export async function signInWithToken(token: string): Promise<SessionUser> {
  saveSession(token, { id: 0, nome: '' });
  const r = await http.get<SessionUser>('Usuarios/getUserInfo', { params: { sistema: 'novoerp' } });
  saveSession(token, r.data);
  return r.data;
}

/**
 * Ends the current session on the server (its token sent explicitly: the client's interceptor runs later,
 * after the storage is already cleared), then removes the token, the user info and every 'cache:' key.
 */
export function endSession(keepToken?: string): void {
  const token = getToken();
  if (token && token !== keepToken) http.post('Usuarios/logout', null, { headers: { Authorization: token } }).catch(() => {});
  clearSession();
}

/** GET ping/json on the server root (SPEC 7.7): the API base without its last segment. */
export function pingServer(): Promise<unknown> {
  const root = apiBase().replace(/[^/]+\/?$/, '') || '/';
  return http.get('ping/json', { baseURL: root, timeout: 15000 });
}
