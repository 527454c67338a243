import { formatDate, formatDateTime } from './dates.ts';
import { formatBRL, formatDecimal, formatQuantity } from './money.ts';

/** How a report column shows its values (schemas/meta/report.schema.json, kind): one rule for screen, PDF and XLSX. */
export type ReportKind = 'text' | 'money' | 'decimal' | 'percent' | 'quantity' | 'integer' | 'date' | 'datetime' | 'boolean' | 'lookup';

const blank = (v: unknown) => v === null || v === undefined || v === '';


/** The text of a report value (SPEC 9 formats): 'R$ 1.234,56', '12,50%', dd/MM/yyyy; `labels` names a lookup's codes. */
export function textoDoValor(kind: ReportKind, v: unknown, labels?: Map<string, string>, fuso?: string): string {
  if (blank(v)) return '';
  switch (kind) {
    case 'money':
      return formatBRL(v as string);
    case 'decimal':
      return formatDecimal(v as string, 2);
    case 'percent':
      return `${formatDecimal(v as string, 2)}%`;
    case 'quantity':
      return formatQuantity(v);
    case 'date':
      return formatDate(v as string, fuso);
    case 'datetime':
      return formatDateTime(v as string, fuso);
    case 'boolean':
      return v === true ? 'Sim' : v === false ? 'Não' : '';
    case 'lookup':
      return labels?.get(String(v)) ?? String(v);
    default:
      return String(v);
  }
}

/** Numbers line up on the right (money, quantities, percentages, counts). */
export const alinhadoADireita = (kind: ReportKind): boolean => kind === 'money' || kind === 'decimal' || kind === 'percent' || kind === 'quantity' || kind === 'integer';
