import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Filter, Where } from '../../shared/filter.ts';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { translateDbError } from '../db/pg-errors.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.ts';
import { JSON_TEXT, withQuery } from '../http/input-schemas.ts';
import { checkFilterKeys, orderToSql, parseFields, parseJsonParam, parseOrder, parsePaging, quoteIdent, SqlParams, whereToSql } from '../resources/filter-sql.ts';
import { buildResource, type ResourceDef } from '../resources/registry.ts';
import type { ResourceDoc } from '../../../generated/schema-types.ts';
import { parseId } from '../resources/crud.ts';
import { loadLookups, SCHEMAS_DIR } from '../catalog/documents.ts';
import { cobrar } from './assinatura-routes.ts';

type Row = Record<string, unknown>;

/** The Planos document (schemas/planos/plano.json): the same JSON Schema validates the API and the admin form. */
export const PLANO_DOC: ResourceDoc = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'planos/plano.json'), 'utf8'));

/** Brand staff that manages plans (and the brand's upload, dashboard and invoice): isAvanco or master. */
export const isBrandAdmin = (ctx: RequestContext) => ctx.isAvanco || ctx.master;

/** A plan's price is what an account pays: never below zero (the database refuses it too). */
function naoNegativo(data: Row): Row {
  if (String(data.valor ?? '').trim().startsWith('-')) {
    throw badRequest('O valor do plano não pode ser negativo.', [{ path: '/valor', campo: 'valor', mensagem: 'Valor mínimo: 0' }]);
  }
  return data;
}

export type SituacaoPlano = 'registrado' | 'aguardando_cobranca';

/**
 * Planos (SPEC 7.2), a brand-level resource: any signed-in user reads the plans of their own brand (isAvanco
 * every brand's, naming configWhiteLabel in the filter); only the brand's staff (isAvanco, master) writes.
 * Filters, order, fields and paging are the LoopBack language of the generic resources (filter-sql.ts).
 * Also the plan choice of an account: POST Usuarios/contratarPlano, efetivarPlano and migrarPlano.
 */
export default async function planosRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands, resources, registry } = services;
  const def: ResourceDef = buildResource(PLANO_DOC, registry.ajv, loadLookups());
  const select = (fields = [...def.fields.values()]) =>
    (fields.some((f) => f.name === 'id') ? fields : [def.fields.get('id')!, ...fields]).map((f) => `t.${quoteIdent(f.column)} AS ${quoteIdent(f.name)}`).join(', ');
  const brandCondition = (ctx: RequestContext, p: SqlParams) => (ctx.isAvanco ? 'TRUE' : `t.config_white_label = ${p.add(ctx.brandId)}`);
  const filterOf = (req: FastifyRequest): Filter => parseJsonParam<Filter>((req.query as Record<string, unknown>).filter, 'filter') ?? {};

  const list = async (ctx: RequestContext, filter: Filter): Promise<Row[]> => {
    checkFilterKeys(filter);
    if (filter.include) throw badRequest('Planos não têm relações para include.');
    const fields = parseFields(def, filter.fields);
    const order = parseOrder(def, filter.order);
    const { limit, offset } = parsePaging(filter);
    const p = new SqlParams();
    const conds = [brandCondition(ctx, p), whereToSql(def, filter.where, p)];
    const sql = `SELECT ${select(fields)} FROM planos t WHERE ${conds.join(' AND ')} ORDER BY ${orderToSql(order)} LIMIT ${limit} OFFSET ${offset}`;
    return (await db.query<Row>(sql, p.values).catch((e) => translateDbError(e, 'read'))).rows;
  };

  const byId = async (q: Queryable, ctx: RequestContext, id: number, forUpdate = false): Promise<Row> => {
    const p = new SqlParams();
    const r = await q.query<Row>(`SELECT ${select()} FROM planos t WHERE t.id = ${p.add(id)} AND ${brandCondition(ctx, p)}${forUpdate ? ' FOR UPDATE' : ''}`, p.values);
    if (!r.rows.length) throw notFound('Plano não encontrado.');
    return r.rows[0];
  };

  const admin = (req: FastifyRequest): RequestContext => {
    const ctx = req.ctx!;
    if (!isBrandAdmin(ctx)) throw forbidden('Somente a administração da marca pode alterar planos.');
    return ctx;
  };

  /** The brand a written plan belongs to: the writer's own; isAvanco may name another existing brand. */
  const brandOfWrite = async (ctx: RequestContext, body: unknown): Promise<number> => {
    const asked = (body as Row | null)?.configWhiteLabel;
    if (!ctx.isAvanco || asked === undefined || asked === null) return ctx.brandId;
    const id = Number(asked);
    if (!(await brands.all()).some((b) => b.id === id)) throw badRequest('Marca não encontrada.', [{ path: '/configWhiteLabel', campo: 'configWhiteLabel', mensagem: 'Campo inválido!' }]);
    return id;
  };

  const write = async (q: Queryable, data: Row, brandId: number, id: number | null): Promise<number> => {
    const cols = def.writable.map((n) => def.fields.get(n)!);
    const values = cols.map((f) => {
      const v = data[f.name] ?? (f.schema.default as unknown) ?? null;
      return f.kind === 'json' ? JSON.stringify(v ?? []) : v;
    });
    const p = new SqlParams();
    let r;
    if (id === null) {
      r = await q.query<{ id: number }>(
        `INSERT INTO planos (config_white_label, ${cols.map((f) => quoteIdent(f.column)).join(', ')}) VALUES (${[brandId, ...values].map((v) => p.add(v)).join(', ')}) RETURNING id`,
        p.values,
      );
    } else {
      const sets = cols.map((f, i) => `${quoteIdent(f.column)} = ${p.add(values[i])}`);
      r = await q.query<{ id: number }>(`UPDATE planos SET ${sets.join(', ')}, updated_at = now() WHERE id = ${p.add(id)} RETURNING id`, p.values);
    }
    return r.rows[0].id;
  };

  app.get('/api/Planos', withQuery({ filter: JSON_TEXT }, [], { schema: { summary: 'Planos da marca (filtro LoopBack)' } }), async (req) => list(req.ctx!, filterOf(req)));

  app.get('/api/Planos/count', withQuery({ where: JSON_TEXT }, [], { schema: { summary: 'Quantos planos o filtro encontra' } }), async (req) => {
    const ctx = req.ctx!;
    const where = parseJsonParam<Where>((req.query as Record<string, unknown>).where, 'where');
    const p = new SqlParams();
    const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM planos t WHERE ${brandCondition(ctx, p)} AND ${whereToSql(def, where, p)}`, p.values).catch((e) => translateDbError(e, 'read'));
    return { count: Number(r.rows[0].n) };
  });

  /** GET Planos/findOne with a filter on idExterno and configWhiteLabel (SPEC 7.2). */
  app.get('/api/Planos/findOne', withQuery({ filter: JSON_TEXT }, [], { schema: { summary: 'O primeiro plano do filtro' } }), async (req) => {
    const rows = await list(req.ctx!, { ...filterOf(req), limit: 1 });
    if (!rows.length) throw notFound('Plano não encontrado.');
    return rows[0];
  });

  /** The plan the signed-in account chose, if any (the #/planos page marks it). */
  app.get('/api/Planos/contratado', { schema: { summary: 'O plano que a conta escolheu, se houver' } }, async (req) => {
    const ctx = req.ctx!;
    const r = await db.tenant(ctx, (q) =>
      q.query<Row>(`SELECT t.plano_id AS "planoId", t.plano_situacao AS situacao, t.plano_contratado_em AS "contratadoEm", t.trial FROM tenants t WHERE t.id = $1`, [ctx.tenantId]),
    );
    return r.rows[0] ?? {};
  });

  app.get('/api/Planos/:id', { schema: { summary: 'Um plano' } }, async (req) => byId(db, req.ctx!, parseId((req.params as { id: string }).id)));

  app.post('/api/Planos', { schema: { summary: 'Cadastra um plano da marca (administração da marca)' } }, async (req) => {
    const ctx = admin(req);
    const brandId = await brandOfWrite(ctx, req.body);
    const data = naoNegativo(resources.validate(def, req.body));
    const id = await db.transaction((q) => write(q, data, brandId, null)).catch((e) => (e instanceof HttpError ? Promise.reject(e) : translateDbError(e, 'write')));
    return byId(db, ctx, id);
  });

  app.put('/api/Planos/:id', { schema: { summary: 'Altera um plano da marca (administração da marca)' } }, async (req) => {
    const ctx = admin(req);
    const id = parseId((req.params as { id: string }).id);
    const data = naoNegativo(resources.validate(def, req.body));
    await db
      .transaction(async (q) => {
        const current = await byId(q, ctx, id, true);
        if (!ctx.isAvanco && current.configWhiteLabel !== ctx.brandId) throw notFound('Plano não encontrado.');
        await write(q, data, current.configWhiteLabel as number, id);
      })
      .catch((e) => (e instanceof HttpError ? Promise.reject(e) : translateDbError(e, 'write')));
    return byId(db, ctx, id);
  });

  app.delete('/api/Planos/:id', { schema: { summary: 'Exclui um plano da marca (administração da marca)' } }, async (req) => {
    const ctx = admin(req);
    const id = parseId((req.params as { id: string }).id);
    await db
      .transaction(async (q) => {
        await byId(q, ctx, id, true);
        await q.query('DELETE FROM planos WHERE id = $1', [id]);
      })
      .catch((e) => (e instanceof HttpError ? Promise.reject(e) : translateDbError(e, 'delete')));
    return { count: 1 };
  });

  /**
   * Choosing a plan (SPEC 7.1 contratarPlano / efetivarPlano / migrarPlano; body filialId, planoId): an active plan
   * of the account's brand for one of its branches, recorded on the account and the branch in one transaction.
   * The billing system is an external party: with the brand's billing integration off (or an account signed up
   * with naoCadastrarCobranca) the choice is only recorded; with it on it is recorded as waiting for billing.
   */
  for (const path of ['contratarPlano', 'efetivarPlano', 'migrarPlano']) {
    app.post(`/api/Usuarios/${path}`, { schema: { summary: path === 'contratarPlano' ? 'Contrata um plano da marca para uma filial (filialId, planoId)' : path === 'efetivarPlano' ? 'Efetiva o plano escolhido para uma filial (filialId, planoId)' : 'Migra a filial para outro plano da marca (filialId, planoId)' } }, async (req) => {
      const ctx = req.ctx!;
      if (!serverAllows(ctx, 'app.assinaturas')) throw forbidden('Você não tem permissão para contratar planos.');
      const body = (req.body ?? {}) as { filialId?: unknown; planoId?: unknown };
      const errors = [];
      const asId = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d{1,9}$/.test(v)) ? Number(v) : NaN);
      const filialId = asId(body.filialId);
      const planoId = asId(body.planoId);
      if (!Number.isSafeInteger(filialId) || filialId <= 0) errors.push({ path: '/filialId', campo: 'filialId', mensagem: 'Campo obrigatório!' });
      if (!Number.isSafeInteger(planoId) || planoId <= 0) errors.push({ path: '/planoId', campo: 'planoId', mensagem: 'Campo obrigatório!' });
      if (errors.length) throw badRequest('Informe a filial e o plano.', errors);
      const brand = (await brands.all()).find((b) => b.id === ctx.brandId);
      return db.transaction(async (q) => {
        const t = (await q.query<{ nao_cadastrar_cobranca: boolean }>('SELECT nao_cadastrar_cobranca FROM tenants WHERE id = $1 FOR UPDATE', [ctx.tenantId])).rows[0];
        const branch = await q.query('SELECT 1 FROM branches WHERE tenant_id = $1 AND id = $2 AND ativo', [ctx.tenantId, filialId]);
        if (!branch.rows.length) throw notFound('Filial não encontrada.');
        const plano = (await q.query<Row>(`SELECT ${select()} FROM planos t WHERE t.id = $1 AND t.config_white_label = $2 AND t.ativo`, [planoId, ctx.brandId])).rows[0];
        if (!plano) throw notFound('Plano não encontrado.');
        const situacao: SituacaoPlano = brand?.config?.integracaoCobranca === true && !t?.nao_cadastrar_cobranca ? 'aguardando_cobranca' : 'registrado';
        await q.query(`UPDATE tenants SET plano_id = $2, plano_situacao = $3, plano_contratado_em = now() WHERE id = $1`, [ctx.tenantId, planoId, situacao]);
        await q.query('UPDATE branches SET plano_id = $3 WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, filialId, planoId]);
        // Making a plan effective (or migrating) is paying for it: without the brand's external billing the
        // local provider settles it at once, which ends the trial or the block (SPEC 4).
        const cobranca = path !== 'contratarPlano' && situacao === 'registrado' ? await cobrar(q, ctx.tenantId, `Plano ${plano.nome as string}`, plano.valor as string) : null;
        return { filialId, planoId, situacao, plano, ...(cobranca ? { cobranca: cobranca.situacao } : {}) };
      });
    });
  }
}
