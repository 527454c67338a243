import { Alert, Button, Card, Col, Input, Row, Space, Spin, Statistic, Table } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { showError } from '../../dialogs/dialogs.tsx';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../ui/PageTitle.tsx';

interface Dashboard {
  marca: string;
  contas: number;
  trials: number;
  trialsExpirados: number;
  ativas: number;
  inadimplentes: number;
  comPlano: number;
  usuarios: number;
  cadastrosPorMes: { mes: string; quantidade: number }[];
}

interface Fatura {
  mes: string;
  itens: { planoId: number; plano: string; valorUnitario: string; contas: number; total: string; totalFormatado: string }[];
  contas: number;
  total: string;
  totalFormatado: string;
}

const thisMonth = () => {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
};

/** administrador/configuracoes/dashboard: the brand's figures (POST ConfigWhiteLabels/dashboard) and its invoice per month (gerar-fatura). */
export default function AdminDashboardPage() {
  const { data, error, isLoading } = useSWR('admin-dashboard', async () => (await api.post<Dashboard>('ConfigWhiteLabels/dashboard', {})).data);
  const [mes, setMes] = useState(thisMonth);
  const [fatura, setFatura] = useState<Fatura | null>(null);
  const [gerando, setGerando] = useState(false);

  const gerar = async () => {
    setGerando(true);
    try {
      setFatura((await api.post<Fatura>('ConfigWhiteLabels/gerar-fatura', { mes })).data);
    } catch (err) {
      showError(err);
    } finally {
      setGerando(false);
    }
  };

  const max = Math.max(1, ...(data?.cadastrosPorMes ?? []).map((m) => m.quantidade));
  const stats: [string, keyof Dashboard][] = [
    ['Contas', 'contas'],
    ['Em teste', 'trials'],
    ['Teste expirado', 'trialsExpirados'],
    ['Ativas', 'ativas'],
    ['Inadimplentes', 'inadimplentes'],
    ['Usuários', 'usuarios'],
  ];
  return (
    <div className="admin-dashboard">
      <PageTitle>Dashboard {data ? `- ${data.marca}` : ''}</PageTitle>
      {error ? <Alert type="error" showIcon message="Não foi possível carregar os números da marca." /> : null}
      {/* SPEC 2.5: the brand's accounts, each openable for support (audited). */}
      <Link to="/administrador/configuracoes/contas" style={{ display: 'inline-block', marginBottom: 16 }}>
        Contas da marca e acesso de suporte
      </Link>
      <Spin spinning={isLoading}>
        <Row gutter={[16, 16]}>
          {stats.map(([title, key]) => (
            <Col key={key} xs={12} md={8} xl={4}>
              <Card size="small" data-testid={`indicador-${key}`}>
                <Statistic title={title} value={(data?.[key] as number | undefined) ?? 0} />
              </Card>
            </Col>
          ))}
        </Row>
        <Card size="small" title="Cadastros por mês" style={{ marginTop: 16 }}>
          <div style={{ display: 'flex', alignItems: 'flex-end', gap: 8, height: 140 }}>
            {(data?.cadastrosPorMes ?? []).map((m) => (
              <div key={m.mes} style={{ flex: 1, textAlign: 'center' }} title={`${m.mes}: ${m.quantidade}`}>
                <div style={{ fontSize: 12 }}>{m.quantidade}</div>
                <div style={{ height: Math.round((m.quantidade / max) * 100), background: 'var(--brand-primary, #1677ff)', borderRadius: 2 }} />
                <div style={{ fontSize: 11, color: '#888' }}>{m.mes.slice(0, 2)}</div>
              </div>
            ))}
          </div>
        </Card>
      </Spin>
      <Card size="small" title="Fatura da marca" style={{ marginTop: 16 }}>
        <Space wrap>
          <label htmlFor="fatura-mes">Mês (MM/aaaa)</label>
          <Input id="fatura-mes" value={mes} onChange={(e) => setMes(e.target.value)} style={{ width: 120 }} maxLength={7} />
          <Button type="primary" loading={gerando} onClick={gerar}>
            Gerar fatura
          </Button>
        </Space>
        {fatura ? (
          <Table
            style={{ marginTop: 16 }}
            size="small"
            rowKey="planoId"
            pagination={false}
            dataSource={fatura.itens}
            locale={{ emptyText: 'Nenhuma conta a faturar neste mês.' }}
            columns={[
              { title: 'Plano', dataIndex: 'plano' },
              { title: 'Valor', dataIndex: 'valorUnitario', align: 'right', render: (v: string) => formatBRL(v) },
              { title: 'Contas', dataIndex: 'contas', align: 'right' },
              { title: 'Total', dataIndex: 'totalFormatado', align: 'right' },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>Total {fatura.mes}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} />
                <Table.Summary.Cell index={2} align="right">
                  {fatura.contas}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <strong data-testid="fatura-total">{fatura.totalFormatado}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        ) : null}
      </Card>
    </div>
  );
}
