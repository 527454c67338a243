import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { compiledPart } from './route-schema.ts';

/**
 * The JSON Schemas a route's path and query values are checked against before its handler runs (Fastify
 * validates them with ajv and the error handler answers a Portuguese 400), so a malformed value never reaches SQL.
 * Query values arrive as text: ajv (Fastify's coerceTypes) turns '12' into 12 and refuses 'abc' or '1 OR 1=1'.
 */

/** Largest value of a PostgreSQL integer (int4): every id of the database. */
export const ID_MAX = 2147483647;

/** A record id: an integer from 1 to the largest int4. */
export const ID = { type: 'integer', minimum: 1, maximum: ID_MAX } as const;
/** A count or position that may be zero (skip, offset). */
export const NON_NEGATIVE = { type: 'integer', minimum: 0, maximum: ID_MAX } as const;
/** Free text from the query string (a search, a name), bounded. */
export const TEXT = { type: 'string', maxLength: 500 } as const;
/** A LoopBack filter / where in JSON (read by parseJsonParam and the filter parser of the resource API). */
export const JSON_TEXT = { type: 'string', maxLength: 20000 } as const;
/** Record ids separated by commas (up to 1000): '3,17,20'. */
export const ID_LIST = { type: 'string', pattern: '^\\d{1,10}(,\\d{1,10})*$', maxLength: 11000 } as const;

/**
 * The query string of a route: its known values (others are left alone) and which of them are required.
 * `query({ contaId: ID, de: TEXT }, ['de'])`
 */
export function query(properties: Record<string, object>, required: string[] = []): Record<string, unknown> {
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** Route options with the query string's schema, beside the route's other options (config, bodyLimit). */
export function withQuery<T extends object>(properties: Record<string, object>, required: string[] = [], options?: T): T & { schema: FastifySchema } {
  const base = (options ?? {}) as T & { schema?: FastifySchema };
  return { ...base, schema: { ...base.schema, querystring: query(properties, required) } };
}

/** Path parameters that name a record ("id", "anexoId", ...) or a position ("numero"): bounded integers. */
const INTEGER_PARAM = /^(id|numero|[a-z][A-Za-z]*Id)$/;
/** Other path parameters (a report's name, a brand's image kind, a menu key): bounded text. */
const TEXT_PARAM = { type: 'string', minLength: 1, maxLength: 200 } as const;

/** The params schema of a path: every ':name' declared, ids as bounded integers. */
export function paramsSchema(url: string): Record<string, unknown> | undefined {
  const names = [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  if (!names.length) return undefined;
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((n) => [n, INTEGER_PARAM.test(n) ? ID : TEXT_PARAM])),
  };
}

/** A route of the API with its whole schema as declared (describing parts included): what /api/openapi.json reads. */
export interface DeclaredRoute {
  method: string;
  url: string;
  schema: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    declaredRoutes: DeclaredRoute[];
  }
}

/**
 * Every route with path parameters gets their schema (unless it declares its own): one rule for the whole API,
 * so a route added later cannot pass 'abc' or 99999999999999999999 to SQL as an id. Every /api route is
 * recorded with its schema for the OpenAPI document (openapi/routes.ts), and Fastify compiles only the parts that
 * validate or serialise (route-schema.ts: bodies the handler checks and answers that only describe stay out).
 * Installed before the routes.
 */
export function installParamSchemas(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url ?? '';
    if (!route.schema?.params) {
      const params = paramsSchema(url);
      if (params) route.schema = { ...route.schema, params };
    }
    if (url.startsWith('/api/')) {
      const schema = route.schema ?? {};
      for (const method of [route.method].flat()) if (method !== 'HEAD') declared.push({ method, url, schema });
    }
    if (route.schema) route.schema = compiledPart(route.schema);
  });
}

/** The OpenAPI parameters of a declared route: its path and query values with their schemas (a value's description beside it). */
export function openApiParameters(schema: FastifySchema): Record<string, unknown>[] {
  const list = (where: 'path' | 'query', s: unknown) => {
    const o = (s ?? {}) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
    return Object.entries(o.properties ?? {}).map(([name, sch]) => {
      const { description, ...rest } = sch;
      return { name, in: where, ...(where === 'path' || o.required?.includes(name) ? { required: true } : {}), ...(description ? { description } : {}), schema: rest };
    });
  };
  return [...list('path', schema.params), ...list('query', schema.querystring)];
}
