import { useState } from 'react';
import { escapeLike } from '../../shared/filter.ts';
import { api } from '../api/client.ts';
import { showError } from '../dialogs/dialogs.tsx';
import { displayField } from '../catalog/registry.ts';
import type { ResourceDoc } from '../../../generated/schema-types.ts';

export interface RelatedOption {
  value: number;
  label: string;
}

/** How many related records a search offers at once. */
export const RELATED_LIMIT = 20;

/** Records of another resource whose search fields contain the text (all when it is empty), named by its display field. */
export async function searchRelated(target: ResourceDoc, text: string, fixed?: Record<string, unknown>): Promise<RelatedOption[]> {
  const display = displayField(target);
  const fields = (target.search ?? [display]).filter((f) => f !== target.hierarchy?.as);
  const t = text.trim();
  const typed = t ? { or: fields.map((f) => ({ [f]: { ilike: `%${escapeLike(t)}%` } })) } : undefined;
  const where = fixed && typed ? { and: [fixed, typed] } : (fixed ?? typed);
  const r = await api.get<Record<string, unknown>[]>(target.endpoint, { params: { filter: { where, limit: RELATED_LIMIT, order: target.list.order, fields: ['id', display] } } });
  return r.data.map((row) => ({ value: row.id as number, label: String(row[display] ?? row.id) }));
}

type Find = (target: ResourceDoc, text: string) => Promise<RelatedOption[]>;

/**
 * The options of a relation select and the search that fills them: searchRelated within `fixed` (a relation's
 * own where), or the given search; a failed search shows the error dialog.
 */
export function useRelatedSearch(target: ResourceDoc | undefined, narrow?: Record<string, unknown> | Find) {
  const find: Find = typeof narrow === 'function' ? narrow : (t, text) => searchRelated(t, text, narrow);
  const [options, setOptions] = useState<RelatedOption[]>([]);
  const [loading, setLoading] = useState(false);
  const search = async (text: string) => {
    if (!target) return;
    setLoading(true);
    try {
      setOptions(await find(target, text));
    } catch (err) {
      showError(err);
    } finally {
      setLoading(false);
    }
  };
  return { options, loading, search };
}
