import type Ajv from 'ajv';
import { FIELD_FORMAT_CHECKS } from './field-types.ts';
import { IE_KEYWORD, palavraChaveIe } from './inscricao-estadual.ts';

/** Custom string formats (declared by the field-type registry), used by the server's ajv and the browser's RJSF. */
export const CUSTOM_FORMATS: Record<string, (v: string) => boolean> = FIELD_FORMAT_CHECKS;

/** Formats whose failure is a document check digit, shown as 'Documento inválido' (SPEC 5.5). */
export const DOCUMENT_FORMATS = new Set(['cpf', 'cnpj', 'cpfCnpj']);

/** Annotation keywords our resource documents put inside JSON Schema properties. */
export const ANNOTATION_KEYWORDS = ['lookup', 'relation', 'widget', 'mask', 'x-column', 'mensagem'];

export function addRetaguardaFormats(ajv: Ajv): Ajv {
  for (const [name, fn] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, { type: 'string', validate: fn });
  for (const kw of ANNOTATION_KEYWORDS) if (!ajv.getKeyword(kw)) ajv.addKeyword({ keyword: kw, schemaType: ['string', 'object', 'boolean'] });
  addRetaguardaKeywords(ajv);
  return ajv;
}

/** Rules over more than one field that both sides check (the IE by the record's UF). */
export function addRetaguardaKeywords(ajv: Pick<Ajv, 'getKeyword' | 'addKeyword'>) {
  if (!ajv.getKeyword(IE_KEYWORD)) ajv.addKeyword(palavraChaveIe() as any);
}

/** The ajv options both sides use: same coercion, defaults and strictness, or they will disagree. */
// verbose: each error carries its parent schema, whose "mensagem" annotation (a rule's own text) replaces the generic one.
export const AJV_OPTIONS = { allErrors: true, coerceTypes: true, useDefaults: true, strict: false, removeAdditional: false, verbose: true } as const;
