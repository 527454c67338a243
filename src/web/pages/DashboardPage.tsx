import { Card, Col, Empty, List, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { formatBRL } from '../../shared/money.ts';
import { api } from '../api/client.ts';
import { getUser, may } from '../api/session.ts';
import { useAlerts } from '../shell/alerts.ts';
import PainelFinanceiro from './financeiro/PainelFinanceiro.tsx';
import VendasCard from './vendas/VendasCard.tsx';
import { PageTitle } from '../ui/PageTitle.tsx';
import { FiscalCard, FluxoCard, SaldosGraficoCard, TopProdutosCard, VendasMesCard } from './dashboard/graficos.tsx';
import './dashboard/dashboard.css';

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

/**
 * pages/dashboard (issue 42): how the business is doing — sales (app.painelvendas), cash (app.painelFinanceiro),
 * stock below its minimum, the certificate and the notes in contingency, and the latest notifications. Every
 * figure is the server's (each card reads its endpoint); every card and chart links to its list or report; the
 * charts (ECharts, a chunk of its own) come after the cards are painted.
 */
export default function DashboardPage() {
  const user = getUser();
  const estoque = may(user, 'app.produto', 'view') || may(user, 'app.estoque', 'view');
  const vendas = may(user, 'app.painelvendas') || may(user, 'app.relatorioVenda') || may(user, 'app.pedidoVenda', 'view');
  const financeiro = may(user, 'app.painelFinanceiro') || may(user, 'app.lancamento', 'view');
  const fiscal = vendas || financeiro || may(user, 'app.certificado', 'view') || may(user, 'app.permissao.nota', 'view');
  const { alerts } = useAlerts(undefined);
  return (
    <div className="dashboard">
      <PageTitle>Dashboard</PageTitle>
      <Typography.Paragraph>Olá, {user?.nome}.</Typography.Paragraph>
      {financeiro && <PainelFinanceiro />}
      <Row gutter={[16, 16]}>
        {vendas && (
          <>
            <Col xs={24} xl={10}>
              <VendasCard />
            </Col>
            <Col xs={24} xl={14}>
              <VendasMesCard />
            </Col>
          </>
        )}
        {financeiro && (
          <>
            <Col xs={24} xl={14}>
              <FluxoCard />
            </Col>
            <Col xs={24} xl={10}>
              <SaldosGraficoCard />
            </Col>
          </>
        )}
        {vendas && (
          <Col xs={24} xl={10}>
            <TopProdutosCard />
          </Col>
        )}
        {estoque && (
          <Col xs={24} lg={12} xl={7}>
            <EstoqueCard />
          </Col>
        )}
        {fiscal && (
          <Col xs={24} lg={12} xl={7}>
            <FiscalCard />
          </Col>
        )}
        <Col xs={24} xl={vendas ? 24 : 10}>
          <Card size="small" title="Notificações recentes" data-dashboard="notificacoes">
            {alerts.length ? (
              <List size="small" dataSource={alerts.slice(0, 8)} renderItem={(a) => <List.Item extra={a.data ? dayjs(a.data).format('DD/MM/YYYY') : null}>{a.link ? <Link to={`/${a.link.replace(/^\/+/, '')}`}>{a.texto}</Link> : a.texto}</List.Item>} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sem notificações por enquanto." />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
