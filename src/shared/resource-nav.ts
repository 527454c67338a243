import type { LevelName } from './permissions.ts';
import type { DocumentDoc, MenuDocument, ResourceDoc } from '../../generated/schema-types.ts';
import type { MenuItemDoc, RouteDoc } from './menu-filter.ts';

/**
 * What a resource document contributes to navigation, derived here once for the web's router and route guard,
 * the server (accountant keys, favourites), the codegen and schemas:check: its four routes (list, /cadastrar,
 * /editar/:id and, when copy is on, /copiar/:id) guarded by its permission key, and its menu entry. Nothing of
 * it is repeated in schemas/routes or schemas/menus. A business document (schemas/documents) contributes the same
 * way: its list, /cadastrar and /editar/:id routes and its menu entry, placed by the same rules.
 */

export type MenuName = MenuDocument['name'];
export const MENU_NAMES: readonly MenuName[] = ['main', 'settings', 'user', 'admin'];

/** The part of a resource document navigation reads. */
export type NavResource = Pick<ResourceDoc, 'name' | 'title' | 'singular' | 'permission' | 'module' | 'route' | 'copy' | 'readOnly' | 'menu'>;

/** The part of a business document navigation reads. */
export type NavDocument = Pick<DocumentDoc, 'name' | 'title' | 'singular' | 'permission' | 'module' | 'route' | 'menu'>;

export interface DerivedRoute extends RouteDoc {
  title: string;
  resource?: string;
  document?: string;
}

export const DEFAULT_MENU_ICON = 'ProfileOutlined';

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** SPEC 2.9's routes of one resource: the list needs view on its key, the forms change. */
export function resourceRoutes(doc: NavResource): DerivedRoute[] {
  const one = lowerFirst(doc.singular);
  const route = (path: string, kind: string, title: string, level: LevelName): DerivedRoute => ({ path, kind, title, permission: doc.permission, level, resource: doc.name });
  const list = route(doc.route, 'list', doc.title, 'view');
  if (doc.readOnly) return [list];
  return [
    list,
    route(`${doc.route}/cadastrar`, 'form', `Cadastrar ${one}`, 'change'),
    route(`${doc.route}/editar/:id`, 'form', `Editar ${one}`, 'change'),
    ...(doc.copy ? [route(`${doc.route}/copiar/:id`, 'form', `Copiar ${one}`, 'change')] : []),
  ];
}

/**
 * A business document's routes: the list needs view on its key, a new document change; /editar/:id needs view,
 * since a posted document is read there (each transition asks its own level of the API).
 */
export function documentRoutes(doc: NavDocument): DerivedRoute[] {
  const route = (path: string, kind: string, title: string, level: LevelName): DerivedRoute => ({ path, kind, title, permission: doc.permission, level, document: doc.name });
  return [
    route(doc.route, 'list', doc.title, 'view'),
    route(`${doc.route}/cadastrar`, 'form', `Cadastrar ${lowerFirst(doc.singular)}`, 'change'),
    route(`${doc.route}/editar/:id`, 'form', doc.singular, 'view'),
  ];
}

/**
 * The business documents navigation derives from: those whose list route schemas/routes or schemas/menus does
 * not already name by hand (the older documents keep their hand-written routes and entries until moved).
 */
export function derivedDocuments<D extends NavDocument>(documents: readonly D[], taken: { routes?: readonly RouteDoc[]; menus?: Readonly<Record<MenuName, readonly MenuItemDoc[]>> }): D[] {
  const paths = new Set((taken.routes ?? []).map((r) => r.path));
  const links = new Set<string>();
  const visit = (items: readonly MenuItemDoc[]) => {
    for (const i of items) {
      if (i.link) links.add(i.link);
      if (i.children) visit(i.children);
    }
  };
  for (const m of MENU_NAMES) visit(taken.menus?.[m] ?? []);
  return documents.filter((d) => !paths.has(d.route) && !links.has(d.route));
}

/** Every route of the product: those of schemas/routes (screens without a document), of the resources and of the business documents. */
export function allRoutes<R extends RouteDoc>(listed: readonly R[], docs: readonly NavResource[], documents: readonly NavDocument[] = []): (R | DerivedRoute)[] {
  return [...listed, ...docs.flatMap(resourceRoutes), ...derivedDocuments(documents, { routes: listed }).flatMap(documentRoutes)];
}

const screaming = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '').toUpperCase();

/**
 * Where a document's entry goes: by default the main menu's group of the document's module, at the end, keyed
 * GROUP_LASTSEGMENT (VENDAS_CLIENTES), titled as the document, with the document's permission key.
 */
export function resourceMenuEntry(doc: NavResource, menus: Readonly<Record<MenuName, readonly MenuItemDoc[]>>): { menu: MenuName; parent: string; item: MenuItemDoc; after?: string; before?: string } | { error: string } | null {
  if (doc.menu === false) return null;
  const o = doc.menu ?? {};
  const menu = o.menu ?? 'main';
  const parent = o.parent ?? menus[menu]?.find((i) => i.children && doc.module && i.module === doc.module)?.key;
  if (!parent) return { error: `recurso ${doc.name}: nenhum grupo do menu ${menu} é do módulo '${doc.module ?? ''}'; diga "menu": {"parent": ...} ou "menu": false` };
  const item: MenuItemDoc = {
    key: o.key ?? `${parent}_${screaming(doc.route.split('/').pop()!)}`,
    title: o.title ?? doc.title,
    icon: o.icon ?? DEFAULT_MENU_ICON,
    link: doc.route,
    permission: doc.permission,
    ...(o.contador ? { contador: true } : {}),
    ...(o.destaque ? { destaque: true } : {}),
    ...(o.requires ? { requires: o.requires } : {}),
  };
  return { menu, parent, item, after: o.after, before: o.before };
}

/**
 * The four menus with every document's entry placed in its group (after/before a sibling when the document says
 * so; entries anchored to another document's entry wait for it). Problems (unknown group or anchor) are returned,
 * not thrown: schemas:check reports them, and the menus stay usable without the misplaced entry.
 */
export function menusWithResources(menus: Readonly<Record<MenuName, readonly MenuItemDoc[]>>, resources: readonly NavResource[], documents: readonly NavDocument[] = []): { menus: Record<MenuName, MenuItemDoc[]>; errors: string[] } {
  // A business document's entry is placed exactly as a resource's (the fields read are the same).
  const docs: readonly NavResource[] = [...resources, ...derivedDocuments(documents, { menus })];
  const copy = (items: readonly MenuItemDoc[]): MenuItemDoc[] => items.map((i) => (i.children ? { ...i, children: copy(i.children) } : { ...i }));
  const out = Object.fromEntries(MENU_NAMES.map((m) => [m, copy(menus[m] ?? [])])) as Record<MenuName, MenuItemDoc[]>;
  const errors: string[] = [];
  const find = (items: MenuItemDoc[], key: string): MenuItemDoc | undefined => {
    for (const i of items) {
      if (i.key === key) return i;
      const hit = i.children && find(i.children, key);
      if (hit) return hit;
    }
    return undefined;
  };
  let pending = [...docs].sort((a, b) => a.name.localeCompare(b.name)).map((doc) => ({ doc, entry: resourceMenuEntry(doc, out) }));
  while (pending.length) {
    const waiting: typeof pending = [];
    for (const p of pending) {
      const e = p.entry;
      if (!e) continue;
      if ('error' in e) {
        errors.push(e.error);
        continue;
      }
      const group = find(out[e.menu], e.parent);
      if (!group) {
        errors.push(`recurso ${p.doc.name}: o grupo '${e.parent}' não existe no menu ${e.menu}`);
        continue;
      }
      const siblings = (group.children ??= []);
      const anchor = e.after ?? e.before;
      const at = anchor ? siblings.findIndex((s) => s.key === anchor) : siblings.length;
      if (at < 0) {
        waiting.push(p);
        continue;
      }
      siblings.splice(e.after ? at + 1 : at, 0, e.item);
    }
    if (waiting.length === pending.length) {
      for (const p of waiting) {
        const e = p.entry as { parent: string; after?: string; before?: string };
        errors.push(`recurso ${p.doc.name}: '${e.after ?? e.before}' não é um item do grupo ${e.parent}`);
      }
      break;
    }
    pending = waiting;
  }
  return { menus: out, errors };
}
