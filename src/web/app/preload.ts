import { fetchEarly, givenEarly } from '../api/early.ts';
import { BRAND_KEY, brandInPage } from '../brand/brand-key.ts';
import { loadApp } from './load-app.ts';
import { loadFormPage, loadListPage, loadLoginPage, loadShell } from './page-chunks.ts';
import { opensAuthApp } from './auth-area.ts';
import { getToken } from '../api/session.ts';
import { FIRST_PAGES } from '../../../generated/first-pages.ts';
import { keyOf, pathWith } from '../api/params.ts';

export { BRAND_KEY, loadFormPage, loadListPage };

/** Every resource screen's route (generated from the documents): known here without the registry. */
const RESOURCE_ROUTES = Object.keys(FIRST_PAGES);

/**
 * Run by the small entry chunk on a cold start, before React and antd have even downloaded: takes the brand
 * configuration from the page (asks for it when the page has none) and asks for the code of the screen the
 * URL opens, and only that: without a session, the sign-in page (every other route sends there; no antd);
 * with one, the whole app, the shell and, on a resource screen, its page, lookups and first rows
 * (preload-resource.ts).
 */
export function preloadRoute(hash: string): Promise<void> {
  const token = getToken();
  // The brand the server wrote into index.html for this host: the first render draws it, with no round trip.
  const brand = brandInPage();
  if (brand) givenEarly(BRAND_KEY, brand);
  else fetchEarly(BRAND_KEY, token);
  const [rawPath, query = ''] = hash.replace(/^#\/?/, '').split('?');
  if (!token) {
    if (rawPath === '' || rawPath === 'auth' || rawPath.startsWith('auth/login') || rawPath.startsWith('pages/') || rawPath.startsWith('administrador/')) loadLoginPage().then(undefined, () => {});
    return Promise.resolve();
  }
  // A resource screen's registry and preloading are asked for first, with the registry in the same request
  // (not one after the other): over HTTP/1.1 the app's ~25 files would otherwise go ahead of them in the
  // six connections' queue, and the first rows would be asked for only after them all. Resource lists live
  // at pages/{module}/{name} or deeper: the dashboard and the other two-part pages load none of it (a
  // resource at two parts would only not be preloaded); on a deeper page that is no resource,
  // preloadResource does nothing.
  firstPageNow(rawPath, query, token);
  const resource = /^(pages|administrador)\/[^/]+\/[^/]/.test(rawPath)
    ? import('./preload-resource.ts').then(({ preloadResource }) => preloadResource(rawPath, query, token))
    : Promise.resolve();
  // The whole app (antd and the route tree) unless the small auth app draws this screen (start.tsx).
  if (!opensAuthApp(`/${rawPath}`, token)) loadApp().then(undefined, () => {});
  if (rawPath.startsWith('pages/') || rawPath.startsWith('administrador/')) loadShell().then(undefined, () => {});
  // The list's or form's own code (the grid, its table, exports) in this first wave, after the app's: it used to
  // be asked for by preload-resource.ts, i.e. only once that chunk and the registry had arrived and run.
  const route = RESOURCE_ROUTES.find((r) => rawPath === r || rawPath.startsWith(`${r}/`));
  if (route) (rawPath === route ? loadListPage : loadFormPage)().then(undefined, () => {});
  return resource;
}

/**
 * A list opened with no grid state in its URL: its first page, as the grid will ask for it (the same function
 * wrote the table, see list-request.ts), sent now instead of after preload-resource.ts and the registry have
 * loaded and run. Path and SWR key as api/hooks.ts builds them; preloadResource then finds it already asked.
 */
function firstPageNow(rawPath: string, query: string, token: string): void {
  const first = query === '' ? FIRST_PAGES[rawPath] : undefined;
  if (!first) return;
  const [endpoint, filter] = first;
  fetchEarly(pathWith(endpoint, { filter }), token, keyOf('list', endpoint, filter));
}
