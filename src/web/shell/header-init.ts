import { useEffect, useRef, useState } from 'react';
import { storedUserInfo, type UserInfo } from './user-info.ts';

/** SPEC 2.5 and 9: the header's fallback initialisation happens after 1000 ms. */
export const HEADER_FALLBACK_MS = 1000;

export type HeaderSource = 'server' | 'fallback' | null;

export interface HeaderInitOptions {
  /** Where the fallback comes from: the user info kept in storage (login answer or last getUserInfo). */
  fallback?: () => UserInfo | undefined;
  /** Called once when the header falls back (the shell asks the server again). */
  onFallback?: () => void;
}

/**
 * What the header shows. It initialises from the server's user info (getUserInfo). When that has not come
 * HEADER_FALLBACK_MS after the header starts, the header initialises from the fallback instead (the stored
 * user: name, avatar, branch, alerts) and onFallback runs; a server answer that comes later replaces it.
 * Before either, nothing is shown (source null), so the header never shows a half-known user.
 */
export function useHeaderInit(server: UserInfo | undefined, opts: HeaderInitOptions = {}): { info: UserInfo | undefined; source: HeaderSource } {
  const [fallback, setFallback] = useState<{ info: UserInfo | undefined } | null>(null);
  const latest = useRef({ server, opts });
  latest.current = { server, opts };
  useEffect(() => {
    const t = setTimeout(() => {
      const { server: now, opts: o } = latest.current;
      if (now) return;
      setFallback({ info: (o.fallback ?? storedUserInfo)() });
      o.onFallback?.();
    }, HEADER_FALLBACK_MS);
    return () => clearTimeout(t);
  }, []);
  if (server) return { info: server, source: 'server' };
  if (fallback) return { info: fallback.info, source: 'fallback' };
  return { info: undefined, source: null };
}
