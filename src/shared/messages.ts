import type { ErrorObject } from 'ajv';
import { DOCUMENT_FORMATS } from './formats.ts';
import { IE_KEYWORD, mensagemIeInvalida } from './inscricao-estadual.ts';

/** SPEC 5.5: the generic field messages, shown on both sides. */
export const FIELD_MESSAGES = {
  required: 'Campo Obrigatório!',
  email: 'E-mail inválido!',
  minLength: (n: number) => `Mínimo ${n} caracteres!`,
  maxLength: (n: number) => `Máximo ${n} caracteres!`,
  matchOther: 'Os valores não conferem!',
  minimum: (n: number) => `Valor mínimo: ${n}`,
  maximum: (n: number) => `Valor máximo: ${n}`,
  pattern: 'Formato inválido!',
  mask: 'Campo inválido!',
  documentoInvalido: 'Documento inválido',
} as const;

export interface FieldError {
  [k: string]: unknown;
  /** JSON pointer of the field, e.g. '/cpfCnpj'. */
  path: string;
  campo: string;
  mensagem: string;
}

/** Turns one ajv error into the field it concerns and its SPEC 5.5 message. */
export function fieldError(e: ErrorObject): FieldError {
  let path = e.instancePath || '';
  let mensagem: string;
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'required':
      path = `${path}/${p.missingProperty}`;
      mensagem = FIELD_MESSAGES.required;
      break;
    case 'format':
      mensagem = p.format === 'email' ? FIELD_MESSAGES.email : DOCUMENT_FORMATS.has(p.format) ? FIELD_MESSAGES.documentoInvalido : FIELD_MESSAGES.mask;
      break;
    case 'minLength':
      mensagem = FIELD_MESSAGES.minLength(p.limit);
      break;
    case 'maxLength':
      mensagem = FIELD_MESSAGES.maxLength(p.limit);
      break;
    case 'minimum':
    case 'exclusiveMinimum':
      mensagem = FIELD_MESSAGES.minimum(p.limit);
      break;
    case 'maximum':
    case 'exclusiveMaximum':
      mensagem = FIELD_MESSAGES.maximum(p.limit);
      break;
    case 'pattern':
      mensagem = FIELD_MESSAGES.pattern;
      break;
    case 'const':
      mensagem = FIELD_MESSAGES.matchOther;
      break;
    case IE_KEYWORD:
      mensagem = mensagemIeInvalida(String(p.uf ?? ''));
      break;
    case 'additionalProperties':
      path = `${path}/${p.additionalProperty}`;
      mensagem = `Campo desconhecido: ${p.additionalProperty}`;
      break;
    default:
      mensagem = FIELD_MESSAGES.mask;
  }
  // A schema's own text for its failure ("mensagem" beside the keyword, e.g. a conditional rule's then), in Portuguese.
  const propria = (e as { parentSchema?: { mensagem?: unknown } }).parentSchema?.mensagem;
  if (typeof propria === 'string' && e.keyword !== IE_KEYWORD) mensagem = propria;
  const campo = path.split('/').filter(Boolean).join('.');
  return { path, campo, mensagem };
}

/**
 * The "mensagem" annotation of the schema object a failing keyword sits in, found from the root schema and the
 * error's schemaPath ('#/allOf/2/then/properties/codigoMunicipio/maximum'): the browser's errors carry no parent schema.
 */
export function mensagemDoSchema(root: unknown, schemaPath: string | undefined): string | undefined {
  if (!root || !schemaPath?.startsWith('#/')) return undefined;
  const partes = schemaPath.slice(2).split('/').map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
  partes.pop();
  let s: any = root;
  for (const p of partes) {
    s = s?.[p];
    if (s == null || typeof s !== 'object') return undefined;
  }
  return typeof s.mensagem === 'string' ? s.mensagem : undefined;
}

/** One error per field, the first one ajv found (the form shows one message under each field). */
export function fieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  const seen = new Map<string, FieldError>();
  for (const e of errors ?? []) {
    if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    const fe = fieldError(e);
    if (!seen.has(fe.path)) seen.set(fe.path, fe);
  }
  return [...seen.values()];
}
