import type { PropertySchema } from '../../../generated/schema-types.ts';

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
