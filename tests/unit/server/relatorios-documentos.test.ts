import { describe, expect, it } from 'vitest';
import type { AppServices } from '../../../src/server/app-services.ts';
import { COMPRAS_REPORTS } from '../../../src/server/compras/relatorios.ts';
import { ESTOQUE_REPORTS } from '../../../src/server/estoque/relatorios.ts';
import { PESSOAS_REPORTS } from '../../../src/server/pessoas/relatorios.ts';
import { reportDocs } from '../../../src/server/relatorios/documentos.ts';
import { VENDAS_REPORTS } from '../../../src/server/vendas/relatorios.ts';

// A report document (schemas/reports) names its module; that module registers the rows under the same name, and the
// exported columns are the document's (titles, order, kinds): one document per report, nothing written twice.
const REGISTRADOS = { vendas: VENDAS_REPORTS, compras: COMPRAS_REPORTS, estoque: ESTOQUE_REPORTS, pessoas: PESSOAS_REPORTS };
const services = { documents: { byName: new Map() } } as unknown as AppServices;

describe('relatórios: documento e fonte', () => {
  it('every report document is registered by its module, and every registered source of those modules has a document', () => {
    const docs = [...reportDocs().values()];
    expect(docs.length).toBeGreaterThanOrEqual(12);
    for (const d of docs) {
      const fontes = REGISTRADOS[d.module as keyof typeof REGISTRADOS];
      expect(fontes, `${d.name}: módulo ${d.module}`).toBeDefined();
      expect(fontes.map((f) => f.name), d.name).toContain(d.name);
    }
    for (const f of Object.values(REGISTRADOS).flat()) expect(reportDocs().has(f.name), f.name).toBe(true);
  });

  it('the exported columns are the document\'s, formatted by kind; a lookup column shows the label', () => {
    for (const f of Object.values(REGISTRADOS).flat()) {
      const d = reportDocs().get(f.name)!;
      expect(f.title).toBe(d.title);
      expect(f.negado).toBe(d.negado);
      expect(f.columns(services, {}).map((c) => [c.field, c.title, c.kind])).toEqual(d.columns.map((c) => [c.field, c.title, c.kind]));
    }
    const abc = VENDAS_REPORTS.find((f) => f.name === 'CurvaAbcProdutos')!.columns(services, {});
    expect(abc.find((c) => c.field === 'percentual')!.text('62.5')).toBe('62,50%');
    expect(abc.find((c) => c.field === 'percentual')!.cell('62.5')).toBe(62.5);
    const tipo = ESTOQUE_REPORTS.find((f) => f.name === 'MovimentacaoEstoque')!.columns(services, {}).find((c) => c.field === 'tipo')!;
    expect(tipo.text(1)).not.toBe('1');
  });
});
