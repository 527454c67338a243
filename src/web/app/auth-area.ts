/** The auth area's paths (SPEC 2.3, 2.4): the small auth app draws them (AuthApp.tsx). */
export function isAuthArea(path: string): boolean {
  return /^\/(auth|cadastrar|cadastrar-erp)(\/|$)/.test(path) || path === '/logout';
}

/** The unavailable page is the whole app's (it reads the brand's failure there). */
const UNAVAILABLE = /^\/(pages\/)?sistema-indisponivel$/;

/**
 * Whether a cold start on `path` (the hash's, with its leading slash) opens the small auth app: the auth area,
 * and without a session every other route too (they all send to the login), except the unavailable page.
 */
export function opensAuthApp(path: string, token: string | null): boolean {
  if (isAuthArea(path)) return true;
  return !token && !UNAVAILABLE.test(path);
}

/** The path of a location hash ('#/pages/x?y' -> '/pages/x'). */
export const hashPath = (hash: string): string => `/${hash.replace(/^#\/?/, '').split('?')[0]}`;
