import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { openApiParameters } from '../http/input-schemas.ts';
import { allowsVerb, writeSchema, SYSTEM_FIELDS, type ResourceVerb } from '../resources/registry.ts';
import { loadLookups } from '../catalog/documents.ts';
import type { ResourceRegistry } from '../resources/registry.ts';
import { documentsOpenApi } from '../documentos/routes.ts';
import { ESTOQUE_COMPLEMENTOS_PATHS } from '../estoque/complementos-openapi.ts';
import { FINANCEIRO_EXTRAS_PATHS, financeiroPaths } from '../financeiro/index.ts';
import { BALANCA_PATHS } from '../exportacoes/balanca/index.ts';
import { TERMINAL_PATHS } from '../exportacoes/terminal/index.ts';
import { ESTOQUE_PATHS } from '../estoque/openapi.ts';
import { NFE_PATHS } from '../fiscal/emissao/openapi.ts';
import { COMPRAS_PATHS } from '../compras/openapi.ts';
import { VENDAS_PATHS } from '../vendas/openapi.ts';
import { NFSE_PATHS } from '../nfse/openapi.ts';
import { DFE_PATHS } from '../fiscal/dfe/openapi.ts';
import { PESSOAS_PATHS } from '../pessoas/openapi.ts';
import { DASHBOARD_PATHS } from '../dashboard/openapi.ts';
import { INTEGRACOES_PATHS, webhooksOpenApi } from '../integracoes/index.ts';

const VERB_OF: Record<string, Record<string, ResourceVerb>> = {
  '': { get: 'list', post: 'create' },
  '/count': { get: 'list' },
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
    paths[`/api/${def.endpoint}/{id}`] = {
      get: { tags: tag, parameters: [idParam, filterParam], responses: { '200': { description: 'Registro', ...one }, ...errors } },
      put: { tags: tag, parameters: [idParam], requestBody: body, responses: { '200': { description: 'Substituído', ...one }, ...errors } },
      patch: { tags: tag, parameters: [idParam], requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: { '200': { description: 'Alterado', ...one }, ...errors } },
      delete: { tags: tag, parameters: [idParam], responses: { '200': { description: 'Excluído', content: { 'application/json': { schema: { type: 'object', properties: { count: { type: 'integer' } } } } } }, ...errors } },
    };
    // Operations the document does not allow ("verbs") are left out.
    for (const [suffix, methods] of Object.entries(VERB_OF)) {
      const item = paths[`/api/${def.endpoint}${suffix}`] as Record<string, unknown>;
      for (const [method, verb] of Object.entries(methods)) if (!allowsVerb(def, verb)) delete item[method];
      if (!Object.keys(item).length) delete paths[`/api/${def.endpoint}${suffix}`];
    }
  }
  Object.assign(paths, ESTOQUE_PATHS, ESTOQUE_COMPLEMENTOS_PATHS, FINANCEIRO_EXTRAS_PATHS, NFE_PATHS, COMPRAS_PATHS, VENDAS_PATHS);
  Object.assign(paths, NFSE_PATHS);
  Object.assign(paths, DFE_PATHS, PESSOAS_PATHS, DASHBOARD_PATHS);
  Object.assign(paths, BALANCA_PATHS, TERMINAL_PATHS);
  Object.assign(paths, INTEGRACOES_PATHS);
  // The finance core's calls, method by method (POST /api/TransferenciasFinanceiras beside the generic list).
  for (const [path, item] of Object.entries(financeiroPaths())) paths[path] = { ...(paths[path] as object | undefined), ...(item as object) };
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
  // Calls that declare their query string on the route and that no module's OpenAPI part lists are added once
  // every route is registered (the PDV's catalogue, the alerts): the document names every value a call checks.
  let completed = false;
  app.get('/api/openapi.json', async () => {
    if (!completed) {
      completed = true;
      const paths = doc.paths as Record<string, Record<string, unknown>>;
      const listed = new Set(Object.keys(paths));
      for (const r of app.declaredRoutes ?? []) {
        const path = r.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
        if (listed.has(path)) continue;
        (paths[path] ??= {})[r.method.toLowerCase()] = {
          tags: [r.url.split('/')[2]],
          parameters: openApiParameters(r.schema),
          responses: { '200': { description: 'Resposta' }, '400': { description: 'Dados inválidos', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } },
        };
      }
    }
    return doc;
  });
}
