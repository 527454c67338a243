import { Card, Col, List, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { formatBRL, formatDecimal } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';

interface ResumoVendas {
  vendasHoje: string;
  pedidosHoje: number;
  vendasMes: string;
  pedidosMes: number;
  ticketMedio: string;
  topProdutos: { produto: string; quantidade: string; valor: string }[];
}

/** The selected branch's sales (faturado orders): today, this month, ticket médio and the month's top products. */
export default function VendasCard() {
  const { data, isLoading } = useSWR('dashboard:vendas', async () => (await api.get<ResumoVendas>('Vendas/resumo')).data, { revalidateOnFocus: false });
  return (
    <Card size="small" title={<Link to="/pages/relatorios/vendas/menu">Vendas</Link>} data-dashboard="vendas">
      <Row gutter={[12, 12]}>
        <Col span={8}>
          <Statistic title="Vendas hoje" value={data ? formatBRL(data.vendasHoje) : ''} loading={isLoading} suffix={data ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`${data.pedidosHoje} venda${data.pedidosHoje === 1 ? '' : 's'}`}</Typography.Text> : null} />
        </Col>
        <Col span={8}>
          <Statistic title="Vendas no mês" value={data ? formatBRL(data.vendasMes) : ''} loading={isLoading} />
        </Col>
        <Col span={8}>
          <Statistic title="Ticket médio do mês" value={data ? formatBRL(data.ticketMedio) : ''} loading={isLoading} />
        </Col>
      </Row>
      <List
        size="small"
        header={<Typography.Text strong>Produtos mais vendidos no mês</Typography.Text>}
        dataSource={data?.topProdutos ?? []}
        locale={{ emptyText: 'Nenhuma venda faturada neste mês.' }}
        renderItem={(p) => (
          <List.Item style={{ paddingInline: 0 }} extra={formatBRL(p.valor)}>
            {p.produto} <Typography.Text type="secondary">({formatDecimal(p.quantidade, 4).replace(/,?0+$/, '')})</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
