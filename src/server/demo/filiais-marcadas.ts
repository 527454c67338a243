import type { Db } from '../db/db.ts';

/**
 * The branches whose demo start-up step still waits: the mark `marca` of `tabela` set (one account when tenantId is
 * given), in account and branch order. Each step takes the mark off under the row's lock before it works, so several
 * servers starting together do the work once.
 */
export async function filiaisMarcadas(db: Db, tabela: 'configuracoes_nfe' | 'dfe_controle', marca: 'certificado_demo' | 'nfse_demo' | 'demo_pendente', tenantId?: number): Promise<{ tenantId: number; filialId: number }[]> {
  const r = await db.query<{ tenant_id: number; filial_id: number }>(`SELECT tenant_id, filial_id FROM ${tabela} WHERE ${marca} ${tenantId ? 'AND tenant_id = $1' : ''} ORDER BY tenant_id, filial_id`, tenantId ? [tenantId] : []);
  return r.rows.map((f) => ({ tenantId: Number(f.tenant_id), filialId: Number(f.filial_id) }));
}
