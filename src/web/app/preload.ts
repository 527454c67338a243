import { preloadList } from '../api/hooks.ts';
import { buildListFilter, parseGridState } from '../renderer/grid-state.ts';
import { RESOURCES } from '../schemas/registry.ts';
import { getToken } from './session.ts';

export const loadListPage = () => import('../pages/ResourceListPage.tsx');
export const loadFormPage = () => import('../pages/ResourceFormPage.tsx');

/**
 * On a cold start, fetches the chunk of the resource screen the URL opens and, for a list, its first
 * page and count, while the rest of the app is still loading. The grid asks for the same keys (when the
 * brand hides none of its columns; otherwise it simply asks again).
 */
export function preloadRoute(hash: string): void {
  if (!getToken()) return;
  const [rawPath, query = ''] = hash.replace(/^#\/?/, '').split('?');
  const doc = RESOURCES.find((d) => rawPath === d.route || rawPath.startsWith(`${d.route}/`));
  if (!doc) return;
  if (rawPath !== doc.route) {
    void loadFormPage().catch(() => {});
    return;
  }
  void loadListPage().catch(() => {});
  const columns = doc.list.columns.filter((c) => doc.schema.properties[c.field]).map((c) => c.field);
  const { filter, where } = buildListFilter(doc, parseGridState(new URLSearchParams(query)), { columns });
  preloadList(doc.endpoint, filter, where);
}
