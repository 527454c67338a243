import type { ResourceDoc } from '../../../generated/schema-types.ts';

export type FormMode = 'cadastrar' | 'editar' | 'copiar';

/** SPEC 2.9 paths of a resource: its list, /cadastrar, /editar/:id and, where the document allows, /copiar/:id. */
export function resourcePaths(doc: Pick<ResourceDoc, 'route' | 'readOnly' | 'copy'>): { list: string; form: { mode: FormMode; path: string }[] } {
  const base = `/${doc.route}`;
  const form: { mode: FormMode; path: string }[] = [
    { mode: 'cadastrar', path: `${base}/cadastrar` },
    { mode: 'editar', path: `${base}/editar/:id` },
  ];
  if (doc.readOnly) return { list: base, form: [] };
  if (doc.copy) form.push({ mode: 'copiar', path: `${base}/copiar/:id` });
  return { list: base, form };
}

export const listPath = (doc: ResourceDoc) => `/${doc.route}`;
export const createPath = (doc: ResourceDoc) => `/${doc.route}/cadastrar`;
export const editPath = (doc: ResourceDoc, id: number | string) => `/${doc.route}/editar/${id}`;
export const copyPath = (doc: ResourceDoc, id: number | string) => `/${doc.route}/copiar/${id}`;
