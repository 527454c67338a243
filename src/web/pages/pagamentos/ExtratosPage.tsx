import { Card, DatePicker, Select, Space, Statistic, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { formatDate } from '../../../shared/dates.ts';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { ModuleExportButtons } from '../../reports/ExportButtons.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

type Row = Record<string, any>;
const ORIGEM: Record<string, { label: string; color: string }> = {
  baixa: { label: 'Baixa', color: 'blue' },
  boleto: { label: 'Pagamento de boleto', color: 'green' },
  tarifa: { label: 'Tarifa de boleto', color: 'volcano' },
  transferencia: { label: 'Transferência', color: 'purple' },
  estorno: { label: 'Estorno', color: 'default' },
};

/** pages/pagamentos/extratos: per financial account, baixas, boleto payments, fees and transfers with running balance. */
export default function ExtratosPage() {
  const contas = useList<Row>('ContasFinanceiras', { where: { ativo: true }, order: 'descricao ASC', limit: 200 });
  const [contaId, setContaId] = useState<number>();
  const [periodo, setPeriodo] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs().endOf('month')]);
  const params = { contaId, de: periodo[0].format('YYYY-MM-DD'), ate: periodo[1].format('YYYY-MM-DD') };
  const extrato = useSWR(contaId ? ['extrato-boletos', JSON.stringify(params)] : null, async () => (await api.get<Row>('Boletos/extrato', { params })).data);
  const d = extrato.data;
  return (
    <Card>
      <PageTitle>Extratos</PageTitle>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select aria-label="Conta" placeholder="Escolha a conta" style={{ width: 280 }} value={contaId} onChange={setContaId} options={(contas.data ?? []).map((c) => ({ value: c.id, label: c.descricao }))} />
        <DatePicker.RangePicker aria-label="Período" format="DD/MM/YYYY" allowClear={false} value={periodo} onChange={(v) => v?.[0] && v[1] && setPeriodo([v[0], v[1]])} />
        {/* the statement exported through the report queue (the finance module's extrato report), as every export */}
        <ModuleExportButtons address="RelatoriosFinanceiros/extrato/exportar" name="Extrato por conta" body={(tipo) => ({ tipo, params })} disabled={!contaId} />
      </Space>
      {d && (
        <Space size="large" wrap style={{ marginBottom: 16 }}>
          <Statistic title="Saldo anterior" value={formatBRL(d.saldoAnterior)} />
          <Statistic title="Entradas" value={formatBRL(d.entradas)} />
          <Statistic title="Saídas" value={formatBRL(d.saidas)} />
          <Statistic title="Saldo final" value={formatBRL(d.saldoFinal)} />
        </Space>
      )}
      <Table<Row>
        rowKey="movimentoId"
        size="small"
        loading={extrato.isLoading}
        dataSource={d?.linhas ?? []}
        pagination={{ pageSize: 100, showSizeChanger: false }}
        locale={{ emptyText: contaId ? 'Ops, nada encontrado por aqui.' : 'Escolha a conta para ver o extrato.' }}
        columns={[
          { title: 'Data', dataIndex: 'data', width: 110, render: (v: string) => formatDate(v) },
          { title: 'Tipo', dataIndex: 'origem', width: 190, render: (o: string, l) => <Tag color={ORIGEM[o]?.color}>{ORIGEM[o]?.label ?? o}{l.boleto ? ` nº ${l.boleto}` : ''}</Tag> },
          { title: 'Histórico', dataIndex: 'descricao' },
          { title: 'Pessoa', dataIndex: 'pessoa' },
          { title: 'Entrada', dataIndex: 'entrada', align: 'right', render: (v: string | null) => (v ? formatBRL(v) : '') },
          { title: 'Saída', dataIndex: 'saida', align: 'right', render: (v: string | null) => (v ? formatBRL(v) : '') },
          { title: 'Saldo', dataIndex: 'saldo', align: 'right', render: (v: string) => formatBRL(v) },
        ]}
      />
    </Card>
  );
}
