import { Spin } from 'antd';
import type { ResultProps } from 'antd';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { routeAccess, type MenuUser } from '../../shared/menu-filter.ts';
import { ACCOUNTANT_KEYS, HOMES, ROUTE_DOCS } from './menus.ts';

/**
 * antd's Result (with its 403 illustration) only when a page is refused or redirected: a page that opens, the
 * usual case, does not load it. While it loads, its title and text stand in its place: never a blank area.
 */
const AntResult = lazy(() => import('antd/es/result'));
function Result(props: ResultProps & { 'data-testid'?: string }) {
  return (
    <Suspense
      fallback={
        <div data-testid={props['data-testid']} style={{ padding: '48px 32px', textAlign: 'center' }}>
          <div style={{ fontSize: 24 }}>{props.title}</div>
          <div>{props.subTitle}</div>
          {props.extra}
        </div>
      }
    >
      <AntResult {...props} />
    </Suspense>
  );
}

export const REFUSED_TITLE = 'Acesso negado';
export const REFUSED_TEXT = 'Você não tem permissão para acessar esta página.';

/** SPEC 6 route guard: the same check as the menus; an accountant goes to the XML export page. */
export function RouteGuard({ user, children }: { user: MenuUser | null | undefined; children: ReactNode }) {
  const { pathname } = useLocation();
  const access = routeAccess(ROUTE_DOCS, pathname, user, { accountantKeys: ACCOUNTANT_KEYS, accountantHome: HOMES.contador });
  if (access.allowed) return <>{children}</>;
  if (access.redirect && routeKey(pathname) !== access.redirect) return <Redirect to={`/${access.redirect}`} from={pathname} />;
  return <Result status="403" title={REFUSED_TITLE} subTitle={REFUSED_TEXT} />;
}

export const REDIRECTING_TEXT = 'Você não tem acesso a esta página. Abrindo a sua página inicial…';

/**
 * The redirect of a route the user may not open (SPEC 2.9). Never a blank area: while it happens the page
 * says so, with a link; and it is asked again on every new address (a <Navigate> issued while the router was
 * still settling the typed address was lost, leaving the content empty).
 */
function Redirect({ to, from }: { to: string; from: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), 0);
    return () => clearTimeout(timer);
  }, [navigate, to, from]);
  return (
    <Result icon={<Spin />} title={REDIRECTING_TEXT} extra={<Link to={to} replace>Ir para a página inicial</Link>} data-testid="redirecionando" />
  );
}

const routeKey = (p: string) => p.replace(/^\/+/, '').replace(/\/+$/, '');
