import { WHERE_OPERATORS, type Filter, type Where } from '../../shared/filter.ts';
import { badRequest } from '../http/errors.ts';
import type { PropertySchema } from '../../../generated/schema-types.ts';
import type { FieldDef, FieldKind, ResourceDef } from './registry.ts';

/** Largest page the list endpoint serves, and the page it serves when none is asked. */
export const MAX_LIMIT = 1000;
export const DEFAULT_LIMIT = 100;
const MAX_DEPTH = 8;
const MAX_IN_VALUES = 1000;

export class SqlParams {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

const OPS = new Set<string>(WHERE_OPERATORS);
const LIKE_OPS: Record<string, string> = { like: 'LIKE', nlike: 'NOT LIKE', ilike: 'ILIKE', nilike: 'NOT ILIKE' };
const CMP_OPS: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Parses the `filter` / `where` query parameter (a JSON string, or an object from a qs-style parser). */
export function parseJsonParam<T>(raw: unknown, name: string): T | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'object') return raw as T;
  try {
    const v = JSON.parse(String(raw));
    if (v !== null && typeof v !== 'object') throw new Error();
    return (v ?? undefined) as T;
  } catch {
    throw badRequest(`O parâmetro '${name}' não é um JSON válido.`);
  }
}

const FILTER_KEYS = new Set(['where', 'order', 'limit', 'skip', 'offset', 'fields', 'include']);
export function checkFilterKeys(filter: Filter): void {
  const unknown = Object.keys(filter).filter((k) => !FILTER_KEYS.has(k));
  if (unknown.length) throw badRequest(`Parâmetro desconhecido no filtro: ${unknown.join(', ')}`, unknown.map((k) => ({ path: `/${k}`, mensagem: 'desconhecido' })));
}

function fieldFor(def: ResourceDef, name: string, purpose: 'filtro' | 'ordenação'): FieldDef {
  const f = def.fields.get(name);
  const where = purpose === 'filtro' ? 'no filtro' : 'na ordenação';
  if (!f) throw badRequest(`Campo desconhecido ${where}: ${name}`, [{ path: `/${name}`, campo: name, mensagem: 'Campo desconhecido' }]);
  if (f.virtual || f.kind === 'json') throw badRequest(`O campo ${name} não pode ser usado ${where}.`, [{ path: `/${name}`, campo: name, mensagem: 'Não permitido' }]);
  return f;
}

/** Checks and converts a filter value to what the column holds; a wrong value is a 400, never a SQL error. */
export function coerceValue(f: FieldDef, v: unknown): unknown {
  const bad = () => badRequest(`Valor inválido para o campo ${f.name}: ${JSON.stringify(v)}`, [{ path: `/${f.name}`, campo: f.name, mensagem: 'Valor inválido' }]);
  if (v === null) return null;
  switch (f.kind) {
    case 'integer': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d{1,10}$/.test(v.trim()) ? Number(v) : NaN;
      if (!Number.isSafeInteger(n) || Math.abs(n) > 2147483647) throw bad();
      return n;
    }
    case 'number': {
      const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
      if (!/^-?\d{1,15}(\.\d{1,6})?$/.test(s)) throw bad();
      return s;
    }
    case 'boolean':
      if (v === true || v === 'true' || v === 1 || v === '1') return true;
      if (v === false || v === 'false' || v === 0 || v === '0') return false;
      throw bad();
    case 'date':
      if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(Date.parse(v.slice(0, 10)))) throw bad();
      return v.slice(0, 10);
    case 'datetime':
      if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) throw bad();
      return new Date(v).toISOString();
    case 'text':
      if (typeof v === 'string') return v;
      if (typeof v === 'number' || typeof v === 'boolean') return String(v);
      throw bad();
    default:
      throw bad();
  }
}

function fieldCondition(def: ResourceDef, name: string, cond: unknown, params: SqlParams, alias: string): string {
  const f = fieldFor(def, name, 'filtro');
  const col = `${alias}.${quoteIdent(f.column)}`;
  if (cond === null) return `${col} IS NULL`;
  if (typeof cond !== 'object' || Array.isArray(cond)) return `${col} = ${params.add(coerceValue(f, cond))}`;
  const parts: string[] = [];
  for (const [op, raw] of Object.entries(cond as Record<string, unknown>)) {
    if (!OPS.has(op)) throw badRequest(`Operador desconhecido no filtro: ${op}`, [{ path: `/${name}/${op}`, campo: name, mensagem: 'Operador desconhecido' }]);
    if (op === 'eq') parts.push(raw === null ? `${col} IS NULL` : `${col} = ${params.add(coerceValue(f, raw))}`);
    else if (op === 'neq') parts.push(raw === null ? `${col} IS NOT NULL` : `${col} IS DISTINCT FROM ${params.add(coerceValue(f, raw))}`);
    else if (op in CMP_OPS) {
      if (raw === null) throw badRequest(`O operador ${op} não aceita nulo (campo ${name}).`);
      parts.push(`${col} ${CMP_OPS[op]} ${params.add(coerceValue(f, raw))}`);
    } else if (op === 'between') {
      if (!Array.isArray(raw) || raw.length !== 2 || raw.includes(null)) throw badRequest(`O operador between espera dois valores (campo ${name}).`);
      parts.push(`${col} BETWEEN ${params.add(coerceValue(f, raw[0]))} AND ${params.add(coerceValue(f, raw[1]))}`);
    } else if (op === 'inq' || op === 'nin') {
      const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : null;
      if (!list) throw badRequest(`O operador ${op} espera uma lista (campo ${name}).`);
      if (list.length > MAX_IN_VALUES) throw badRequest(`Lista grande demais no operador ${op} (máximo ${MAX_IN_VALUES}).`);
      if (!list.length) parts.push(op === 'inq' ? 'FALSE' : 'TRUE');
      else {
        const ph = list.map((v) => params.add(coerceValue(f, v))).join(', ');
        parts.push(op === 'inq' ? `${col} IN (${ph})` : `(${col} NOT IN (${ph}) OR ${col} IS NULL)`);
      }
    } else {
      if (f.kind !== 'text') throw badRequest(`O operador ${op} só vale para campos de texto (campo ${name}).`);
      if (typeof raw !== 'string') throw badRequest(`O operador ${op} espera um texto (campo ${name}).`);
      parts.push(`${col} ${LIKE_OPS[op]} ${params.add(raw)}`);
    }
  }
  if (!parts.length) throw badRequest(`Condição vazia no filtro (campo ${name}).`);
  return parts.length === 1 ? parts[0] : `(${parts.join(' AND ')})`;
}

/** LoopBack `where` to a parameterised SQL condition; values only ever travel as parameters. */
export function whereToSql(def: ResourceDef, where: Where | undefined, params: SqlParams, alias = 't', depth = 0): string {
  if (!where || typeof where !== 'object' || Array.isArray(where)) {
    if (where === undefined) return 'TRUE';
    throw badRequest('O filtro where deve ser um objeto.');
  }
  if (depth > MAX_DEPTH) throw badRequest('Filtro aninhado demais.');
  const parts: string[] = [];
  for (const [key, cond] of Object.entries(where)) {
    if (key === 'and' || key === 'or') {
      if (!Array.isArray(cond)) throw badRequest(`'${key}' espera uma lista de condições.`);
      if (!cond.length) continue;
      const sub = cond.map((w) => whereToSql(def, w as Where, params, alias, depth + 1));
      parts.push(`(${sub.join(key === 'and' ? ' AND ' : ' OR ')})`);
    } else parts.push(fieldCondition(def, key, cond, params, alias));
  }
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

export interface OrderItem {
  field: FieldDef;
  dir: 'ASC' | 'DESC';
}

export function parseOrder(def: ResourceDef, order: Filter['order']): OrderItem[] {
  const raw = order === undefined ? (def.doc.list.order ? [def.doc.list.order] : []) : Array.isArray(order) ? order : String(order).split(',');
  const items = raw.map((o) => {
    const m = /^\s*([A-Za-z0-9_]+)(?:\s+(ASC|DESC))?\s*$/i.exec(String(o));
    if (!m) throw badRequest(`Ordenação inválida: ${o}`);
    return { field: fieldFor(def, m[1], 'ordenação'), dir: (m[2]?.toUpperCase() ?? 'ASC') as 'ASC' | 'DESC' };
  });
  if (!items.some((i) => i.field.name === 'id')) items.push({ field: def.fields.get('id')!, dir: 'ASC' });
  return items;
}

export const orderToSql = (items: OrderItem[], alias = 't'): string =>
  items.map((i) => `${alias}.${quoteIdent(i.field.column)} ${i.dir}`).join(', ');

export function parsePaging(filter: Filter): { limit: number; offset: number } {
  const num = (v: unknown, name: string) => {
    if (v === undefined || v === null) return undefined;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isInteger(n) || n < 0) throw badRequest(`O parâmetro ${name} deve ser um inteiro não negativo.`);
    return n;
  };
  const limit = num(filter.limit, 'limit');
  const offset = num(filter.skip, 'skip') ?? num(filter.offset, 'offset') ?? 0;
  return { limit: Math.min(limit === undefined || limit === 0 ? DEFAULT_LIMIT : limit, MAX_LIMIT), offset };
}

/** The `fields` part: an array of names or { name: true|false } (LoopBack); unknown names are a 400. */
export function parseFields(def: ResourceDef, fields: Filter['fields']): FieldDef[] {
  const all = [...def.fields.values()];
  if (!fields) return all;
  let names: string[];
  if (Array.isArray(fields)) names = fields.map(String);
  else if (typeof fields === 'object') {
    const entries = Object.entries(fields);
    const included = entries.filter(([, v]) => v).map(([k]) => k);
    const excluded = entries.filter(([, v]) => !v).map(([k]) => k);
    for (const k of [...included, ...excluded]) if (!def.fields.has(k)) throw badRequest(`Campo desconhecido em fields: ${k}`);
    names = included.length ? included : all.map((f) => f.name).filter((n) => !excluded.includes(n));
  } else throw badRequest('O parâmetro fields deve ser uma lista ou um objeto.');
  for (const n of names) if (!def.fields.has(n)) throw badRequest(`Campo desconhecido em fields: ${n}`);
  return names.map((n) => def.fields.get(n)!);
}

/**
 * The filter of a list route written by hand (notes, service notes): LoopBack's `filter={"where":…,"limit":…,
 * "skip":…}`, or a bare `where={…}`; a query that is not JSON is a 400 in Portuguese.
 */
export function filtroDaConsulta(query: unknown, known?: readonly string[]): { where: Record<string, any>; limit?: unknown; skip?: unknown } {
  const q = (query ?? {}) as Record<string, unknown>;
  let out: { where: Record<string, any>; limit?: unknown; skip?: unknown };
  if (q.filter !== undefined) {
    const f = parseJsonParam<{ where?: Record<string, any>; limit?: unknown; skip?: unknown }>(q.filter, 'filter') ?? {};
    if (known) checkFilterKeys(f as Filter);
    out = { where: f.where ?? {}, limit: f.limit, skip: f.skip };
  } else out = { where: parseJsonParam<Record<string, any>>(q.where, 'where') ?? {} };
  // `known`: the where keys the route reads; any other is refused as the generic API refuses an unknown field.
  if (known) {
    if (typeof out.where !== 'object' || Array.isArray(out.where)) throw badRequest('O filtro where deve ser um objeto.');
    for (const k of Object.keys(out.where)) {
      if (!known.includes(k)) throw badRequest(`Campo desconhecido no filtro: ${k}`, [{ path: `/${k}`, campo: k, mensagem: 'Campo desconhecido' }]);
    }
  }
  return out;
}

/** The conditions of a list of one branch's rows, tenant and branch first; `add('col = ?', v)` numbers each value. */
export function condicoesDaFilial(tenantId: number, branchId: number) {
  const conds = ['tenant_id = $1', 'filial_id = $2'];
  const params: unknown[] = [tenantId, branchId];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    conds.push(sql.replace('?', `$${params.length}`));
  };
  return { conds, params, add };
}

/**
 * The filterable fields of a list written by hand (a table or a view the route reads itself), in the shape of a
 * resource, so its filter goes through the same parser and rules as the generic API: a known field filters, an
 * unknown one is a 400 ('Campo desconhecido no filtro: x'), a value of the wrong kind too.
 * Column names are the fields' in snake_case unless given: ['origemTipo', 'text'] reads origem_tipo.
 */
export function listDef(endpoint: string, table: string, fields: [name: string, kind: FieldKind, column?: string][]): ResourceDef {
  const map = new Map<string, FieldDef>();
  for (const [name, kind, column] of fields) {
    map.set(name, { name, column: column ?? name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()), kind, virtual: false, readOnly: true, schema: { type: kind === 'integer' ? 'integer' : kind === 'boolean' ? 'boolean' : 'string' } as PropertySchema });
  }
  return {
    doc: { name: endpoint, endpoint, table, title: endpoint, singular: endpoint, permission: '', route: '', schema: { type: 'object', properties: {} }, list: { columns: [], order: 'id DESC' }, form: { sections: [] } },
    name: endpoint,
    endpoint,
    table,
    fields: map,
    writable: [],
    scope: [],
    validate: (() => true) as unknown as ResourceDef['validate'],
  };
}

/**
 * The `filter` of a list written by hand, read like the generic API's (parseJsonParam, checkFilterKeys,
 * whereToSql over `def`): `own` names the where keys the route still reads itself (a status computed from other
 * tables, a period); they are taken out of the top level of the where and handed back. `params` continues the
 * route's own numbered values ($1 = tenant...). `fields` and `include` are not read: such a list answers its own shape.
 */
export function listFilter(def: ResourceDef, raw: unknown, opts: { own?: string[]; alias?: string; params?: unknown[]; name?: string } = {}) {
  const filter = parseJsonParam<Filter>(raw, opts.name ?? 'filter') ?? {};
  if (typeof filter !== 'object' || Array.isArray(filter)) throw badRequest(`O parâmetro '${opts.name ?? 'filter'}' deve ser um objeto JSON.`);
  checkFilterKeys(filter);
  const where = filter.where;
  if (where !== undefined && (where === null || typeof where !== 'object' || Array.isArray(where))) throw badRequest('O filtro where deve ser um objeto.');
  const own: Record<string, any> = {};
  const rest: Where = {};
  for (const [k, v] of Object.entries(where ?? {})) {
    if (opts.own?.includes(k)) own[k] = v;
    else rest[k] = v as Where[string];
  }
  const p = new SqlParams();
  p.values.push(...(opts.params ?? []));
  const sql = whereToSql(def, rest, p, opts.alias ?? 't');
  const order = filter.order === undefined ? undefined : orderToSql(parseOrder(def, filter.order), opts.alias ?? 't');
  return { filter, own, sql, values: p.values, order, add: (v: unknown) => p.add(v) };
}
