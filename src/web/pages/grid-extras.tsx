import type { TableColumnsType } from 'antd';
import { EstoqueCell } from './estoque/EstoqueCell.tsx';

// Apart from the form's extras (form-extras.tsx): a grid loads neither their tabs nor their card.

type Row = Record<string, unknown> & { id: number };
const GRID_COLUMNS: Record<string, TableColumnsType<Row>> = {
  produto: [{ key: '__estoque', title: 'Estoque', align: 'right', width: 160, render: (_: unknown, row: Row) => <EstoqueCell id={row.id} /> }],
};

/** Read-only columns a resource's grid adds after the document's own, by resource name. */
export const extraGridColumns = (name: string): TableColumnsType<Row> | undefined => GRID_COLUMNS[name];
