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
  const campo = path.split('/').filter(Boolean).join('.');
  return { path, campo, mensagem };
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
