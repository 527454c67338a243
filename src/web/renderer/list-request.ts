import type { ResourceDoc } from '../../../generated/schema-types.ts';
import type { Filter, Where } from '../../shared/filter.ts';

// What a list screen asks the API for, from its document alone: no registry, no lookups, nothing of the
// browser. The grid (grid-state.ts) builds every request with it, and the codegen writes each screen's first
// page with the same function (generated/first-pages.ts), which a cold start sends before the app has loaded.

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100];

/** The columns a list shows: the document's, but for those hidden (by the brand) or without a field. */
export function listColumns(doc: Pick<ResourceDoc, 'list' | 'schema'>, hidden?: ReadonlySet<string>): string[] {
  return doc.list.columns.filter((c) => !hidden?.has(c.field) && doc.schema.properties[c.field]).map((c) => c.field);
}

/** The fields a list asks for: its columns, the id, the hierarchy chain and the keys of related records. */
export function listFields(doc: Pick<ResourceDoc, 'hierarchy'>, columns: string[]): string[] {
  const set = new Set(['id', ...columns]);
  if (doc.hierarchy && columns.includes(doc.hierarchy.as)) set.add(doc.hierarchy.as);
  return [...set];
}

/** One page of a list: where, order (the document's unless one is chosen), page and size, fields and relations. */
export function listFilter(doc: ResourceDoc, o: { where?: Where; order?: string; page: number; size: number; columns: string[] }): Filter {
  const include = o.columns
    .map((c) => doc.schema.properties[c]?.relation)
    .filter((r): r is string => !!r && !!doc.relations?.[r])
    .map((relation) => ({ relation }));
  return {
    where: o.where,
    order: o.order ?? doc.list.order,
    limit: o.size,
    skip: (o.page - 1) * o.size,
    fields: listFields(doc, o.columns),
    ...(include.length ? { include } : {}),
  };
}

/** The first page a list screen asks for when its URL carries no search, filter, order or page. */
export function firstPageFilter(doc: ResourceDoc): Filter {
  return listFilter(doc, { page: 1, size: DEFAULT_PAGE_SIZE, columns: listColumns(doc) });
}
