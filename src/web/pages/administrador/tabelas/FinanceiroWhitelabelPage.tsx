import { Button, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { showError, toast } from '../../../dialogs/dialogs.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';

interface Fatura {
  id: number;
  mes: string;
  contas: number;
  total: string;
  totalFormatado: string;
  status: 'aberta' | 'paga' | 'cancelada';
  emitidaPor: string;
  emitidaEm: string;
}

const COR = { aberta: 'blue', paga: 'green', cancelada: 'default' } as const;
const thisMonth = () => {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
};

/** administrador/configuracoes/financeiro-whitelabel (SPEC 2.8): the brand's invoices (gerar-fatura, stored) with status. */
export default function FinanceiroWhitelabelPage() {
  const { data, isLoading, mutate } = useSWR('Admin/faturas', async () => (await api.get<Fatura[]>('Admin/faturas')).data);
  const [mes, setMes] = useState(thisMonth);
  const run = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      toast('success', ok);
      await mutate();
    } catch (err) {
      showError(err);
    }
  };
  return (
    <div className="financeiro-whitelabel-page">
      <PageTitle>Financeiro white label</PageTitle>
      <Space style={{ marginBottom: 16 }}>
        <label htmlFor="fatura-mes">Mês</label>
        <Input id="fatura-mes" value={mes} onChange={(e) => setMes(e.target.value)} placeholder="MM/aaaa" style={{ width: 110 }} />
        <Button type="primary" onClick={() => run(() => api.post('Admin/faturas', { mes }), `Fatura de ${mes} emitida.`)}>
          Emitir fatura
        </Button>
      </Space>
      <Table<Fatura>
        rowKey="id"
        size="small"
        loading={isLoading}
        pagination={false}
        dataSource={data ?? []}
        locale={{ emptyText: 'Nenhuma fatura emitida.' }}
        columns={[
          { title: 'Mês', dataIndex: 'mes', width: 100 },
          { title: 'Contas', dataIndex: 'contas', width: 90 },
          { title: 'Total', dataIndex: 'totalFormatado', width: 140 },
          { title: 'Status', dataIndex: 'status', width: 110, render: (s: Fatura['status']) => <Tag color={COR[s]}>{s}</Tag> },
          { title: 'Emitida em', dataIndex: 'emitidaEm', width: 120 },
          {
            title: 'Ações',
            render: (_: unknown, f: Fatura) =>
              f.status === 'aberta' ? (
                <Space>
                  <Button size="small" onClick={() => run(() => api.put(`Admin/faturas/${f.id}/status`, { status: 'paga' }), 'Fatura marcada como paga.')}>
                    Marcar paga
                  </Button>
                  <Popconfirm title="Cancelar esta fatura?" okText="Confirmar" cancelText="Cancelar" onConfirm={() => run(() => api.put(`Admin/faturas/${f.id}/status`, { status: 'cancelada' }), 'Fatura cancelada.')}>
                    <Button size="small" danger>
                      Cancelar
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
