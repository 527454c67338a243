import { getUser, installStorageFallback, localStore, saveSession } from '../api/session.ts';

/**
 * SPEC 2.2: a token passed as a query parameter signs the user in, then the app goes on to the fragment;
 * typeStorage picks local or session storage. A tab opened with openInNewTab arrives this way.
 */
export function acceptTokenFromUrl(loc: Location = window.location): void {
  // First of all: a frame on another site may be refused its storage (session.ts falls back to memory).
  installStorageFallback();
  const params = new URLSearchParams(loc.search);
  const kind = params.get('typeStorage');
  if (kind === 'local' || kind === 'session') localStore().setItem('typeStorage', kind);
  const token = params.get('access_token') ?? params.get('token');
  if (!token) return;
  saveSession(token, getUser() ?? { id: 0, nome: '' });
  params.delete('access_token');
  params.delete('token');
  const rest = params.toString();
  window.history.replaceState(null, '', `${loc.pathname}${rest ? `?${rest}` : ''}${loc.hash}`);
}
