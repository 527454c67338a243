import type { ColumnType } from 'antd/es/table';
import { camposOcultosDoUsuario } from '../api/session.ts';
import { gruposDasColunas } from '../../shared/leitura-restrita.ts';
import type { ReportDoc } from '../../../generated/schema-types.ts';
import { lookupItems } from '../catalog/registry.ts';
import { coluna } from '../ui/colunas.ts';

// The report documents (schemas/reports): the server exports the same columns to XLSX/PDF.
const FILES = import.meta.glob<ReportDoc>('../../../schemas/reports/*.json', { eager: true, import: 'default' });
const BY_NAME = new Map(Object.values(FILES).map((d) => [d.name, d]));

export function reportDoc(name: string): ReportDoc {
  const d = BY_NAME.get(name);
  if (!d) throw new Error(`Relatório ${name}: falta o documento schemas/reports/${name}.json.`);
  return d;
}

/** The report's columns as an antd Table draws them, formatted as the exported files (src/shared/report-format.ts). */
export function colunasDoRelatorio<T extends Record<string, unknown>>(name: string): ColumnType<T>[] {
  // A column with a readPermission the user does not pass (cost, margin) is not shown: the API leaves it out.
  const ocultos = camposOcultosDoUsuario(gruposDasColunas(reportDoc(name).columns));
  return reportDoc(name).columns.filter((c) => !ocultos.has(c.field)).map((c) => {
    const labels = c.lookup ? new Map((lookupItems(c.lookup) ?? []).map((i) => [String(i.value), i.label])) : undefined;
    return coluna<T>(c.kind, c.field, c.title, labels);
  });
}
