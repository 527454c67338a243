import useSWR, { type SWRConfiguration } from 'swr';
import type { Filter, Where } from '../../shared/filter.ts';
import { api, normalise } from './client.ts';

type Row = Record<string, unknown>;

/** SWR keys are the request itself, so the same filter is one cache entry. */
const keyOf = (...parts: unknown[]) => JSON.stringify(normalise(parts));

export function useList<T = Row>(endpoint: string | null, filter: Filter, config?: SWRConfiguration) {
  return useSWR<T[]>(endpoint ? keyOf('list', endpoint, filter) : null, async () => (await api.get<T[]>(endpoint!, { params: { filter } })).data, config);
}

export function useCount(endpoint: string | null, where: Where | undefined, config?: SWRConfiguration) {
  return useSWR<number>(endpoint ? keyOf('count', endpoint, where ?? {}) : null, async () => (await api.get<{ count: number }>(`${endpoint}/count`, { params: { where: where ?? {} } })).data.count, config);
}

export function useRecord<T = Row>(endpoint: string, id: string | number | undefined | null, config?: SWRConfiguration) {
  return useSWR<T>(id ? keyOf('record', endpoint, id) : null, async () => (await api.get<T>(`${endpoint}/${id}`)).data, { revalidateOnMount: true, ...config });
}
