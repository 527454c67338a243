import type { Queryable } from '../db/db.ts';

export interface Referencia {
  tabela: string;
  quantidade: number;
}

/**
 * Rows of other tables that still point at rows of `tabela` (its foreign keys that neither cascade nor set
 * null: documents, movements, postings). Read from the catalogue, so a module added later is covered without
 * a list to keep. `alvo` narrows to one id (a branch); without it, every row of the account counts.
 */
export async function referenciasA(q: Queryable, tabela: string, tenantId: number, alvo?: number, ignorar: string[] = []): Promise<Referencia[]> {
  const fks = (
    await q.query<{ tabela: string; coluna: string }>(
      `SELECT c.conrelid::regclass::text AS tabela, a.attname AS coluna
         FROM pg_constraint c
         JOIN LATERAL unnest(c.conkey) AS k(attnum) ON true
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
        WHERE c.contype = 'f' AND c.confrelid = $1::regclass AND c.confdeltype IN ('a', 'r') AND a.attname <> 'tenant_id' AND c.conrelid <> $1::regclass`,
      [tabela],
    )
  ).rows.filter((f) => !ignorar.includes(`${f.tabela}.${f.coluna}`));
  const out: Referencia[] = [];
  for (const f of fks) {
    // Every tenant table leads with tenant_id (ARCHITECTURE); one that does not cannot point at an account's row.
    const hasTenant = (await q.query(`SELECT 1 FROM pg_attribute WHERE attrelid = $1::regclass AND attname = 'tenant_id' AND NOT attisdropped`, [f.tabela])).rows.length > 0;
    if (!hasTenant) continue;
    const n = (
      alvo === undefined
        ? await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${f.tabela} WHERE tenant_id = $1 AND "${f.coluna}" IS NOT NULL`, [tenantId])
        : await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${f.tabela} WHERE tenant_id = $1 AND "${f.coluna}" = $2`, [tenantId, alvo])
    ).rows[0].n;
    if (n > 0) {
      const prev = out.find((r) => r.tabela === f.tabela);
      if (prev) prev.quantidade = Math.max(prev.quantidade, n);
      else out.push({ tabela: f.tabela, quantidade: n });
    }
  }
  // By table name, so the message names them in the same order on every engine (catalog order differs).
  return out.sort((a, b) => a.tabela.localeCompare(b.tabela));
}

export const descreverReferencias = (refs: Referencia[]) => refs.map((r) => `${r.tabela.replace(/^public\./, '').replace(/_/g, ' ')} (${r.quantidade})`).join(', ');
