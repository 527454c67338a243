import { onlyDigits } from '../../shared/cpf-cnpj.ts';
import { escapeLike, quickSearchWhere, type Filter, type Where } from '../../shared/filter.ts';
import { formatDate } from '../../shared/dates.ts';
import { formatBRL, formatDecimal } from '../../shared/money.ts';
import { displayField, lookupLabel } from '../catalog/registry.ts';
import type { ResourceDoc } from '../../../generated/schema-types.ts';
import { DIGIT_KINDS, fieldKind, filterKindOf } from './field-kind.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, listFields, listFilter } from './list-request.ts';
import { YES, NO } from './format-value.ts';

/** A record chosen in a relation filter, with its name so the chip and a shared link read without a request. */
export interface RelationChoice {
  id: number;
  label: string;
}

/**
 * A column filter's value: text, chosen lookup values, chosen related records, a [from, to] range (either end
 * may be empty) or a boolean.
 */
export type ColumnFilterValue = string | (string | number)[] | RelationChoice[] | [string | null, string | null] | boolean;

const isChoice = (x: unknown): x is RelationChoice => !!x && typeof x === 'object' && Number.isInteger((x as RelationChoice).id);

/** Everything a list shows, kept in the URL query of the hash route so a reload or a shared link is the same list. */
export interface GridState {
  page: number;
  size: number;
  sort?: { field: string; dir: 'ASC' | 'DESC' };
  q?: string;
  filters: Record<string, ColumnFilterValue>;
}

export { DEFAULT_PAGE_SIZE, PAGE_SIZES, listFields };

export function parseGridState(sp: URLSearchParams): GridState {
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const sizeRaw = Number(sp.get('size'));
  const size = PAGE_SIZES.includes(sizeRaw) ? sizeRaw : DEFAULT_PAGE_SIZE;
  const sortRaw = sp.get('sort');
  const m = sortRaw ? /^([A-Za-z0-9]+)\.(asc|desc)$/i.exec(sortRaw) : null;
  let filters: Record<string, ColumnFilterValue> = {};
  const f = sp.get('f');
  if (f) {
    try {
      const parsed = JSON.parse(f);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) filters = parsed;
    } catch {
      filters = {};
    }
  }
  return { page, size, sort: m ? { field: m[1], dir: m[2].toUpperCase() as 'ASC' | 'DESC' } : undefined, q: sp.get('q') || undefined, filters };
}

export function gridStateToParams(s: GridState): URLSearchParams {
  const sp = new URLSearchParams();
  if (s.q) sp.set('q', s.q);
  if (Object.keys(s.filters).length) sp.set('f', JSON.stringify(s.filters));
  if (s.sort) sp.set('sort', `${s.sort.field}.${s.sort.dir.toLowerCase()}`);
  if (s.page > 1) sp.set('page', String(s.page));
  if (s.size !== DEFAULT_PAGE_SIZE) sp.set('size', String(s.size));
  return sp;
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/** Whether a filter value actually filters (an empty text or an empty range does not). */
export function isActive(v: ColumnFilterValue | undefined): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return true;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.some((x) => !isBlank(x));
  return false;
}

/** One column filter as a LoopBack condition. */
export function columnWhere(doc: ResourceDoc, field: string, v: ColumnFilterValue): Where | undefined {
  if (!isActive(v)) return undefined;
  const p = doc.schema.properties[field];
  const kind = filterKindOf(p);
  switch (kind) {
    case 'boolean':
      return { [field]: v === true || v === 'true' };
    case 'lookup': {
      const list = (Array.isArray(v) ? v : [v]).filter((x) => !isBlank(x)) as (string | number)[];
      return list.length === 1 ? { [field]: list[0] } : { [field]: { inq: list } };
    }
    case 'relation': {
      const ids = (Array.isArray(v) ? v : []).filter(isChoice).map((c) => c.id);
      if (!ids.length) return undefined;
      return ids.length === 1 ? { [field]: ids[0] } : { [field]: { inq: ids } };
    }
    case 'date':
    case 'range': {
      const [from, to] = (Array.isArray(v) ? v : [v, null]) as [string | null, string | null];
      if (!isBlank(from) && !isBlank(to)) return { [field]: { between: [from, to] } };
      if (!isBlank(from)) return { [field]: { gte: from } };
      return { [field]: { lte: to } };
    }
    case 'text': {
      const raw = String(v).trim();
      const text = DIGIT_KINDS.has(fieldKind(p)) && /\d/.test(raw) ? onlyDigits(raw) : raw;
      return { [field]: { ilike: `%${escapeLike(text)}%` } };
    }
    default:
      return undefined;
  }
}

/** The quick search: digits typed for a masked field (CPF/CNPJ, phone) match the bare digits stored. */
export function searchWhere(doc: ResourceDoc, q: string | undefined, hidden: Set<string> = new Set()): Where | undefined {
  if (!q?.trim()) return undefined;
  const fields = (doc.search ?? []).filter((f) => !hidden.has(f));
  const base = quickSearchWhere(fields, q);
  const digitFields = fields.filter((f) => DIGIT_KINDS.has(fieldKind(doc.schema.properties[f])));
  const digits = onlyDigits(q);
  if (!digitFields.length || !digits || digits === q.trim() || /[A-Za-zÀ-ú]/.test(q)) return base;
  const byDigits: Where = { or: digitFields.map((f) => ({ [f]: { ilike: `%${digits}%` } })) };
  return base ? { or: [base, byDigits] } : byDigits;
}


export function buildListFilter(doc: ResourceDoc, s: GridState, opts: { hidden?: Set<string>; columns: string[] }): { filter: Filter; where: Where | undefined } {
  const hidden = opts.hidden ?? new Set<string>();
  const parts: Where[] = [];
  const sw = searchWhere(doc, s.q, hidden);
  if (sw) parts.push(sw);
  for (const [field, v] of Object.entries(s.filters)) {
    if (hidden.has(field) || !doc.schema.properties[field]) continue;
    const w = columnWhere(doc, field, v);
    if (w) parts.push(w);
  }
  const where: Where | undefined = parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : { and: parts };
  const filter = listFilter(doc, { where, order: s.sort ? `${s.sort.field} ${s.sort.dir}` : undefined, page: s.page, size: s.size, columns: opts.columns });
  return { filter, where };
}

/** The chip text of an active filter: 'UF: São Paulo', 'Limite de crédito: R$ 100,00 até R$ 200,00'. */
export function chipText(doc: ResourceDoc, field: string, v: ColumnFilterValue): string {
  const p = doc.schema.properties[field];
  const title = p?.title ?? field;
  const kind = fieldKind(p);
  const fmt = (x: string | number | null) => {
    if (isBlank(x)) return '';
    if (kind === 'money') return formatBRL(String(x));
    if (kind === 'decimal' || kind === 'percent') return formatDecimal(String(x));
    if (kind === 'date' || kind === 'datetime') return formatDate(String(x));
    return String(x);
  };
  switch (filterKindOf(p)) {
    case 'boolean':
      return `${title}: ${v === true ? YES : NO}`;
    case 'lookup':
      return `${title}: ${(Array.isArray(v) ? v : [v as string]).map((x) => lookupLabel(p!.lookup!, x as string | number)).join(', ')}`;
    case 'relation':
      return `${title}: ${(Array.isArray(v) ? v : []).filter(isChoice).map((c) => c.label).join(', ')}`;
    case 'date':
    case 'range': {
      const [from, to] = v as [string | null, string | null];
      if (!isBlank(from) && !isBlank(to)) return `${title}: ${fmt(from)} até ${fmt(to)}`;
      if (!isBlank(from)) return `${title}: a partir de ${fmt(from)}`;
      return `${title}: até ${fmt(to)}`;
    }
    default:
      return `${title}: ${String(v)}`;
  }
}

/**
 * What an export is listed as: the list's title and the filter in force, e.g. 'Clientes — busca contém Ana;
 * UF: Bahia' (issue 12), at most the 120 characters the server keeps.
 */
export function exportDescription(doc: ResourceDoc, s: Pick<GridState, 'q' | 'filters'>, hidden: Set<string> = new Set()): string {
  const parts: string[] = [];
  if (s.q?.trim()) parts.push(`busca contém ${s.q.trim()}`);
  for (const [field, v] of Object.entries(s.filters)) {
    if (hidden.has(field) || !doc.schema.properties[field] || !isActive(v)) continue;
    const p = doc.schema.properties[field];
    parts.push(filterKindOf(p) === 'text' ? `${(p.title ?? field).toLowerCase()} contém ${String(v).trim()}` : chipText(doc, field, v));
  }
  const text = parts.length ? `${doc.title} — ${parts.join('; ')}` : doc.title;
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

export { displayField };
