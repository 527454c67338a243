import type { ResourceDoc } from '../../../../generated/schema-types.ts';

/** What widgets may know of the whole form: its data, and a way to fill sibling fields (CEP -> UF, município). */
export interface SchemaFormContext {
  doc: ResourceDoc;
  formData: Record<string, unknown>;
  setFields: (patch: Record<string, unknown>) => void;
}

export function formContextOf(registry: { formContext?: unknown } | undefined): SchemaFormContext | undefined {
  return registry?.formContext as SchemaFormContext | undefined;
}
