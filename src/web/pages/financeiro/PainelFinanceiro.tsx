import { Card, Col, List, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';

type Painel = {
  pagarHoje: { valor: string; quantidade: number };
  receberHoje: { valor: string; quantidade: number };
  atrasados: { pagar: { valor: string; quantidade: number }; receber: { valor: string; quantidade: number } };
  saldos: { contaId: number; descricao: string; saldo: string }[];
  saldoTotal: string;
};
const qtd = (n: number) => `${n} ${n === 1 ? 'parcela' : 'parcelas'}`;

/** The dashboard's finance cards: a pagar hoje, a receber hoje, atrasados, saldo por conta. */
export default function PainelFinanceiro() {
  const { data, isLoading } = useSWR('painel-financeiro', async () => (await api.get<Painel>('RelatoriosFinanceiros/painel')).data, { revalidateOnFocus: false });
  const card = (titulo: string, valor: string | undefined, detalhe: string, link: string, cor?: string, key?: string) => (
    <Col xs={24} sm={12} lg={6}>
      <Card size="small" data-dashboard={key}>
        <Statistic title={<Link to={link}>{titulo}</Link>} value={valor ? formatBRL(valor) : '-'} loading={isLoading} valueStyle={cor ? { color: cor } : undefined} />
        <Typography.Text type="secondary">{detalhe}</Typography.Text>
      </Card>
    </Col>
  );
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="painel-financeiro">
      {card('A pagar hoje', data?.pagarHoje.valor, qtd(data?.pagarHoje.quantidade ?? 0), '/pages/financeiro/lancamentos/lista/despesas', undefined, 'pagar-hoje')}
      {card('A receber hoje', data?.receberHoje.valor, qtd(data?.receberHoje.quantidade ?? 0), '/pages/financeiro/lancamentos/lista/receitas', undefined, 'receber-hoje')}
      {card('Atrasados a pagar', data?.atrasados.pagar.valor, `${qtd(data?.atrasados.pagar.quantidade ?? 0)}; a receber: ${data ? formatBRL(data.atrasados.receber.valor) : '-'}`, '/pages/relatorios/financeiro/menu?relatorio=pagar', '#cf1322', 'atrasados')}
      <Col xs={24} sm={12} lg={6}>
        <Card size="small" data-dashboard="saldos" title={<Link to="/pages/relatorios/financeiro/menu?relatorio=extrato">Saldo por conta</Link>} extra={data ? formatBRL(data.saldoTotal) : null}>
          <List
            size="small"
            loading={isLoading}
            dataSource={data?.saldos ?? []}
            renderItem={(s) => (
              <List.Item style={{ paddingInline: 0 }} extra={<Typography.Text type={s.saldo.startsWith('-') ? 'danger' : undefined}>{formatBRL(s.saldo)}</Typography.Text>}>
                {s.descricao}
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
