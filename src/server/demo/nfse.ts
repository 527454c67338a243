import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { DocumentLifecycle, type AposCommit } from '../documents/lifecycle.ts';
import { DocumentRegistry } from '../documents/registry.ts';
import { ResourceRegistry } from '../resources/registry.ts';
import { filiaisMarcadas } from './filiais-marcadas.ts';

/**
 * NFS-e in the demo account's Matriz: three services with their national taxation (cTribNac, ISS rate, retention)
 * and two service orders released for faturamento. Their NFS-e need the local ADN, the file storage and the
 * branch's certificate, which a seed does not have: the server's start-up job fatura them (garantirNfseDemo, run by
 * src/server/demo/notas.ts), through the same faturar and issue path as any order.
 */
export async function seedNfse(q: Queryable, tenantId: number): Promise<void> {
  const admin = (await q.query<{ id: number; filial: number }>(`SELECT id, filial_selecionada_id AS filial FROM users WHERE tenant_id = $1 AND email = 'admin@demo.com.br'`, [tenantId])).rows[0];
  const clientes = (await q.query<{ id: number }>(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo ORDER BY id LIMIT 2`, [tenantId])).rows.map((r) => Number(r.id));
  if (!admin || clientes.length < 2) return;
  const servico = async (codigo: string, descricao: string, tipo: number, preco: string, cTrib: string, aliquota: string, retencao: number, detalhe: string) =>
    Number(
      (
        await q.query<{ id: number }>(
          `INSERT INTO produtos (tenant_id, servico, tipo_produto, codigo, descricao, tipo_servico, preco_venda, observacao, codigo_tributacao_nacional, aliquota_iss, retencao_iss)
           VALUES ($1, true, 9, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
          [tenantId, codigo, descricao, tipo, preco, detalhe, cTrib, aliquota, retencao],
        )
      ).rows[0].id,
    );
  const instalacao = await servico('SRV-001', 'Instalação de balança e equipamentos', 100000014, '350.00', '140601', '2.00', 1, 'Instalação e calibração no local do cliente');
  const manutencao = await servico('SRV-002', 'Manutenção preventiva de equipamentos', 100000014, '180.00', '140101', '3.00', 1, 'Revisão, limpeza e ajuste');
  await servico('SRV-003', 'Consultoria em automação comercial', 100000001, '900.00', '010601', '2.00', 2, 'Consultoria em sistemas de frente de caixa');
  await q.query(`UPDATE configuracoes_nfe SET nfse_demo = true WHERE tenant_id = $1 AND filial_id = $2`, [tenantId, admin.filial]);

  const ctx = { tenantId, userId: admin.id, branchId: admin.filial, perfilAdmin: true, permissoes: {}, isContador: false, suporteWhiteLabel: false } as unknown as RequestContext;
  const resources = ResourceRegistry.load();
  const def = (await DocumentRegistry.load(resources)).get('pedidoVenda');
  const lifecycle = new DocumentLifecycle(resources);
  for (const [cliente, itens, obs] of [
    [clientes[0], [{ servicoId: instalacao, quantidade: '1' }], 'Instalação da balança do açougue'],
    [clientes[1], [{ servicoId: manutencao, quantidade: '2' }], 'Manutenção de duas balanças'],
  ] as const) {
    const o = await lifecycle.create(q, def, ctx, { clienteId: cliente, servico: true, naturezaOperacao: 'Prestação de serviço', numeroParcelas: 1, observacao: obs, itens });
    await lifecycle.transition(q, def, ctx, o.id as number, 'confirmar');
    await lifecycle.transition(q, def, ctx, o.id as number, 'liberar');
  }
}

/** Every branch whose demo service orders wait for their NFS-e (one account when tenantId is given): see garantirNfseDemo. */
export async function garantirNfseDemoDeTodas(services: Pick<AppServices, 'db'>, tenantId?: number): Promise<number> {
  const filiais = await filiaisMarcadas(services.db, 'configuracoes_nfe', 'nfse_demo', tenantId);
  for (const f of filiais) await garantirNfseDemo(services, { tenantId: f.tenantId, branchId: f.filialId });
  return filiais.length;
}

/**
 * The demo's pending service orders of a branch faturados once (the server's start-up job, src/server/demo/notas.ts):
 * the mark comes off under its row lock, so two servers fatura them once. Each order in its own transaction (faturar's
 * transaction 1, its DPS kept 'transmitindo'), its NFS-e sent to the local ADN after that commit, as any faturar.
 */
export async function garantirNfseDemo(services: Pick<AppServices, 'db'>, ctx: { tenantId: number; branchId: number | null }): Promise<void> {
  if (!ctx.branchId) return;
  const pend = await services.db.tenant(ctx as RequestContext, async (q) => {
    const r = await q.query(`UPDATE configuracoes_nfe SET nfse_demo = false WHERE tenant_id = $1 AND filial_id = $2 AND nfse_demo RETURNING filial_id`, [ctx.tenantId, ctx.branchId]);
    if (!r.rows.length) return [];
    return (
      await q.query<{ id: number }>(
        `SELECT id FROM documentos WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'pedidoVenda' AND estado = 'aguardando_faturamento' AND (cabecalho->>'servico')::boolean ORDER BY id`,
        [ctx.tenantId, ctx.branchId],
      )
    ).rows.map((p) => Number(p.id));
  });
  if (!pend.length) return;
  const admin = (await services.db.query<{ id: number }>(`SELECT id FROM users WHERE tenant_id = $1 AND perfil_admin AND ativo ORDER BY id LIMIT 1`, [ctx.tenantId])).rows[0];
  const actx = { tenantId: ctx.tenantId, userId: admin?.id ?? 0, branchId: ctx.branchId, perfilAdmin: true, permissoes: {}, isContador: false, suporteWhiteLabel: false } as unknown as RequestContext;
  const resources = ResourceRegistry.load();
  const def = (await DocumentRegistry.load(resources)).get('pedidoVenda');
  const lifecycle = new DocumentLifecycle(resources);
  for (const id of pend) {
    const aposCommit: AposCommit[] = [];
    await services.db.tenant(actx, (q) => lifecycle.transition(q, def, actx, id, 'faturar', aposCommit));
    for (const trabalho of aposCommit) await trabalho();
  }
}
