import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { storageOf, type StorageKind } from '../../shared/field-types.ts';
import { AJV_OPTIONS, addRetaguardaFormats } from '../../shared/formats.ts';
import { loadLookups, readResources, SCHEMAS_DIR } from '../catalog/documents.ts';
import type { LookupDoc } from '../../../generated/schema-types.ts';
import type { PropertySchema, ResourceDoc } from '../../../generated/schema-types.ts';

export type FieldKind = StorageKind;

export interface FieldDef {
  name: string;
  column: string;
  kind: FieldKind;
  /** Not a column: computed on read (hierarchy chain). */
  virtual: boolean;
  readOnly: boolean;
  schema: PropertySchema;
}

export interface ResourceDef {
  doc: ResourceDoc;
  name: string;
  endpoint: string;
  table: string;
  fields: Map<string, FieldDef>;
  /** Fields a client may write. */
  writable: string[];
  scope: { column: string; value: string | number | boolean }[];
  /** Validates a whole record as written (POST, PUT, PATCH after merge). */
  validate: ValidateFunction;
}

/** System fields every record carries on read and that a client never writes. */
export const SYSTEM_FIELDS: FieldDef[] = [
  { name: 'id', column: 'id', kind: 'integer', virtual: false, readOnly: true, schema: { type: 'integer', title: 'Código' } },
  { name: 'createdAt', column: 'created_at', kind: 'datetime', virtual: false, readOnly: true, schema: { type: 'string', title: 'Cadastrado em', format: 'date-time' } },
  { name: 'updatedAt', column: 'updated_at', kind: 'datetime', virtual: false, readOnly: true, schema: { type: 'string', title: 'Alterado em', format: 'date-time' } },
];

export type ResourceVerb = 'list' | 'read' | 'create' | 'replace' | 'patch' | 'delete';

/** Whether the document allows a generic operation ("verbs"; all when absent). */
/** Whether the generic API serves a verb for this resource: a read-only document (a history) allows only reads. */
export const allowsVerb = (def: { doc: ResourceDoc }, verb: ResourceVerb): boolean =>
  def.doc.readOnly ? verb === 'list' || verb === 'read' : !def.doc.verbs || def.doc.verbs.includes(verb);

export const toColumn = (field: string): string => field.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

/**
 * A validator compiled on its first call: compiling every document's schema when the server starts cost about
 * 0.3 s of each restart (npm run bench:start). schemas:check still compiles every schema at build time, so a
 * bad schema fails CI, not a user's first save.
 */
export function lazyValidator(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    compiled ??= compile();
    const ok = compiled(data);
    validate.errors = compiled.errors;
    return ok;
  }) as ValidateFunction;
  return validate;
}

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ ...AJV_OPTIONS });
  addFormats.default ? addFormats.default(ajv as any) : (addFormats as any)(ajv);
  addRetaguardaFormats(ajv as any);
  return ajv;
}

/** The JSON Schema a record must satisfy when written: lookups become enums, read-only fields go away. */
export function writeSchema(doc: ResourceDoc, lookups: Map<string, LookupDoc>): Record<string, unknown> {
  const properties: Record<string, PropertySchema> = {};
  for (const [name, prop] of Object.entries(doc.schema.properties)) {
    if (prop.readOnly || name === doc.hierarchy?.as) continue;
    const p: PropertySchema = { ...prop };
    if (prop.lookup) {
      const lk = lookups.get(prop.lookup);
      if (!lk) throw new Error(`${doc.name}.${name}: lookup '${prop.lookup}' não existe`);
      if (!lk.large) {
        const nullable = Array.isArray(prop.type) && prop.type.includes('null');
        p.enum = [...lk.items.map((i) => i.value), ...(nullable ? [null] : [])];
      }
    }
    properties[name] = p;
  }
  const required = (doc.schema.required ?? []).filter((r) => r in properties);
  // allOf: conditional rules over the fields (if/then), e.g. the sizes each bank accepts (configuracaoBoleto)
  return { type: 'object', properties, required, additionalProperties: false, ...(doc.schema.allOf ? { allOf: doc.schema.allOf } : {}) };
}

export function buildResource(doc: ResourceDoc, ajv: Ajv2020, lookups: Map<string, LookupDoc>): ResourceDef {
  const fields = new Map<string, FieldDef>(SYSTEM_FIELDS.map((f) => [f.name, f]));
  for (const [name, prop] of Object.entries(doc.schema.properties)) {
    const virtual = name === doc.hierarchy?.as;
    fields.set(name, { name, column: toColumn(name), kind: storageOf(prop), virtual, readOnly: !!prop.readOnly || virtual, schema: prop });
  }
  const writable = [...fields.values()].filter((f) => !f.readOnly && !f.virtual).map((f) => f.name);
  const scope = Object.entries(doc.scope ?? {}).map(([column, value]) => ({ column: toColumn(column), value }));
  return { doc, name: doc.name, endpoint: doc.endpoint, table: doc.table, fields, writable, scope, validate: lazyValidator(() => ajv.compile(writeSchema(doc, lookups))) };
}

export class ResourceRegistry {
  readonly byName = new Map<string, ResourceDef>();
  readonly byEndpoint = new Map<string, ResourceDef>();
  readonly ajv = createAjv();

  constructor(docs: ResourceDoc[], lookups: Map<string, LookupDoc>) {
    for (const doc of docs) {
      const def = buildResource(doc, this.ajv, lookups);
      this.byName.set(def.name, def);
      this.byEndpoint.set(def.endpoint, def);
    }
    for (const def of this.byName.values()) {
      for (const [rel, r] of Object.entries(def.doc.relations ?? {})) {
        if (!this.byName.has(r.resource)) throw new Error(`${def.name}.relations.${rel}: recurso '${r.resource}' não existe`);
      }
    }
  }

  get(name: string): ResourceDef {
    const def = this.byName.get(name);
    if (!def) throw new Error(`recurso '${name}' não existe`);
    return def;
  }

  static load(dir = SCHEMAS_DIR): ResourceRegistry {
    return new ResourceRegistry(readResources(dir).map((d) => d.doc), loadLookups(dir));
  }
}
