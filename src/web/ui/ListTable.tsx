import { Table, type TableProps } from 'antd';

/** A list as SWR answers it (useList, useSWR): the rows once read, and whether they are being read. */
export interface Listed<T> {
  data?: T[];
  isLoading: boolean;
}

export type ListTableProps<T> = { list: Listed<T>; empty: string } & Omit<TableProps<T>, 'dataSource' | 'loading' | 'locale'>;

/**
 * The small table of a list a page reads: rows keyed by id, the spinner while it loads, the given text when it
 * is empty, no pagination unless `pagination` says otherwise; any other Table prop passes through.
 */
export function ListTable<T extends object>({ list, empty, ...rest }: ListTableProps<T>) {
  return <Table<T> size="small" rowKey="id" pagination={false} {...rest} loading={list.isLoading} dataSource={list.data ?? []} locale={{ emptyText: empty }} />;
}
