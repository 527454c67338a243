import { Button, Layout, Menu, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { RESOURCES } from '../schemas/registry.ts';
import { useBrand } from './brand.ts';
import { getUser, may } from './session.ts';

const MODULE_TITLES: Record<string, string> = { vendas: 'Vendas', compras: 'Compras', estoque: 'Estoque', financeiro: 'Financeiro', fiscal: 'Fiscal', configuracoes: 'Configurações', contabil: 'Contábil' };

/** Temporary layout until the shell issue: a left menu of the resources the user may view and a header. */
export function Frame() {
  const user = getUser();
  const { data: brand } = useBrand();
  const navigate = useNavigate();
  const location = useLocation();
  const items = useMemo(() => {
    const groups = new Map<string, { key: string; label: React.ReactNode }[]>();
    for (const doc of RESOURCES) {
      if (!may(user, doc.permission, 'view')) continue;
      const g = doc.module ?? 'outros';
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g)!.push({ key: `/${doc.route}`, label: <Link to={`/${doc.route}`}>{doc.title}</Link> });
    }
    return [
      { key: '/pages/dashboard', label: <Link to="/pages/dashboard">Dashboard</Link> },
      ...[...groups.entries()].map(([g, children]) => ({ key: g, label: MODULE_TITLES[g] ?? g, type: 'group' as const, children })),
    ];
  }, [user]);
  const selected = RESOURCES.map((d) => `/${d.route}`).find((r) => location.pathname === r || location.pathname.startsWith(`${r}/`)) ?? location.pathname;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="light" breakpoint="lg" collapsedWidth={0}>
        <div style={{ padding: 16, fontWeight: 600 }}>{brand?.title ?? 'Retaguarda'}</div>
        <Menu mode="inline" selectedKeys={[selected]} items={items} aria-label="Menu principal" />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 16, paddingInline: 24 }}>
          <Typography.Text>{user?.nome}</Typography.Text>
          <Button onClick={() => navigate('/auth/logout')}>Sair</Button>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
