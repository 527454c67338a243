import { cnpjWithDigits, cpfWithDigits, isCep, isCnpj, isCpf, isCpfCnpj, isGtin, isNcm, isPhone, maskCep, maskCpfCnpj, maskPhone, padNcm } from './cpf-cnpj.ts';
import { formatDate, formatDateTime } from './dates.ts';
import { formatBRL, formatDecimal, formatQuantity, MONEY_RE, QUANTITY_RE } from './money.ts';

/**
 * The field-type registry: one entry per kind of field, holding everything a layer needs to know about it (the
 * JSON Schema formats and widget names that select it, the ajv format check, the column it is stored in, how a
 * cell shows it, the form widget, the grid filter and a sample value for tests). Server, web and tests read it;
 * the web maps widget names to React components in one file (web/renderer/widgets/index.ts). Adding a type is
 * one entry here (plus its component there when it needs a new input).
 */

/** How the server reads and writes the column (resources/registry.ts). */
export type StorageKind = 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'json';
/** The per-column filter a field gets in the grid. */
export type FilterKind = 'text' | 'lookup' | 'relation' | 'date' | 'range' | 'boolean' | 'none';

export interface FieldTypeProperty {
  type?: string | string[];
  format?: string;
  lookup?: string;
  relation?: string;
  widget?: string;
  minimum?: number;
  maxLength?: number;
  [k: string]: unknown;
}

export interface FieldType {
  /** JSON Schema formats that make a property this type. */
  formats?: readonly string[];
  /** Ajv format checks (same on server and in the browser), by format name. */
  checks?: Readonly<Record<string, (v: string) => boolean>>;
  /** "widget" annotations that make a property this type. */
  widgets?: readonly string[];
  /** JSON types that make a property this type when nothing more specific does. */
  types?: readonly string[];
  storage: StorageKind | ((p: FieldTypeProperty) => StorageKind);
  /** PostgreSQL column types that may hold it (schemas:check compares the migration with the document). */
  sql: readonly string[];
  /** RJSF widget name of the form input (web/renderer/widgets/index.ts maps it to a component). */
  widget?: string;
  filter: FilterKind;
  /** Text of a grid cell; lookups and relations are shown from data the web loads. */
  display?: (v: unknown) => string;
  /** Stored as bare digits whatever mask the person sees (quick search strips the mask). */
  digits?: boolean;
  /** A valid sample value for tests and demo data; n differs on every call. */
  sample: (n: number, p: FieldTypeProperty) => unknown;
}

const str = (v: unknown) => String(v);
const cpf = (n: number) => cpfWithDigits(String(100000000 + (n % 899999999)));
const cnpj = (n: number) => cnpjWithDigits(String(10000000 + (n % 89999999)) + '0001');
/** A distinct text within maxLength: the number alone when the words do not fit. */
const fit = (text: string, n: number, p: FieldTypeProperty) => (text.length <= Number(p.maxLength ?? 40) ? text : String(n).slice(-Number(p.maxLength ?? 40)));
const numericStorage = (p: FieldTypeProperty): StorageKind => (baseType(p) === 'integer' ? 'integer' : 'number');

export const FIELD_TYPES = {
  municipio: { widgets: ['municipio'], storage: 'integer', sql: ['integer'], widget: 'municipio', filter: 'none', sample: () => 3550308 },
  lookup: { storage: (p) => storageOfJsonType(p), sql: ['text', 'integer', 'smallint', 'character'], widget: 'lookup', filter: 'lookup', sample: () => null },
  relation: { storage: 'integer', sql: ['integer', 'bigint'], widget: 'relation', filter: 'relation', sample: () => null },
  cpfCnpj: {
    formats: ['cpf', 'cnpj', 'cpfCnpj'],
    checks: { cpf: isCpf, cnpj: isCnpj, cpfCnpj: isCpfCnpj },
    widgets: ['cpfCnpj'],
    storage: 'text',
    sql: ['text'],
    widget: 'cpfCnpj',
    filter: 'text',
    display: (v) => maskCpfCnpj(str(v)),
    digits: true,
    sample: (n, p) => (p.format === 'cpf' ? cpf(n) : p.format === 'cnpj' || n % 2 === 0 ? cnpj(n) : cpf(n)),
  },
  phone: { formats: ['phone'], checks: { phone: isPhone }, widgets: ['phone'], storage: 'text', sql: ['text'], widget: 'phone', filter: 'text', display: (v) => maskPhone(str(v)), digits: true, sample: () => '11987654321' },
  cep: { formats: ['cep'], checks: { cep: isCep }, widgets: ['cep'], storage: 'text', sql: ['text'], widget: 'cep', filter: 'text', display: (v) => maskCep(str(v)), digits: true, sample: () => '01310100' },
  ncm: { formats: ['ncm'], checks: { ncm: isNcm }, widgets: ['ncm'], storage: 'text', sql: ['text'], widget: 'ncm', filter: 'text', display: (v) => padNcm(v as string), digits: true, sample: () => '22021000' },
  gtin: { formats: ['gtin'], checks: { gtin: isGtin }, widgets: ['gtin'], storage: 'text', sql: ['text'], widget: 'gtin', filter: 'text', sample: () => '7891000315507' },
  // Inscrição estadual: digits (punctuation allowed while typing) or ISENTO; the check digits depend on the UF
  // and are checked with the UF (src/shared/inscricao-estadual.ts).
  inscricaoEstadual: { formats: ['inscricaoEstadual'], checks: { inscricaoEstadual: (v) => /^(ISENTO|\d{2,14})$/i.test(v.replace(/[.\-/\s]/g, '')) }, storage: 'text', sql: ['text'], filter: 'text', sample: () => 'ISENTO' },
  cest: { formats: ['cest'], checks: { cest: (v) => /^\d{7}$/.test(v) }, storage: 'text', sql: ['text'], filter: 'text', sample: () => '0300700' },
  uf: { formats: ['uf'], checks: { uf: (v) => /^[A-Z]{2}$/.test(v) }, storage: 'text', sql: ['text', 'character'], filter: 'text', sample: () => 'SP' },
  email: { formats: ['email'], storage: 'text', sql: ['text'], filter: 'text', sample: (n) => `teste${n}@exemplo.com.br` },
  money: { formats: ['money'], checks: { money: (v) => MONEY_RE.test(v) }, widgets: ['money'], storage: 'number', sql: ['numeric'], widget: 'money', filter: 'range', display: (v) => formatBRL(v as string), sample: () => '1234.56' },
  decimal: {
    formats: ['quantity'],
    checks: { quantity: (v) => QUANTITY_RE.test(v) },
    widgets: ['quantity', 'decimal'],
    storage: 'number',
    sql: ['numeric'],
    widget: 'quantity',
    filter: 'range',
    display: formatQuantity,
    sample: () => '2.5000',
  },
  percent: { formats: ['percent'], checks: { percent: (v) => /^-?\d{1,3}(\.\d{1,2})?$/.test(v) }, widgets: ['percent'], storage: 'number', sql: ['numeric'], widget: 'percent', filter: 'range', display: (v) => `${formatDecimal(v as string, 2)}%`, sample: () => '3.25' },
  date: { formats: ['date'], storage: 'date', sql: ['date'], widget: 'brDate', filter: 'date', display: (v) => formatDate(v as string), sample: () => '1990-05-17' },
  datetime: { formats: ['date-time'], storage: 'datetime', sql: ['timestamp with time zone'], filter: 'date', display: (v) => formatDateTime(v as string), sample: () => '2024-05-17T12:00:00.000Z' },
  boolean: { types: ['boolean'], storage: 'boolean', sql: ['boolean'], filter: 'boolean', display: (v) => (v ? YES : NO), sample: () => true },
  integer: { types: ['integer', 'number'], storage: numericStorage, sql: ['integer', 'bigint', 'smallint', 'numeric'], filter: 'range', sample: (_, p) => Math.max(Number(p.minimum ?? 1), 1) },
  json: { types: ['object', 'array'], storage: 'json', sql: ['jsonb'], filter: 'text', sample: (n, p) => (baseType(p) === 'array' ? Array.from({ length: Number((p as { minItems?: number }).minItems ?? 0) }, (_, i) => `Valor ${n}-${i}`) : {}) },
  textarea: { widgets: ['textarea'], storage: 'text', sql: ['text'], widget: 'textarea', filter: 'text', sample: (n, p) => fit(`Observação ${n}`, n, p) },
  text: { types: ['string'], storage: 'text', sql: ['text', 'character varying', 'character'], filter: 'text', sample: (n, p) => fit(`Teste ${n}`, n, p) },
} satisfies Record<string, FieldType>;

export type FieldKind = keyof typeof FIELD_TYPES;
const ENTRIES = Object.entries(FIELD_TYPES) as [FieldKind, FieldType][];

export const YES = 'Sim';
export const NO = 'Não';

/** The non-null JSON type of a property ('string', 'integer', ...). */
export function baseType(p: FieldTypeProperty): string {
  const t = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  return t ?? 'string';
}

function storageOfJsonType(p: FieldTypeProperty): StorageKind {
  const t = baseType(p);
  return t === 'integer' ? 'integer' : t === 'number' ? 'number' : t === 'boolean' ? 'boolean' : 'text';
}

/** The type of a property: a município or lookup or relation annotation, then its widget, its format, its JSON type. */
export function fieldKind(p: FieldTypeProperty | undefined): FieldKind {
  if (!p) return 'text';
  if (p.lookup === 'municipio') return 'municipio';
  const byWidget = p.widget ? ENTRIES.find(([, t]) => t.widgets?.includes(p.widget!)) : undefined;
  if (byWidget?.[0] === 'municipio') return 'municipio';
  if (p.lookup) return 'lookup';
  if (p.relation) return 'relation';
  const byFormat = p.format ? ENTRIES.find(([, t]) => t.formats?.includes(p.format!)) : undefined;
  if (byFormat) return byFormat[0];
  if (byWidget && baseType(p) === 'string') return byWidget[0];
  const t = baseType(p);
  return ENTRIES.find(([, e]) => e.types?.includes(t))?.[0] ?? 'text';
}

export const fieldType = (p: FieldTypeProperty | undefined): FieldType => FIELD_TYPES[fieldKind(p)];

export function storageOf(p: FieldTypeProperty): StorageKind {
  const s = fieldType(p).storage;
  return typeof s === 'function' ? s(p) : s;
}

/** Every custom ajv format the registry declares (formats.ts registers them on both sides). */
export const FIELD_FORMAT_CHECKS: Record<string, (v: string) => boolean> = Object.assign({}, ...ENTRIES.map(([, t]) => t.checks ?? {}));

/** A cell's text for the plain types; lookups, relations and municípios are the web's (they need loaded data). */
export function displayValue(kind: FieldKind, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  const show = (FIELD_TYPES[kind] as FieldType).display;
  return show ? show(v) : String(v);
}
