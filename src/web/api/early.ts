import { SYSTEM_HEADER, SYSTEM_ID } from './params.ts';
import { onSessionEnd } from './session-memory.ts';

/**
 * GETs a cold start sends before the app's code has loaded (app/preload.ts, run by the small entry
 * chunk): the brand configuration and the first screen's data travel while React and antd are still
 * downloading and starting. The hooks then take each answer over once instead of asking again.
 */
const started = new Map<string, Promise<unknown>>();
/** Answers already in, by the key of the cache (SWR) that will show them: the app starts with them. */
const arrived = new Map<string, { path: string; data: unknown }>();
/** Every path fetchEarly has sent in this page's life. */
const asked = new Set<string>();

// Answers fetched early with the previous session's token are not the next user's (issue 41).
onSessionEnd(() => {
  started.clear();
  arrived.clear();
});

/** Starts a GET of /api/{path}; `cacheKey` is the SWR key its screen reads the answer under. */
export function fetchEarly(path: string, token: string | null, cacheKey: string = path): void {
  const headers: Record<string, string> = { [SYSTEM_HEADER]: SYSTEM_ID };
  if (token) headers.Authorization = token;
  const answer = fetch(`/api/${path}`, { headers }).then(async (r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return r.json() as Promise<unknown>;
  });
  answer.then((data) => started.get(path) === answer && arrived.set(cacheKey, { path, data })).catch(() => {});
  started.set(path, answer);
  asked.add(path);
}

/**
 * Whether this start has already sent a GET of path, even if its answer has since been taken (preload-resource.ts:
 * the entry sends a list's first page, and its answer may be in the cache before that chunk runs).
 */
export function askedEarly(path: string): boolean {
  return asked.has(path);
}

/**
 * An answer the page already holds (the brand the server wrote into index.html): handed to the app as an early
 * answer that arrived at once, with no request.
 */
export function givenEarly(path: string, data: unknown, cacheKey: string = path): void {
  started.set(path, Promise.resolve(data));
  arrived.set(cacheKey, { path, data });
}

/**
 * The early answers that have already arrived, by cache key, taken once: the app puts them in its cache
 * before its first render (start.tsx), so the brand and the rows are drawn in that render, not one later.
 */
export function takeArrived(): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [key, { path, data }] of arrived) {
    out.push([key, data]);
    started.delete(path);
  }
  arrived.clear();
  return out;
}

/**
 * The early answer for path (taken once: a later refresh asks the API again), else ask(). A failed early
 * request is simply asked again through ask(), so errors (401, messages) go through the one API client.
 */
export function viaEarly<T>(path: string, ask: () => Promise<T>): Promise<T> {
  const early = started.get(path) as Promise<T> | undefined;
  started.delete(path);
  for (const [key, a] of arrived) if (a.path === path) arrived.delete(key);
  return early ? early.catch(ask) : ask();
}
