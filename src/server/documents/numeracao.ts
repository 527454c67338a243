import type { Queryable } from '../db/db.ts';

/**
 * The next number of a branch's sequence (`sequencias_filial`), taken under the row's lock inside the caller's
 * transaction: no gap (a rolled-back caller gives its number back), no repeat, whatever runs at the same time.
 * One table for every numbered thing of a branch — fiscal series (nfe, nfce), orders and every business
 * document type (by its name) — so the administrator's sequencia-filial screen moves any of them forward.
 */
export async function proximoNumero(q: Queryable, tenantId: number, filialId: number, tipo: string, serie = 1): Promise<number> {
  const r = await q.query<{ n: string }>(
    `INSERT INTO sequencias_filial (tenant_id, filial_id, tipo, serie, ultimo_numero) VALUES ($1, $2, $3, $4, 1)
     ON CONFLICT (tenant_id, filial_id, tipo, serie) DO UPDATE SET ultimo_numero = sequencias_filial.ultimo_numero + 1, updated_at = now()
     RETURNING ultimo_numero::text AS n`,
    [tenantId, filialId, tipo, serie],
  );
  return Number(r.rows[0].n);
}
