import adminMenu from '../../../schemas/menus/admin.json';
import mainMenu from '../../../schemas/menus/main.json';
import settingsMenu from '../../../schemas/menus/settings.json';
import userMenu from '../../../schemas/menus/user.json';
import routesDoc from '../../../schemas/routes/routes.json';
import { accountantKeys, filterMenu, flattenMenu, type MenuContext, type MenuItemDoc, type RouteDoc } from '../../shared/menu-filter.ts';
import { allRoutes, menusWithResources } from '../../shared/resource-nav.ts';
import { RESOURCES } from '../catalog/registry.ts';
import { DOCUMENTS } from '../pages/documentos/document-docs.ts';
import type { BrandConfig } from '../brand/brand.ts';
import { applyMenuOverlay, type MenuOverlay } from '../../shared/brand-overlay.ts';
import type { UserInfo } from './user-info.ts';

/** The four menus: schemas/menus plus the entry each resource and business document places in them. */
export const MENUS = menusWithResources(
  {
    main: mainMenu.items as MenuItemDoc[],
    settings: settingsMenu.items as MenuItemDoc[],
    user: userMenu.items as MenuItemDoc[],
    admin: adminMenu.items as MenuItemDoc[],
  },
  RESOURCES,
  DOCUMENTS,
).menus;

/** schemas/routes plus the routes of every resource and business document (the route guard reads them all). */
export const ROUTE_DOCS: (RouteDoc & { title?: string })[] = allRoutes(routesDoc.routes as (RouteDoc & { title?: string })[], RESOURCES, DOCUMENTS);
export const HOMES = routesDoc.homes as { default: string; contador: string; admin: string };
export const ACCOUNTANT_KEYS = accountantKeys(Object.values(MENUS));

/** Every menu entry, by key (favourites, shortcut titles). */
export const MENU_BY_KEY = new Map(flattenMenu(Object.values(MENUS).flat()).map((i) => [i.key, i]));

/** What the menu filter needs, from the user info, the brand and the branch's facts. */
export function menuContext(info: UserInfo | null | undefined, brand: BrandConfig | undefined, extra: Pick<MenuContext, 'boletoConfig' | 'depositos'> = {}): MenuContext {
  return {
    user: info ?? null,
    branch: info?.filialSelecionadaObj ?? null,
    // The brand's switches, and this account's own (plan, add-ons) from getUserInfo: either one turns a module off.
    modules: [...((brand?.modulos as MenuContext['modules']) ?? []), ...(info?.configWhiteLabel?.modulos ?? [])],
    urlPdv: (brand?.urlPdv as string | null | undefined) ?? null,
    billingIntegration: !!brand?.integracaoCobranca,
    planoModulos: (brand?.planoModulos as unknown[] | undefined) ?? [],
    // getUserInfo names the selected branch's active boleto configuration (SPEC 6: boleto menus need one).
    boletoConfig: extra.boletoConfig ?? !!info?.configuracaoBoleto,
    // getUserInfo counts the active depósitos of the selected branch (stock transfer needs 2).
    depositos: extra.depositos ?? info?.filialSelecionadaObj?.quantidadeDepositos ?? 0,
  };
}

/** The menus the user sees; `overlay` is the brand's renaming, hiding and ordering (src/shared/brand-overlay.ts). */
export function visibleMenus(ctx: MenuContext, overlay?: MenuOverlay) {
  return {
    main: filterMenu(applyMenuOverlay(MENUS.main, overlay), ctx),
    settings: filterMenu(applyMenuOverlay(MENUS.settings, overlay), ctx),
    user: filterMenu(applyMenuOverlay(MENUS.user, overlay), ctx),
    admin: filterMenu(MENUS.admin, ctx),
  };
}
