import type { FieldKind, FieldTypeProperty } from '../../shared/field-types.ts';

/**
 * How wide a list column may be, from its kind (issue 43): codes, money, dates, numbers and status have the size
 * of their content; names and descriptions (text, a related record) get a minimum and share what is left. The
 * grid drops the least important columns first when the minimums do not fit (they come back in the row's
 * expansion), so no text column is ever squeezed below its minimum and money and status stay on screen.
 */
export interface ColumnSize {
  /** The narrowest the column is drawn (px). */
  min: number;
  /** Its share of the width left over (0: stays at min). */
  grow: number;
  /** 1 = essential (never dropped), 2 = normal, 3 = drops first. */
  priority: number;
}

/** Fixed widths of the kinds whose content has a known size. */
const FIXED: Partial<Record<FieldKind, number>> = {
  boolean: 80,
  money: 120,
  decimal: 110,
  percent: 100,
  integer: 96,
  date: 110,
  datetime: 150,
  cpfCnpj: 170,
  phone: 140,
  cep: 100,
  ncm: 100,
  gtin: 150,
};
/** Fields that hold a document's state: sized to their label and never off-screen. */
export const STATUS_FIELDS = new Set(['status', 'situacao', 'estado']);
/** Short identifying texts (a product code, a state's abbreviation). */
const CODE_FIELDS = new Set(['codigo', 'sigla', 'uf', 'serie', 'referencia']);
export const TEXT_MIN = 150;
export const ROW_EXTRA = 48;

export interface ColumnInput {
  field: string;
  kind: FieldKind;
  prop: FieldTypeProperty | undefined;
  /** The width the document sets: the column's minimum. */
  width?: number;
  /** The document's priority (1–3), when it says one. */
  priority?: number;
  /** The resource's display field (its name): essential. */
  display?: boolean;
  /** The column's header, which must show whole words. */
  title?: string;
}

/** Room for the header's longest word beside its sort and filter icons (headers wrap between words, never inside one). */
export const headerMin = (title: string | undefined) => (title ? Math.ceil(Math.max(...title.split(/\s+/).map((w) => w.length)) * 7.8 + 50) : 0);

export function columnSize(c: ColumnInput): ColumnSize {
  const base = kindSize(c);
  return { ...base, min: Math.max(base.min, headerMin(c.title)) };
}

function kindSize(c: ColumnInput): ColumnSize {
  const essential = c.display || c.kind === 'money' || STATUS_FIELDS.has(c.field);
  const priority = c.priority ?? (essential ? 1 : 2);
  const fixed = FIXED[c.kind];
  if (STATUS_FIELDS.has(c.field)) return { min: c.width ?? 130, grow: 0, priority };
  if (fixed !== undefined) return { min: c.width ?? fixed, grow: 0, priority };
  if (c.kind === 'lookup') return { min: c.width ?? 120, grow: 0.3, priority };
  const maxLength = Number(c.prop?.maxLength ?? 0);
  if (CODE_FIELDS.has(c.field) || (maxLength > 0 && maxLength <= 20)) return { min: c.width ?? (c.field === 'codigo' ? 100 : 90), grow: 0.2, priority };
  if (c.kind === 'relation') return { min: c.width ?? 140, grow: 1, priority };
  if (/email/i.test(c.field)) return { min: c.width ?? 180, grow: 0.8, priority };
  return { min: c.width ?? TEXT_MIN, grow: c.field === 'descricao' || c.field === 'nome' || c.display ? 2 : 1, priority };
}

export interface FitResult {
  /** Shown columns with their widths, in the document's order. */
  widths: Map<string, number>;
  /** Columns left out for lack of room (shown in the row's expansion). */
  dropped: string[];
}

/**
 * The columns that fit in `available` px beside `reserved` px of fixed extras (selection, actions): drop the
 * least important (highest priority number; the rightmost among equals) until the minimums fit, counting the
 * expansion column once anything is dropped; then share the rest by `grow`. Essential columns are never dropped.
 */
export function fitColumns(cols: { field: string; size: ColumnSize }[], available: number, reserved: number): FitResult {
  const shown = [...cols];
  const dropped: string[] = [];
  const room = () => available - reserved - (dropped.length ? ROW_EXTRA : 0);
  const need = () => shown.reduce((s, c) => s + c.size.min, 0);
  while (need() > room()) {
    let pick = -1;
    for (let i = shown.length - 1; i >= 0; i--) {
      const p = shown[i].size.priority;
      if (p > 1 && (pick < 0 || p > shown[pick].size.priority)) pick = i;
    }
    if (pick < 0) break;
    dropped.unshift(shown[pick].field);
    shown.splice(pick, 1);
  }
  const rest = Math.max(0, room() - need());
  const totalGrow = shown.reduce((s, c) => s + c.size.grow, 0);
  const widths = new Map<string, number>();
  for (const c of shown) widths.set(c.field, Math.floor(c.size.min + (totalGrow > 0 ? (rest * c.size.grow) / totalGrow : 0)));
  // Restore the document's order of the dropped ones.
  const order = new Map(cols.map((c, i) => [c.field, i]));
  dropped.sort((a, b) => order.get(a)! - order.get(b)!);
  return { widths, dropped };
}

/** The columns a person chose to hide in one list (the column picker), kept in this browser. */
export function hiddenColumns(resource: string): Set<string> {
  try {
    const raw = globalThis.localStorage?.getItem(`colunas-ocultas:${resource}`);
    const v = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

export function saveHiddenColumns(resource: string, fields: Set<string>): void {
  try {
    if (fields.size) globalThis.localStorage?.setItem(`colunas-ocultas:${resource}`, JSON.stringify([...fields]));
    else globalThis.localStorage?.removeItem(`colunas-ocultas:${resource}`);
  } catch {
    // A browser without storage forgets the choice; the list still works.
  }
}
