import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import type { ReportColumn } from './columns.ts';

/**
 * Reports that are not a resource's grid (fluxo de caixa, DRE, …): a module registers how to compute the rows
 * and which columns they have; the worker runs them like any export (queue, file storage, realtime event).
 */
export interface ReportSource {
  columns(params: Record<string, unknown>): ReportColumn[];
  rows(q: Queryable, ctx: RequestContext, params: Record<string, unknown>): Promise<Record<string, unknown>[]>;
}

export const reportSources = new Map<string, ReportSource>();
