import type { TableColumnsType } from 'antd';
import { lazy, Suspense } from 'react';
import { EstoqueCell } from './estoque/EstoqueCell.tsx';

// Read-only panels a resource's edit page shows under its form, by resource name (loaded on demand).
const EXTRAS: Record<string, React.LazyExoticComponent<React.ComponentType<{ id: string }>>> = {
  produto: lazy(() => import('./estoque/ProdutoEstoque.tsx')),
};

export function ResourceExtras({ name, id }: { name: string; id: string }) {
  const Panel = EXTRAS[name];
  if (!Panel) return null;
  return (
    <Suspense fallback={null}>
      <Panel id={id} />
    </Suspense>
  );
}

type Row = Record<string, unknown> & { id: number };
const GRID_COLUMNS: Record<string, TableColumnsType<Row>> = {
  produto: [{ key: '__estoque', title: 'Estoque', align: 'right', width: 160, render: (_: unknown, row: Row) => <EstoqueCell id={row.id} /> }],
};

/** Read-only columns a resource's grid adds after the document's own, by resource name. */
export const extraGridColumns = (name: string): TableColumnsType<Row> | undefined => GRID_COLUMNS[name];
