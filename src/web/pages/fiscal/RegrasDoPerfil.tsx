import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { formatDate } from '../../../shared/dates.ts';
import { useList } from '../../api/hooks.ts';
import { ListTable } from '../../ui/ListTable.tsx';

/** A rate as the perfil's tabs show it: '12,5%', or nothing. */
export const pct = (v: string | null) => (v === null || v === undefined ? '' : `${String(v).replace('.', ',')}%`);

interface RegraDoPerfil {
  id: number;
  vigenciaInicio: string;
  observacao: string | null;
}

/**
 * One tab of the perfil tributário's rules (estaduais, federais): every version of the resource's rules for the
 * perfil, newest first, in the tab's own columns then vigência, observação and the link to the rule's full form;
 * what the tab adds below the list (a quick form, a button) comes as children.
 */
export function RegrasDoPerfil<T extends RegraDoPerfil>({ id, recurso, rota, testId, vazio, colunas, children }: { id: number; recurso: string; rota: string; testId: string; vazio: string; colunas: ColumnType<T>[]; children: ReactNode }) {
  const regras = useList<T>(recurso, { where: { perfilTributarioId: id }, order: 'vigenciaInicio DESC', limit: 500 }, { revalidateOnMount: true });
  return (
    <div data-testid={testId}>
      <ListTable<T>
        list={regras}
        empty={vazio}
        columns={[
          ...colunas,
          { title: 'Vigência', dataIndex: 'vigenciaInicio', render: (v) => `a partir de ${formatDate(v)}` },
          { title: 'Observação', dataIndex: 'observacao' },
          { title: '', key: 'editar', render: (_, r) => <a href={`#/pages/fiscais/${rota}/editar/${r.id}`}>Editar</a> },
        ]}
      />
      {children}
    </div>
  );
}
