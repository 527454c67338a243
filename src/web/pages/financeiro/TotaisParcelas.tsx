import { Card, Col, Row, Statistic } from 'antd';
import type { Where } from '../../../shared/filter.ts';
import { formatBRL } from '../../../shared/money.ts';
import { useTotais } from './financeiro-api.ts';

/** The sums of the rows the grid's filters select (all pages): open, overdue, paid (colours at 4.5:1 or more on white). */
export function TotaisParcelas({ where, pagar }: { where: Where | undefined; pagar: boolean }) {
  const { data } = useTotais(where);
  const item = (key: string, title: string, value: string | undefined, color?: string) => (
    <Col xs={12} md={6} key={key}>
      <Card size="small" data-total={key}>
        <Statistic title={title} value={value === undefined ? '…' : formatBRL(value)} valueStyle={{ fontSize: 18, color }} />
      </Card>
    </Col>
  );
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }} aria-label="Totais do filtro">
      {item('aberto', pagar ? 'A pagar' : 'A receber', data?.aberto, '#0958d9')}
      {item('atrasado', 'Atrasado', data?.atrasado, '#cf1322')}
      {item('pago', pagar ? 'Pago' : 'Recebido', data?.pago, '#237804')}
      {item('total', 'Total', data?.total)}
    </Row>
  );
}
