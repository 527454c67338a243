import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import type { ReportColumn } from './columns.ts';

type Row = Record<string, unknown>;

/**
 * A report that is not a resource grid (an aggregate, a join over a ledger, a computed statement such as the
 * fluxo de caixa), exported through the same queue
 * as the grids: POST /api/Relatorios/exportar with `recurso` = the source's name and the report's parameters
 * in `filter.where`. The module that owns the data owns its source (its SQL and its columns); the pipeline
 * (queue, chunks in short transactions, XLSX/PDF, file storage, realtime event) is the one of every export.
 */
export interface ReportSource {
  /** What clients pass as `recurso` (PascalCase, like a resource endpoint). */
  name: string;
  title: string;
  /** Whether the user may run it; `negado` is the 403 message otherwise. */
  allowed(ctx: RequestContext): boolean;
  negado: string;
  /** The report's parameters, checked when queued (a 400 names the bad one) and again when run. */
  parametros(where: unknown): Row;
  columns(services: AppServices, parametros: Row): ReportColumn[];
  /** The columns this user may not read (readPermission of the report document's columns, issue 41). */
  ocultos?(ctx: RequestContext): Set<string>;
  /** One chunk of rows after the previous chunk's `after` (null first), in its own short transaction. */
  chunk(q: Queryable, ctx: RequestContext, parametros: Row, after: unknown, limit: number, services: AppServices): Promise<{ rows: Row[]; after: unknown }>;
  /**
   * A file that is not a table (the XML of a period as a ZIP, a fiscal text file): the formats it is offered in
   * (instead of pdf/xlsx) and how it is written into the scratch file. `progresso` tells the user's socket how far
   * the job is and renews the job's sign of life; it throws when another process took the job over. Answers the
   * count shown as the report's `linhas`.
   */
  arquivo?: {
    tipos: readonly TipoArquivo[];
    escrever(file: string, ctx: RequestContext, parametros: Row, services: AppServices, progresso: (feitos: number, total: number) => Promise<void>): Promise<number>;
  };
}

/** Formats of a report's file: the grids' pdf/xlsx, and the files of a module's own source. */
export type TipoArquivo = 'pdf' | 'xlsx' | 'zip' | 'txt';

const SOURCES = new Map<string, ReportSource>();

/** A module registers its reports with its routes (estoque, financeiro): the pipeline names no module. */
export function registerReportSources(sources: ReportSource[]): void {
  for (const s of sources) SOURCES.set(s.name, s);
}

export const reportSource = (name: unknown): ReportSource | undefined => (typeof name === 'string' ? SOURCES.get(name) : undefined);
