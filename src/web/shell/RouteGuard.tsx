import { Result } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { routeAccess, type MenuUser } from '../../shared/menu-filter.ts';
import { ACCOUNTANT_KEYS, HOMES, ROUTE_DOCS } from './menus.ts';

export const REFUSED_TITLE = 'Acesso negado';
export const REFUSED_TEXT = 'Você não tem permissão para acessar esta página.';

/** SPEC 6 route guard: the same check as the menus; an accountant goes to the XML export page. */
export function RouteGuard({ user, children }: { user: MenuUser | null | undefined; children: ReactNode }) {
  const { pathname } = useLocation();
  const access = routeAccess(ROUTE_DOCS, pathname, user, { accountantKeys: ACCOUNTANT_KEYS, accountantHome: HOMES.contador });
  if (access.allowed) return <>{children}</>;
  if (access.redirect && routeKey(pathname) !== access.redirect) return <Navigate to={`/${access.redirect}`} replace />;
  return <Result status="403" title={REFUSED_TITLE} subTitle={REFUSED_TEXT} />;
}

const routeKey = (p: string) => p.replace(/^\/+/, '').replace(/\/+$/, '');
