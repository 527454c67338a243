import { displayValue, fieldKind, type FieldKind } from '../../shared/field-types.ts';
import { displayField, lookupCell, lookupLabel, relationOf } from '../catalog/registry.ts';
import type { ResourceDoc } from '../../../generated/schema-types.ts';

export { NO, YES } from '../../shared/field-types.ts';

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

/** A value's text by its field type (the registry's display); a lookup by its label. */
export function formatValue(kind: FieldKind, v: unknown, lookup?: string): string {
  if (kind === 'lookup' && lookup && v !== null && v !== undefined && v !== '') return lookupLabel(lookup, v);
  return displayValue(kind, v);
}
