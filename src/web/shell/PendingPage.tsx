import { Result } from 'antd';
import { Navigate, useLocation } from 'react-router-dom';
import { findRoute } from '../../shared/menu-filter.ts';
import { ROUTE_DOCS } from './menus.ts';

/** A route of SPEC 2.6-2.9 whose screen comes with a later module; unknown paths go to the dashboard. */
export default function PendingPage() {
  const { pathname } = useLocation();
  const route = findRoute(ROUTE_DOCS, pathname) as { title?: string } | undefined;
  if (!route) return <Navigate to="/pages/dashboard" replace />;
  return <Result status="info" title={route.title} subTitle="Esta tela estará disponível em breve." />;
}
