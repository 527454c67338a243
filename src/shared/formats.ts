import type Ajv from 'ajv';
import { isCep, isCnpj, isCpf, isCpfCnpj, isGtin, isNcm, isPhone } from './documents.ts';
import { MONEY_RE, QUANTITY_RE } from './money.ts';

/** Custom string formats, registered once here and used by the server's ajv and the browser's RJSF. */
export const CUSTOM_FORMATS: Record<string, (v: string) => boolean> = {
  cpf: isCpf,
  cnpj: isCnpj,
  cpfCnpj: isCpfCnpj,
  cep: isCep,
  phone: isPhone,
  ncm: isNcm,
  gtin: isGtin,
  cest: (v) => /^\d{7}$/.test(v),
  money: (v) => MONEY_RE.test(v),
  quantity: (v) => QUANTITY_RE.test(v),
  percent: (v) => /^-?\d{1,3}(\.\d{1,2})?$/.test(v),
  uf: (v) => /^[A-Z]{2}$/.test(v),
};

/** Formats whose failure is a document check digit, shown as 'Documento inválido' (SPEC 5.5). */
export const DOCUMENT_FORMATS = new Set(['cpf', 'cnpj', 'cpfCnpj']);

/** Annotation keywords our resource documents put inside JSON Schema properties. */
export const ANNOTATION_KEYWORDS = ['lookup', 'relation', 'widget', 'mask', 'x-column'];

export function addRetaguardaFormats(ajv: Ajv): Ajv {
  for (const [name, fn] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, { type: 'string', validate: fn });
  for (const kw of ANNOTATION_KEYWORDS) if (!ajv.getKeyword(kw)) ajv.addKeyword({ keyword: kw, schemaType: ['string', 'object', 'boolean'] });
  return ajv;
}

/** The ajv options both sides use: same coercion, defaults and strictness, or they will disagree. */
export const AJV_OPTIONS = { allErrors: true, coerceTypes: true, useDefaults: true, strict: false, removeAdditional: false } as const;
