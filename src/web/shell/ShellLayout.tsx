import 'antd/dist/antd.css';
import { App as AntApp, ConfigProvider, Grid, Layout, Menu } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { expandedKeys, flattenMenu, isAccountant } from '../../shared/menu-filter.ts';
import { ANTD_CSS_VAR_KEY } from '../brand/antd-theme.ts';
import { useBrand } from '../brand/brand.ts';
import { ReportNotificationsHost } from '../reports/report-toasts.tsx';
import { AppHeader } from './AppHeader.tsx';
import { BranchSwitch } from './BranchSwitch.tsx';
import { AccountSwitch } from '../pages/contabil/AccountSwitch.tsx';
import { toggleFavorite, useFavorites } from './favorites.ts';
import { runMenuAction } from './menu-actions.ts';
import { selectedRoute, toAntItems } from './menu-items.tsx';
import { menuContext, visibleMenus } from './menus.ts';
import { RouteGuard } from './RouteGuard.tsx';
import { useUserInfo } from './user-info.ts';
import { WhatsNewModal } from './WhatsNewModal.tsx';
import { AssinaturaBanner } from '../assinatura/AssinaturaBanner.tsx';
import { NpsModal } from '../assinatura/NpsModal.tsx';
import { SuporteBanner } from '../assinatura/SuporteBanner.tsx';
import { AjudaButton } from '../assinatura/AjudaButton.tsx';
import type { MenuOverlay } from '../../shared/brand-overlay.ts';
import './shell.css';
import '../ui/legivel.css';

// Inside the shell antd draws from its static stylesheet (imported above: it comes with this chunk, never
// with the sign-in page) instead of generating CSS while rendering each screen: zeroRuntime. The brand's
// colour and locale come from the ConfigProvider above (App.tsx); the key is the stylesheet's scope.
const STATIC_STYLES = { zeroRuntime: true, cssVar: { key: ANTD_CSS_VAR_KEY } };

/** The shell as a lazily loaded chunk (app/page-chunks.ts). */
export default function ShellChunk() {
  return (
    <ConfigProvider theme={STATIC_STYLES}>
      {/* antd's message, modal and notification hooks for the pages (App.useApp); no element of its own. */}
      <AntApp component={false} notification={{ placement: 'bottomRight' }}>
        <ShellLayout />
      </AntApp>
    </ConfigProvider>
  );
}

/**
 * Opening a top-level menu group closes the other top-level groups (antd's openKeys accordion); nested
 * groups open and close on their own. `opened` forces which group is the one left open.
 */
export function accordion(side: { key: string }[], before: string[], after: string[], opened?: string): string[] {
  const roots = new Set(side.map((g) => g.key));
  const latest = opened ?? after.find((k) => !before.includes(k) && roots.has(k));
  if (!latest) return after;
  return after.filter((k) => !roots.has(k) || k === latest);
}

/** The application shell: header, side menu, route guard and the page. */
export function ShellLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { mutate: mutateAll } = useSWRConfig();
  const { data: brand } = useBrand();
  const userInfo = useUserInfo();
  const info = userInfo.data;
  const screens = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState(false);
  const [branchOpen, setBranchOpen] = useState(false);
  const [contaOpen, setContaOpen] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const adminPanel = pathname.startsWith('/administrador');
  // useBreakpoint reports only what it has measured; nothing measured yet is not 'small'.
  const small = Object.keys(screens).length > 0 && !screens.md;
  // On a small screen the menu starts closed and opens over the page instead of squeezing it. A collapse made here
  // is undone when the screen is wide again (a window grown, or a first measure taken before the page had its size),
  // so a wide screen never stays with the menu closed that nobody closed.
  const autoCollapsed = useRef(false);
  useEffect(() => {
    if (small) {
      setCollapsed(true);
      autoCollapsed.current = true;
    } else if (autoCollapsed.current) {
      setCollapsed(false);
      autoCollapsed.current = false;
    }
  }, [small]);
  const accountant = isAccountant(info);

  const menus = useMemo(() => visibleMenus(menuContext(info, brand), brand?.menus as MenuOverlay | undefined), [info, brand]);
  const side = adminPanel ? menus.admin : menus.main;
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const sel = selectedRoute(side, pathname);
    const parent = side.find((g) => g.children && flattenMenu(g.children).some((c) => c.link && `/${c.link}` === sel));
    setOpenKeys((keys) => {
      const next = [...new Set([...keys, ...expandedKeys(side), ...(parent ? [parent.key] : [])])];
      // Accordion: the group of the page in view stays the only open one among the top-level groups.
      return parent ? accordion(side, keys, next, parent.key) : next;
    });
  }, [side, pathname]);

  const favorites = useFavorites(!!info);
  const onToggleFavorite = async () => {
    const next = await toggleFavorite({ pathname, current: favorites.data ?? [], userId: info?.id, isContador: accountant });
    if (next) await favorites.mutate(next, { revalidate: false });
  };
  const onAction = (action: string) => runMenuAction(action, { navigate, brand, openBranchSwitch: () => setBranchOpen(true), openAccountSwitch: () => setContaOpen(true) });
  const boletoNews = flattenMenu(menus.main).some((i) => i.key === 'PAGAMENTOS_BOLETOS');

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={240}
        theme="light"
        collapsible
        collapsed={collapsed}
        trigger={null}
        collapsedWidth={screens.md ? 64 : 0}
        style={{ borderRight: '1px solid #f0f0f0', overflowY: 'auto', height: '100vh', position: small ? 'fixed' : 'sticky', top: 0, left: 0, zIndex: small ? 20 : undefined }}
      >
        <Menu
          mode="inline"
          aria-label="Menu principal"
          className="shell-menu"
          items={toAntItems(side)}
          selectedKeys={[selectedRoute(side, pathname) ?? pathname]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={(k) => setOpenKeys(accordion(side, openKeys, k as string[]))}
          onClick={({ key }) => (key.startsWith('acao:') ? onAction(key.slice(5)) : (navigate(key), small && setCollapsed(true)))}
        />
      </Layout.Sider>
      {small && !collapsed ? <div className="shell-menu-backdrop" onClick={() => setCollapsed(true)} style={{ position: 'fixed', inset: 0, background: 'rgba(0,0,0,.25)', zIndex: 19 }} /> : null}
      <Layout>
        <AppHeader
          info={userInfo.server}
          // SPEC 2.5: after 1000 ms without the server's answer the header starts from the stored user;
          // a failed request is asked again.
          fallback={{ onFallback: () => void (userInfo.error && !userInfo.isValidating && userInfo.mutate()) }}
          brand={brand}
          adminPanel={adminPanel}
          collapsed={collapsed}
          onToggle={() => setCollapsed((c) => !c)}
          settings={menus.settings}
          userMenu={menus.user}
          favorites={favorites.data ?? []}
          canFavorite={!accountant}
          onToggleFavorite={onToggleFavorite}
          onAction={onAction}
        />
        <SuporteBanner />
        <AssinaturaBanner enabled={!!info && !adminPanel} />
        <AjudaButton enabled={!!info && !adminPanel} />
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <RouteGuard user={info}>
            <Outlet key={reloadKey} />
          </RouteGuard>
        </Layout.Content>
      </Layout>
      <BranchSwitch
        open={branchOpen}
        userId={info?.id}
        current={info?.filialSelecionadaObj}
        onClose={() => setBranchOpen(false)}
        onSwitched={async () => {
          setBranchOpen(false);
          // Every cached answer belonged to the previous branch: refetch all, then remount the page.
          await mutateAll(() => true, undefined, { revalidate: true });
          setReloadKey((k) => k + 1);
        }}
      />
      <AccountSwitch open={contaOpen} onClose={() => setContaOpen(false)} />
      <WhatsNewModal configId={brand?.idConfig ?? brand?.id} eligible={boletoNews} />
      <ReportNotificationsHost />
      <NpsModal enabled={!!info && !adminPanel} />
    </Layout>
  );
}
