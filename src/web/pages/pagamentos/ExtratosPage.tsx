import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Select, Space, Statistic, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { formatDate } from '../../../shared/dates.ts';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import { useList } from '../../api/hooks.ts';
import { openReport, REPORT_TEXTS, waitForReport, type Relatorio, type ReportFormat } from '../../reports/export-flow.ts';
import { reportToast } from '../../reports/report-toasts.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

type Row = Record<string, any>;
const ORIGEM: Record<string, { label: string; color: string }> = {
  baixa: { label: 'Baixa', color: 'blue' },
  boleto: { label: 'Pagamento de boleto', color: 'green' },
  tarifa: { label: 'Tarifa de boleto', color: 'volcano' },
  transferencia: { label: 'Transferência', color: 'purple' },
  estorno: { label: 'Estorno', color: 'default' },
};

/** The statement exported through the report queue (the finance module's extrato report), as every export. */
async function exportar(tipo: ReportFormat, params: Row) {
  const titulo = 'Extrato por conta';
  let job: Relatorio;
  try {
    job = (await api.post<Relatorio>('RelatoriosFinanceiros/extrato/exportar', { tipo, params })).data;
  } catch (err) {
    const info = toApiError(err);
    reportToast(info.status === 406 ? 'warning' : 'error', info.status === 406 ? REPORT_TEXTS.processando : REPORT_TEXTS.erro(titulo, tipo), info.status === 406 ? undefined : info.message);
    return;
  }
  reportToast('info', REPORT_TEXTS.gerando(titulo, tipo));
  const r = await waitForReport(job);
  if (!r.ok) return reportToast('error', REPORT_TEXTS.erro(titulo, tipo), r.message);
  reportToast('success', REPORT_TEXTS.sucesso(titulo, tipo));
  await openReport({ ...r.report, descricao: job.descricao }, titulo);
}

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
        <Button icon={<FileExcelOutlined />} disabled={!contaId} onClick={() => void exportar('xlsx', params)}>Exportar Excel</Button>
        <Button icon={<FilePdfOutlined />} disabled={!contaId} onClick={() => void exportar('pdf', params)}>Exportar PDF</Button>
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
