import type { Filter, IncludeItem, Where } from '../../shared/filter.ts';
import { trimStrings } from '../../shared/trim.ts';
import { fieldErrors, FIELD_MESSAGES, type FieldError } from '../../shared/messages.ts';
import { evaluateRules } from '../../shared/rules.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { translateDbError } from '../db/pg-errors.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { hooksOf } from './hooks.ts';
import type { EventosDeDominio } from './eventos.ts';
import { checkFilterKeys, orderToSql, parseFields, parseOrder, parsePaging, quoteIdent, SqlParams, whereToSql, type OrderItem } from './filter-sql.ts';
import type { FieldDef, ResourceDef, ResourceRegistry } from './registry.ts';
import { candidatesSql, estimateMatchesCached, searchTerms, TRIGRAM_BELOW_ROWS } from './text-search.ts';

type Row = Record<string, unknown>;

/** Brand switches for one resource: fields hidden or made required by the brand configuration. */
export interface FieldSwitches {
  hidden?: string[];
  required?: string[];
}

const selectList = (fields: FieldDef[], alias = 't') =>
  fields.filter((f) => !f.virtual).map((f) => `${alias}.${quoteIdent(f.column)} AS ${quoteIdent(f.name)}`).join(', ');

/** Conditions every query on a resource carries: the tenant (beside row-level security) and its scope. */
function baseConditions(def: ResourceDef, ctx: RequestContext, params: SqlParams, alias = 't'): string[] {
  return [`${alias}.tenant_id = ${params.add(ctx.tenantId)}`, ...def.scope.map((s) => `${alias}.${quoteIdent(s.column)} = ${params.add(s.value)}`)];
}

export function parseId(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : /^\d{1,10}$/.test(String(raw)) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2147483647) throw notFound();
  return n;
}

export class ResourceService {
  /** Told of every create, update and delete (`<resource>.criado|alterado|excluido`), inside the transaction. */
  eventos?: EventosDeDominio;

  constructor(private readonly registry: ResourceRegistry) {}

  async list(q: Queryable, def: ResourceDef, ctx: RequestContext, filter: Filter = {}): Promise<Row[]> {
    checkFilterKeys(filter);
    const fields = parseFields(def, filter.fields);
    const order = parseOrder(def, filter.order);
    const { limit, offset } = parsePaging(filter);
    const select = selectList(withId(def, fields));
    const table = quoteIdent(def.table);
    const tail = `ORDER BY ${orderToSql(order)} LIMIT ${limit} OFFSET ${offset}`;
    const run = async (build: (p: SqlParams) => string) => {
      const p = new SqlParams();
      const sql = build(p);
      return (await q.query<Row>(sql, p.values).catch((e) => translateDbError(e, 'read'))).rows;
    };
    const plain = (p: SqlParams) => `SELECT ${select} FROM ${table} t WHERE ${[...baseConditions(def, ctx, p), whereToSql(def, filter.where, p)].join(' AND ')} ${tail}`;
    const terms = searchTerms(def, filter.where);
    let rows: Row[];
    if (terms && (await estimateMatchesCached(q, def, terms, ctx.tenantId)) < TRIGRAM_BELOW_ROWS) {
      // Few matches expected: narrow through the trigram index, then apply the whole filter (text-search.ts).
      rows = await run((p) => {
        const cte = candidatesSql(def, terms, p);
        const conds = [...baseConditions(def, ctx, p), whereToSql(def, filter.where, p)];
        return `WITH m AS MATERIALIZED (${cte}) SELECT ${select} FROM ${table} t WHERE t.id IN (SELECT id FROM m) AND ${conds.join(' AND ')} ${tail}`;
      });
    } else rows = await run(plain);
    await this.decorate(q, def, ctx, rows, fields, filter.include);
    return rows;
  }

  /**
   * The filtered, ordered list for report exports, read in chunks by keyset pagination: each chunk is one
   * short query (its own transaction) that starts after the previous chunk's last row. The order always ends
   * with a unique column (id), so a chunk neither repeats nor skips rows. Each row carries its order values
   * as text under KEYSET_FIELD (pass them back as `after`); decorate and strip it before use.
   */
  exportChunk(def: ResourceDef, ctx: RequestContext, filter: Filter, after: (string | null)[] | null, limit: number): { sql: string; params: unknown[]; fields: FieldDef[] } {
    checkFilterKeys(filter);
    const fields = parseFields(def, filter.fields);
    const order = parseOrder(def, filter.order);
    const p = new SqlParams();
    const conds = [...baseConditions(def, ctx, p), whereToSql(def, filter.where, p)];
    if (after) conds.push(keysetAfter(order, after, p));
    const keys = `ARRAY[${order.map((o) => `t.${quoteIdent(o.field.column)}::text`).join(', ')}] AS ${quoteIdent(KEYSET_FIELD)}`;
    const sql = `SELECT ${selectList(withId(def, fields))}, ${keys} FROM ${quoteIdent(def.table)} t WHERE ${conds.join(' AND ')} ORDER BY ${orderToSql(order)} LIMIT ${Math.max(1, Math.floor(limit))}`;
    return { sql, params: p.values, fields };
  }

  /** Computed fields for rows read outside list() (a cursor batch). */
  async decorateRows(q: Queryable, def: ResourceDef, ctx: RequestContext, rows: Row[], fields: FieldDef[]): Promise<void> {
    await this.decorate(q, def, ctx, rows, fields, undefined);
  }

  async count(q: Queryable, def: ResourceDef, ctx: RequestContext, where?: Where): Promise<number> {
    const params = new SqlParams();
    const conds = [...baseConditions(def, ctx, params), whereToSql(def, where, params)];
    const r = await q.query<{ count: number }>(`SELECT count(*)::integer AS count FROM ${quoteIdent(def.table)} t WHERE ${conds.join(' AND ')}`, params.values);
    return Number(r.rows[0].count);
  }

  async findById(q: Queryable, def: ResourceDef, ctx: RequestContext, id: number, filter: Filter = {}, forUpdate = false): Promise<Row> {
    checkFilterKeys(filter);
    const fields = parseFields(def, filter.fields);
    const params = new SqlParams();
    const conds = [...baseConditions(def, ctx, params), `t.id = ${params.add(id)}`];
    const r = await q.query<Row>(`SELECT ${selectList(withId(def, fields))} FROM ${quoteIdent(def.table)} t WHERE ${conds.join(' AND ')}${forUpdate ? ' FOR UPDATE' : ''}`, params.values);
    if (!r.rows.length) throw notFound();
    await this.decorate(q, def, ctx, r.rows, fields, filter.include);
    return r.rows[0];
  }

  async create(q: Queryable, def: ResourceDef, ctx: RequestContext, body: unknown, switches?: FieldSwitches): Promise<Row> {
    const data = this.validate(def, body ?? {}, switches);
    const hooks = await hooksOf(def);
    await hooks.validate?.(ctx, data);
    await hooks.beforeWrite?.(q, ctx, data);
    await this.checkHierarchy(q, def, ctx, null, data);
    const params = new SqlParams();
    const cols = ['tenant_id', ...def.scope.map((s) => s.column)];
    const vals = [params.add(ctx.tenantId), ...def.scope.map((s) => params.add(s.value))];
    for (const name of def.writable) {
      if (!(name in data)) continue;
      const f = def.fields.get(name)!;
      cols.push(f.column);
      vals.push(params.add(toDb(f, data[name])));
    }
    const r = await q
      .query<{ id: number }>(`INSERT INTO ${quoteIdent(def.table)} (${cols.map(quoteIdent).join(', ')}) VALUES (${vals.join(', ')}) RETURNING id`, params.values)
      .catch((e) => translateDbError(e, 'write'));
    const row = await this.findById(q, def, ctx, r.rows[0].id);
    await hooks.afterWrite?.(q, ctx, row);
    await this.eventos?.emitir(q, ctx, `${def.name}.criado`, row);
    return row;
  }

  /**
   * Set-based create for bulk imports: rows already checked by validate(), written by multi-row INSERTs of
   * `lote` rows each (cells a row leaves out take the column's DEFAULT), and each row's `<resource>.criado` event
   * announced in bulk (the stored rows read back only when someone listens). Returns the new ids in input order.
   * A resource with hooks goes row by row through create(): its own logic is never skipped.
   */
  async createMany(q: Queryable, def: ResourceDef, ctx: RequestContext, rows: Row[], switches?: FieldSwitches, lote = 1000): Promise<number[]> {
    if (!rows.length) return [];
    if (def.doc.hooks) {
      const ids: number[] = [];
      for (const r of rows) ids.push(Number((await this.create(q, def, ctx, r, switches)).id));
      return ids;
    }
    const present = def.writable.filter((name) => rows.some((r) => name in r));
    const fields = present.map((name) => def.fields.get(name)!);
    const cols = ['tenant_id', ...def.scope.map((s) => s.column), ...fields.map((f) => f.column)];
    const ids: number[] = [];
    for (let start = 0; start < rows.length; start += lote) {
      const chunk = rows.slice(start, start + lote);
      const params = new SqlParams();
      const fixed = [params.add(ctx.tenantId), ...def.scope.map((s) => params.add(s.value))];
      const tuples = chunk.map((data) => `(${[...fixed, ...fields.map((f) => (f.name in data ? params.add(toDb(f, data[f.name])) : 'DEFAULT'))].join(', ')})`);
      const r = await q
        .query<{ id: number }>(`INSERT INTO ${quoteIdent(def.table)} (${cols.map(quoteIdent).join(', ')}) VALUES ${tuples.join(', ')} RETURNING id`, params.values)
        .catch((e) => translateDbError(e, 'write'));
      // Identity values are drawn in VALUES order: the ascending ids are the rows' ids in input order.
      ids.push(...r.rows.map((x) => Number(x.id)).sort((a, b) => a - b));
    }
    if (this.eventos?.emitirVarios) {
      await this.eventos.emitirVarios(q, ctx, `${def.name}.criado`, async () => {
        const out: Row[] = [];
        for (let start = 0; start < ids.length; start += lote) {
          const params = new SqlParams();
          const conds = [...baseConditions(def, ctx, params), `t.id = ANY(${params.add(ids.slice(start, start + lote))}::integer[])`];
          const all = withId(def, [...def.fields.values()]);
          const r = await q.query<Row>(`SELECT ${selectList(all)} FROM ${quoteIdent(def.table)} t WHERE ${conds.join(' AND ')} ORDER BY t.id`, params.values);
          await this.decorate(q, def, ctx, r.rows, all, undefined);
          out.push(...r.rows);
        }
        return out;
      });
    } else if (this.eventos) {
      for (const id of ids) await this.eventos.emitir(q, ctx, `${def.name}.criado`, await this.findById(q, def, ctx, id));
    }
    return ids;
  }

  /**
   * Set-based delete (an import's undo): every id in one statement per `lote`, each `<resource>.excluido` announced
   * in bulk. A row referenced elsewhere makes the statement fail (translated: 409 or 400), so nothing is deleted.
   * Returns how many rows existed and were deleted.
   */
  async removeMany(q: Queryable, def: ResourceDef, ctx: RequestContext, ids: number[], lote = 1000): Promise<number[]> {
    const removidos: number[] = [];
    for (let start = 0; start < ids.length; start += lote) {
      const params = new SqlParams();
      const conds = [...baseConditions(def, ctx, params), `t.id = ANY(${params.add(ids.slice(start, start + lote))}::integer[])`];
      const r = await q.query<{ id: number }>(`DELETE FROM ${quoteIdent(def.table)} t WHERE ${conds.join(' AND ')} RETURNING t.id`, params.values).catch((e) => translateDbError(e, 'delete'));
      removidos.push(...r.rows.map((x) => Number(x.id)));
    }
    if (removidos.length && this.eventos?.emitirVarios) await this.eventos.emitirVarios(q, ctx, `${def.name}.excluido`, async () => removidos.map((id) => ({ id })));
    else if (this.eventos) for (const id of removidos) await this.eventos.emitir(q, ctx, `${def.name}.excluido`, { id });
    return removidos;
  }

  /** PUT: the body is the whole record; fields left out become empty (or their default). */
  async replace(q: Queryable, def: ResourceDef, ctx: RequestContext, id: number, body: unknown, switches?: FieldSwitches): Promise<Row> {
    // The stored values are read only where something keeps or compares them; otherwise the id is locked.
    const current = await this.findById(q, def, ctx, id, keepsStoredValues(def) ? {} : { fields: ['id'] }, true);
    const data = this.validate(def, body ?? {}, switches, current);
    return this.write(q, def, ctx, id, data, current);
  }

  /** PATCH: the body carries the fields to change; the merged record is validated as a whole. */
  async patch(q: Queryable, def: ResourceDef, ctx: RequestContext, id: number, body: unknown = {}, switches?: FieldSwitches): Promise<Row> {
    // No body (SPEC 7: a JSON content type with nothing in it) is a patch that changes nothing.
    body ??= {};
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('O corpo da requisição deve ser um objeto.');
    const current = await this.findById(q, def, ctx, id, {}, true);
    const merged: Row = {};
    for (const name of def.writable) if (current[name] !== undefined) merged[name] = current[name];
    const data = this.validate(def, { ...merged, ...stripReadOnly(def, body as Row) }, switches, current);
    return this.write(q, def, ctx, id, data, current);
  }

  /** An update with the document's hooks around it (hooks see the stored record as it was). */
  private async write(q: Queryable, def: ResourceDef, ctx: RequestContext, id: number, data: Row, current: Row): Promise<Row> {
    const hooks = await hooksOf(def);
    await hooks.validate?.(ctx, data, current);
    await hooks.beforeWrite?.(q, ctx, data, current);
    const row = await this.update(q, def, ctx, id, data, true);
    await hooks.afterWrite?.(q, ctx, row, current);
    await this.eventos?.emitir(q, ctx, `${def.name}.alterado`, row);
    return row;
  }

  async remove(q: Queryable, def: ResourceDef, ctx: RequestContext, id: number): Promise<{ count: number }> {
    const params = new SqlParams();
    const conds = [...baseConditions(def, ctx, params), `t.id = ${params.add(id)}`];
    const r = await q.query(`DELETE FROM ${quoteIdent(def.table)} t WHERE ${conds.join(' AND ')}`, params.values).catch((e) => translateDbError(e, 'delete'));
    if (!r.rowCount) throw notFound();
    await this.eventos?.emitir(q, ctx, `${def.name}.excluido`, { id });
    return { count: r.rowCount };
  }

  private async update(q: Queryable, def: ResourceDef, ctx: RequestContext, id: number, data: Row, all: boolean): Promise<Row> {
    await this.checkHierarchy(q, def, ctx, id, data);
    const params = new SqlParams();
    const sets: string[] = [];
    for (const name of def.writable) {
      if (!all && !(name in data)) continue;
      const f = def.fields.get(name)!;
      sets.push(`${quoteIdent(f.column)} = ${name in data ? params.add(toDb(f, data[name])) : 'DEFAULT'}`);
    }
    sets.push('updated_at = now()');
    const conds = [...baseConditions(def, ctx, params), `t.id = ${params.add(id)}`];
    await q.query(`UPDATE ${quoteIdent(def.table)} t SET ${sets.join(', ')} WHERE ${conds.join(' AND ')}`, params.values).catch((e) => translateDbError(e, 'write'));
    return this.findById(q, def, ctx, id);
  }

  /**
   * Validates a body with the document's JSON Schema, its rules and the brand's switches (SPEC 5.5 texts).
   * A field a rule makes read-only (margin without a cost, say) cannot be changed through the API either: it
   * keeps the stored value of `current` on a change, and is left out of a new record.
   */
  validate(def: ResourceDef, body: unknown, switches?: FieldSwitches, current?: Row): Row {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('O corpo da requisição deve ser um objeto.');
    const data = trimStrings(stripReadOnly(def, body as Row));
    for (const [k, v] of Object.entries(data)) {
      const f = def.fields.get(k);
      if (v === '' && f && f.kind !== 'text') data[k] = null;
      else if (v === '' && f && allowsNull(f)) data[k] = null;
    }
    const outcome = evaluateRules(def.doc.rules, data);
    for (const f of outcome.readOnly) {
      if (!def.writable.includes(f)) continue;
      if (current) data[f] = current[f] ?? null;
      else delete data[f];
    }
    for (const h of [...outcome.hidden, ...(switches?.hidden ?? [])]) if (h in data) data[h] = null;
    const errors: FieldError[] = [];
    if (!def.validate(data)) errors.push(...fieldErrors(def.validate.errors));
    const hidden = new Set([...outcome.hidden, ...(switches?.hidden ?? [])]);
    for (const r of [...outcome.required, ...(switches?.required ?? [])]) {
      if (hidden.has(r)) continue;
      const v = data[r];
      if ((v === undefined || v === null || v === '') && !errors.some((e) => e.campo === r)) errors.push({ path: `/${r}`, campo: r, mensagem: FIELD_MESSAGES.required });
    }
    if (errors.length) {
      const label = (campo: string) => (def.doc.schema.properties[campo]?.title as string) ?? campo;
      throw badRequest(`Dados inválidos: ${errors.map((e) => `${label(e.campo)}: ${e.mensagem}`).join('; ')}`, errors);
    }
    return data;
  }

  /** A record may not become its own ancestor. */
  private async checkHierarchy(q: Queryable, def: ResourceDef, ctx: RequestContext, id: number | null, data: Row): Promise<void> {
    const h = def.doc.hierarchy;
    if (!h || id === null) return;
    const parent = data[h.parent];
    if (parent === null || parent === undefined) return;
    const parentCol = quoteIdent(def.fields.get(h.parent)!.column);
    const r = await q.query<{ hit: boolean }>(
      `WITH RECURSIVE up AS (SELECT id, ${parentCol} AS parent, 0 AS depth FROM ${quoteIdent(def.table)} WHERE tenant_id = $1 AND id = $2
         UNION ALL SELECT p.id, p.${parentCol}, up.depth + 1 FROM up JOIN ${quoteIdent(def.table)} p ON p.tenant_id = $1 AND p.id = up.parent WHERE up.depth < 50)
       SELECT EXISTS (SELECT 1 FROM up WHERE id = $3) AS hit`,
      [ctx.tenantId, parent, id],
    );
    if (r.rows[0]?.hit) {
      const title = def.doc.schema.properties[h.parent]?.title ?? h.parent;
      throw badRequest(`${title}: um registro não pode ficar abaixo de si mesmo.`, [{ path: `/${h.parent}`, campo: h.parent, mensagem: 'Campo inválido!' }]);
    }
  }

  /** Computed fields (hierarchy chain) and included relations, added to the rows just read. */
  private async decorate(q: Queryable, def: ResourceDef, ctx: RequestContext, rows: Row[], fields: FieldDef[], include: Filter['include']): Promise<void> {
    if (!rows.length) return;
    const h = def.doc.hierarchy;
    if (h && fields.some((f) => f.name === h.as)) await this.fillHierarchy(q, def, ctx, rows);
    for (const inc of normaliseInclude(include)) await this.includeRelation(q, def, ctx, rows, inc);
    const wanted = new Set(fields.map((f) => f.name));
    if (!wanted.has('id') && !include) for (const r of rows) delete r.id;
  }

  private async fillHierarchy(q: Queryable, def: ResourceDef, ctx: RequestContext, rows: Row[]): Promise<void> {
    const h = def.doc.hierarchy!;
    const parentCol = quoteIdent(def.fields.get(h.parent)!.column);
    const labelCol = quoteIdent(def.fields.get(h.label)!.column);
    const params = new SqlParams();
    const tenant = params.add(ctx.tenantId);
    const ids = rows.map((r) => params.add(r.id)).join(', ');
    const sep = params.add(h.separator ?? ' - ');
    const r = await q.query<{ start_id: number; chain: string }>(
      `WITH RECURSIVE up AS (
         SELECT id AS start_id, ${parentCol} AS parent, ${labelCol}::text AS label, 0 AS depth FROM ${quoteIdent(def.table)} WHERE tenant_id = ${tenant} AND id IN (${ids})
         UNION ALL
         SELECT up.start_id, p.${parentCol}, p.${labelCol}::text, up.depth + 1 FROM up JOIN ${quoteIdent(def.table)} p ON p.tenant_id = ${tenant} AND p.id = up.parent WHERE up.depth < 50)
       SELECT start_id, string_agg(label, ${sep} ORDER BY depth DESC) AS chain FROM up GROUP BY start_id`,
      params.values,
    );
    const chains = new Map(r.rows.map((x) => [Number(x.start_id), x.chain]));
    for (const row of rows) row[h.as] = chains.get(Number(row.id)) ?? null;
  }

  private async includeRelation(q: Queryable, def: ResourceDef, ctx: RequestContext, rows: Row[], inc: IncludeItem): Promise<void> {
    const rel = def.doc.relations?.[inc.relation];
    if (!rel) throw badRequest(`Relação desconhecida em include: ${inc.relation}`);
    const target = this.registry.get(rel.resource);
    const scope: Filter = { ...(inc.scope ?? {}) };
    if (rel.type === 'belongsTo') {
      const ids = [...new Set(rows.map((r) => r[rel.foreignKey]).filter((v) => v !== null && v !== undefined))];
      const related = ids.length ? await this.list(q, target, ctx, { ...scope, where: mergeWhere(scope.where, { id: { inq: ids as number[] } }), limit: ids.length, skip: 0 }) : [];
      const byId = new Map(related.map((r) => [r.id, r]));
      for (const row of rows) row[inc.relation] = byId.get(row[rel.foreignKey]) ?? null;
    } else {
      const ids = rows.map((r) => r.id as number);
      const related = await this.list(q, target, ctx, { ...scope, where: mergeWhere(scope.where, { [rel.foreignKey]: { inq: ids } }), limit: Math.min(1000, scope.limit ?? 1000) });
      for (const row of rows) row[inc.relation] = related.filter((r) => r[rel.foreignKey] === row.id);
    }
  }
}

/** The column a chunk of exportChunk() carries its rows' order values in. */
export const KEYSET_FIELD = '__ordem';

const SQL_TYPES: Record<FieldDef['kind'], string> = { text: 'text', integer: 'bigint', number: 'numeric', boolean: 'boolean', date: 'date', datetime: 'timestamptz', json: 'jsonb' };

/**
 * Rows strictly after `after` in the given order, as PostgreSQL sorts (ASC puts NULLs last, DESC first):
 * for some column i, every earlier column equals its value and column i comes after it.
 */
function keysetAfter(order: OrderItem[], after: (string | null)[], p: SqlParams): string {
  const ors: string[] = [];
  for (let i = 0; i < order.length; i++) {
    const parts: string[] = [];
    for (let j = 0; j <= i; j++) {
      const col = `t.${quoteIdent(order[j].field.column)}`;
      const v = after[j];
      const val = () => `${p.add(v)}::${SQL_TYPES[order[j].field.kind]}`;
      if (j < i) parts.push(v === null ? `${col} IS NULL` : `${col} = ${val()}`);
      else if (order[j].dir === 'ASC') parts.push(v === null ? 'false' : `(${col} > ${val()} OR ${col} IS NULL)`);
      else parts.push(v === null ? `${col} IS NOT NULL` : `${col} < ${val()}`);
    }
    ors.push(`(${parts.join(' AND ')})`);
  }
  return `(${ors.join(' OR ')})`;
}

function withId(def: ResourceDef, fields: FieldDef[]): FieldDef[] {
  return fields.some((f) => f.name === 'id') ? fields : [def.fields.get('id')!, ...fields];
}

function mergeWhere(a: Where | undefined, b: Where): Where {
  return a ? { and: [a, b] } : b;
}

function normaliseInclude(include: Filter['include']): IncludeItem[] {
  if (!include) return [];
  const list = Array.isArray(include) ? include : [include];
  return list.map((i) => {
    if (typeof i === 'string') return { relation: i };
    if (i && typeof i === 'object' && typeof (i as IncludeItem).relation === 'string') return i as IncludeItem;
    throw badRequest('Formato de include inválido.');
  });
}

const allowsNull = (f: FieldDef) => Array.isArray(f.schema.type) && f.schema.type.includes('null');

/** Drops what a client never writes: system fields, computed fields and included relation objects. */
function stripReadOnly(def: ResourceDef, body: Row): Row {
  const out: Row = {};
  const relations = new Set(Object.keys(def.doc.relations ?? {}));
  for (const [k, v] of Object.entries(body)) {
    const f = def.fields.get(k);
    if (f?.readOnly || relations.has(k)) continue;
    out[k] = v;
  }
  return out;
}

function toDb(f: FieldDef, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (f.kind === 'json') return JSON.stringify(v);
  if (f.kind === 'number') return String(v);
  return v;
}

export type { OrderItem };

/** Whether a change needs the stored record: a rule may make fields read-only, or the document's hooks compare. */
function keepsStoredValues(def: ResourceDef): boolean {
  return (def.doc.rules ?? []).some((r) => r.readOnly?.length) || !!def.doc.hooks;
}
