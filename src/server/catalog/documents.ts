import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DocumentDoc, LookupDoc, ResourceDoc } from '../../../generated/schema-types.ts';
import { resolveFragments, type FragmentFields } from '../../shared/fragments.ts';
import type { MenuItemDoc } from '../../shared/menu-filter.ts';
import { allRoutes, MENU_NAMES, menusWithResources, type MenuName } from '../../shared/resource-nav.ts';
import { permissionKeys, type PermissionKeyDoc } from '../../shared/permissions.ts';

/** The schema documents of the project, read from schemas/ (the one source every layer derives from). */
export const SCHEMAS_DIR = resolve(import.meta.dirname, '../../../schemas');

export function readJson<T = any>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

export function readDocuments<T = any>(folder: string, dir = SCHEMAS_DIR): { file: string; name: string; doc: T }[] {
  const path = join(dir, folder);
  if (!existsSync(path)) return [];
  return readdirSync(path)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: join(path, f), name: f.replace(/\.json$/, ''), doc: readJson<T>(join(path, f)) }));
}

/** The resource documents with their shared field groups (schemas/fragments) in place. */
export function readResources(dir = SCHEMAS_DIR): { file: string; name: string; doc: ResourceDoc }[] {
  const fragments = new Map(readDocuments<FragmentFields>('fragments', dir).map((f) => [f.doc.name, f.doc]));
  return readDocuments<ResourceDoc>('resources', dir).map((d) => ({ ...d, doc: resolveFragments(d.doc, fragments) }));
}

let lookupCache: Map<string, LookupDoc> | undefined;
export function loadLookups(dir = SCHEMAS_DIR): Map<string, LookupDoc> {
  if (dir === SCHEMAS_DIR && lookupCache) return lookupCache;
  const map = new Map(readDocuments<LookupDoc>('lookups', dir).map((d) => [d.doc.name, d.doc]));
  if (dir === SCHEMAS_DIR) lookupCache = map;
  return map;
}

/** The business documents (schemas/documents). */
export function readBusinessDocuments(dir = SCHEMAS_DIR): DocumentDoc[] {
  return readDocuments<DocumentDoc>('documents', dir).map((d) => d.doc);
}

/** The four menus as users see them: schemas/menus plus each resource's and business document's entry. */
export function loadMenus(dir = SCHEMAS_DIR): Record<MenuName, MenuItemDoc[]> {
  const listed = Object.fromEntries(MENU_NAMES.map((m) => [m, readJson<{ items: MenuItemDoc[] }>(join(dir, 'menus', `${m}.json`)).items])) as Record<MenuName, MenuItemDoc[]>;
  return menusWithResources(listed, readResources(dir).map((d) => d.doc), readBusinessDocuments(dir)).menus;
}

/** Every route: schemas/routes (screens without a document) plus the routes each resource and business document implies. */
export function loadRoutes(dir = SCHEMAS_DIR) {
  return allRoutes(readJson<{ routes: { path: string; title: string }[] }>(join(dir, 'routes/routes.json')).routes, readResources(dir).map((d) => d.doc), readBusinessDocuments(dir));
}

/**
 * Every permission key: permissions.json's, plus the keys business documents declare (declaresPermission), each
 * titled as its document's singular, in its module, with levels.
 */
export function loadPermissionKeys(dir = SCHEMAS_DIR): PermissionKeyDoc[] {
  return permissionKeys(readJson<{ keys: PermissionKeyDoc[] }>(join(dir, 'permissions/permissions.json')).keys, readBusinessDocuments(dir));
}
