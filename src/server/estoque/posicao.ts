import type { TenantScope } from '../db/db.ts';
import type { Queryable } from '../db/db.ts';

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
        -- the same bound on the products' side: the join then starts there instead of at the first product
        AND ($4::integer IS NULL OR p.id >= $4::integer)
      GROUP BY s.produto_id, s.deposito_id, p.codigo, p.descricao, d.descricao
      ORDER BY s.produto_id, s.deposito_id
      LIMIT $6`,
    [scope.tenantId, scope.branchId, opts.depositoId ?? null, opts.depoisDe?.[0] ?? null, opts.depoisDe?.[1] ?? null, opts.limit],
  );
  return r.rows;
}
