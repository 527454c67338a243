import useSWR, { preload, type SWRConfiguration } from 'swr';
import type { Filter, Where } from '../../shared/filter.ts';
import { api, normalise } from './client.ts';

type Row = Record<string, unknown>;

/** SWR keys are the request itself, so the same filter is one cache entry. */
const keyOf = (...parts: unknown[]) => JSON.stringify(normalise(parts));

export const listKey = (endpoint: string, filter: Filter) => keyOf('list', endpoint, filter);
export const countKey = (endpoint: string, where: Where | undefined) => keyOf('count', endpoint, where ?? {});
const fetchList = async <T>(endpoint: string, filter: Filter) => (await api.get<T[]>(endpoint, { params: { filter } })).data;
const fetchCount = async (endpoint: string, where: Where | undefined) => (await api.get<{ count: number }>(`${endpoint}/count`, { params: { where: where ?? {} } })).data.count;

export function useList<T = Row>(endpoint: string | null, filter: Filter, config?: SWRConfiguration) {
  return useSWR<T[]>(endpoint ? listKey(endpoint, filter) : null, () => fetchList<T>(endpoint!, filter), config);
}

export function useCount(endpoint: string | null, where: Where | undefined, config?: SWRConfiguration) {
  return useSWR<number>(endpoint ? countKey(endpoint, where) : null, () => fetchCount(endpoint!, where), config);
}

/** Starts a list's two requests before its screen renders (the grid then finds them under the same keys). */
export function preloadList(endpoint: string, filter: Filter, where: Where | undefined): void {
  preload(listKey(endpoint, filter), () => fetchList(endpoint, filter)).catch(() => {});
  preload(countKey(endpoint, where), () => fetchCount(endpoint, where)).catch(() => {});
}

export function useRecord<T = Row>(endpoint: string, id: string | number | undefined | null, config?: SWRConfiguration) {
  return useSWR<T>(id ? keyOf('record', endpoint, id) : null, async () => (await api.get<T>(`${endpoint}/${id}`)).data, { revalidateOnMount: true, ...config });
}
