import { baseType } from '../schemas/registry.ts';
import type { PropertySchema } from '../schemas/types.ts';

/** What a field is, for formatting, filtering and picking its widget: by format and annotations, never by entity. */
export type FieldKind = 'text' | 'cpfCnpj' | 'phone' | 'cep' | 'ncm' | 'gtin' | 'email' | 'money' | 'decimal' | 'percent' | 'integer' | 'date' | 'datetime' | 'boolean' | 'lookup' | 'municipio' | 'relation' | 'textarea';

export function fieldKind(p: PropertySchema | undefined): FieldKind {
  if (!p) return 'text';
  if (p.lookup === 'municipio' || p.widget === 'municipio') return 'municipio';
  if (p.lookup) return 'lookup';
  if (p.relation) return 'relation';
  const f = p.format ?? '';
  if (f === 'cpf' || f === 'cnpj' || f === 'cpfCnpj' || p.widget === 'cpfCnpj') return 'cpfCnpj';
  if (f === 'phone') return 'phone';
  if (f === 'cep') return 'cep';
  if (f === 'ncm') return 'ncm';
  if (f === 'gtin') return 'gtin';
  if (f === 'email') return 'email';
  if (f === 'money') return 'money';
  if (f === 'quantity') return 'decimal';
  if (f === 'percent') return 'percent';
  if (f === 'date') return 'date';
  if (f === 'date-time') return 'datetime';
  const t = baseType(p);
  if (t === 'boolean') return 'boolean';
  if (t === 'integer' || t === 'number') return 'integer';
  if (p.widget === 'textarea') return 'textarea';
  return 'text';
}

export type FilterKind = 'text' | 'lookup' | 'relation' | 'date' | 'range' | 'boolean' | 'none';

/** The per-column filter a field gets in the grid. */
export function filterKindOf(p: PropertySchema | undefined): FilterKind {
  const k = fieldKind(p);
  if (k === 'boolean') return 'boolean';
  if (k === 'lookup') return 'lookup';
  if (k === 'date' || k === 'datetime') return 'date';
  if (k === 'money' || k === 'decimal' || k === 'percent' || k === 'integer') return 'range';
  if (k === 'relation') return 'relation';
  // A município is searched within a UF; the UF column filters the same rows more plainly.
  if (k === 'municipio') return 'none';
  return 'text';
}

/** Fields stored as bare digits whatever mask the person sees. */
export const DIGIT_KINDS = new Set<FieldKind>(['cpfCnpj', 'phone', 'cep', 'ncm']);
