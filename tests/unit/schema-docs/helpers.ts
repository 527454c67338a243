// Shared loading and validation for the schema-document tests.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const SCHEMAS = join(ROOT, 'schemas');

export function readJson<T = any>(...parts: string[]): T {
  return JSON.parse(readFileSync(join(SCHEMAS, ...parts), 'utf8')) as T;
}

export function jsonFiles(dir: string): string[] {
  return readdirSync(join(SCHEMAS, dir)).filter((f) => f.endsWith('.json')).sort();
}

/** Compiles one meta-schema and returns a validator that throws with ajv's errors. */
export function metaValidator(metaFile: string) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats.default ? addFormats.default(ajv) : (addFormats as any)(ajv);
  const validate = ajv.compile(readJson('meta', metaFile));
  return (doc: unknown) => {
    if (!validate(doc)) return ajv.errorsText(validate.errors, { separator: '\n' });
    return null;
  };
}

export function duplicates<T>(values: T[]): T[] {
  const seen = new Set<T>();
  const dup = new Set<T>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}
