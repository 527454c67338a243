import { askedEarly, fetchEarly } from '../api/early.ts';
import { keyOf, pathWith } from '../api/params.ts';
import { buildListFilter, parseGridState } from '../renderer/grid-state.ts';
import { listColumns } from '../renderer/list-request.ts';
import { loadLookup, lookupsOf, RESOURCES } from '../catalog/registry.ts';
import { loadFormPage, loadListPage } from './page-chunks.ts';

/**
 * When the URL opens a resource screen: its chunk, its bundled lookups and, for a list, its first page (the
 * grid's hooks take these answers over, see api/early.ts; when the brand hides a column the grid's filter
 * differs and it simply asks again). Its own chunk, loaded only with a session: the sign-in page needs none
 * of the resource documents.
 */
export function preloadResource(path: string, query: string, token: string): void {
  const doc = RESOURCES.find((d) => path === d.route || path.startsWith(`${d.route}/`));
  if (!doc) return;
  for (const name of lookupsOf(doc)) void loadLookup(name).catch(() => {});
  if (path !== doc.route) {
    loadFormPage().then(undefined, () => {});
    return;
  }
  loadListPage().then(undefined, () => {});
  const columns = listColumns(doc);
  const { filter } = buildListFilter(doc, parseGridState(new URLSearchParams(query)), { columns });
  // Path and SWR key as api/hooks.ts builds them (listPath, listKey).
  // The entry has sent it already when the URL carries no grid state (preload.ts, generated/first-pages.ts).
  const first = pathWith(doc.endpoint, { filter });
  if (!askedEarly(first)) fetchEarly(first, token, keyOf('list', doc.endpoint, filter));
  // Not the count: the rows do not need it, and on one embedded database it would hold the list and the
  // app's chunks back; the grid asks for it as it mounts.
}
