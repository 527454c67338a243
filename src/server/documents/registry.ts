import type { EventosDeDominio } from '../resources/eventos.ts';
import type { Db } from '../db/db.ts';
import type { Realtime } from '../realtime/realtime.ts';
import type { FileStorage } from '../storage/storage.ts';
import type { ValidateFunction } from 'ajv';
import { createAjv, lazyValidator, type FieldDef, type FieldKind, type ResourceDef, type ResourceRegistry } from '../resources/registry.ts';
import { importModuleRef, SERVER_DIR } from '../module-ref.ts';
import { loadLookups, readDocuments, SCHEMAS_DIR } from '../catalog/documents.ts';
import type { DocumentDoc, DocumentTransition, ObjectSchema } from '../../../generated/schema-types.ts';
import { DOCUMENT_SYSTEM_FIELDS } from './document-doc.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';

type Row = Record<string, unknown>;

/** A document as its postings see it: header values, the items in line order (linha 1…n). */
export interface Documento {
  id: number;
  tipo: string;
  numero: number;
  estado: string;
  filialId: number;
  cabecalho: Row;
  itens: Row[];
}

export interface PostingArgs {
  tx: Queryable;
  ctx: RequestContext;
  def: DocumentDef;
  doc: Documento;
  transicao: DocumentTransition;
  /** The state the document is leaving. */
  de: string;
  /** The server's services (file storage for postings that store files, e.g. an NF-e's XML); absent in seeds that need none. */
  services?: { db: Db; storage: FileStorage; realtime?: Realtime; eventos?: EventosDeDominio };
  /**
   * Registers work to run after the transition's transaction commits (never inside it, never again when a
   * deadlock reruns the transaction): what talks to the outside world (SEFAZ) once the postings are durable.
   * Absent where no one runs such work (seeds): a posting that needs it refuses to run without it.
   */
  aposCommit?: (trabalho: AposCommit) => void;
}

/**
 * Work a posting leaves for after the commit. It runs with no transaction open; what it returns is ignored, what it
 * throws (an HttpError: a rejection it already compensated) is the call's answer.
 */
export type AposCommit = () => Promise<void>;

/** What a document type's module (the document's "service") exports. */
export interface DocumentModule {
  /** Checks across fields and against the database on every save (a 400 refuses it). */
  validar?(args: { tx: Queryable; ctx: RequestContext; def: DocumentDef; cabecalho: Row; itens: Row[] }): Promise<void>;
  /**
   * Postings named by the document's transitions, run inside the transition's transaction. A transition declared
   * with several `to` states takes the one its posting returns (the lifecycle refuses any other).
   */
  postings?: Record<string, (args: PostingArgs) => Promise<void | string>>;
}

export interface DocumentDef {
  doc: DocumentDoc;
  name: string;
  endpoint: string;
  /** Header fields and system fields as the list sees them (for the LoopBack filter of resources/filter-sql). */
  listDef: ResourceDef;
  validateHeader: ValidateFunction;
  validateItem: ValidateFunction;
  transitions: Map<string, DocumentTransition>;
  module: DocumentModule;
}

const toColumn = (field: string): string => field.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

function kindOf(p: { type?: string | string[]; format?: string }): FieldKind {
  const t = (Array.isArray(p.type) ? p.type : [p.type]).filter((x) => x !== 'null')[0];
  if (t === 'integer') return 'integer';
  if (t === 'number') return 'number';
  if (t === 'boolean') return 'boolean';
  if (t === 'object' || t === 'array') return 'json';
  if (p.format === 'money' || p.format === 'quantity' || p.format === 'percent') return 'number';
  if (p.format === 'date') return 'date';
  if (p.format === 'date-time') return 'datetime';
  return 'text';
}

/** The JSON Schema a header or an item must satisfy when written: lookups become enums, nothing extra. */
function writeSchema(s: ObjectSchema): Record<string, unknown> {
  const lookups = loadLookups();
  const properties: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(s.properties)) {
    const { resource: _r, positive: _p, nonNegative: _n, apiOnly: _a, ...p } = prop;
    if (prop.lookup) {
      const lk = lookups.get(prop.lookup);
      if (!lk) throw new Error(`lookup '${prop.lookup}' não existe`);
      if (!lk.large) (p as Record<string, unknown>).enum = lk.items.map((i) => i.value);
    }
    properties[name] = p;
  }
  return { type: 'object', properties, required: s.required ?? [], additionalProperties: false };
}

/** A read-only resource-like definition over the list projection, so filter-sql parses where/order/fields. */
function listDefOf(doc: DocumentDoc): ResourceDef {
  const fields = new Map<string, FieldDef>();
  for (const [name, schema] of Object.entries({ ...DOCUMENT_SYSTEM_FIELDS, ...doc.header.properties })) {
    fields.set(name, { name, column: toColumn(name), kind: kindOf(schema), virtual: false, readOnly: true, schema });
  }
  return {
    doc: { name: doc.name, endpoint: doc.endpoint, table: 'documentos', title: doc.title, singular: doc.singular, permission: doc.permission, route: doc.route, schema: { type: 'object', properties: doc.header.properties }, list: { columns: doc.list.columns, order: doc.list.order ?? 'numero DESC' }, form: { sections: [] } },
    name: doc.name,
    endpoint: doc.endpoint,
    table: 'documentos',
    fields,
    writable: [],
    scope: [],
    validate: (() => true) as unknown as ValidateFunction,
  };
}

/**
 * Every document type of schemas/documents with its posting module (src/server/<module>/<file>.ts); `dir` and
 * `serverDir` point elsewhere for a copy of the tree (tests/api/novo-documento.test.ts).
 */
export class DocumentRegistry {
  readonly byName = new Map<string, DocumentDef>();

  static async load(resources: ResourceRegistry, dir = SCHEMAS_DIR, serverDir = SERVER_DIR): Promise<DocumentRegistry> {
    const reg = new DocumentRegistry();
    const ajv = createAjv();
    for (const { doc } of readDocuments<DocumentDoc>('documents', dir)) {
      const mod = await importModuleRef<DocumentModule>(doc.service, serverDir);
      const transitions = new Map(doc.transitions.map((t) => [t.name, t]));
      for (const t of doc.transitions) {
        if (t.posting && typeof mod.postings?.[t.posting] !== 'function') throw new Error(`${doc.name}: a transição ${t.name} pede o lançamento '${t.posting}', que ${doc.service}.ts não exporta`);
      }
      for (const s of [doc.header, doc.items]) {
        for (const [f, p] of Object.entries(s.properties)) if (p.resource && !resources.byName.has(p.resource)) throw new Error(`${doc.name}.${f}: recurso '${p.resource}' não existe`);
      }
      reg.byName.set(doc.name, {
        doc,
        name: doc.name,
        endpoint: doc.endpoint,
        listDef: listDefOf(doc),
        validateHeader: lazyValidator(() => ajv.compile(writeSchema(doc.header))),
        validateItem: lazyValidator(() => ajv.compile(writeSchema(doc.items))),
        transitions,
        module: mod,
      });
    }
    return reg;
  }

  /** How a ledger line names the document that posted it ('Acerto', 'Requisição interna de material'): the document's ledgerLabel, else its singular; an origin no document type stands for, as stored. */
  originLabel(tipo: string): string {
    const d = this.byName.get(tipo)?.doc;
    return d ? (d.ledgerLabel ?? d.singular) : tipo;
  }

  get(name: string): DocumentDef {
    const d = this.byName.get(name);
    if (!d) throw new Error(`documento '${name}' não existe`);
    return d;
  }
}

export { toColumn, kindOf };
