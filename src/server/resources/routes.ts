import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Filter, Where } from '../../shared/filter.ts';
import type { LevelName } from '../../shared/permissions.ts';
import { serverAllows } from '../auth/access.ts';
import type { Db } from '../db/db.ts';
import type { BrandResolver } from '../http/brand-resolver.ts';
import type { RequestContext } from '../auth/context.ts';
import { forbidden, HttpError, notFound } from '../http/errors.ts';
import { parseJsonParam } from './filter-sql.ts';
import { allowsVerb, type ResourceDef, type ResourceRegistry, type ResourceVerb } from './registry.ts';
import { parseId, type ResourceService } from './crud.ts';
import { brandSwitchesFor } from './brand-switches.ts';
import { ResourceSerializers } from './serializers.ts';
import { filtroSemOcultos, ocultosDoRecurso, recusarFiltroOculto } from './leitura-restrita.ts';
import { semOcultos } from '../../shared/leitura-restrita.ts';

/** LoopBack-compatible CRUD for every resource document, with no resource-specific code. */
const VERB_TEXT: Record<ResourceVerb, string> = {
  list: 'a consulta da lista não está disponível',
  read: 'a consulta do registro não está disponível',
  create: 'a inclusão é feita pelas ações do documento',
  replace: 'a alteração é feita pelas ações do documento',
  patch: 'a alteração é feita pelas ações do documento',
  delete: 'a exclusão é feita pelas ações do documento (cancelamento com estorno)',
};

const semId = (row: Record<string, unknown>) => {
  const { id: _id, ...resto } = row;
  return resto;
};

/** The reads (list, count, findOne, one record) run read-only: their COMMIT is not waited for (TenantOptions). */
const READ = { readOnly: true } as const;

export default async function resourceRoutes(app: FastifyInstance, { services }: { services: { db: Db; registry: ResourceRegistry; resources: ResourceService; brands: BrandResolver } }) {
  const { db, registry, resources, brands } = services;

  const guard = (req: FastifyRequest, def: ResourceDef, level: LevelName): RequestContext => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, def.doc.permission, level)) {
      throw forbidden(`Você não tem permissão para ${level === 'view' ? 'consultar' : level === 'full' ? 'excluir' : 'alterar'} ${def.doc.title.toLowerCase()}.`);
    }
    return ctx;
  };
  const filterOf = (req: FastifyRequest): Filter => parseJsonParam<Filter>((req.query as Record<string, unknown>).filter, 'filter') ?? {};
  // Field-level read permission (readPermissions): the fields the user may not read leave the filter's field list,
  // so the query, the answer and its serialiser never hold them; a where or order on them is refused.
  const readFilter = (req: FastifyRequest, def: ResourceDef, ctx: RequestContext): Filter => filtroSemOcultos(def, filterOf(req), ocultosDoRecurso(def, ctx));
  /** A write's body without the fields the user may not read (they keep their stored values). */
  const writableBody = (def: ResourceDef, ctx: RequestContext, body: unknown) => {
    const ocultos = ocultosDoRecurso(def, ctx);
    return { ocultos, body: ocultos.size && body && typeof body === 'object' && !Array.isArray(body) ? semOcultos(body as Record<string, unknown>, ocultos) : body };
  };
  const switchesOf = async (req: FastifyRequest, def: ResourceDef) => brandSwitchesFor((await brands.forHost(req.headers.host)).config, def);
  // Reads go out through serialisers compiled from the resource's columns (serializers.ts), set once the
  // read succeeded (the filter is valid); errors keep the error handler's own serialisation.
  const serializers = new ResourceSerializers(db);
  // A reply's own serialiser leaves the content type to the route: the same one Fastify gives JSON.
  const answerWith = (reply: FastifyReply, serialize: (v: any) => string) => reply.type('application/json; charset=utf-8').serializer(serialize);

  for (const def of registry.byName.values()) {
    const base = `/api/${def.endpoint}`;
    // A verb the document does not allow answers 405 (after the permission check, so a stranger learns nothing).
    // A module may serve a verb the document leaves out through its own posting service (POST
    // /api/TransferenciasFinanceiras moves money through the ledger): registered before this plugin, it stays.
    const served = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string) => app.hasRoute({ method, url });
    // A refusing route stays out of the OpenAPI document (schema.hide), which lists the verbs the document allows.
    const described = (verb: ResourceVerb) => ({ schema: { hide: !allowsVerb(def, verb) } });
    const allowed = (verb: ResourceVerb, handler: (req: FastifyRequest, reply: FastifyReply) => unknown) =>
      allowsVerb(def, verb) ? handler : (req: FastifyRequest) => {
        guard(req, def, verb === 'list' || verb === 'read' ? 'view' : verb === 'delete' ? 'full' : 'change');
        throw new HttpError(405, `Operação não permitida em ${def.doc.title.toLowerCase()}: ${VERB_TEXT[verb]}.`);
      };

    app.get(base, described('list'), allowed('list', async (req, reply) => {
      const ctx = guard(req, def, 'view');
      const filter = readFilter(req, def, ctx);
      const rows = await db.tenant(ctx, (q) => resources.list(q, def, ctx, filter), READ);
      answerWith(reply, await serializers.list(def, filter));
      return rows;
    }));

    app.get(`${base}/count`, described('list'), allowed('list', async (req) => {
      const ctx = guard(req, def, 'view');
      const where = parseJsonParam<Where>((req.query as Record<string, unknown>).where, 'where');
      recusarFiltroOculto(def, where, undefined, ocultosDoRecurso(def, ctx));
      return { count: await db.tenant(ctx, (q) => resources.count(q, def, ctx, where), READ) };
    }));

    app.get(`${base}/findOne`, described('list'), allowed('list', async (req, reply) => {
      const ctx = guard(req, def, 'view');
      const filter = readFilter(req, def, ctx);
      const rows = await db.tenant(ctx, (q) => resources.list(q, def, ctx, { ...filter, limit: 1 }), READ);
      if (!rows.length) throw notFound();
      answerWith(reply, await serializers.record(def, filter));
      return rows[0];
    }));

    app.get(`${base}/:id`, described('read'), allowed('read', async (req, reply) => {
      const ctx = guard(req, def, 'view');
      const id = parseId((req.params as { id: string }).id);
      const filter = readFilter(req, def, ctx);
      const row = await db.tenant(ctx, (q) => resources.findById(q, def, ctx, id, filter), READ);
      answerWith(reply, await serializers.record(def, filter));
      return row;
    }));

    if (allowsVerb(def, 'create') || !served('POST', base)) app.post(base, described('create'), allowed('create', async (req, reply) => {
      const ctx = guard(req, def, 'change');
      const switches = await switchesOf(req, def);
      const { ocultos, body } = writableBody(def, ctx, req.body);
      const row = await db.tenant(ctx, (q) => resources.create(q, def, ctx, body, switches));
      return reply.status(200).send(semOcultos(row, ocultos));
    }));

    if (allowsVerb(def, 'replace') || !served('PUT', `${base}/:id`)) app.put(`${base}/:id`, described('replace'), allowed('replace', async (req) => {
      const ctx = guard(req, def, 'change');
      const id = parseId((req.params as { id: string }).id);
      const switches = await switchesOf(req, def);
      const { ocultos, body } = writableBody(def, ctx, req.body);
      return semOcultos(await db.tenant(ctx, async (q) => {
        // PUT empties what the body leaves out: the fields the user may not read keep their stored values.
        const guardados = ocultos.size && body && typeof body === 'object' ? await resources.findById(q, def, ctx, id, { fields: [...ocultos] }) : {};
        const completo = ocultos.size && body && typeof body === 'object' ? { ...(body as Record<string, unknown>), ...semId(guardados) } : body;
        return resources.replace(q, def, ctx, id, completo, switches);
      }), ocultos);
    }));

    if (allowsVerb(def, 'patch') || !served('PATCH', `${base}/:id`)) app.patch(`${base}/:id`, described('patch'), allowed('patch', async (req) => {
      const ctx = guard(req, def, 'change');
      const id = parseId((req.params as { id: string }).id);
      const switches = await switchesOf(req, def);
      const { ocultos, body } = writableBody(def, ctx, req.body);
      return semOcultos(await db.tenant(ctx, (q) => resources.patch(q, def, ctx, id, body, switches)), ocultos);
    }));

    if (allowsVerb(def, 'delete') || !served('DELETE', `${base}/:id`)) app.delete(`${base}/:id`, described('delete'), allowed('delete', async (req) => {
      const ctx = guard(req, def, 'full');
      const id = parseId((req.params as { id: string }).id);
      return db.tenant(ctx, (q) => resources.remove(q, def, ctx, id));
    }));
  }
}
