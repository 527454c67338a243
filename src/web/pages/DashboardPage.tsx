import { Card, Col, Empty, List, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { formatBRL } from '../../shared/money.ts';
import { api } from '../api/client.ts';
import { useCount, useList } from '../api/hooks.ts';
import { getUser, may } from '../api/session.ts';
import { RESOURCES } from '../schemas/registry.ts';
import type { ResourceDoc } from '../../../generated/schema-types.ts';
import { useAlerts } from '../shell/alerts.ts';
import PainelFinanceiro from './financeiro/PainelFinanceiro.tsx';
import VendasCard from './vendas/VendasCard.tsx';
import { PageTitle } from '../ui/PageTitle.tsx';

/** One resource's count and its five latest records (by id). */
function ResourceCard({ doc }: { doc: ResourceDoc }) {
  const display = doc.display ?? 'id';
  const count = useCount(doc.endpoint, undefined, { revalidateOnFocus: false });
  const recent = useList<Record<string, unknown> & { id: number }>(doc.endpoint, { order: 'id DESC', limit: 5, fields: ['id', display] }, { revalidateOnFocus: false });
  return (
    <Card size="small" title={<Link to={`/${doc.route}`}>{doc.title}</Link>} data-dashboard={doc.name}>
      <Statistic value={count.data ?? 0} loading={count.isLoading} suffix={<Typography.Text type="secondary" style={{ fontSize: 12 }}>registros</Typography.Text>} />
      <List
        size="small"
        dataSource={recent.data ?? []}
        locale={{ emptyText: 'Nenhum registro ainda.' }}
        renderItem={(r) => (
          <List.Item style={{ paddingInline: 0 }}>
            <Link to={`/${doc.route}/editar/${r.id}`}>{String(r[display] ?? r.id)}</Link>
          </List.Item>
        )}
      />
    </Card>
  );
}

interface ResumoEstoque {
  /** Absent for whoever may not read costs (app.verCusto). */
  valorEmEstoque?: string;
  produtosComSaldo: number;
  abaixoDoMinimo: number;
  lotesVencendo: number;
  lotesVencidos: number;
  diasVencimento: number;
}

/** The selected branch's stock at a glance: value at cost, products below their minimum, lotes about to expire. */
export function EstoqueCard() {
  const { data, isLoading } = useSWR('dashboard:estoque', async () => (await api.get<ResumoEstoque>('SaldosEstoque/resumo')).data, { revalidateOnFocus: false });
  return (
    <Card size="small" title={<Link to="/pages/relatorios/estoque/menu">Estoque</Link>} data-dashboard="estoque">
      <Row gutter={[12, 12]}>
        {/* At cost: absent from the answer for whoever may not read costs (app.verCusto), and so not shown. */}
        {(isLoading || data?.valorEmEstoque !== undefined) && (
          <Col span={12}>
            <Statistic title="Valor em estoque (custo)" value={data?.valorEmEstoque !== undefined ? formatBRL(data.valorEmEstoque) : ''} loading={isLoading} />
          </Col>
        )}
        <Col span={12}>
          <Statistic title="Produtos com saldo" value={data?.produtosComSaldo ?? 0} loading={isLoading} />
        </Col>
        <Col span={12}>
          <Link to="/pages/estoque/produtos">
            <Statistic title="Abaixo do estoque mínimo" value={data?.abaixoDoMinimo ?? 0} loading={isLoading} valueStyle={data?.abaixoDoMinimo ? { color: '#d46b08' } : undefined} />
          </Link>
        </Col>
        <Col span={12}>
          <Link to="/pages/estoque/lotes">
            <Statistic
              title={`Lotes vencendo em ${data?.diasVencimento ?? 30} dias`}
              value={data?.lotesVencendo ?? 0}
              loading={isLoading}
              suffix={data?.lotesVencidos ? <Typography.Text type="danger" style={{ fontSize: 12 }}>{`+ ${data.lotesVencidos} vencido${data.lotesVencidos > 1 ? 's' : ''}`}</Typography.Text> : null}
            />
          </Link>
        </Col>
      </Row>
    </Card>
  );
}

/** pages/dashboard: what exists today — counts and recent records per resource the user may view, recent alerts. */
export default function DashboardPage() {
  const user = getUser();
  const docs = RESOURCES.filter((d) => may(user, d.permission, 'view'));
  const estoque = may(user, 'app.produto', 'view') || may(user, 'app.estoque', 'view');
  const vendas = may(user, 'app.painelvendas') || may(user, 'app.relatorioVenda') || may(user, 'app.pedidoVenda', 'view');
  const { alerts } = useAlerts(undefined);
  return (
    <div>
      <PageTitle>Dashboard</PageTitle>
      <Typography.Paragraph>Olá, {user?.nome}.</Typography.Paragraph>
      {(may(user, 'app.painelFinanceiro') || may(user, 'app.lancamento', 'view')) && <PainelFinanceiro />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Row gutter={[16, 16]}>
            {vendas && (
              <Col xs={24} lg={16}>
                <VendasCard />
              </Col>
            )}
            {estoque && (
              <Col xs={24} lg={16}>
                <EstoqueCard />
              </Col>
            )}
            {docs.map((d) => (
              <Col key={d.name} xs={24} sm={12} lg={8}>
                <ResourceCard doc={d} />
              </Col>
            ))}
          </Row>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title="Notificações recentes">
            {alerts.length ? (
              <List size="small" dataSource={alerts.slice(0, 8)} renderItem={(a) => <List.Item extra={a.data ? dayjs(a.data).format('DD/MM/YYYY') : null}>{a.texto}</List.Item>} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sem notificações por enquanto." />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
