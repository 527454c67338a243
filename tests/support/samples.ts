import RandExp from 'randexp';
import type { ValidateFunction } from 'ajv';
import { fieldType, type FieldTypeProperty } from '../../src/shared/field-types.ts';
import { createAjv, writeSchema } from '../../src/server/resources/registry.ts';
import { loadLookups } from '../../src/server/catalog/documents.ts';
import type { PropertySchema, ResourceDoc } from '../../generated/schema-types.ts';

/**
 * Test data for any resource document, with no code per field: each value comes from the field-type registry's
 * sample, a `pattern` is sampled by a generic regex generator, and a body is drawn again field by field until it
 * satisfies the document's whole write schema (conditional rules included, e.g. the sizes each bank accepts).
 * What a rule's `then` asks is learnt from the errors (a size, a pattern, a range, null, a value); a `then` no sample
 * can satisfy (a required relation) makes the generator take the `if`'s fields at their defaults (the plain case).
 */

let counter = 0;
const next = () => ++counter + Math.floor(Math.random() * 1e6);

/** A string matching a pattern, within the property's length bounds. */
function fromPattern(p: FieldTypeProperty & { pattern: string; minLength?: number }): string {
  const gen = new RandExp(p.pattern);
  gen.max = Math.max(Math.min(Number(p.maxLength ?? 8), 8), 1);
  // the longest of a few draws, so that values of unique fields rarely repeat
  const fits = Array.from({ length: 200 }, () => gen.gen()).filter((v) => v.length >= Number(p.minLength ?? 0) && v.length <= Number(p.maxLength ?? Infinity));
  if (!fits.length) throw new Error(`o padrão ${p.pattern} não gera um valor com o tamanho pedido`);
  return fits.slice(0, 5).reduce((a, b) => (b.length > a.length ? b : a));
}

/** A valid value for one property of a resource document, different on every call where it can be. */
export function sampleValue(_name: string, p: PropertySchema): unknown {
  const n = next();
  if ('const' in p) return (p as { const: unknown }).const;
  const min = typeof p.minimum === 'number' ? p.minimum : undefined;
  const max = typeof p.maximum === 'number' ? p.maximum : undefined;
  const dentro = (v: unknown) => typeof v === 'number' && (min === undefined || v >= min) && (max === undefined || v <= max);
  // a range a rule puts on a lookup (a município of the record's UF): its first value within the range
  if (p.lookup && (min !== undefined || max !== undefined)) {
    const item = loadLookups().get(p.lookup)?.items.find((i) => dentro(i.value));
    if (item) return item.value;
  }
  if (p.lookup && p.lookup !== 'municipio') return loadLookups().get(p.lookup)!.items[0].value;
  if (Array.isArray(p.enum)) return p.enum.find((v) => v !== null);
  if (typeof p.pattern === 'string' && !p.format) return fromPattern(p as PropertySchema & { pattern: string });
  const v = fieldType(p).sample(n, p);
  if (typeof v === 'number' && !dentro(v)) {
    const lo = min ?? max! - 1000, hi = max ?? lo + 1000;
    return Number.isInteger(v) ? lo + (n % (Math.floor(hi - lo) + 1)) : lo + (hi - lo) / 2;
  }
  return v;
}

/** The subschema a schemaPath ('#/allOf/1/if') points to in a schema. */
function noSchema(root: unknown, schemaPath: string): Record<string, any> | undefined {
  let s: any = root;
  for (const parte of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean)) s = s?.[parte];
  return s && typeof s === 'object' ? s : undefined;
}

const validators = new Map<ResourceDoc, ValidateFunction>();
const validatorOf = (doc: ResourceDoc) => {
  let v = validators.get(doc);
  if (!v) validators.set(doc, (v = createAjv().compile(writeSchema(doc, loadLookups()))));
  return v;
};

/**
 * The documents a table-driven CRUD suite can run alone: not the read-only ones (histories) nor those whose
 * records need a parent record first (an embalagem's product); those have suites of their own
 * (tests/api/estoque-complementos.test.ts).
 */
export function standaloneCrudDocs(docs: ResourceDoc[]): ResourceDoc[] {
  return docs.filter((d) => !d.readOnly && !(d.schema.required ?? []).some((f) => d.schema.properties[f]?.relation));
}

/** A complete valid body for a resource: every writable property filled, the whole checked as the server checks it. */
export function sampleBody(doc: ResourceDoc): Record<string, unknown> {
  const fields = Object.entries(doc.schema.properties).filter(([name, p]) => !p.readOnly && name !== doc.hierarchy?.as);
  const out: Record<string, unknown> = Object.fromEntries(fields.map(([name, p]) => [name, sampleValue(name, p)]));
  // A whole-number field that alone is a unique key (a product's PLU at the scale) takes a different value on every
  // call: its range's low end, the sample of every other whole number, would repeat.
  for (const [campo] of (doc.unique ?? []).filter((u) => u.length === 1)) {
    const p = doc.schema.properties[campo];
    if (p && !p.readOnly && typeof p.minimum === 'number' && typeof p.maximum === 'number' && Number.isInteger(out[campo])) out[campo] = p.minimum + (next() % (p.maximum - p.minimum + 1));
  }
  const validate = validatorOf(doc);
  // What a conditional rule adds to a field (a bank's maxLength, a convenio's pattern) is learnt from the errors.
  const learnt: Record<string, Record<string, unknown>> = {};
  const ifs = new Map<string, number>();
  for (let attempt = 0; attempt < 500; attempt++) {
    if (validate(structuredClone(out))) return out;
    const failing = new Set<string>();
    for (const e of validate.errors ?? []) {
      if (e.keyword === 'if') {
        // The same then failed again and again: take the if's fields at their defaults, where the rule does not apply.
        const vezes = (ifs.get(e.schemaPath) ?? 0) + 1;
        ifs.set(e.schemaPath, vezes);
        if (vezes >= 3) {
          for (const campo of Object.keys(noSchema(validate.schema, e.schemaPath)?.properties ?? {})) {
            const padrao = doc.schema.properties[campo]?.default;
            if (padrao !== undefined) (learnt[campo] ??= {}).const = padrao;
            failing.add(campo);
          }
        }
        continue;
      }
      const f = e.keyword === 'required' ? e.params.missingProperty : e.instancePath.split('/')[1];
      if (!f || !fields.some(([name]) => name === f)) continue;
      failing.add(f);
      if (e.keyword === 'maxLength' || e.keyword === 'minLength') (learnt[f] ??= {})[e.keyword] = e.params.limit;
      if (e.keyword === 'pattern') (learnt[f] ??= {}).pattern = e.params.pattern;
      if (e.keyword === 'minimum' || e.keyword === 'maximum') (learnt[f] ??= {})[e.keyword] = e.params.limit;
      if (e.keyword === 'exclusiveMinimum') (learnt[f] ??= {}).minimum = e.params.limit + 1;
      if (e.keyword === 'exclusiveMaximum') (learnt[f] ??= {}).maximum = e.params.limit - 1;
      // a rule that wants the field empty (type null) or one value (const)
      if (e.keyword === 'type' && e.params.type === 'null') (learnt[f] ??= {}).const = null;
      if (e.keyword === 'const') (learnt[f] ??= {}).const = e.params.allowedValue;
    }
    for (const [name, p] of fields) if (!failing.size || failing.has(name)) out[name] = sampleValue(name, { ...p, ...learnt[name] });
  }
  throw new Error(`${doc.name}: nenhum exemplo válido (${JSON.stringify(validate.errors)})`);
}

/** A body the schema must refuse: a required field missing. */
export function invalidBody(doc: ResourceDoc): Record<string, unknown> {
  const body = sampleBody(doc);
  const req = doc.schema.required ?? [];
  if (req.length) delete body[req[0]];
  return body;
}
