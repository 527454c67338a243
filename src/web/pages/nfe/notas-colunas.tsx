import { Button, Tag, Typography, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { formatDateTime } from '../../../shared/dates.ts';
import { COR_STATUS_NOTA, STATUS_NOTA } from '../../../shared/fiscal/nota-fiscal.ts';
import { formatBRL } from '../../../shared/money.ts';
import { openInNewTab } from '../../api/client.ts';
import { RowsTable } from '../../ui/ListTable.tsx';

/** A row of GET /api/NotasFiscais as the note grids (notas processadas, Vendas > Nota fiscal, NF-e de entrada) read it. */
export interface NotaLista {
  id: number;
  serie: number | null;
  numero: number | null;
  status: keyof typeof STATUS_NOTA;
  chave: string | null;
  destinatarioNome: string | null;
  total: string;
  dataEmissao: string | null;
  createdAt: string;
}

/** A note's status as a tag: label and colour from schemas/lookups/situacaoNotaFiscal.json. */
export const SituacaoNota = ({ status }: { status: string }) => <Tag color={COR_STATUS_NOTA[status as keyof typeof COR_STATUS_NOTA]}>{STATUS_NOTA[status as keyof typeof STATUS_NOTA] ?? status}</Tag>;

/**
 * A 44-digit access key in a narrow cell: cut by CSS (the whole key stays in the page, for search and for the
 * browser's find), the full key in a tooltip, and a copy button.
 */
export const ChaveAcesso = ({ chave }: { chave: string | null }) =>
  chave ? (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: 150 }}>
      <span title={chave} style={{ fontFamily: 'monospace', fontSize: 11, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {chave}
      </span>
      <Typography.Text copyable={{ text: chave, tooltips: ['Copiar chave', 'Copiada'] }} />
    </span>
  ) : null;

/** The columns every note grid shares, in the order given by the names. */
export const colunasNota = <T extends NotaLista>(pessoa: string) => ({
  numero: { title: 'Número', dataIndex: 'numero' } as ColumnType<T>,
  serie: { title: 'Série', dataIndex: 'serie' } as ColumnType<T>,
  chave: { title: 'Chave', dataIndex: 'chave', width: 150, render: (c: string | null) => <ChaveAcesso chave={c} /> } as ColumnType<T>,
  pessoa: { title: pessoa, dataIndex: 'destinatarioNome' } as ColumnType<T>,
  total: { title: 'Total', dataIndex: 'total', align: 'right', render: (v: string) => formatBRL(v) } as ColumnType<T>,
  data: { title: 'Data', render: (_: unknown, n: T) => formatDateTime(n.dataEmissao ?? n.createdAt) } as ColumnType<T>,
});

/** XML and DANFE of an issued note, opened in a tab of their own. */
export const ArquivosNota = ({ id }: { id: number }) => (
  <>
    <Button size="small" onClick={() => openInNewTab(`/api/NotasFiscais/${id}/xml`)}>
      XML
    </Button>
    <Button size="small" onClick={() => openInNewTab(`/api/NotasFiscais/${id}/danfe`)}>
      DANFE
    </Button>
  </>
);

/** A note grid: the notes of `lista` (an SWR answer) in pages of 50, the spinner until the first answer or error. */
export function GradeNotas<T extends NotaLista>({ lista, ...rest }: { lista: { data?: T[]; error?: unknown } } & Omit<TableProps<T>, 'dataSource' | 'loading'>) {
  return <RowsTable<T> loading={!lista.data && !lista.error} dataSource={lista.data ?? []} pagination={{ pageSize: 50 }} {...rest} />;
}
