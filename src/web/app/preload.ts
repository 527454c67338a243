import { fetchEarly } from '../api/early.ts';
import { keyOf, pathWith } from '../api/params.ts';
import { buildListFilter, parseGridState } from '../renderer/grid-state.ts';
import { loadLookup, lookupsOf, RESOURCES } from '../schemas/registry.ts';
import { getToken } from './session.ts';

export const BRAND_KEY = 'ConfigWhiteLabels/atual';

type PageModule = { default: React.ComponentType<never> };

/**
 * A page chunk for React.lazy. Once the chunk is in (the entry asked for it on a cold start), lazy gets a
 * thenable that answers at once, so the page renders in the same pass as the shell instead of suspending
 * first (a spinner committed, then a second render).
 */
function pageChunk<M extends PageModule>(load: () => Promise<M>): () => Promise<M> {
  let loaded: M | undefined;
  return () => (loaded ? ({ then: (ok?: (m: M) => unknown) => ok?.(loaded!) } as unknown as Promise<M>) : load().then((m) => (loaded = m)));
}

export const loadListPage = pageChunk(() => import('../pages/ResourceListPage.tsx'));
export const loadFormPage = pageChunk(() => import('../pages/ResourceFormPage.tsx'));

/**
 * Run by the small entry chunk on a cold start, before React and antd have even downloaded: asks for
 * the brand configuration and, when the URL opens a resource screen, its chunk, its bundled lookups and,
 * for a list, its first page (the grid's hooks take these answers over, see api/early.ts; when the brand
 * hides a column the grid's filter differs and it simply asks again).
 */
export function preloadRoute(hash: string): void {
  const token = getToken();
  fetchEarly(BRAND_KEY, token);
  if (!token) return;
  const [rawPath, query = ''] = hash.replace(/^#\/?/, '').split('?');
  const doc = RESOURCES.find((d) => rawPath === d.route || rawPath.startsWith(`${d.route}/`));
  if (!doc) return;
  for (const name of lookupsOf(doc)) void loadLookup(name).catch(() => {});
  if (rawPath !== doc.route) {
    loadFormPage().then(undefined, () => {});
    return;
  }
  loadListPage().then(undefined, () => {});
  const columns = doc.list.columns.filter((c) => doc.schema.properties[c.field]).map((c) => c.field);
  const { filter } = buildListFilter(doc, parseGridState(new URLSearchParams(query)), { columns });
  // Path and SWR key as api/hooks.ts builds them (listPath, listKey).
  fetchEarly(pathWith(doc.endpoint, { filter }), token, keyOf('list', doc.endpoint, filter));
  // Not the count: the rows do not need it, and on one embedded database it would hold the list and the
  // app's chunks back; the grid asks for it as it mounts.
}
