import { TipoMovimentacao } from '../../../generated/lookups.ts';
import type { AppServices } from '../app-services.ts';
import type { Queryable } from '../db/db.ts';
import type { DadosNotaFiscal } from '../../shared/fiscal/nota-fiscal.ts';
import { salvarRascunho, transmitirNotaFiscal } from '../fiscal/index.ts';

/**
 * Own import in the demo (NF-e de entrada, pages/nfe/entrada): the natureza "Importação de mercadoria" (CFOP
 * 1102/2102/3102, stock entry as COMPRA), the perfil tributário "Importados" with its rules for the Simples issuer
 * (ICMS on the import outside the Simples: CSOSN 900 at 18% "por dentro"; IPI on customs value + II at the TIPI's 0% for
 * olive oil, NCM 1509.20.00; PIS 2,10% and COFINS 9,65% importação), a foreign supplier from Spain, an imported olive oil, and one note with two DIs (one
 * maritime, with AFRMM) saved as a draft that the server transmits to the local SEFAZ on its first start.
 */
export async function seedImportacao(q: Queryable, tenantId: number): Promise<void> {
  const um = async (sql: string, p: unknown[]) => Number((await q.query<{ id: number }>(sql, p)).rows[0].id);
  const natureza = await um(
    `INSERT INTO naturezas_operacao (tenant_id, descricao, tipo, finalidade, cfop_estadual, cfop_interestadual, cfop_exterior, movimenta_estoque, tipo_movimentacao, gera_financeiro, consumidor_final, indicador_presenca)
     VALUES ($1, 'Importação de mercadoria', 0, 1, '1102', '2102', '3102', true, $2, false, false, 0) RETURNING id`,
    [tenantId, TipoMovimentacao.COMPRA],
  );
  const perfil = await um(`INSERT INTO perfis_tributarios (tenant_id, nome, descricao) VALUES ($1, 'Importados', 'Mercadorias de importação própria: ICMS, IPI, PIS e COFINS da importação.') RETURNING id`, [tenantId]);
  await q.query(
    `INSERT INTO tributacoes_estaduais (tenant_id, perfil_tributario_id, uf_origem, uf_destino, vigencia_inicio, csosn, cst_icms, aliquota_icms, observacao)
     VALUES ($1, $2, 'SP', 'EX', '2024-01-01', '900', '00', '18', 'Importação: ICMS devido no desembaraço, fora do Simples Nacional, base por dentro')`,
    [tenantId, perfil],
  );
  // resold in SP like the other goods of the Simples issuer
  await q.query(
    `INSERT INTO tributacoes_estaduais (tenant_id, perfil_tributario_id, uf_origem, uf_destino, vigencia_inicio, csosn, observacao) VALUES ($1, $2, 'SP', 'SP', '2024-01-01', '102', 'Revenda dentro de SP')`,
    [tenantId, perfil],
  );
  await q.query(
    `INSERT INTO tributacoes_federais (tenant_id, perfil_tributario_id, vigencia_inicio, cst_ipi, aliquota_ipi, enquadramento_ipi, cst_pis, aliquota_pis, cst_cofins, aliquota_cofins, observacao)
     VALUES ($1, $2, '2024-01-01', '49', '0', '999', '98', '2.10', '98', '9.65', 'IPI (TIPI 0% para o azeite), PIS e COFINS na importação')`,
    [tenantId, perfil],
  );
  const un = (await q.query<{ id: number }>(`SELECT id FROM unidades WHERE tenant_id = $1 AND sigla = 'UN'`, [tenantId])).rows[0]?.id ?? null;
  const categoria = (await q.query<{ id: number }>(`SELECT id FROM categorias_produto WHERE tenant_id = $1 AND descricao = 'Mercearia' ORDER BY id LIMIT 1`, [tenantId])).rows[0]?.id ?? null;
  const produto = await um(
    `INSERT INTO produtos (tenant_id, codigo, descricao, tipo_produto, unidade_id, categoria_id, ncm, origem, preco_custo, margem_lucro, preco_venda, estoque_minimo, perfil_tributario_id)
     VALUES ($1, 'IMP001', 'Azeite de oliva extra virgem 500 ml (importado)', 0, $2, $4, '15092000', 1, '32.00', '37.5', '51.20', 0, $3) RETURNING id`,
    [tenantId, un, perfil, categoria],
  );
  const fornecedor = await um(
    `INSERT INTO pessoas (tenant_id, tipo, nome, email, logradouro, numero, bairro, ativo) VALUES ($1, 1, 'Olivares del Sur S.L.', 'export@olivaresdelsur.es', 'Calle Mayor', '12', 'Jaén', true) RETURNING id`,
    [tenantId],
  );
  const admin = (await q.query<{ id: number; filial: number }>(`SELECT u.id, b.id AS filial FROM users u JOIN branches b ON b.tenant_id = u.tenant_id AND b.apelido = 'Matriz' WHERE u.tenant_id = $1 AND u.email = 'admin@demo.com.br'`, [tenantId])).rows[0];
  const nota = await salvarRascunho(q, { tenantId, userId: Number(admin.id), branchId: Number(admin.filial) }, notaImportacaoDemo(natureza, fornecedor, produto, new Date()));
  await q.query(`UPDATE notas_fiscais SET demo_transmitir = true WHERE tenant_id = $1 AND id = $2`, [tenantId, nota.id]);
}

/** The demo's import: 120 bottles in two DIs (maritime with AFRMM, then air), II 9%, despesas aduaneiras and IOF. */
export function notaImportacaoDemo(naturezaId: number, fornecedorId: number, produtoId: number, hoje: Date): DadosNotaFiscal {
  const dia = (d: number) => new Date(hoje.getTime() - d * 86_400_000).toISOString().slice(0, 10);
  return {
    naturezaId,
    clienteId: fornecedorId,
    finalidade: 1,
    importacao: { idEstrangeiro: 'ESB23456789', codigoPais: '2453' },
    itens: [
      {
        produtoId,
        quantidade: '120',
        valorUnitario: '18.50',
        importacao: {
          declaracoes: [
            { numero: '2612345678', data: dia(6), localDesembaraco: 'Porto de Santos', ufDesembaraco: 'SP', dataDesembaraco: dia(3), viaTransporte: 1, valorAFRMM: '55.50', intermediacao: 1, codigoExportador: 'OLIVSUR', adicoes: [{ numero: '1', sequencial: '1', codigoFabricante: 'OLIVSUR' }] },
            { numero: '2612345999', data: dia(5), localDesembaraco: 'Aeroporto de Viracopos', ufDesembaraco: 'SP', dataDesembaraco: dia(2), viaTransporte: 4, intermediacao: 1, codigoExportador: 'OLIVSUR', adicoes: [{ numero: '1', sequencial: '2', codigoFabricante: 'OLIVSUR' }] },
          ],
          valorII: '199.80',
          valorDespesasAduaneiras: '209.73',
          valorIof: '8.88',
        },
      },
    ],
    transporte: { modalidade: 9 },
    pagamentos: [{ tPag: '90', valor: '0' }],
    informacoesAdicionais: 'Importação própria: DI 2612345678 (Porto de Santos) e DI 2612345999 (Viracopos).',
  };
}

/**
 * Transmits the demo's own-import draft on a server's first start (test servers call it themselves). A note already
 * authorised by another server is refused by the issuing service's row lock and status check; a rejection stays on
 * the note (Notas processadas shows it) and the mark comes off either way, so it is tried once.
 */
export async function garantirImportacaoDemo(services: Pick<AppServices, 'db' | 'storage' | 'realtime'>, tenantId?: number): Promise<number[]> {
  const pend = await services.db.query<{ tenant_id: number; filial_id: number; id: number; usuario_id: number }>(
    `SELECT tenant_id, filial_id, id, usuario_id FROM notas_fiscais WHERE demo_transmitir AND status = 'rascunho' ${tenantId ? 'AND tenant_id = $1' : ''} ORDER BY id`,
    tenantId ? [tenantId] : [],
  );
  const feitas: number[] = [];
  for (const n of pend.rows) {
    const ctx = { tenantId: Number(n.tenant_id), userId: Number(n.usuario_id), branchId: Number(n.filial_id) };
    const r = await transmitirNotaFiscal(services, ctx, Number(n.id)).catch(() => null);
    await services.db.tenant(ctx, (q) => q.query(`UPDATE notas_fiscais SET demo_transmitir = false WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, n.id]));
    if (r?.autorizada) feitas.push(Number(n.id));
  }
  return feitas;
}
