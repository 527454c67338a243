import useSWR, { type SWRConfiguration } from 'swr';
import type { Filter, Where } from '../../shared/filter.ts';
import { api } from './client.ts';
import { viaEarly } from './early.ts';
import { keyOf, pathWith } from './params.ts';

type Row = Record<string, unknown>;


export const listKey = (endpoint: string, filter: Filter) => keyOf('list', endpoint, filter);
export const countKey = (endpoint: string, where: Where | undefined) => keyOf('count', endpoint, where ?? {});
/** A list page and its count: the paths a cold start may already have asked for (api/early.ts). */
export const listPath = (endpoint: string, filter: Filter) => pathWith(endpoint, { filter });
export const countPath = (endpoint: string, where: Where | undefined) => pathWith(`${endpoint}/count`, { where: where ?? {} });
const fetchList = <T>(endpoint: string, filter: Filter) => viaEarly(listPath(endpoint, filter), async () => (await api.get<T[]>(endpoint, { params: { filter } })).data);
const askCount = async (endpoint: string, where: Where | undefined) => (await api.get<{ count: number }>(`${endpoint}/count`, { params: { where: where ?? {} } })).data;
const fetchCount = async (endpoint: string, where: Where | undefined) => (await viaEarly(countPath(endpoint, where), () => askCount(endpoint, where))).count;

export function useList<T = Row>(endpoint: string | null, filter: Filter, config?: SWRConfiguration) {
  return useSWR<T[]>(endpoint ? listKey(endpoint, filter) : null, () => fetchList<T>(endpoint!, filter), config);
}

export function useCount(endpoint: string | null, where: Where | undefined, config?: SWRConfiguration) {
  return useSWR<number>(endpoint ? countKey(endpoint, where) : null, () => fetchCount(endpoint!, where), config);
}

export function useRecord<T = Row>(endpoint: string, id: string | number | undefined | null, config?: SWRConfiguration) {
  return useSWR<T>(id ? keyOf('record', endpoint, id) : null, async () => (await api.get<T>(`${endpoint}/${id}`)).data, { revalidateOnMount: true, ...config });
}
