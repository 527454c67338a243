import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';

/** A list as SWR answers it (useList, useSWR): the rows once read, and whether they are being read. */
export interface Listed<T> {
  data?: T[];
  isLoading: boolean;
}

export type ListTableProps<T> = { list: Listed<T>; empty: ReactNode } & Omit<TableProps<T>, 'dataSource' | 'loading' | 'locale'>;

/**
 * The small table of rows a page already holds (a document's parcels, a form's lines, a modal's items): rows
 * keyed by id unless `rowKey` says otherwise, no pagination unless `pagination` does; any other Table prop passes
 * through.
 */
export function RowsTable<T extends object>(props: TableProps<T>) {
  return <Table<T> size="small" rowKey="id" pagination={false} {...props} />;
}

/**
 * The small table of a list a page reads: as RowsTable, with the spinner while it loads and the given text when
 * it is empty.
 */
export function ListTable<T extends object>({ list, empty, ...rest }: ListTableProps<T>) {
  return <RowsTable<T> {...rest} loading={list.isLoading} dataSource={list.data ?? []} locale={{ emptyText: empty }} />;
}
