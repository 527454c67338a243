import { localStore, sessionStore } from '../api/session.ts';

/**
 * Start-up rules of SPEC 2.2 that complement app/token-from-url.ts: typeStorage may also come in the hash's
 * own query (#/auth/login?typeStorage=session), and Ctrl+F5 clears the cached data.
 */
export const STORAGE_KIND_KEY = 'typeStorage';
export const CACHE_MARK = 'cache:';

/** Reads typeStorage from the query before the hash or inside it; remembers it for session.ts. */
export function applyStorageChoice(loc: Pick<Location, 'search' | 'hash'> = window.location): 'local' | 'session' | null {
  const hashQuery = loc.hash.includes('?') ? loc.hash.slice(loc.hash.indexOf('?') + 1) : '';
  const kind = new URLSearchParams(hashQuery).get(STORAGE_KIND_KEY) ?? new URLSearchParams(loc.search).get(STORAGE_KIND_KEY);
  if (kind !== 'local' && kind !== 'session') return null;
  localStore().setItem(STORAGE_KIND_KEY, kind);
  return kind;
}

/** Removes every stored key containing 'cache:' from both storages; answers how many went. */
export function clearCachedData(): number {
  let removed = 0;
  for (const s of [localStore(), sessionStore()]) {
    for (const k of Object.keys(s)) {
      if (k.includes(CACHE_MARK)) {
        s.removeItem(k);
        removed++;
      }
    }
  }
  return removed;
}

/** A hard reload (Ctrl+F5, also Ctrl+Shift+R) is seen as its key press, just before the browser reloads. */
export function isHardReload(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): boolean {
  const mod = e.ctrlKey || e.metaKey;
  return (mod && e.key === 'F5') || (mod && e.shiftKey && (e.key === 'R' || e.key === 'r'));
}

/** Installs the Ctrl+F5 listener; returns its removal. */
export function installHardReloadClear(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (isHardReload(e)) clearCachedData();
  };
  target.addEventListener('keydown', onKey as EventListener, true);
  return () => target.removeEventListener('keydown', onKey as EventListener, true);
}
