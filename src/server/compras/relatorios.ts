import { fonteDoDocumento } from '../relatorios/documentos.ts';
import { data, inteiro, objeto, periodo } from '../relatorios/parametros.ts';
import type { ReportSource } from '../relatorios/sources.ts';

type Row = Record<string, unknown>;

function parametros(where: unknown) {
  const w = objeto(where);
  return { ...periodo(w, data), fornecedorId: inteiro(w, 'fornecedorId', 'Fornecedor') };
}

const ENTRADAS_SQL = `FROM documentos d LEFT JOIN pessoas p ON p.tenant_id = d.tenant_id AND p.id = (d.cabecalho ->> 'fornecedorId')::integer
  WHERE d.tenant_id = $1 AND d.filial_id = $2 AND d.tipo = 'entradaNota' AND d.estado = 'efetivada'
    AND ($3::date IS NULL OR coalesce((d.cabecalho ->> 'dataEntrada')::date, (d.cabecalho ->> 'dataEmissao')::date) >= $3)
    AND ($4::date IS NULL OR coalesce((d.cabecalho ->> 'dataEntrada')::date, (d.cabecalho ->> 'dataEmissao')::date) <= $4)
    AND ($5::integer IS NULL OR (d.cabecalho ->> 'fornecedorId')::integer = $5)`;

/**
 * Entrada de nota fiscal (Relatórios > Estoque): the posted entries of the branch by period (entry date) and
 * supplier, one line per note with its values; exported to XLSX/PDF through the report queue.
 */
export const ENTRADAS_NOTA: ReportSource = fonteDoDocumento('EntradasNotaFiscal', {
  parametros,
  async chunk(q, ctx, p, after, limit) {
    const r = await q.query<Row>(
      `SELECT d.id, coalesce(d.cabecalho ->> 'dataEntrada', d.cabecalho ->> 'dataEmissao') AS "dataEntrada", d.numero::text AS numero, d.cabecalho ->> 'numeroNota' AS "numeroNota",
              p.nome AS fornecedor, d.cabecalho ->> 'chaveAcesso' AS "chaveAcesso", (d.cabecalho ->> 'valorFrete')::numeric AS "valorFrete", (d.cabecalho ->> 'valorTotal')::numeric AS "valorTotal"
         ${ENTRADAS_SQL} AND ($6::integer IS NULL OR d.id < $6)
        ORDER BY d.id DESC LIMIT $7`,
      [ctx.tenantId, ctx.branchId, p.de, p.ate, p.fornecedorId, after ?? null, limit],
    );
    return { rows: r.rows, after: r.rows.length ? r.rows[r.rows.length - 1].id : after };
  },
});

/** Compras por fornecedor: per supplier in the period, how many notes, products, freight, IPI, ST and the total. */
export const COMPRAS_POR_FORNECEDOR: ReportSource = fonteDoDocumento('ComprasPorFornecedor', {
  parametros,
  async chunk(q, ctx, p, after, limit) {
    if (after) return { rows: [], after };
    const r = await q.query<Row>(
      `SELECT p.nome AS fornecedor, p.cpf_cnpj AS "cpfCnpj", count(*)::text AS notas,
              sum(coalesce((d.cabecalho ->> 'valorFrete')::numeric, 0)) AS "valorFrete", sum((d.cabecalho ->> 'valorTotal')::numeric) AS "valorTotal"
         ${ENTRADAS_SQL}
        GROUP BY p.id, p.nome, p.cpf_cnpj ORDER BY "valorTotal" DESC, p.nome LIMIT $6`,
      [ctx.tenantId, ctx.branchId, p.de, p.ate, p.fornecedorId, Math.max(limit, 100000)],
    );
    return { rows: r.rows, after: 'fim' };
  },
});

export const COMPRAS_REPORTS: ReportSource[] = [ENTRADAS_NOTA, COMPRAS_POR_FORNECEDOR];
