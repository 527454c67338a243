import { maskCep, maskCpfCnpj, maskPhone, padNcm } from '../../shared/documents.ts';
import { formatDate, formatDateTime } from '../../shared/dates.ts';
import { formatBRL, formatDecimal } from '../../shared/money.ts';
import { displayField, lookupCell, lookupLabel, relationOf } from '../schemas/registry.ts';
import type { ResourceDoc } from '../schemas/types.ts';
import { fieldKind } from './field-kind.ts';

export const YES = 'Sim';
export const NO = 'Não';

/** A cell's text: BRL, dd/MM/yyyy, lookups by label, masked documents, NCM padded to 8, relations by display. */
export function formatCell(doc: ResourceDoc, field: string, row: Record<string, unknown>): string {
  const p = doc.schema.properties[field];
  const v = row[field];
  const kind = fieldKind(p);
  if (kind === 'relation') {
    const rel = relationOf(doc, field);
    const related = rel ? (row[rel.name] as Record<string, unknown> | null | undefined) : undefined;
    if (related && rel) return String(related[displayField(rel.target)] ?? '');
    return v === null || v === undefined ? '' : String(v);
  }
  if (kind === 'municipio') {
    const name = row.municipioNome ?? row.municipio;
    return typeof name === 'string' ? name : v === null || v === undefined ? '' : String(v);
  }
  if (kind === 'lookup' && p?.lookup) return lookupCell(p.lookup, v);
  return formatValue(kind, v, p?.lookup);
}

export function formatValue(kind: ReturnType<typeof fieldKind>, v: unknown, lookup?: string): string {
  if (v === null || v === undefined || v === '') return '';
  switch (kind) {
    case 'money':
      return formatBRL(v as string);
    case 'decimal':
      return formatDecimal(v as string, 4).replace(/,?0+$/, '') || '0';
    case 'percent':
      return `${formatDecimal(v as string, 2)}%`;
    case 'date':
      return formatDate(v as string);
    case 'datetime':
      return formatDateTime(v as string);
    case 'boolean':
      return v ? YES : NO;
    case 'lookup':
      return lookupLabel(lookup!, v);
    case 'cpfCnpj':
      return maskCpfCnpj(String(v));
    case 'phone':
      return maskPhone(String(v));
    case 'cep':
      return maskCep(String(v));
    case 'ncm':
      return padNcm(v as string);
    default:
      return String(v);
  }
}
