import Decimal from 'decimal.js';
import type { Filter, Where } from '../../shared/filter.ts';
import { fieldErrors, type FieldError } from '../../shared/messages.ts';
import { hasPermission, type LevelName } from '../../shared/permissions.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { translateDbError } from '../db/pg-errors.ts';
import { proximoNumero } from './numeracao.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.ts';
import { checkFilterKeys, orderToSql, parseFields, parseOrder, parsePaging, quoteIdent, SqlParams, whereToSql } from '../resources/filter-sql.ts';
import type { ResourceRegistry } from '../resources/registry.ts';
import { serverAllows } from '../auth/access.ts';
import type { DocumentTransition, ObjectSchema } from '../../../generated/schema-types.ts';
import { DOCUMENT_SYSTEM_FIELDS } from './document-doc.ts';
import type { AposCommit, DocumentDef, Documento, PostingArgs } from './registry.ts';
import { destinoEscolhido, gravarEstado, interna, maquinaDoDocumento, recusa } from './estados.ts';

type Row = Record<string, unknown>;

export type { AposCommit, Documento, DocumentModule, PostingArgs } from './registry.ts';

const SYSTEM_SQL: Record<string, string> = {
  id: 'd.id',
  numero: 'd.numero',
  estado: 'd.estado',
  filial_id: 'd.filial_id',
  usuario_id: 'd.usuario_id',
  created_at: 'd.created_at',
  updated_at: 'd.updated_at',
};
const CAST: Record<string, string> = { integer: '::integer', number: '::numeric', boolean: '::boolean', date: '::date', datetime: '::timestamptz', text: '' };

/** The header of one type as columns: the derived table the LoopBack filter runs over. */
function projection(def: DocumentDef, p: SqlParams, ctx: RequestContext): string {
  const cols: string[] = [];
  for (const f of def.listDef.fields.values()) {
    if (f.name in DOCUMENT_SYSTEM_FIELDS) cols.push(`${SYSTEM_SQL[f.column]} AS ${quoteIdent(f.column)}`);
    else if (f.kind === 'json') cols.push(`d.cabecalho -> ${p.add(f.name)} AS ${quoteIdent(f.column)}`);
    else cols.push(`(d.cabecalho ->> ${p.add(f.name)})${CAST[f.kind]} AS ${quoteIdent(f.column)}`);
  }
  return `(SELECT ${cols.join(', ')} FROM documentos d WHERE d.tenant_id = ${p.add(ctx.tenantId)} AND d.tipo = ${p.add(def.name)} AND d.filial_id = ${p.add(ctx.branchId)})`;
}

const codeOf = (def: DocumentDef, estado: string) => def.doc.states.find((s) => s.key === estado)?.code;
const label = (s: ObjectSchema, campo: string) => (s.properties[campo]?.title as string) ?? campo;

/**
 * The one lifecycle of every business document: drafts (header + items) saved after validation, a gap-free
 * number per branch and type, guarded transitions that run their posting in the same transaction, and an
 * audit row per transition. Nothing here knows a document type: the JSON document and its module do.
 */
export class DocumentLifecycle {
  constructor(
    private readonly resources: ResourceRegistry,
    private readonly services?: PostingArgs['services'],
  ) {}

  guard(ctx: RequestContext, def: DocumentDef, level: LevelName): void {
    if (!serverAllows(ctx, def.doc.permission, level)) {
      const what = level === 'view' ? 'consultar' : level === 'full' ? 'cancelar' : 'alterar';
      throw forbidden(`Você não tem permissão para ${what} ${def.doc.title.toLowerCase()}.`);
    }
  }

  private branch(ctx: RequestContext): number {
    if (!ctx.branchId) throw badRequest('Selecione uma filial para trabalhar com documentos.');
    return ctx.branchId;
  }

  async list(q: Queryable, def: DocumentDef, ctx: RequestContext, filter: Filter = {}): Promise<Row[]> {
    this.branch(ctx);
    checkFilterKeys(filter);
    const fields = parseFields(def.listDef, filter.fields);
    const order = parseOrder(def.listDef, filter.order);
    const { limit, offset } = parsePaging(filter);
    const p = new SqlParams();
    const from = projection(def, p, ctx);
    const where = whereToSql(def.listDef, filter.where, p);
    const select = fields.map((f) => `t.${quoteIdent(f.column)} AS ${quoteIdent(f.name)}`).join(', ');
    const sql = `SELECT ${select} FROM ${from} t WHERE ${where} ORDER BY ${orderToSql(order)} LIMIT ${limit} OFFSET ${offset}`;
    return (await q.query<Row>(sql, p.values).catch((e) => translateDbError(e, 'read'))).rows;
  }

  async count(q: Queryable, def: DocumentDef, ctx: RequestContext, where?: Where): Promise<number> {
    this.branch(ctx);
    const p = new SqlParams();
    const from = projection(def, p, ctx);
    const r = await q.query<{ count: number }>(`SELECT count(*)::integer AS count FROM ${from} t WHERE ${whereToSql(def.listDef, where, p)}`, p.values);
    return Number(r.rows[0].count);
  }

  /** Loads one document of the selected branch (locked when it is about to change). */
  async load(q: Queryable, def: DocumentDef, ctx: RequestContext, id: number, forUpdate = false): Promise<Documento & { usuarioId: number | null; createdAt: string; updatedAt: string }> {
    const r = await q.query<Row>(
      `SELECT id, tipo, numero, estado, filial_id, cabecalho, usuario_id, created_at, updated_at FROM documentos WHERE tenant_id = $1 AND tipo = $2 AND filial_id = $3 AND id = $4${forUpdate ? ' FOR UPDATE' : ''}`,
      [ctx.tenantId, def.name, this.branch(ctx), id],
    );
    if (!r.rows.length) throw notFound(`${def.doc.singular} não encontrad${def.doc.genero === 'f' ? 'a' : 'o'}.`);
    const d = r.rows[0];
    const itens = await q.query<{ linha: number; dados: Row }>('SELECT linha, dados FROM documento_itens WHERE tenant_id = $1 AND documento_id = $2 ORDER BY linha', [ctx.tenantId, id]);
    return {
      id: Number(d.id),
      tipo: String(d.tipo),
      numero: Number(d.numero),
      estado: String(d.estado),
      filialId: Number(d.filial_id),
      cabecalho: d.cabecalho as Row,
      itens: itens.rows.map((i) => ({ linha: i.linha, ...i.dados })),
      usuarioId: (d.usuario_id as number | null) ?? null,
      createdAt: String(d.created_at),
      updatedAt: String(d.updated_at),
    };
  }

  /** The API shape: header fields at the top level beside the system fields, items under `itens`, transitions. */
  async get(q: Queryable, def: DocumentDef, ctx: RequestContext, id: number): Promise<Row> {
    const d = await this.load(q, def, ctx, id);
    const eventos = await q.query<Row>(
      `SELECT e.transicao, e.de, e.para, e.usuario_id AS "usuarioId", u.nome AS "usuarioNome", e.created_at AS "createdAt" FROM documento_eventos e LEFT JOIN users u ON u.tenant_id = e.tenant_id AND u.id = e.usuario_id WHERE e.tenant_id = $1 AND e.documento_id = $2 ORDER BY e.id`,
      [ctx.tenantId, id],
    );
    return {
      id: d.id,
      numero: d.numero,
      estado: d.estado,
      // the state's SPEC 3.2 code, for types that have one (a sales order's statusPedido)
      ...(codeOf(def, d.estado) !== undefined ? { status: codeOf(def, d.estado) } : {}),
      filialId: d.filialId,
      usuarioId: d.usuarioId,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
      ...d.cabecalho,
      itens: d.itens,
      // compensating and fired-by-another-document transitions are the server's own, never offered
      transicoes: def.doc.transitions.filter((t) => !interna(t) && t.from.includes(d.estado)).map((t) => t.name),
      eventos: eventos.rows,
    };
  }

  async create(q: Queryable, def: DocumentDef, ctx: RequestContext, body: unknown): Promise<Row> {
    const filial = this.branch(ctx);
    const { cabecalho, itens } = await this.validate(q, def, ctx, body);
    // The number is taken under the sequence row's lock and held until commit (no gap, no repeat).
    const numero = await proximoNumero(q, ctx.tenantId, filial, def.name);
    const r = await q.query<{ id: number }>(
      'INSERT INTO documentos (tenant_id, tipo, filial_id, numero, estado, cabecalho, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
      [ctx.tenantId, def.name, filial, numero, def.doc.initial, JSON.stringify(cabecalho), ctx.userId],
    );
    const id = Number(r.rows[0].id);
    await this.writeItems(q, ctx, id, itens);
    await gravarEstado(q, ctx, maquinaDoDocumento(def.doc), id, 'criar', null, def.doc.initial);
    return this.get(q, def, ctx, id);
  }

  /** Replaces header and items of a document in an editable state (a draft); anything else is a 409. */
  async update(q: Queryable, def: DocumentDef, ctx: RequestContext, id: number, body: unknown): Promise<Row> {
    const current = await this.load(q, def, ctx, id, true);
    const state = def.doc.states.find((s) => s.key === current.estado);
    if (!state?.editable) throw new HttpError(409, `${def.doc.singular} ${current.numero} está ${state?.label.toLowerCase() ?? current.estado} e não pode ser alterad${def.doc.genero === 'f' ? 'a' : 'o'}.`);
    const { cabecalho, itens } = await this.validate(q, def, ctx, body);
    await q.query('UPDATE documentos SET cabecalho = $1, updated_at = now() WHERE tenant_id = $2 AND id = $3', [JSON.stringify(cabecalho), ctx.tenantId, id]);
    await q.query('DELETE FROM documento_itens WHERE tenant_id = $1 AND documento_id = $2', [ctx.tenantId, id]);
    await this.writeItems(q, ctx, id, itens);
    return this.get(q, def, ctx, id);
  }

  /**
   * Runs a declared transition: checks the state and the level, runs the posting, records the change. Work the
   * posting registers for after the commit goes into `aposCommit` (the caller runs it once its transaction
   * committed); without the list, a posting that needs it refuses. Compensating transitions are not run here.
   */
  async transition(q: Queryable, def: DocumentDef, ctx: RequestContext, id: number, name: string, aposCommit?: AposCommit[]): Promise<Row> {
    const t = def.transitions.get(name);
    if (!t || interna(t)) throw notFound(`Ação desconhecida: ${name}`);
    this.guard(ctx, def, t.level);
    const doc = await this.load(q, def, ctx, id, true);
    const m = maquinaDoDocumento(def.doc);
    if (!t.from.includes(doc.estado)) throw recusa(m, t, doc.estado, doc);
    const escolhido = t.posting ? await def.module.postings![t.posting]({ tx: q, ctx, def, doc, transicao: t, de: doc.estado, services: this.services, aposCommit: aposCommit && ((w) => aposCommit.push(w)) }) : undefined;
    // What a posting returns chooses the state only for a transition declared with several (`to` as a list).
    const para = destinoEscolhido(m, t, Array.isArray(t.to) && typeof escolhido === 'string' ? escolhido : undefined);
    await gravarEstado(q, ctx, m, id, t.name, doc.estado, para);
    const atual = await this.get(q, def, ctx, id);
    // `pedidoVenda.faturado`, `pedidoVenda.cancelado`, …: announced in the transaction (resources/eventos.ts).
    await this.services?.eventos?.emitir(q, ctx, `${def.name}.${para}`, atual);
    return atual;
  }

  /**
   * Runs a declared compensating transition (`compensa`: the transition it undoes), in the caller's transaction:
   * the document must be in one of its `from` states; its posting reverses what the undone transition posted, and
   * the document returns to the state it had before that transition (the audit trail's last `de` of it, when the
   * undone transition may start there), else to the declared `to`. Recorded in the audit trail like any transition.
   */
  async compensate(q: Queryable, def: DocumentDef, ctx: RequestContext, id: number, name: string): Promise<{ de: string; para: string }> {
    const t = def.transitions.get(name);
    if (!t?.compensa) throw new Error(`${def.name}: ${name} não é uma transição compensatória declarada`);
    const doc = await this.load(q, def, ctx, id, true);
    if (!t.from.includes(doc.estado)) throw new HttpError(409, `Não é possível ${t.label.toLowerCase()}: ${def.doc.singular.toLowerCase()} ${doc.numero} está ${doc.estado}.`);
    const desfeita = def.transitions.get(t.compensa);
    const ultimo = await q.query<{ de: string | null }>('SELECT de FROM documento_eventos WHERE tenant_id = $1 AND documento_id = $2 AND transicao = $3 ORDER BY id DESC LIMIT 1', [ctx.tenantId, id, t.compensa]);
    const anterior = ultimo.rows[0]?.de ?? null;
    const para = anterior && desfeita?.from.includes(anterior) ? anterior : destinoEscolhido(maquinaDoDocumento(def.doc), t, undefined);
    if (t.posting) await def.module.postings![t.posting]({ tx: q, ctx, def, doc, transicao: { ...t, to: para }, de: doc.estado, services: this.services });
    await gravarEstado(q, ctx, maquinaDoDocumento(def.doc), id, t.name, doc.estado, para);
    return { de: doc.estado, para };
  }

  private async writeItems(q: Queryable, ctx: RequestContext, id: number, itens: Row[]): Promise<void> {
    // One statement per chunk: a 1,000-line document is a handful of round trips.
    for (let start = 0; start < itens.length; start += 1000) {
      const chunk = itens.slice(start, start + 1000);
      await q.query(
        `INSERT INTO documento_itens (tenant_id, documento_id, linha, dados) SELECT $1, $2, l, d FROM unnest($3::integer[], $4::jsonb[]) AS x(l, d)`,
        [ctx.tenantId, id, chunk.map((_, i) => start + i + 1), chunk.map((it) => JSON.stringify(it))],
      );
    }
  }

  /**
   * Header and items against the type's JSON Schemas (each error names the field, and the line for items),
   * the sign rules of quantities, the records the ids point at (visible to this account and branch), then
   * the module's own checks.
   */
  async validate(q: Queryable, def: DocumentDef, ctx: RequestContext, body: unknown): Promise<{ cabecalho: Row; itens: Row[] }> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('O corpo da requisição deve ser um objeto.');
    const { itens: rawItens, ...rest } = body as Row;
    for (const k of Object.keys(DOCUMENT_SYSTEM_FIELDS)) delete rest[k];
    delete rest.transicoes;
    delete rest.eventos;
    const cabecalho: Row = { ...rest };
    for (const [k, v] of Object.entries(cabecalho)) if (v === '') cabecalho[k] = null;
    const errors: FieldError[] = [];
    const msgs: string[] = [];
    if (!def.validateHeader(cabecalho)) {
      for (const e of fieldErrors(def.validateHeader.errors)) {
        errors.push(e);
        msgs.push(`${label(def.doc.header, e.campo)}: ${e.mensagem}`);
      }
    }
    signRules(def.doc.header, cabecalho, '', errors, msgs, null);
    if (!Array.isArray(rawItens)) {
      errors.push({ path: '/itens', campo: 'itens', mensagem: 'Campo Obrigatório!' });
      msgs.push('Itens: informe a lista de itens');
    }
    const itens: Row[] = [];
    const list = Array.isArray(rawItens) ? rawItens : [];
    const { minItems = 0, maxItems = 5000 } = def.doc.items;
    if (Array.isArray(rawItens) && list.length < minItems) {
      errors.push({ path: '/itens', campo: 'itens', mensagem: `Informe ao menos ${minItems} item` });
      msgs.push(`Itens: informe ao menos ${minItems} item`);
    }
    if (list.length > maxItems) throw badRequest(`Itens: no máximo ${maxItems} linhas por documento.`, [{ path: '/itens', campo: 'itens', mensagem: `Máximo ${maxItems} linhas` }]);
    list.forEach((raw, i) => {
      const linha = i + 1;
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
        errors.push({ path: `/itens/${i}`, campo: 'itens', linha, mensagem: 'Item inválido' });
        msgs.push(`Linha ${linha}: item inválido`);
        return;
      }
      const item: Row = { ...(raw as Row) };
      delete item.linha;
      for (const [k, v] of Object.entries(item)) if (v === '') item[k] = null;
      if (typeof item.quantidade === 'number') item.quantidade = String(item.quantidade);
      if (!def.validateItem(item)) {
        for (const e of fieldErrors(def.validateItem.errors)) {
          const quantity = def.doc.items.properties[e.campo]?.format === 'quantity' && e.mensagem === 'Campo inválido!';
          const mensagem = quantity ? 'informe um número com até 4 casas decimais' : e.mensagem;
          errors.push({ path: `/itens/${i}${e.path}`, campo: e.campo, linha, mensagem });
          msgs.push(`Linha ${linha}, ${label(def.doc.items, e.campo)}: ${mensagem}`);
        }
      }
      signRules(def.doc.items, item, `/itens/${i}`, errors, msgs, linha);
      itens.push(item);
    });
    if (errors.length) throw badRequest(`Dados inválidos: ${msgs.slice(0, 10).join('; ')}${msgs.length > 10 ? ` (e mais ${msgs.length - 10})` : ''}`, errors);
    await this.checkReferences(q, def, ctx, cabecalho, itens);
    await def.module.validar?.({ tx: q, ctx, def, cabecalho, itens });
    return { cabecalho, itens };
  }

  /** Ids that point at records (resource fields) must name a record this account and branch can see. */
  private async checkReferences(q: Queryable, def: DocumentDef, ctx: RequestContext, cabecalho: Row, itens: Row[]): Promise<void> {
    const errors: FieldError[] = [];
    const msgs: string[] = [];
    const check = async (s: ObjectSchema, rows: Row[], line: boolean) => {
      for (const [campo, p] of Object.entries(s.properties)) {
        if (!p.resource) continue;
        const target = this.resources.get(p.resource);
        const ids = [...new Set(rows.map((r) => r[campo]).filter((v) => v !== null && v !== undefined))] as number[];
        if (!ids.length) continue;
        const params = new SqlParams();
        const conds = [`tenant_id = ${params.add(ctx.tenantId)}`, ...target.scope.map((sc) => `${quoteIdent(sc.column)} = ${params.add(sc.value)}`), `id = ANY(${params.add(ids)}::integer[])`];
        const found = new Set((await q.query<{ id: number }>(`SELECT id FROM ${quoteIdent(target.table)} WHERE ${conds.join(' AND ')}`, params.values)).rows.map((r) => Number(r.id)));
        rows.forEach((r, i) => {
          const v = r[campo];
          if (v === null || v === undefined || found.has(Number(v))) return;
          const what = `${label(s, campo)} ${v} não encontrado${line ? '' : ' nesta filial'}`;
          errors.push({ path: line ? `/itens/${i}/${campo}` : `/${campo}`, campo, ...(line ? { linha: i + 1 } : {}), mensagem: 'Registro não encontrado' });
          msgs.push(line ? `Linha ${i + 1}, ${what}` : what);
        });
      }
    };
    await check(def.doc.header, [cabecalho], false);
    await check(def.doc.items, itens, true);
    if (errors.length) throw badRequest(`Dados inválidos: ${msgs.slice(0, 10).join('; ')}`, errors);
  }
}

function signRules(s: ObjectSchema, row: Row, base: string, errors: FieldError[], msgs: string[], linha: number | null): void {
  for (const [campo, p] of Object.entries(s.properties)) {
    if (!p.positive && !p.nonNegative) continue;
    const v = row[campo];
    if (typeof v !== 'string' || !/^-?\d+(\.\d+)?$/.test(v)) continue;
    const d = new Decimal(v);
    const bad = p.positive ? d.lte(0) : d.lt(0);
    if (!bad) continue;
    const mensagem = p.positive ? 'deve ser maior que zero' : 'não pode ser negativa';
    errors.push({ path: `${base}/${campo}`, campo, ...(linha ? { linha } : {}), mensagem });
    msgs.push(`${linha ? `Linha ${linha}, ` : ''}${label(s, campo)}: ${mensagem}`);
  }
}

export const allowsLevel = (ctx: RequestContext, key: string, level: LevelName) => hasPermission(ctx, key, level);
