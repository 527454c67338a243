import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { openApiParameters, type DeclaredRoute } from '../http/input-schemas.ts';
import { allowsVerb, writeSchema, SYSTEM_FIELDS, type ResourceVerb } from '../resources/registry.ts';
import { loadLookups } from '../catalog/documents.ts';
import type { ResourceRegistry } from '../resources/registry.ts';
import { documentsOpenApi } from '../documents/routes.ts';
import { webhooksOpenApi } from '../integracoes/index.ts';

const VERB_OF: Record<string, Record<string, ResourceVerb>> = {
  '': { get: 'list', post: 'create' },
  '/count': { get: 'list' },
  '/findOne': { get: 'list' },
  '/{id}': { get: 'read', put: 'replace', patch: 'patch', delete: 'delete' },
};

/**
 * The component name of each resource and business document: its singular without spaces ('Formadepagamento');
 * when another one already has that singular (the finance and the PDV payment forms are both "Forma de
 * pagamento"), the later one's endpoint ('FormasPagamentoPdv'), so no call points at another resource's schema.
 */
export function componentNames(items: { endpoint: string; singular: string }[]): (endpoint: string, singular: string) => string {
  const base = (singular: string) => singular.replace(/\s+/g, '');
  const first = new Map<string, string>();
  for (const i of items) if (!first.has(base(i.singular))) first.set(base(i.singular), i.endpoint);
  const taken = new Set(first.keys());
  return (endpoint, singular) => {
    const own = first.get(base(singular));
    if (own === undefined || own === endpoint) return base(singular);
    return taken.has(endpoint) ? `${endpoint}_` : endpoint;
  };
}

/** OpenAPI 3.1 built from the resource documents, for integrators. */
export function buildOpenApi(registry: ResourceRegistry, componentOf = componentNames([...registry.byName.values()].map((d) => ({ endpoint: d.endpoint, singular: d.doc.singular })))): Record<string, unknown> {
  const lookups = loadLookups();
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      properties: { error: { type: 'object', properties: { statusCode: { type: 'integer' }, name: { type: 'string' }, message: { type: 'string' }, details: {} } } },
    },
  };
  const filterParam = { name: 'filter', in: 'query', description: 'Filtro LoopBack em JSON: {where, order, limit, skip, fields, include}', schema: { type: 'string' } };
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
  const errors = {
    '400': { description: 'Dados inválidos', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    '401': { description: 'Sem sessão' },
    '403': { description: 'Sem permissão' },
    '404': { description: 'Não encontrado' },
    '409': { description: 'Registro duplicado' },
  };
  for (const def of registry.byName.values()) {
    const name = componentOf(def.endpoint, def.doc.singular);
    const write = writeSchema(def.doc, lookups);
    const read = {
      ...write,
      additionalProperties: true,
      properties: { ...Object.fromEntries(SYSTEM_FIELDS.map((f) => [f.name, f.schema])), ...def.doc.schema.properties },
    };
    schemas[`${name}Entrada`] = write;
    schemas[name] = read;
    const one = { content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } };
    const body = { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}Entrada` } } } };
    const tag = [def.doc.title];
    paths[`/api/${def.endpoint}`] = {
      get: { tags: tag, summary: `Lista ${def.doc.title.toLowerCase()}`, parameters: [filterParam], responses: { '200': { description: 'Lista', content: { 'application/json': { schema: { type: 'array', items: { $ref: `#/components/schemas/${name}` } } } } }, ...errors } },
      post: { tags: tag, summary: `Cadastra ${def.doc.singular.toLowerCase()}`, requestBody: body, responses: { '200': { description: 'Criado', ...one }, ...errors } },
    };
    paths[`/api/${def.endpoint}/count`] = {
      get: { tags: tag, summary: 'Conta registros', parameters: [{ name: 'where', in: 'query', schema: { type: 'string' } }], responses: { '200': { description: 'Contagem', content: { 'application/json': { schema: { type: 'object', properties: { count: { type: 'integer' } } } } } } } },
    };
    paths[`/api/${def.endpoint}/findOne`] = {
      get: { tags: tag, summary: 'O primeiro registro do filtro', parameters: [filterParam], responses: { '200': { description: 'Registro', ...one }, ...errors } },
    };
    paths[`/api/${def.endpoint}/{id}`] = {
      get: { tags: tag, summary: `Lê ${def.doc.singular.toLowerCase()}`, parameters: [idParam, filterParam], responses: { '200': { description: 'Registro', ...one }, ...errors } },
      put: { tags: tag, summary: `Substitui ${def.doc.singular.toLowerCase()} (o que o corpo não traz fica vazio)`, parameters: [idParam], requestBody: body, responses: { '200': { description: 'Substituído', ...one }, ...errors } },
      patch: { tags: tag, summary: `Altera campos de ${def.doc.singular.toLowerCase()}`, parameters: [idParam], requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: { '200': { description: 'Alterado', ...one }, ...errors } },
      delete: { tags: tag, summary: `Exclui ${def.doc.singular.toLowerCase()}`, parameters: [idParam], responses: { '200': { description: 'Excluído', content: { 'application/json': { schema: { type: 'object', properties: { count: { type: 'integer' } } } } } }, ...errors } },
    };
    // Operations the document does not allow ("verbs") are left out.
    for (const [suffix, methods] of Object.entries(VERB_OF)) {
      const item = paths[`/api/${def.endpoint}${suffix}`] as Record<string, unknown>;
      for (const [method, verb] of Object.entries(methods)) if (!allowsVerb(def, verb)) delete item[method];
      if (!Object.keys(item).length) delete paths[`/api/${def.endpoint}${suffix}`];
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Retaguarda API', version: '1.0.0', description: 'API do Retaguarda (compatível com LoopBack). Envie o token da sessão no cabeçalho Authorization.' },
    components: { schemas, securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    security: [{ token: [] }],
    paths,
  };
}

export default async function openapiRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const named = [...services.registry.byName.values(), ...(services.documents?.byName.values() ?? [])].map((d) => ({ endpoint: d.endpoint, singular: d.doc.singular }));
  const componentOf = componentNames(named);
  const doc = buildOpenApi(services.registry, componentOf);
  if (services.documents) {
    // Business documents (schemas/documents): their list, draft writes and transitions.
    const extra = documentsOpenApi(services.documents, componentOf);
    Object.assign(doc.paths as Record<string, unknown>, extra.paths);
    Object.assign((doc.components as { schemas: Record<string, unknown> }).schemas, extra.schemas);
  }
  // The events webhooks deliver (integracoes) and the API key header beside the session token.
  doc.webhooks = webhooksOpenApi(services.registry, services.documents);
  (doc.components as { securitySchemes: Record<string, unknown> }).securitySchemes.apiKey = { type: 'apiKey', in: 'header', name: 'Authorization', description: 'ApiKey <chave> (Configurações > Integrações > Chaves de API)' };
  doc.security = [{ token: [] }, { apiKey: [] }];
  // Every other call describes itself on its route (route-schema.ts): read once every route is registered.
  let completed = false;
  app.get('/api/openapi.json', { schema: { summary: 'Esta descrição OpenAPI 3.1 da API', tags: ['API'] } }, async () => {
    if (!completed) {
      completed = true;
      addDeclaredRoutes(doc.paths as Record<string, Record<string, unknown>>, app.declaredRoutes ?? []);
    }
    return doc;
  });
}

const ERROR_BODY = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

/** The OpenAPI operation of a route, from its schema (summary, tags, params, querystring, body, response). */
export function operationOf(route: DeclaredRoute): Record<string, unknown> {
  const s = route.schema;
  const path = openApiPath(route.url);
  const responses: Record<string, unknown> = {};
  for (const [code, a] of Object.entries((s.response ?? {}) as Record<string, Record<string, unknown>>)) {
    // An OpenAPI answer (answer() in route-schema.ts) as it is; a plain JSON Schema (a serialiser Fastify compiles) as the JSON body.
    responses[code] = 'description' in a ? a : { description: 'Resposta', content: { 'application/json': { schema: a } } };
  }
  responses['200'] ??= { description: 'Resposta' };
  responses['400'] ??= { description: 'Dados inválidos (mensagem em português, campo em details)', ...ERROR_BODY };
  responses['401'] ??= { description: 'Sem sessão' };
  responses['403'] ??= { description: 'Sem permissão' };
  if (path.includes('{')) responses['404'] ??= { description: 'Não encontrado' };
  const parameters = openApiParameters(s);
  const body = s.body as Record<string, unknown> | undefined;
  const requestBody = body === undefined ? undefined : 'content' in body ? { required: true, content: body.content } : { ...(Array.isArray(body.required) && body.required.length ? { required: true } : {}), content: { 'application/json': { schema: body } } };
  return {
    tags: s.tags ?? [route.url.split('/')[2]],
    ...(s.summary ? { summary: s.summary } : {}),
    ...(s.description ? { description: s.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** '/api/Lancamentos/:id/anexos/:anexoId' → '/api/Lancamentos/{id}/anexos/{anexoId}'. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/**
 * The routes into the document: a route that describes itself (a summary) gives its operation; one that does not
 * keeps what the resource or business-document generator wrote for it, or is listed with its parameters.
 * Hidden routes (schema.hide: a verb the resource refuses, the generic transition route whose transitions
 * the document lists one by one) stay out.
 */
export function addDeclaredRoutes(paths: Record<string, Record<string, unknown>>, routes: DeclaredRoute[]): void {
  for (const r of routes) {
    if (r.schema.hide || r.method === 'OPTIONS') continue;
    const method = r.method.toLowerCase();
    for (const url of expanded(r.url, r.schema.pathValues)) {
      const path = openApiPath(url);
      if (paths[path]?.[method] && !r.schema.summary) continue;
      (paths[path] ??= {})[method] = operationOf({ ...r, url });
    }
  }
}

/** A route's url once per value of each parameter that lists its values (schema.pathValues). */
function expanded(url: string, values: Record<string, readonly string[]> | undefined): string[] {
  let urls = [url];
  for (const [name, list] of Object.entries(values ?? {})) urls = urls.flatMap((u) => list.map((v) => u.replace(`:${name}`, v)));
  return urls;
}
