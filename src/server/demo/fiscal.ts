import type { Queryable } from '../db/db.ts';
import { TipoMovimentacao } from '../../../generated/lookups.ts';

/**
 * NF-e issuing in the demo (the Matriz's issuer data come from demo/fiscal-config.ts): three naturezas de operação, the
 * NF-e settings in homologação (the local SEFAZ) and a test certificate generated the first time a server needs it.
 */
export async function seedFiscal(q: Queryable, tenantId: number): Promise<void> {
  const matriz = (await q.query<{ id: number }>(`SELECT id FROM branches WHERE tenant_id = $1 AND apelido = 'Matriz'`, [tenantId])).rows[0].id;
  // The Matriz's issuer data (IE, address) come from the fiscal settings' demo (demo/fiscal-config.ts), seeded before.
  const natureza = async (d: string, tipo: number, finalidade: number, est: string, inter: string, ext: string | null, mov: boolean, tipoMov: number | null, fin: boolean, cf: boolean, pres: number) =>
    Number(
      (
        await q.query<{ id: number }>(
          `INSERT INTO naturezas_operacao (tenant_id, descricao, tipo, finalidade, cfop_estadual, cfop_interestadual, cfop_exterior, movimenta_estoque, tipo_movimentacao, gera_financeiro, consumidor_final, indicador_presenca)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
          [tenantId, d, tipo, finalidade, est, inter, ext, mov, tipoMov, fin, cf, pres],
        )
      ).rows[0].id,
    );
  const venda = await natureza('Venda de mercadoria', 1, 1, '5102', '6102', '7102', true, TipoMovimentacao.VENDA, true, true, 1);
  await natureza('Devolução de compra', 1, 4, '5202', '6202', null, true, TipoMovimentacao.DEVOLUCAO_FORNECEDOR, false, false, 0);
  await natureza('Remessa para conserto', 1, 1, '5915', '6915', null, false, null, false, false, 0);
  await q.query(
    `INSERT INTO configuracoes_nfe (tenant_id, filial_id, serie_nfe, serie_nfce, ambiente, contingencia, natureza_padrao_id, email_copia, certificado_demo)
     VALUES ($1, $2, 1, 1, 2, 'svc', $3, 'fiscal@mercadinhodemo.com.br', true)`,
    [tenantId, matriz, venda],
  );
}
