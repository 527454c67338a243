import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Filter, Where } from '../../shared/filter.ts';
import type { Db, Queryable, TenantScope } from '../db/db.ts';
import type { ResourceRegistry } from '../resources/registry.ts';
import { parseJsonParam } from '../resources/filter-sql.ts';
import { ID, JSON_TEXT, withQuery } from '../http/input-schemas.ts';
import { parseId, type ResourceService } from '../resources/crud.ts';
import { DocumentLifecycle, type AposCommit } from './lifecycle.ts';
import { DocumentRegistry, type PostingArgs } from './registry.ts';
import { destinos, interna } from './estados.ts';

const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs a writing transaction again when PostgreSQL chose it as a deadlock or serialization victim: the
 * whole transaction was rolled back, so running it again is safe, and the person never sees the error.
 */
export async function withRetry<T>(services: { db: Db }, scope: TenantScope, fn: (q: Queryable) => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await services.db.tenant(scope, fn);
    } catch (e) {
      if (i >= attempts || !RETRYABLE.has((e as { code?: string })?.code ?? '')) throw e;
      await new Promise((r) => setTimeout(r, 5 * i + Math.random() * 20));
    }
  }
}

/**
 * Transaction 1 through withRetry, each attempt with its own list of after-commit work (an attempt rolled back by a
 * deadlock leaves nothing behind), then the work of the attempt that committed, once, with no transaction open. What
 * that work throws (a rejection it already compensated) is the caller's answer.
 */
export async function comAposCommit<T>(services: { db: Db }, scope: TenantScope, fn: (q: Queryable, aposCommit: AposCommit[]) => Promise<T>, attempts = 5): Promise<{ resultado: T; houveAposCommit: boolean }> {
  const { resultado, trabalhos } = await withRetry(services, scope, async (q) => {
    const trabalhos: AposCommit[] = [];
    return { resultado: await fn(q, trabalhos), trabalhos };
  }, attempts);
  for (const trabalho of trabalhos) await trabalho();
  return { resultado, houveAposCommit: trabalhos.length > 0 };
}

/** The API of every business document type: list, count, one with its items, draft writes, transitions. */
/** What the document routes use of the server's services (the postings receive the same object). */
type DocumentRouteServices = NonNullable<PostingArgs['services']> & { registry: ResourceRegistry; resources: ResourceService };

export default async function documentRoutes(app: FastifyInstance, { services, documents }: { services: DocumentRouteServices; documents: DocumentRegistry }) {
  const lifecycle = new DocumentLifecycle(services.registry, services);
  const { db } = services;
  const filterOf = (req: FastifyRequest): Filter => parseJsonParam<Filter>((req.query as Record<string, unknown>).filter, 'filter') ?? {};
  const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);

  for (const def of documents.byName.values()) {
    const base = `/api/${def.endpoint}`;
    app.get(base, withQuery({ filter: JSON_TEXT }), async (req) => {
      const ctx = req.ctx!;
      lifecycle.guard(ctx, def, 'view');
      return db.tenant(ctx, (q) => lifecycle.list(q, def, ctx, filterOf(req)));
    });
    app.get(`${base}/count`, withQuery({ where: JSON_TEXT }), async (req) => {
      const ctx = req.ctx!;
      lifecycle.guard(ctx, def, 'view');
      const where = parseJsonParam<Where>((req.query as Record<string, unknown>).where, 'where');
      return { count: await db.tenant(ctx, (q) => lifecycle.count(q, def, ctx, where)) };
    });
    app.get(`${base}/:id`, async (req) => {
      const ctx = req.ctx!;
      lifecycle.guard(ctx, def, 'view');
      return db.tenant(ctx, (q) => lifecycle.get(q, def, ctx, idOf(req)));
    });
    app.post(base, async (req) => {
      const ctx = req.ctx!;
      lifecycle.guard(ctx, def, 'change');
      return withRetry(services, ctx, (q) => lifecycle.create(q, def, ctx, req.body));
    });
    app.put(`${base}/:id`, async (req) => {
      const ctx = req.ctx!;
      lifecycle.guard(ctx, def, 'change');
      const id = idOf(req);
      return withRetry(services, ctx, (q) => lifecycle.update(q, def, ctx, id, req.body));
    });
    // The active SKUs of a line's product, for an item field declared `variacaoDe` (the line's variation picker).
    if (Object.values(def.doc.items.properties).some((p) => p.variacaoDe)) {
      app.get(`${base}/variacoes`, withQuery({ produtoId: ID }, ['produtoId']), async (req) => {
        const ctx = req.ctx!;
        lifecycle.guard(ctx, def, 'view');
        const produtoId = parseId(String((req.query as Record<string, unknown>).produtoId ?? ''));
        return db.tenant(ctx, async (q) => (await q.query(
          `SELECT id, descricao, codigo, preco_venda AS "precoVenda" FROM produto_variacoes WHERE tenant_id = $1 AND produto_id = $2 AND ativo ORDER BY id`,
          [ctx.tenantId, produtoId],
        )).rows);
      });
    }
    // Relations the form reads through the document (a field's `choices`): id and display field only.
    for (const [campo, p] of Object.entries({ ...def.doc.items.properties, ...def.doc.header.properties })) {
      if (!p.choices || !p.resource) continue;
      const alvo = services.registry.get(p.resource);
      const nome = alvo.doc.display ?? alvo.doc.search?.[0] ?? 'id';
      const fixo = p.choices.where as Where | undefined;
      const fields = ['id', nome, ...(p.choices.fields ?? [])];
      app.get(`${base}/opcoes/${campo}`, withQuery({ filter: JSON_TEXT }), async (req) => {
        const ctx = req.ctx!;
        lifecycle.guard(ctx, def, 'view');
        const f = filterOf(req);
        const where = fixo && f.where ? { and: [fixo, f.where] } : (fixo ?? f.where);
        return db.tenant(ctx, (q) => services.resources.list(q, alvo, ctx, { where, order: f.order ?? alvo.doc.list.order, limit: Math.min(Number(f.limit) || 20, 100), skip: f.skip, fields }));
      });
      // One record by id, also one the fixed conditions leave out now (an order's natureza made inactive since).
      app.get(`${base}/opcoes/${campo}/:id`, async (req) => {
        const ctx = req.ctx!;
        lifecycle.guard(ctx, def, 'view');
        const id = idOf(req);
        return db.tenant(ctx, (q) => services.resources.findById(q, alvo, ctx, id, { fields }));
      });
    }
    // Each transition is listed on its own in the OpenAPI document (documentsOpenApi): this generic route is hidden.
    app.post(`${base}/:id/:transicao`, { schema: { hide: true } }, async (req) => {
      const ctx = req.ctx!;
      lifecycle.guard(ctx, def, 'view');
      const id = idOf(req);
      const name = (req.params as { transicao: string }).transicao;
      const { resultado, houveAposCommit } = await comAposCommit(services, ctx, (q, aposCommit) => lifecycle.transition(q, def, ctx, id, name, aposCommit));
      // The document read again when work after the commit may have changed it (the NF-e recorded, or compensated).
      return houveAposCommit ? db.tenant(ctx, (q) => lifecycle.get(q, def, ctx, id)) : resultado;
    });
  }
}

/** OpenAPI paths of the document types (merged into /api/openapi.json). */
export function documentsOpenApi(documents: DocumentRegistry, componentOf: (endpoint: string, singular: string) => string = (_e, s) => s.replace(/\s+/g, '')): { paths: Record<string, unknown>; schemas: Record<string, unknown> } {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
  const filterParam = { name: 'filter', in: 'query', description: 'Filtro LoopBack em JSON: {where, order, limit, skip, fields}', schema: { type: 'string' } };
  for (const def of documents.byName.values()) {
    const name = componentOf(def.endpoint, def.doc.singular);
    const item = { type: 'object', properties: def.doc.items.properties, required: def.doc.items.required ?? [] };
    schemas[`${name}Entrada`] = { type: 'object', properties: { ...def.doc.header.properties, itens: { type: 'array', items: item } }, required: [...(def.doc.header.required ?? []), 'itens'] };
    schemas[name] = { type: 'object', properties: { id: { type: 'integer' }, numero: { type: 'integer' }, estado: { enum: def.doc.states.map((s) => s.key) }, ...def.doc.header.properties, itens: { type: 'array', items: item }, transicoes: { type: 'array', items: { type: 'string' } } } };
    const one = { content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } };
    const body = { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}Entrada` } } } };
    const tags = [def.doc.title];
    paths[`/api/${def.endpoint}`] = {
      get: { tags, summary: `Lista ${def.doc.title.toLowerCase()} da filial selecionada`, parameters: [filterParam], responses: { '200': { description: 'Lista' } } },
      post: { tags, summary: `Cria ${def.doc.singular.toLowerCase()} (rascunho numerado)`, requestBody: body, responses: { '200': { description: 'Criado', ...one }, '400': { description: 'Dados inválidos' } } },
    };
    paths[`/api/${def.endpoint}/count`] = { get: { tags, summary: 'Conta documentos', parameters: [{ name: 'where', in: 'query', schema: { type: 'string' } }], responses: { '200': { description: 'Contagem' } } } };
    paths[`/api/${def.endpoint}/{id}`] = {
      get: { tags, summary: `Lê ${def.doc.singular.toLowerCase()} com os itens`, parameters: [idParam], responses: { '200': { description: 'Documento com itens', ...one }, '404': { description: 'Não encontrado' } } },
      put: { tags, summary: 'Altera um rascunho', parameters: [idParam], requestBody: body, responses: { '200': { description: 'Alterado', ...one }, '409': { description: 'Documento não editável' } } },
    };
    if (Object.values(def.doc.items.properties).some((p) => p.variacaoDe)) {
      paths[`/api/${def.endpoint}/variacoes`] = {
        get: {
          tags,
          summary: 'As variações (SKUs) ativas de um produto, para a linha do documento',
          parameters: [{ name: 'produtoId', in: 'query', required: true, schema: { type: 'integer' } }],
          responses: { '200': { description: 'Variações do produto', content: { 'application/json': { schema: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, descricao: { type: 'string' }, codigo: { type: ['string', 'null'] }, precoVenda: { type: ['string', 'null'] } } } } } } } },
        },
      };
    }
    for (const [campo, p] of Object.entries({ ...def.doc.items.properties, ...def.doc.header.properties })) {
      if (!p.choices) continue;
      const summary = `${p.title}: os registros que o formulário oferece (id e nome), com a permissão de ${def.doc.title.toLowerCase()}`;
      paths[`/api/${def.endpoint}/opcoes/${campo}`] = { get: { tags, summary, parameters: [filterParam], responses: { '200': { description: 'Lista' } } } };
      paths[`/api/${def.endpoint}/opcoes/${campo}/{id}`] = { get: { tags, summary, parameters: [idParam], responses: { '200': { description: 'Registro' }, '404': { description: 'Não encontrado' } } } };
    }
    for (const t of def.doc.transitions) {
      if (interna(t)) continue;
      paths[`/api/${def.endpoint}/{id}/${t.name}`] = {
        post: { tags, summary: `${t.label}: ${t.from.join(', ')} → ${destinos(t).join(' | ')}`, parameters: [idParam], responses: { '200': { description: 'Documento após a transição', ...one }, '409': { description: 'Estado não permite a transição' } } },
      };
    }
  }
  return { paths, schemas };
}
