import type { MenuItem, ResourceMenuPlacement } from '../../generated/schema-types.ts';
import { hasPermission, type LevelName, type PermissionSubject } from './permissions.ts';

/**
 * SPEC 6 menu filtering as one pure function over the documents of schemas/menus, and the route check that
 * follows the same rules (route guards). The shell feeds it what it knows about the user, branch and brand.
 */

/** The conditions of SPEC 6 an item may require (schemas/meta/resource.schema.json lists them once). */
export type MenuRequirement = NonNullable<ResourceMenuPlacement['requires']>[number];

/** An item of schemas/menus (schemas/meta/menu.schema.json), as the derived menus carry it. */
export type MenuItemDoc = MenuItem;

export interface MenuUser extends PermissionSubject {
  master?: boolean;
  isAvanco?: boolean;
}

export interface MenuBranch {
  contratoId?: string | number | null;
  trial?: boolean | null;
  bloqueada?: boolean | null;
  dataVencimento?: string | Date | null;
}

export interface MenuModule {
  id: string;
  ativo: boolean;
  menus?: string[];
}

export interface MenuContext {
  user: MenuUser | null | undefined;
  branch?: MenuBranch | null;
  /** configWhiteLabel.modulos: a module listed as inactive hides its menus. */
  modules?: MenuModule[];
  boletoConfig?: boolean;
  depositos?: number;
  urlPdv?: string | null;
  billingIntegration?: boolean;
  planoModulos?: unknown[] | null;
  /** 'Today' for the 999-day rule; defaults to the current date. */
  today?: Date;
}

/** SPEC 9: subscription menus are hidden for a trial with more than this many days left. */
export const LONG_TRIAL_DAYS = 999;
const DAY_MS = 86_400_000;

/** The accountant is an outside party: isContador without the administrator or support pass. */
export const isAccountant = (user: MenuUser | null | undefined): boolean => !!user?.isContador && !user.perfilAdmin && !user.suporteWhiteLabel;

/** Plan state of SPEC 4: not blocked = trial; trial and blocked = trial expired; not trial and blocked = delinquent. */
export function planState(branch: MenuBranch | null | undefined): 'trial' | 'trialExpirado' | 'inadimplente' | 'ativo' {
  if (!branch) return 'ativo';
  if (branch.trial) return branch.bloqueada ? 'trialExpirado' : 'trial';
  return branch.bloqueada ? 'inadimplente' : 'ativo';
}

/** Whole days from today until the branch's due date (negative when past); null without a date. */
export function daysLeft(branch: MenuBranch | null | undefined, today = new Date()): number | null {
  if (!branch?.dataVencimento) return null;
  const due = new Date(branch.dataVencimento);
  if (Number.isNaN(due.getTime())) return null;
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const end = Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate());
  return Math.round((end - start) / DAY_MS);
}

export function isLongTrial(branch: MenuBranch | null | undefined, today = new Date()): boolean {
  if (!branch?.trial) return false;
  const d = daysLeft(branch, today);
  return d !== null && d > LONG_TRIAL_DAYS;
}

function requirementHolds(req: MenuRequirement, ctx: MenuContext): boolean {
  const u = ctx.user;
  switch (req) {
    case 'boletoConfig':
      return !!ctx.boletoConfig;
    case 'twoDepositos':
      return (ctx.depositos ?? 0) >= 2;
    case 'urlPdv':
      return !!ctx.urlPdv;
    case 'masterOrAvanco':
      return !!(u?.master || u?.isAvanco);
    case 'isAvanco':
      return !!u?.isAvanco;
    case 'contractId':
      return ctx.branch?.contratoId !== undefined && ctx.branch?.contratoId !== null && ctx.branch?.contratoId !== '';
    case 'billingIntegration':
      return !!ctx.billingIntegration;
    case 'notTrial':
      return !ctx.branch?.trial;
    case 'notLongTrial':
      return !isLongTrial(ctx.branch, ctx.today);
    case 'planoModulos':
      return Array.isArray(ctx.planoModulos) && ctx.planoModulos.length > 0;
    case 'isContador':
      return isAccountant(u);
  }
}

function moduleInactive(item: MenuItemDoc, modules: MenuModule[] | undefined): boolean {
  if (!modules?.length) return false;
  return modules.some((m) => !m.ativo && (m.id === item.module || (m.menus ?? []).includes(item.key)));
}

/**
 * The items the user sees, in document order. An item shows when: the user holds view on its permission;
 * for an accountant, it (or its group) is flagged contador and a group shows only its flagged children;
 * its module is active; every 'requires' condition holds. Groups left without children are removed.
 */
export function filterMenu(items: readonly MenuItemDoc[], ctx: MenuContext): MenuItemDoc[] {
  const user = ctx.user;
  if (!user) return [];
  const accountant = isAccountant(user);
  const walk = (list: readonly MenuItemDoc[]): MenuItemDoc[] => {
    const out: MenuItemDoc[] = [];
    for (const item of list) {
      if (accountant && !item.contador) continue;
      if (item.permission && !hasPermission(user, item.permission, 'view')) continue;
      if (moduleInactive(item, ctx.modules)) continue;
      if (item.requires?.some((r) => !requirementHolds(r, ctx))) continue;
      if (item.children) {
        const children = walk(item.children);
        if (!children.length) continue;
        out.push({ ...item, children });
      } else out.push(item);
    }
    return out;
  };
  return walk(items);
}

/** Keys of the groups open by default ('Assinatura'). */
export function expandedKeys(items: readonly MenuItemDoc[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly MenuItemDoc[]) => list.forEach((i) => (i.expanded && i.children && out.push(i.key), i.children && walk(i.children)));
  walk(items);
  return out;
}

/** Every item of a menu tree, depth first. */
export function flattenMenu(items: readonly MenuItemDoc[]): MenuItemDoc[] {
  const out: MenuItemDoc[] = [];
  const walk = (list: readonly MenuItemDoc[]) => list.forEach((i) => (out.push(i), i.children && walk(i.children)));
  walk(items);
  return out;
}

/**
 * The permission keys of the menu entries an accountant sees, by the same rule as filterMenu: an entry counts
 * only when it is flagged contador itself and so is every group above it. A group's flag is not inherited by
 * its children (the Exportações group holds the balança and terminal exports, which SPEC 6 does not give an
 * accountant). The route guard and the server (src/server/auth/access.ts) use this one set.
 */
export function accountantKeys(menus: readonly (readonly MenuItemDoc[])[]): Set<string> {
  const keys = new Set<string>();
  const walk = (list: readonly MenuItemDoc[]) => {
    for (const i of list) {
      if (i.contador !== true) continue;
      if (i.permission) keys.add(i.permission);
      if (i.children) walk(i.children);
    }
  };
  for (const m of menus) walk(m);
  return keys;
}

/** Who a route is for beyond its permission key: the administrator area's user conditions of SPEC 6. */
export type RouteRequirement = Extract<MenuRequirement, 'masterOrAvanco' | 'isAvanco'>;

export interface RouteDoc {
  path: string;
  kind?: string;
  permission?: string;
  level?: LevelName;
  requires?: RouteRequirement[];
}

const patternOf = (path: string) => new RegExp(`^${path.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);
const cleanPath = (path: string) => path.replace(/^#?\/?/, '').split('?')[0].replace(/\/+$/, '');

/** The route document of a path (exact paths win over ':param' ones); the query string is ignored. */
export function findRoute<R extends RouteDoc>(routes: readonly R[], path: string): R | undefined {
  const clean = cleanPath(path);
  return routes.find((r) => r.path === clean) ?? routes.find((r) => r.path.includes(':') && patternOf(r.path).test(clean));
}

/** SPEC 2.8: every path of the administrator area starts here. */
export const ADMIN_AREA = 'administrador';

/**
 * The user conditions a path carries beyond its permission key: the administrator area (kind admin, or any
 * path under administrador/) is for master or isAvanco (SPEC 6: 'neither master nor isAvanco lose
 * administrator'), plus the route's own `requires` ('isAvanco' for IBPT import, branch sequence, banks, PDV
 * version). A sub-page the routes document does not list (plano-config/cadastrar, bancos/123) takes the rules
 * of its nearest listed ancestor. Null when the path has none.
 */
export function routeRequirements(routes: readonly RouteDoc[], path: string): RouteRequirement[] | null {
  const segments = cleanPath(path).split('/');
  let route: RouteDoc | undefined;
  for (let n = segments.length; !route && n > 0; n--) route = findRoute(routes, segments.slice(0, n).join('/'));
  const reqs = new Set<RouteRequirement>(route?.requires ?? []);
  if (segments[0] === ADMIN_AREA || route?.kind === 'admin') reqs.add('masterOrAvanco');
  return reqs.size ? [...reqs] : null;
}

const userHolds = (req: RouteRequirement, user: MenuUser): boolean => (req === 'isAvanco' ? !!user.isAvanco : !!(user.master || user.isAvanco));

export type RouteAccess = { allowed: true } | { allowed: false; redirect?: string };

/**
 * Route guard of SPEC 6 and 2.9: a route with a permission needs that key at the route's level. An
 * accountant may open only routes whose key is one the accountant's menus carry; anything else sends them
 * to their home (pages/nfe/exportar-xml-nfe). The administrator area needs master or isAvanco, and its
 * isAvanco-only screens isAvanco (routeRequirements). No user means denied.
 */
export function routeAccess(routes: readonly RouteDoc[], path: string, user: MenuUser | null | undefined, opts: { accountantKeys: Set<string>; accountantHome: string }): RouteAccess {
  if (!user) return { allowed: false };
  const route = findRoute(routes, path);
  if (isAccountant(user)) {
    if (route?.permission && opts.accountantKeys.has(route.permission)) return { allowed: true };
    return { allowed: false, redirect: opts.accountantHome };
  }
  if (!(routeRequirements(routes, path) ?? []).every((r) => userHolds(r, user))) return { allowed: false };
  if (!route?.permission) return { allowed: true };
  return hasPermission(user, route.permission, route.level ?? 'view') ? { allowed: true } : { allowed: false };
}
