/**
 * Field-level read permission (issue 41): a resource document's readPermissions, and a report document's columns
 * with a readPermission, name the sensitive fields (cost, margin, stock value) and the key that reads them. One
 * rule for the server and the screens: the fields whose key the user does not pass are hidden.
 */
export interface LeituraRestrita {
  key: string;
  fields: string[];
}

/** The fields hidden from a user: those of every group whose key `pode` refuses. */
export function camposOcultos(grupos: readonly LeituraRestrita[] | undefined, pode: (key: string) => boolean): Set<string> {
  const fora = new Set<string>();
  for (const g of grupos ?? []) if (!pode(g.key)) for (const f of g.fields) fora.add(f);
  return fora;
}

/** A report document's columns as groups (a column with readPermission is one group of one field). */
export function gruposDasColunas(colunas: readonly { field: string; readPermission?: string }[]): LeituraRestrita[] {
  return colunas.filter((c) => c.readPermission).map((c) => ({ key: c.readPermission!, fields: [c.field] }));
}

/** A copy of the row without the hidden keys (the field is absent, not emptied). */
export function semOcultos<T extends Record<string, unknown>>(row: T, ocultos: ReadonlySet<string>): T {
  if (!ocultos.size || !row || typeof row !== 'object') return row;
  const out = {} as Record<string, unknown>;
  for (const k of Object.keys(row)) if (!ocultos.has(k)) out[k] = row[k];
  return out as T;
}
