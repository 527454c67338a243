import type { PropertySchema } from '../../../generated/schema-types.ts';

/** The shape of a schemas/documents/*.json document (validated by schemas/meta/document.schema.json). */
export interface DocumentPropertySchema extends PropertySchema {
  resource?: string;
  positive?: boolean;
  nonNegative?: boolean;
}

export interface ObjectSchema {
  type: 'object';
  title?: string;
  required?: string[];
  properties: Record<string, DocumentPropertySchema>;
}

export interface DocumentState {
  key: string;
  label: string;
  color?: string;
  editable?: boolean;
}

export interface DocumentTransition {
  name: string;
  label: string;
  from: string[];
  to: string;
  level: 'view' | 'change' | 'full';
  posting?: string;
  confirm?: string;
  danger?: boolean;
}

export interface DocumentDoc {
  name: string;
  endpoint: string;
  title: string;
  singular: string;
  genero?: 'm' | 'f';
  permission: string;
  module?: string;
  route: string;
  service: string;
  numbering?: { scope?: 'branch' };
  header: ObjectSchema;
  items: ObjectSchema & { minItems?: number; maxItems?: number };
  states: DocumentState[];
  initial: string;
  transitions: DocumentTransition[];
  list: { columns: { field: string; title?: string; width?: number }[]; order?: string };
  form: { rows: string[][] };
  itemColumns: { field: string; title?: string; width?: number }[];
}

/** Fields every document carries on read besides its header (the list can filter and sort on them). */
export const DOCUMENT_SYSTEM_FIELDS: Record<string, PropertySchema> = {
  id: { type: 'integer', title: 'Código' },
  numero: { type: 'integer', title: 'Número' },
  estado: { type: 'string', title: 'Situação' },
  filialId: { type: 'integer', title: 'Filial' },
  usuarioId: { type: ['integer', 'null'], title: 'Usuário' },
  createdAt: { type: 'string', title: 'Criado em', format: 'date-time' },
  updatedAt: { type: 'string', title: 'Alterado em', format: 'date-time' },
};
