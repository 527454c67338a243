import type { MenuItemDoc } from './menu-filter.ts';

/**
 * A brand reshapes the shipped documents without code (ARCHITECTURE: per-site overrides are records that
 * overlay the standard document): menu entries renamed, hidden or reordered, field labels renamed. The
 * overlay is plain data applied by these pure functions; it never changes what a schema validates and is no
 * access rule (permissions and modules still decide who sees what).
 */
export interface MenuOverlayEntry {
  titulo?: string;
  ocultar?: boolean;
  /** Position among its siblings (lower first); entries without one keep their document order after those with one. */
  ordem?: number;
}
export type MenuOverlay = Record<string, MenuOverlayEntry>;

/** Field labels per resource: { "<resource>": { "<field>": "Rótulo" } }. */
export type FieldLabels = Record<string, Record<string, string>>;

export const OVERLAY_TITLE_MAX = 40;

export function applyMenuOverlay(items: readonly MenuItemDoc[], overlay: MenuOverlay | null | undefined): MenuItemDoc[] {
  if (!overlay || !Object.keys(overlay).length) return items as MenuItemDoc[];
  const walk = (list: readonly MenuItemDoc[]): MenuItemDoc[] =>
    list
      .map((item, index) => ({ item, index, o: overlay[item.key] }))
      .filter(({ o }) => !o?.ocultar)
      .sort((a, b) => (a.o?.ordem ?? Number.MAX_SAFE_INTEGER) - (b.o?.ordem ?? Number.MAX_SAFE_INTEGER) || a.index - b.index)
      .map(({ item, o }) => ({ ...item, ...(o?.titulo ? { title: o.titulo } : {}), ...(item.children ? { children: walk(item.children) } : {}) }));
  return walk(items);
}

interface LabelledDoc {
  name: string;
  schema: { properties?: Record<string, { title?: string } & Record<string, unknown>> } & Record<string, unknown>;
}

/** The document with the brand's labels on its fields (a copy; the shipped document is untouched). */
export function applyFieldLabels<D extends LabelledDoc>(doc: D, labels: FieldLabels | null | undefined): D {
  const own = labels?.[doc.name];
  if (!own || !doc.schema.properties) return doc;
  const properties = { ...doc.schema.properties };
  let changed = false;
  for (const [field, title] of Object.entries(own)) {
    if (properties[field] && typeof title === 'string' && title.trim()) {
      properties[field] = { ...properties[field], title: title.trim() };
      changed = true;
    }
  }
  return changed ? { ...doc, schema: { ...doc.schema, properties } } : doc;
}
