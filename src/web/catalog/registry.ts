import type { LookupDoc, LookupItem, ResourceDoc } from '../../../generated/schema-types.ts';
import { resolveFragments, type FragmentFields } from '../../shared/fragments.ts';

// Every resource document is bundled with the frame: the routes and the menu are derived from them.
const RESOURCE_FILES = import.meta.glob<ResourceDoc>('../../../schemas/resources/*.json', { eager: true, import: 'default' });
const FRAGMENTS = new Map(Object.values(import.meta.glob<FragmentFields>('../../../schemas/fragments/*.json', { eager: true, import: 'default' })).map((f) => [f.name, f]));

// Lookups load on demand, one chunk each; the large reference lists are served by the API instead (the CFOP
// table, 86 KB, is its own chunk: the fiscal settings pick from it).
const LOOKUP_FILES = import.meta.glob<LookupDoc>(
  ['../../../schemas/lookups/*.json', '!**/ncm.json', '!**/cest.json', '!**/municipio.json'],
  { import: 'default' },
);

// One collator: localeCompare with a locale builds a new one on every call (measurable at start-up).
const byTitle = new Intl.Collator('pt-BR');
export const RESOURCES: ResourceDoc[] = Object.values(RESOURCE_FILES).map((d) => resolveFragments(d, FRAGMENTS)).sort((a, b) => byTitle.compare(a.title, b.title));
const BY_NAME = new Map(RESOURCES.map((d) => [d.name, d]));

export function resourceByName(name: string): ResourceDoc | undefined {
  return BY_NAME.get(name);
}

/** Lookups served by the API (large lists) rather than by a bundled document. */
export const REMOTE_LOOKUPS = new Set(['municipio', 'ncm', 'cest']);

const lookupCache = new Map<string, LookupItem[]>();
/** Lookups whose grids show the value itself (a UF's 'BA', not 'Bahia'): the document's gridValue flag. */
const gridValueLookups = new Set<string>();
const pending = new Map<string, Promise<LookupItem[]>>();

export function lookupItems(name: string): LookupItem[] | undefined {
  return lookupCache.get(name);
}

export function loadLookup(name: string): Promise<LookupItem[]> {
  const hit = lookupCache.get(name);
  if (hit) return Promise.resolve(hit);
  const p = pending.get(name);
  if (p) return p;
  const key = Object.keys(LOOKUP_FILES).find((k) => k.endsWith(`/${name}.json`));
  if (!key) return Promise.resolve([]);
  const promise = LOOKUP_FILES[key]().then((doc) => {
    lookupCache.set(name, doc.items);
    if ((doc as { gridValue?: boolean }).gridValue) gridValueLookups.add(name);
    pending.delete(name);
    return doc.items;
  });
  pending.set(name, promise);
  return promise;
}

/** Registers a lookup's items directly (tests, and lists that came from elsewhere). */
export function primeLookup(name: string, items: LookupItem[]): void {
  lookupCache.set(name, items);
}

/** The bundled lookups a document's fields use. */
export function lookupsOf(doc: ResourceDoc): string[] {
  return [...new Set(Object.values(doc.schema.properties).map((p) => p.lookup).filter((l): l is string => !!l && !REMOTE_LOOKUPS.has(l)))];
}

/** What a grid cell shows for a lookup value: the label, or the value where the lookup says so (gridValue). */
export function lookupCell(name: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return gridValueLookups.has(name) ? String(value) : lookupLabel(name, value);
}

export function lookupLabel(name: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const item = lookupCache.get(name)?.find((i) => i.value === value || String(i.value) === String(value));
  return item ? item.label : String(value);
}

/** The colour of a value's tag when its lookup gives one (`cor`: a state shown as coloured tags in grids). */
export function lookupColor(name: string, value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return lookupCache.get(name)?.find((i) => i.value === value || String(i.value) === String(value))?.cor;
}

export { baseType } from '../../shared/field-types.ts';

/** The belongsTo relation behind a field, and the document it points at. */
export function relationOf(doc: ResourceDoc, field: string): { name: string; target: ResourceDoc; where?: Record<string, unknown> } | undefined {
  const p = doc.schema.properties[field];
  if (!p?.relation) return undefined;
  const rel = doc.relations?.[p.relation];
  const target = rel && resourceByName(rel.resource);
  // A relation read through another API (a document's `choices`): the same records, searched at that address.
  return target ? { name: p.relation, target: rel.endpoint ? { ...target, endpoint: rel.endpoint } : target, where: rel.where } : undefined;
}

/** The field a record of this document is named by when another document points at it. */
export const displayField = (doc: ResourceDoc): string => doc.display ?? doc.search?.[0] ?? 'id';
