import { trimStrings } from '../../shared/trim.ts';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { evaluateRules } from '../../shared/rules.ts';
import { baseType } from '../catalog/registry.ts';
import type { ResourceDoc } from '../../../generated/schema-types.ts';
import { fieldKind, FIELD_TYPES, type FieldType } from '../../shared/field-types.ts';

export interface FieldSwitchSets {
  hidden: Set<string>;
  required: Set<string>;
}

export interface FormShape {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  hidden: Set<string>;
  readOnly: Set<string>;
  required: Set<string>;
}

/** Fields a person never types: read-only ones and the hierarchy chain. */
export const isFormField = (doc: ResourceDoc, name: string) => !doc.schema.properties[name]?.readOnly && name !== doc.hierarchy?.as;

/**
 * The RJSF schema and uiSchema of a document for the data being edited: the document's rules (hide,
 * require, read-only) and the brand's switches applied; lookups keep their values checked by the server.
 */
export function buildFormShape(doc: ResourceDoc, data: Record<string, unknown>, brand: FieldSwitchSets = { hidden: new Set(), required: new Set() }): FormShape {
  const outcome = evaluateRules(doc.rules, data);
  const hidden = new Set([...outcome.hidden, ...brand.hidden]);
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const [name, p] of Object.entries(doc.schema.properties)) {
    if (!isFormField(doc, name) || hidden.has(name)) continue;
    const { lookup, relation, widget, ...json } = p;
    properties[name] = { ...json, ...(lookup ? { lookup } : {}), ...(relation ? { relation } : {}) } as RJSFSchema;
    const kind = fieldKind(p);
    const ui: Record<string, unknown> = {};
    const w = (FIELD_TYPES[kind] as FieldType).widget ?? (widget && widget !== kind ? widget : undefined);
    // RJSF's ObjectField ignores ui:widget: an object's widget is its ui:field (widgets/object-fields.tsx).
    if (w) ui[baseType(p) === 'object' ? 'ui:field' : 'ui:widget'] = w;
    if (outcome.readOnly.has(name)) ui['ui:readonly'] = true;
    if (Object.keys(ui).length) uiSchema[name] = ui;
  }
  const required = new Set([...(doc.schema.required ?? []), ...outcome.required, ...brand.required].filter((r) => properties[r]));
  // allOf: the document's conditional rules (if/then), e.g. the sizes each bank accepts; the API checks the same
  const schema: RJSFSchema = { type: 'object', properties, required: [...required], ...(doc.schema.allOf ? { allOf: doc.schema.allOf as RJSFSchema[] } : {}) };
  return { schema, uiSchema, hidden, readOnly: outcome.readOnly, required };
}

/**
 * What goes to the API: the document's writable fields. Empty and hidden ones are left out: a PUT turns a
 * missing field into its column default (empty), and the server empties hidden fields itself.
 */
export function payloadOf(doc: ResourceDoc, data: Record<string, unknown>, hidden: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(doc.schema.properties)) {
    if (!isFormField(doc, name) || hidden.has(name)) continue;
    const v = data[name];
    if (v !== undefined && v !== null && v !== '') out[name] = v;
  }
  return trimStrings(out);
}

/** A record opened for copying: no id, no system dates, and unique fields emptied so the copy can be saved. */
export function copyOf(doc: ResourceDoc, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const unique = new Set((doc.unique ?? []).flat());
  for (const name of Object.keys(doc.schema.properties)) {
    if (!isFormField(doc, name) || unique.has(name)) continue;
    if (row[name] !== undefined) out[name] = row[name];
  }
  return out;
}
