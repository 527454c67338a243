import { Table, type TableProps } from 'antd';
import type { Listed } from '../ui/ListTable.tsx';
import { colunasDoRelatorio, reportDoc } from './report-docs.ts';

type Row = Record<string, any>;

/**
 * The rows of one report (schemas/reports) as the screen reads them: its columns and empty text from the report
 * document (the same the exported file uses), 50 rows a page, each row keyed by its content (report rows have no
 * id). Any other Table prop (scroll) passes through.
 */
export function ReportTable({ fonte, list, ...rest }: { fonte: string; list: Listed<Row> } & Omit<TableProps<Row>, 'dataSource' | 'loading' | 'locale' | 'columns'>) {
  return (
    <Table<Row>
      rowKey={(row) => JSON.stringify(row)}
      size="small"
      loading={list.isLoading}
      dataSource={list.data ?? []}
      pagination={{ pageSize: 50, showSizeChanger: false }}
      locale={{ emptyText: reportDoc(fonte).vazio }}
      columns={colunasDoRelatorio<Row>(fonte)}
      {...rest}
    />
  );
}
