import type { FastifySchema } from 'fastify';

/**
 * What a route says about itself, in its own `schema` (Fastify's keys, the ones `@fastify/swagger` reads too):
 * `params` and `querystring` are checked by Fastify before the handler (ajv; the error handler answers in
 * Portuguese); `summary`, `description`, `tags`, `body` and `response` also feed /api/openapi.json
 * (`openapi/routes.ts` reads every route's schema through the onRoute hook in `input-schemas.ts`). One object, so
 * the description cannot drift from the route.
 *
 * ```ts
 * app.post('/api/Parcelas/:id/baixar', { schema: { tags, summary: 'Baixa uma parcela', body: checkedByHandler(baixa), response: { 200: answer('Baixa gravada', baixaFeita) } } }, handler);
 * ```
 */
declare module 'fastify' {
  // The describing keys on every route's schema (the same names @fastify/swagger reads).
  interface FastifySchema {
    /** One line: what the call does (the OpenAPI summary). Every /api route has one (tests/api/openapi-rotas.test.ts). */
    summary?: string;
    description?: string;
    /** OpenAPI tags; by default the first segment after /api/. */
    tags?: string[];
    /** Left out of the document: a route that only refuses (a verb the resource does not allow) or one the document lists otherwise. */
    hide?: boolean;
    /**
     * The values a path parameter takes when the handler answers any other one itself (a report's name): the
     * document lists one path per value; Fastify still checks the parameter as text.
     */
    pathValues?: Record<string, readonly string[]>;
  }
}

export type RouteSchema = FastifySchema;

/** Parts of a route's schema that describe without being compiled by Fastify (see checkedByHandler, answer). */
const DESCRIBED_ONLY = new WeakSet<object>();

/**
 * A request body the handler checks itself, after its permission check and with its own Portuguese messages
 * (for a business document, the same JSON Schema the form uses): the document shows it, Fastify does not
 * validate it again (its ajv would coerce types and drop unknown fields before the handler's own rule ran).
 * A body without this mark is validated by Fastify and refused with 'Dados inválidos: campo: mensagem.'.
 */
export function checkedByHandler<T extends object>(schema: T): T {
  // A copy is marked: the same schema may be validated by Fastify on another route.
  const copy = { ...schema };
  DESCRIBED_ONLY.add(copy);
  return copy;
}

/**
 * One answer of a route for the document: its description and, when given, the JSON Schema of its body. Not
 * compiled into a serialiser (the handlers' answers carry fields the description leaves out): an answer whose
 * schema is complete is declared with exactAnswer, and Fastify serialises with it (so does a plain JSON Schema
 * under `response`, as in fiscal/routes.ts).
 */
export function answer(description: string, schema?: Record<string, unknown>, type = 'application/json'): Record<string, unknown> {
  const out = { description, ...(schema ? { content: { [type]: { schema } } } : {}) };
  DESCRIBED_ONLY.add(out);
  return out;
}

/** The JSON Schema Fastify serialises an exact answer with (exactAnswer), by the answer. */
const SERIALISED = new WeakMap<object, Record<string, unknown>>();

/**
 * One answer whose JSON Schema is complete: the document shows it and Fastify also serialises the body with it
 * (fast-json-stringify), so a property the schema does not declare never leaves the server (what a profile may not
 * read stays absent from the API even if the handler's row carries it). Only for an answer whose every property
 * is declared with its real type (nullable ones as `['string', 'null']`: a null under a plain 'string' would be
 * written ""), and whose required ones are always there.
 */
export function exactAnswer(description: string, schema: Record<string, unknown>): Record<string, unknown> {
  const out = { description, content: { 'application/json': { schema } } };
  SERIALISED.set(out, schema);
  return out;
}

/** A binary answer (PDF, XML, a file): its description and media type. */
export function fileAnswer(description: string, type = 'application/octet-stream'): Record<string, unknown> {
  return answer(description, { type: 'string', format: 'binary' }, type);
}

/** Whether a part of a route's schema is there for the document only. */
export function describedOnly(part: unknown): boolean {
  return typeof part === 'object' && part !== null && DESCRIBED_ONLY.has(part);
}

/** The schema Fastify compiles: the route's schema without the parts that only describe. */
export function compiledPart(schema: RouteSchema): FastifySchema {
  const { body, response, ...rest } = schema;
  const out: FastifySchema = { ...rest };
  if (body !== undefined && !describedOnly(body)) out.body = body;
  if (response && typeof response === 'object') {
    const kept = Object.entries(response as Record<string, unknown>)
      .filter(([, r]) => !describedOnly(r))
      .map(([code, r]) => [code, (typeof r === 'object' && r !== null && SERIALISED.get(r)) || r]);
    if (kept.length) out.response = Object.fromEntries(kept);
  }
  return out;
}

// Short helpers the routes' schemas share.
/** A decimal of money sent and answered as text with 2 places ('1234.56'). */
export const MONEY = { type: 'string', description: 'decimal com 2 casas' } as const;
export const DATE = { type: 'string', format: 'date' } as const;
export const INT = { type: 'integer' } as const;
export const INT_OR_NULL = { type: ['integer', 'null'] } as const;
export const TEXT_OR_NULL = { type: ['string', 'null'] } as const;
/** An array of the given items. */
export const arrayOf = (items: Record<string, unknown>) => ({ type: 'array', items });
/** An object of the given properties (required ones listed). */
export const objectOf = (properties: Record<string, unknown>, required?: string[]) => ({ type: 'object', properties, ...(required?.length ? { required } : {}) });
