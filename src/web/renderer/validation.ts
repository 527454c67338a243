import type { ErrorObject } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import type { RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { AJV_OPTIONS, ANNOTATION_KEYWORDS, CUSTOM_FORMATS, addRetaguardaKeywords } from '../../shared/formats.ts';
import { fieldError, mensagemDoSchema } from '../../shared/messages.ts';
import { trimStrings } from '../../shared/trim.ts';

/** The browser's validator: ajv 2020 with the server's options and formats, so both sides agree. */
export const validator = customizeValidator({
  AjvClass: Ajv2020 as any,
  ajvOptionsOverrides: { ...AJV_OPTIONS, useDefaults: false },
  customFormats: CUSTOM_FORMATS,
  extenderFn: (ajv) => {
    for (const kw of ANNOTATION_KEYWORDS) if (!ajv.getKeyword(kw)) ajv.addKeyword({ keyword: kw, schemaType: ['string', 'object', 'boolean'] });
    addRetaguardaKeywords(ajv as any);
    return ajv;
  },
});
// The server's edge rule (shared/trim.ts): the form validates what will be sent, so a blank Nome is required.
const validateAsIs = validator.validateFormData.bind(validator);
validator.validateFormData = (formData, ...rest) => validateAsIs(formData && typeof formData === 'object' && !Array.isArray(formData) ? trimStrings(formData) : formData, ...rest);

/** RJSF's errors with the SPEC 5.5 texts, computed by the same shared function the server uses. */
export function transformErrors(errors: RJSFValidationError[], schema?: unknown): RJSFValidationError[] {
  const seen = new Set<string>();
  const out: RJSFValidationError[] = [];
  for (const e of errors) {
    if (e.name === 'type' && errors.some((o) => o !== e && o.property === e.property && o.name !== 'type')) continue;
    if (e.name === 'if' || e.name === 'anyOf' || e.name === 'oneOf') continue;
    const pointer = (e.property ?? '').replace(/^\./, '/').replace(/\./g, '/');
    const ajvLike = { keyword: e.name ?? '', params: e.params ?? {}, instancePath: e.name === 'required' ? '' : pointer } as ErrorObject;
    const message = mensagemDoSchema(schema, e.schemaPath) ?? (e.name === 'type' ? 'Campo inválido!' : fieldError(ajvLike).mensagem);
    const key = e.property ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...e, message, stack: `${e.property} ${message}` });
  }
  return out;
}
