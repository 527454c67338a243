import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { formatBRL } from '../../../shared/money.ts';
import { lookupLabel } from '../../catalog/registry.ts';
import { useLookups } from '../../renderer/use-lookups.ts';
import { useSaldos } from './financeiro-api.ts';

/** The balance of every active conta, as the ledger keeps it (saldo inicial + movements). */
export function SaldosContas() {
  const { data } = useSaldos();
  useLookups(['tipoConta']);
  if (!data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const ativas = data.filter((c) => c.ativo);
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }} aria-label="Saldos das contas" data-saldos>
      {ativas.map((c) => (
        <Col key={c.contaId} xs={24} sm={12} md={6}>
          <Card size="small" data-conta={c.descricao}>
            <Statistic title={c.descricao} value={formatBRL(c.saldo)} valueStyle={{ fontSize: 18, color: c.saldo.startsWith('-') ? '#cf1322' : undefined }} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {lookupLabel('tipoConta', c.tipo)}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
