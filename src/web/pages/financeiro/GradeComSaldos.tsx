import type { ComponentProps, ReactNode } from 'react';
import { SchemaGrid } from '../../renderer/SchemaGrid.tsx';
import { SaldosContas } from './SaldosContas.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

/** A read-only financial list (baixas, transferências): its title, each conta's balance, the grid, and any dialog of the page. */
export function GradeComSaldos({ children, ...grid }: Omit<ComponentProps<typeof SchemaGrid>, 'canCreate' | 'canEdit' | 'canDelete'> & { children?: ReactNode }) {
  return (
    <div>
      <PageTitle>{grid.doc.title}</PageTitle>
      <SaldosContas />
      <SchemaGrid {...grid} canCreate={false} canEdit={false} canDelete={false} />
      {children}
    </div>
  );
}
