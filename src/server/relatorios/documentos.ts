import type { ReportDoc } from '../../../generated/schema-types.ts';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import { loadLookups, readDocuments } from '../catalog/documents.ts';
import { column, type ReportColumn } from './columns.ts';
import type { ReportSource } from './sources.ts';
import { podeLer } from '../resources/leitura-restrita.ts';
import { camposOcultos, gruposDasColunas } from '../../shared/leitura-restrita.ts';

type Row = Record<string, unknown>;

let docs: Map<string, ReportDoc> | undefined;
/** The report documents (schemas/reports): name, title, who may run it, the columns. */
export function reportDocs(): Map<string, ReportDoc> {
  docs ??= new Map(readDocuments<ReportDoc>('reports').map((d) => [d.doc.name, d.doc]));
  return docs;
}

/**
 * A module's report from its document: the title, the permissions, the 403 message and the columns come from
 * schemas/reports/<name>.json (the screen reads the same file); the module gives what only it knows: how the
 * parameters are read, the rows (its SQL), and a display text for a column whose value needs the server
 * (`texto`, e.g. a document reference named by the documents registry).
 */
export function fonteDoDocumento(
  name: string,
  impl: Pick<ReportSource, 'parametros' | 'chunk'> & { texto?: (services: AppServices) => Record<string, (v: unknown) => string> },
): ReportSource {
  const doc = reportDocs().get(name);
  if (!doc) throw new Error(`Relatório ${name}: falta o documento schemas/reports/${name}.json.`);
  return {
    name,
    title: doc.title,
    allowed: (ctx) => doc.permissions.some((p) => serverAllows(ctx, p.key, p.level)),
    negado: doc.negado,
    ocultos: (ctx) => camposOcultos(gruposDasColunas(doc.columns), podeLer(ctx)),
    parametros: impl.parametros,
    columns: (services) => {
      const texto = impl.texto?.(services) ?? {};
      return doc.columns.map((c): ReportColumn => {
        const labels = c.lookup ? new Map(loadLookups().get(c.lookup)?.items.map((i) => [String(i.value), i.label])) : undefined;
        const col = column(c.field, c.title, c.kind, c.weight ?? 1, labels);
        const t = texto[c.field];
        return t ? { ...col, text: t, cell: (v) => t(v) || null } : col;
      });
    },
    chunk: impl.chunk,
  };
}

/** A report computed in one statement (an aggregate over a period): its rows handed over as a single chunk. */
export function fonteDeUmaVez(name: string, parametros: (where: unknown) => Row, dados: (...a: Parameters<ReportSource['chunk']>) => Promise<Row[]>): ReportSource {
  return fonteDoDocumento(name, {
    parametros,
    async chunk(q, ctx, p, after, limit, services) {
      if (after) return { rows: [], after };
      return { rows: await dados(q, ctx, p, after, limit, services), after: true };
    },
  });
}
