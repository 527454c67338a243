import { HeartFilled, HeartOutlined, LoginOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Grid, Layout, Skeleton, Space, Tooltip, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { routeKey } from '../../shared/favorites.ts';
import type { MenuItemDoc } from '../../shared/menu-filter.ts';
import type { BrandConfig } from '../brand/brand.ts';
import type { Favorito } from './favorites.ts';
import { useHeaderInit, type HeaderInitOptions } from './header-init.ts';
import { toAntItems } from './menu-items.tsx';
import { MenuIcon } from './MenuIcon.tsx';
import { Notifications } from './Notifications.tsx';
import { branchLabel, type UserInfo } from './user-info.ts';

export const ADMIN_BACK_TEXT = 'Acessar conta cliente';
/** SPEC 9: the return from the administrative panel waits 300 ms. */
export const ADMIN_BACK_DELAY_MS = 300;

export interface AppHeaderProps {
  /** The server's user info (getUserInfo); undefined until it answers. */
  info: UserInfo | undefined;
  /** The fallback initialisation after 1000 ms (SPEC 2.5): where it reads from and what else it does. */
  fallback?: HeaderInitOptions;
  brand: BrandConfig | undefined;
  adminPanel: boolean;
  collapsed: boolean;
  onToggle: () => void;
  settings: MenuItemDoc[];
  userMenu: MenuItemDoc[];
  favorites: Favorito[];
  canFavorite: boolean;
  onToggleFavorite: () => void;
  onAction: (action: string) => void;
}

/** The header of SPEC 2.5. */
export function AppHeader(p: AppHeaderProps) {
  const head = useHeaderInit(p.info, p.fallback);
  const info = head.info;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const here = routeKey(pathname);
  const isFavorite = p.favorites.some((f) => routeKey(f.link) === here);
  const logo = (p.brand?.imagens as { logo?: string } | undefined)?.logo;
  const onMenuClick = ({ key }: { key: string }) => (key.startsWith('acao:') ? p.onAction(key.slice(5)) : navigate(key));
  return (
    <Layout.Header className="shell-header" style={{ background: '#fff', display: 'flex', alignItems: 'center', gap: 8, paddingInline: 12, borderBottom: '1px solid #f0f0f0', position: 'sticky', top: 0, zIndex: 10 }}>
      <Button type="text" aria-label="Alternar menu" icon={p.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={p.onToggle} />
      <Link to="/pages/dashboard" aria-label={`${p.brand?.title ?? 'Retaguarda'}: Ir para o dashboard`} style={{ display: 'flex', alignItems: 'center', marginRight: 8 }}>
        {logo ? <img src={logo} alt={p.brand?.title ?? 'Logo'} style={{ maxHeight: 36 }} /> : <Typography.Text strong style={{ fontSize: 16, whiteSpace: 'nowrap' }} ellipsis>{p.brand?.title ?? 'Retaguarda'}</Typography.Text>}
      </Link>
      <div style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        {screens.md && !p.adminPanel ? (
          <Space size={4} className="shell-atalhos" aria-label="Atalhos favoritos" style={{ flexWrap: 'nowrap' }}>
            {p.favorites.map((f) => (
              <Tooltip key={f.menuKey} title={f.title}>
                <Button size="small" type={routeKey(f.link) === here ? 'primary' : 'default'} icon={<MenuIcon name={f.icon ?? undefined} />} onClick={() => navigate(`/${f.link}`)} data-favorito={f.menuKey}>
                  {screens.xl ? f.title : null}
                </Button>
              </Tooltip>
            ))}
          </Space>
        ) : null}
      </div>
      <Notifications initial={info?.alertas} />
      {p.adminPanel ? (
        <Button icon={<LoginOutlined />} onClick={() => setTimeout(() => navigate('/pages/dashboard'), ADMIN_BACK_DELAY_MS)}>
          {ADMIN_BACK_TEXT}
        </Button>
      ) : (
        <>
          {p.canFavorite ? (
            <Tooltip title={isFavorite ? 'Remover dos favoritos' : 'Adicionar aos favoritos'}>
              <Button type="text" aria-label={isFavorite ? 'Remover dos favoritos' : 'Adicionar aos favoritos'} aria-pressed={isFavorite} icon={isFavorite ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />} onClick={p.onToggleFavorite} />
            </Tooltip>
          ) : null}
          {p.settings.length ? (
            <Dropdown trigger={['click']} menu={{ items: toAntItems(p.settings, false), onClick: onMenuClick, style: { maxHeight: '70vh', overflowY: 'auto' } }} placement="bottomRight">
              <Button type="text" aria-label="Configurações" icon={<SettingOutlined style={{ fontSize: 18 }} />} />
            </Dropdown>
          ) : null}
        </>
      )}
      <Dropdown trigger={['click']} menu={{ items: toAntItems(p.userMenu), onClick: onMenuClick }} placement="bottomRight">
        <Button type="text" style={{ height: 'auto', display: 'flex', alignItems: 'center', gap: 8 }}>
          <span data-header-source={head.source ?? 'pending'} style={{ display: Object.keys(screens).length > 0 && !screens.sm ? 'none' : 'flex', flexDirection: 'column', alignItems: 'flex-end', lineHeight: 1.2, whiteSpace: 'nowrap' }}>
            {head.source ? (
              <>
                <Typography.Text strong className="shell-usuario-nome">{info?.nome}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} className="shell-filial">{branchLabel(info?.filialSelecionadaObj)}</Typography.Text>
              </>
            ) : (
              <span role="status" aria-label="Carregando usuário"><Skeleton.Input active size="small" style={{ width: 96, height: 16 }} /></span>
            )}
          </span>
          <Avatar size="small" src={info?.avatar || undefined} icon={<UserOutlined />} />
          {/* The button's name is what it shows (name, branch) and then what it opens (WCAG 2.5.3). */}
          <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>Menu do usuário</span>
        </Button>
      </Dropdown>
    </Layout.Header>
  );
}
