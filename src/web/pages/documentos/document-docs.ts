import type { DocumentDoc } from '../../../../generated/schema-types.ts';
import type { ResourceDoc } from '../../../../generated/schema-types.ts';

export type { DocumentDoc };

// Every business document type is bundled: the routes are derived from them.
const FILES = import.meta.glob<DocumentDoc>('../../../../schemas/documents/*.json', { eager: true, import: 'default' });
export const DOCUMENTS: DocumentDoc[] = Object.values(FILES);

/** Where the form reads the options of a header field with `choices` (served by src/server/documents/routes.ts). */
export const choicesEndpoint = (doc: DocumentDoc, field: string) => `${doc.endpoint}/opcoes/${field}`;

/**
 * The header of a document as a resource document, so the existing RJSF renderer draws it: fields that name
 * a resource become relations (the relation search widget), laid out by the document's form rows.
 */
export function headerAsResource(doc: DocumentDoc): ResourceDoc {
  const relations: NonNullable<ResourceDoc['relations']> = {};
  const properties: ResourceDoc['schema']['properties'] = {};
  for (const [name, p] of Object.entries(doc.header.properties)) {
    // A field kept for the API's older callers only: another field stands for it on screen.
    if (p.apiOnly) continue;
    const { resource, positive: _p, nonNegative: _n, apiOnly: _a, choices, ...rest } = p;
    // A field with `choices` reads its options through the document's API (its view permission), not the resource's.
    if (resource) relations[name] = { type: 'belongsTo', resource, foreignKey: name, ...(choices ? { endpoint: choicesEndpoint(doc, name) } : {}) };
    properties[name] = { ...rest, ...(resource ? { relation: name } : {}) };
  }
  return {
    name: doc.name,
    endpoint: doc.endpoint,
    table: 'documentos',
    title: doc.title,
    singular: doc.singular,
    genero: doc.genero,
    permission: doc.permission,
    route: doc.route,
    relations,
    schema: { type: 'object', required: doc.header.required, properties },
    list: { columns: [] },
    form: { sections: [{ title: 'Dados gerais', rows: doc.form.rows }] },
  };
}

export const stateOf = (doc: DocumentDoc, key: unknown) => doc.states.find((s) => s.key === key);
