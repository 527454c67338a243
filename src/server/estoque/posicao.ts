import type ExcelJSModule from 'exceljs';
import { lazyRequire } from '../lazy-require.ts';
import type { TenantScope } from '../db/db.ts';
import type { Db, Queryable } from '../db/db.ts';

const excelJs = lazyRequire<typeof ExcelJSModule>('exceljs');

export interface LinhaPosicao {
  produtoId: number;
  codigo: string | null;
  descricao: string;
  depositoId: number;
  deposito: string;
  quantidade: string;
  custoMedio: string | null;
  valor: string;
}

/**
 * Posição de estoque: per product × depósito of the branch, the balance (lotes and variações summed), the
 * average cost and the value at cost. Ordered by product id then depósito, read in keyset pages, so the
 * first page and every later one walk the balance key's index instead of aggregating the whole branch.
 */
export async function posicaoPagina(q: Queryable, scope: TenantScope, opts: { depositoId?: number | null; depoisDe?: [number, number] | null; limit: number }): Promise<LinhaPosicao[]> {
  const r = await q.query<LinhaPosicao>(
    `SELECT s.produto_id AS "produtoId", p.codigo, p.descricao, s.deposito_id AS "depositoId", d.descricao AS deposito,
            sum(s.quantidade) AS quantidade,
            CASE WHEN sum(s.quantidade) > 0 THEN round(sum(s.quantidade * coalesce(s.custo_medio, 0)) / sum(s.quantidade), 4) END AS "custoMedio",
            round(sum(s.quantidade * coalesce(s.custo_medio, 0)), 2) AS valor
       FROM saldos_estoque s
       JOIN produtos p ON p.tenant_id = s.tenant_id AND p.id = s.produto_id
       JOIN depositos d ON d.tenant_id = s.tenant_id AND d.id = s.deposito_id
      WHERE s.tenant_id = $1 AND s.filial_id = $2 AND ($3::integer IS NULL OR s.deposito_id = $3)
        AND ($4::integer IS NULL OR (s.produto_id, s.deposito_id) > ($4::integer, $5::integer))
      GROUP BY s.produto_id, s.deposito_id, p.codigo, p.descricao, d.descricao
      ORDER BY s.produto_id, s.deposito_id
      LIMIT $6`,
    [scope.tenantId, scope.branchId, opts.depositoId ?? null, opts.depoisDe?.[0] ?? null, opts.depoisDe?.[1] ?? null, opts.limit],
  );
  return r.rows;
}

/** The whole posição to an XLSX stream, page by page (each page its own short transaction). */
export async function posicaoXlsx(db: Db, scope: TenantScope, out: NodeJS.WritableStream, depositoId?: number | null): Promise<number> {
  const wb = new (excelJs().stream.xlsx.WorkbookWriter)({ stream: out as any, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('Posição de estoque');
  ws.columns = [
    { header: 'Código', key: 'codigo', width: 14 },
    { header: 'Produto', key: 'descricao', width: 48 },
    { header: 'Depósito', key: 'deposito', width: 24 },
    { header: 'Quantidade', key: 'quantidade', width: 14, style: { numFmt: '#,##0.####' } },
    { header: 'Custo médio', key: 'custoMedio', width: 14, style: { numFmt: '"R$" #,##0.00' } },
    { header: 'Valor em estoque', key: 'valor', width: 18, style: { numFmt: '"R$" #,##0.00' } },
  ];
  let after: [number, number] | null = null;
  let n = 0;
  for (;;) {
    const page = await db.tenant(scope, (q) => posicaoPagina(q, scope, { depositoId, depoisDe: after, limit: 5000 }));
    for (const l of page) {
      // exceljs needs numbers for numeric cells; a quantity (4 decimals) and money fit a double exactly enough to show.
      ws.addRow({ codigo: l.codigo, descricao: l.descricao, deposito: l.deposito, quantidade: Number(l.quantidade), custoMedio: l.custoMedio === null ? null : Number(l.custoMedio), valor: Number(l.valor) }).commit();
    }
    n += page.length;
    if (page.length < 5000) break;
    const last = page[page.length - 1];
    after = [last.produtoId, last.depositoId];
  }
  ws.commit();
  await wb.commit();
  return n;
}
