import { hasPermission, type LevelName, type PermissionSubject } from '../../shared/permissions.ts';
import { camposOcultos, type LeituraRestrita } from '../../shared/leitura-restrita.ts';
import { forgetSessionMemory } from './session-memory.ts';

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

/**
 * Storage that lives only in this page (this tab or frame): what the app falls back to when the browser refuses
 * its storage. Items are own enumerable properties, so Object.keys() lists them as it does for the real ones.
 */
export class MemoryStorage implements Storage {
  [key: string]: any;
  get length(): number {
    return Object.keys(this).length;
  }
  key(index: number): string | null {
    return Object.keys(this)[index] ?? null;
  }
  getItem(key: string): string | null {
    return Object.prototype.hasOwnProperty.call(this, key) ? (this[key] as string) : null;
  }
  setItem(key: string, value: string): void {
    this[key] = String(value);
  }
  removeItem(key: string): void {
    delete this[key];
  }
  clear(): void {
    for (const k of Object.keys(this)) delete this[k];
  }
}

type StorageKind = 'localStorage' | 'sessionStorage';
const fallbacks: Partial<Record<StorageKind, MemoryStorage>> = {};

/** Whether the browser lets this page use a storage: reading it may throw (SecurityError), writing may too. */
export function usable(get: () => Storage): boolean {
  try {
    const s = get();
    const probe = '__retaguarda_probe__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * Inside a frame on another site, Chromium may refuse the app's storage (a SecurityError as soon as
 * localStorage is read, when third-party storage is blocked). Then each refused storage becomes an in-memory
 * one for the life of the page: the token stays for the tab, so a framed sign-up or sign-in still works, and
 * every module that reads localStorage/sessionStorage keeps working. Partitioned storage works and is kept.
 * Answers which storages were replaced.
 */
export function installStorageFallback(win: Window & typeof globalThis = window): StorageKind[] {
  const replaced: StorageKind[] = [];
  for (const kind of ['localStorage', 'sessionStorage'] as const) {
    if (usable(() => win[kind])) continue;
    const mem = (fallbacks[kind] ??= new MemoryStorage());
    try {
      Object.defineProperty(win, kind, { configurable: true, enumerable: true, get: () => mem });
    } catch {
      // Not redefinable here: storage() below still answers the in-memory one.
    }
    replaced.push(kind);
  }
  return replaced;
}

function safe(kind: StorageKind): Storage {
  const fallback = fallbacks[kind];
  if (fallback) return fallback;
  try {
    return window[kind];
  } catch {
    installStorageFallback();
    return fallbacks[kind] ?? new MemoryStorage();
  }
}

/** localStorage, or its in-memory stand-in when the browser refuses it. */
export const localStore = (): Storage => safe('localStorage');
/** sessionStorage, or its in-memory stand-in when the browser refuses it. */
export const sessionStore = (): Storage => safe('sessionStorage');

/** SPEC 2.2: the storage kind is local or session; a query parameter typeStorage chooses it. */
function storage(): Storage {
  return localStore().getItem('typeStorage') === 'session' ? sessionStore() : localStore();
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
  // A new session in this tab (a sign-in, maybe as someone else): nothing of the previous one stays in memory.
  const anterior = getToken();
  if (anterior && anterior !== token) forgetSessionMemory();
  storage().setItem(TOKEN_KEY, token);
  storage().setItem(USER_KEY, JSON.stringify(user));
}

/** SPEC 2.3 logout: removes the token, the user info and every stored key containing 'cache:'. */
export function clearSession(): void {
  for (const s of [localStore(), sessionStore()]) {
    s.removeItem(TOKEN_KEY);
    s.removeItem(USER_KEY);
    for (const k of Object.keys(s)) if (k.includes('cache:')) s.removeItem(k);
  }
  // And what the tab holds in memory for the session: SWR caches, the socket and its rooms (issue 41).
  forgetSessionMemory();
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

/**
 * Field-level read permission (issue 41): the fields of these groups the signed-in user may not read (the API
 * leaves them out; the screens leave out their columns, inputs and cards). The administrator and the accountant
 * read everything, as in SPEC 6's check.
 */
export function camposOcultosDoUsuario(grupos: readonly LeituraRestrita[] | undefined, user: SessionUser | null = getUser()): Set<string> {
  return camposOcultos(grupos, (key) => hasPermission(user, key));
}

/** Whether the user reads costs, margins and the stock's value (app.verCusto). */
export const podeVerCusto = (user: SessionUser | null = getUser()) => hasPermission(user, 'app.verCusto');
