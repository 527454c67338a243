import { DeleteOutlined, DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { api, openInNewTab } from '../api/client.ts';
import { formatDateTime } from '../../shared/dates.ts';
import { confirmDialog, showError } from '../dialogs/dialogs.tsx';
import { EmptyBlock } from '../ui/EmptyBlock.tsx';
import { RowsTable } from '../ui/ListTable.tsx';
import { fileAddress, openReport, STATUS, type Relatorio } from './export-flow.ts';
import { ReportStatusTag, STATUS_VIEW } from './ReportStatusTag.tsx';

/** When the report was asked for, in the branch's time zone (not the browser's). */
export const reportDate = (r: Pick<Relatorio, 'dataInclusao'>) => formatDateTime(r.dataInclusao);

/** The columns of SPEC 2.10: Relatório, Formato, Status, Data, Ações (download when finished; delete). */
export function ReportsTable({ rows, loading, onChanged, pagination = true }: { rows: Relatorio[]; loading?: boolean; onChanged: () => void; pagination?: boolean }) {
  const remove = async (r: Relatorio) => {
    if (!(await confirmDialog({ title: 'Excluir relatório?', content: `Deseja realmente excluir '${r.descricao}'?`, danger: true }))) return;
    try {
      await api.delete(`Relatorios/${r.id}`);
      onChanged();
    } catch (err) {
      showError(err);
    }
  };
  const columns: TableColumnsType<Relatorio> = [
    { key: 'descricao', dataIndex: 'descricao', title: 'Relatório', sorter: (a, b) => a.descricao.localeCompare(b.descricao, 'pt-BR') },
    { key: 'tipo', dataIndex: 'tipo', title: 'Formato', render: (t: string) => t?.toUpperCase(), sorter: (a, b) => a.tipo.localeCompare(b.tipo), filters: [{ text: 'PDF', value: 'pdf' }, { text: 'XLSX', value: 'xlsx' }, { text: 'ZIP', value: 'zip' }], onFilter: (v, r) => r.tipo === v },
    {
      key: 'status',
      dataIndex: 'status',
      title: 'Status',
      render: (s: number) => <ReportStatusTag status={s} />,
      sorter: (a, b) => a.status - b.status,
      filters: Object.entries(STATUS_VIEW).map(([v, s]) => ({ text: s.text, value: Number(v) })),
      onFilter: (v, r) => r.status === v,
    },
    { key: 'dataInclusao', dataIndex: 'dataInclusao', title: 'Data', render: (_: unknown, r) => reportDate(r), sorter: (a, b) => dayjs(a.dataInclusao).valueOf() - dayjs(b.dataInclusao).valueOf(), defaultSortOrder: 'descend' },
    {
      key: 'acoes',
      title: 'Ações',
      align: 'center',
      width: 140,
      render: (_: unknown, r) => (
        <Space size={4}>
          {r.status === STATUS.FINALIZADO ? (
            <Tooltip title="Baixar">
              <Button size="small" type="text" aria-label="Baixar" icon={<DownloadOutlined />} onClick={() => openReport(r)} />
            </Tooltip>
          ) : null}
          {r.status === STATUS.FINALIZADO && r.tipo === 'pdf' ? (
            <Tooltip title="Abrir em nova aba">
              <Button size="small" type="text" aria-label="Abrir em nova aba" icon={<ExportOutlined />} onClick={() => openInNewTab(fileAddress(r))} />
            </Tooltip>
          ) : null}
          <Tooltip title="Excluir">
            <Button size="small" type="text" danger aria-label="Excluir" icon={<DeleteOutlined />} onClick={() => remove(r)} />
          </Tooltip>
        </Space>
      ),
    },
  ];
  return (
    <RowsTable<Relatorio>
      className="relatorios-exportados"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pagination ? { pageSize: 20, showTotal: (total, [a, b]) => `${a}-${b} de ${total}` } : false}
      locale={{ emptyText: <EmptyBlock /> }}
    />
  );
}
