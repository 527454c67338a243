import type { ColumnType } from 'antd/es/table';
import { alinhadoADireita, textoDoValor, type ReportKind } from '../../shared/report-format.ts';

/**
 * A table column that shows one field of the row as the reports show it (src/shared/report-format.ts: money
 * 'R$ 1.234,56', dates dd/MM/yyyy, …), numbers on the right; `labels` names a lookup's codes.
 */
export function coluna<T>(kind: ReportKind, field: string, title: string, labels?: Map<string, string>): ColumnType<T> {
  return { key: field, dataIndex: field, title, align: alinhadoADireita(kind) ? 'right' : undefined, render: (v: unknown) => textoDoValor(kind, v, labels) };
}
