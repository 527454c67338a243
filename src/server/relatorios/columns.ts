import { celulaDeData, formatDate, formatDateTime } from '../../shared/dates.ts';
import { maskCep, maskCpfCnpj, maskPhone, padNcm } from '../../shared/cpf-cnpj.ts';
import { formatBRL, formatDecimal } from '../../shared/money.ts';
import { alinhadoADireita, textoDoValor, type ReportKind } from '../../shared/report-format.ts';
import type { ResourceDef } from '../resources/registry.ts';
import { loadLookups } from '../catalog/documents.ts';

export type ColumnKind = ReportKind;

export interface ReportColumn {
  field: string;
  title: string;
  kind: ColumnKind;
  /** Relative width for the PDF. */
  weight: number;
  /** Display text for the PDF and for text cells; times in the branch's time zone `fuso`. */
  text(v: unknown, fuso?: string): string;
  /** Cell value for the spreadsheet (numbers stay numbers so the user can add them up; dates are date cells). */
  cell(v: unknown, fuso?: string): string | number | Date | null;
}

const TEXT_MASKS: Record<string, (v: string) => string> = { cpfCnpj: maskCpfCnpj, cpf: maskCpfCnpj, cnpj: maskCpfCnpj, cep: maskCep, phone: maskPhone, ncm: padNcm };

/** The grid's columns of a resource document, formatted as the grid shows them (SPEC 9 formats). */
export function reportColumns(def: ResourceDef): ReportColumn[] {
  const lookups = loadLookups();
  return def.doc.list.columns.map((c) => {
    const f = def.fields.get(c.field)!;
    const p = f.schema;
    const title = c.title ?? (p.title as string) ?? c.field;
    const empty = (v: unknown) => v === null || v === undefined || v === '';
    const lk = p.lookup ? lookups.get(p.lookup) : undefined;
    if (lk && !lk.large) {
      const labels = new Map(lk.items.map((i) => [String(i.value), i.label]));
      const text = (v: unknown) => (empty(v) ? '' : labels.get(String(v)) ?? String(v));
      return { field: c.field, title, kind: 'lookup', weight: 1.2, text, cell: (v) => text(v) || null };
    }
    if (p.format === 'money') return { field: c.field, title, kind: 'money', weight: 1, text: (v) => (empty(v) ? '' : formatBRL(v as string)), cell: (v) => (empty(v) ? null : Number(v)) };
    if (f.kind === 'number') return { field: c.field, title, kind: 'decimal', weight: 0.8, text: (v) => (empty(v) ? '' : formatDecimal(v as string, 2)), cell: (v) => (empty(v) ? null : Number(v)) };
    if (f.kind === 'integer') return { field: c.field, title, kind: 'integer', weight: 0.7, text: (v) => (empty(v) ? '' : String(v)), cell: (v) => (empty(v) ? null : Number(v)) };
    if (f.kind === 'boolean') {
      const text = (v: unknown) => (v === true ? 'Sim' : v === false ? 'Não' : '');
      return { field: c.field, title, kind: 'boolean', weight: 0.5, text, cell: (v) => text(v) || null };
    }
    if (f.kind === 'date') return { field: c.field, title, kind: 'date', weight: 0.8, text: (v, fuso) => formatDate(v as string, fuso), cell: (v, fuso) => celulaDeData(v, fuso) };
    if (f.kind === 'datetime') return { field: c.field, title, kind: 'datetime', weight: 1, text: (v, fuso) => formatDateTime(v as string, fuso), cell: (v, fuso) => celulaDeData(v, fuso) };
    const mask = TEXT_MASKS[p.format as string] ?? TEXT_MASKS[p.widget as string];
    const text = (v: unknown) => (empty(v) ? '' : mask ? mask(String(v)) : String(v));
    return { field: c.field, title, kind: 'text', weight: c.field === def.doc.display || c.field === 'nome' || c.field === 'descricao' ? 2.4 : 1.3, text, cell: (v) => text(v) || null };
  });
}

const blank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * A column of a report that is not a resource grid (report sources, src/server/relatorios/sources.ts), formatted
 * like the grids' columns of the same kind and like the report screens (src/shared/report-format.ts). `labels`
 * turns codes into names (a lookup).
 */
export function column(field: string, title: string, kind: ColumnKind, weight = 1, labels?: Map<string, string>): ReportColumn {
  const text = (v: unknown, fuso?: string) => textoDoValor(kind, v, labels, fuso);
  return {
    field, title, kind, weight, text,
    cell: (v, fuso) => (alinhadoADireita(kind) ? (blank(v) ? null : Number(v)) : kind === 'date' || kind === 'datetime' ? celulaDeData(v, fuso) : text(v, fuso) || null),
  };
}
