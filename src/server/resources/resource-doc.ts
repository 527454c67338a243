import type { FieldRule } from '../../shared/rules.ts';

/** The shape of a schemas/resources/*.json document (validated by schemas/meta/resource.schema.json). */
export interface PropertySchema {
  type?: string | string[];
  title: string;
  format?: string;
  lookup?: string;
  relation?: string;
  widget?: string;
  readOnly?: boolean;
  enum?: unknown[];
  default?: unknown;
  [k: string]: unknown;
}

export interface ResourceDoc {
  name: string;
  endpoint: string;
  table: string;
  title: string;
  singular: string;
  genero?: 'm' | 'f';
  permission: string;
  module?: string;
  route: string;
  copy?: boolean;
  /** Read-only (a history or ledger): no writes through the generic API, no form routes. */
  readOnly?: boolean;
  display?: string;
  scope?: Record<string, string | number | boolean>;
  hierarchy?: { parent: string; label: string; as: string; separator?: string };
  relations?: Record<string, { type: 'belongsTo' | 'hasMany'; resource: string; foreignKey: string }>;
  schema: { type: 'object'; title?: string; required?: string[]; properties: Record<string, PropertySchema>; allOf?: Record<string, unknown>[] };
  search?: string[];
  list: { columns: { field: string; title?: string; width?: number; filter?: boolean; sort?: boolean }[]; order?: string };
  form: { sections: { title: string; tab?: string; rows: string[][] }[] };
  rules?: FieldRule[];
  brandFields?: { hideable?: string[]; requirable?: string[] };
  unique?: string[][];
}
