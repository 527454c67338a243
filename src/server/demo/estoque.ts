import Decimal from 'decimal.js';
import { TipoMovimentacao } from '../../../generated/lookups.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { DocumentLifecycle } from '../documents/lifecycle.ts';
import { DocumentRegistry } from '../documents/registry.ts';
import { ResourceRegistry } from '../resources/registry.ts';
import { movimentar } from '../estoque/index.ts';

/**
 * The demo account's stock, in its Matriz: lotes with expiry for the dairy, an opening count posted through
 * the acerto document (so it shows in the list, numbered), purchases at cost and a week of sales, so the
 * ledger, the balances, the average cost and FEFO all have something to show. A second depósito (the
 * shop floor, "Área de vendas") receives part of the stock by a posted transferência, so the transfer menu
 * (shown from 2 active depósitos), the balance per depósito and the TRANSFERENCIA movements are populated.
 */
export async function seedEstoque(q: Queryable, tenantId: number): Promise<void> {
  const admin = (await q.query<{ id: number; filial: number }>(`SELECT id, filial_selecionada_id AS filial FROM users WHERE tenant_id = $1 AND email = 'admin@demo.com.br'`, [tenantId])).rows[0];
  const deposito = (await q.query<{ id: number }>('SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 AND padrao', [tenantId, admin.filial])).rows[0].id;
  const produtos = (await q.query<{ id: number; descricao: string; preco_custo: string; codigo: string }>('SELECT id, descricao, preco_custo, codigo FROM produtos WHERE tenant_id = $1 AND NOT servico ORDER BY id', [tenantId])).rows;
  const byName = (prefix: string) => produtos.find((p) => p.descricao.startsWith(prefix))!;

  const lote = async (produto: { id: number }, numero: string, fabricacaoDias: number, validadeDias: number) =>
    (await q.query<{ id: number }>(`INSERT INTO lotes (tenant_id, produto_id, numero, fabricacao, validade) VALUES ($1, $2, $3, current_date + $4::integer, current_date + $5::integer) RETURNING id`, [tenantId, produto.id, numero, fabricacaoDias, validadeDias])).rows[0].id;
  const leite = byName('Leite integral');
  const iogurte = byName('Iogurte natural');
  const lotes = {
    leiteA: await lote(leite, 'LT2401', -40, 20),
    leiteB: await lote(leite, 'LT2402', -10, 110),
    iogurteA: await lote(iogurte, 'IG0315', -15, 6),
  };

  const ctx = { tenantId, userId: admin.id, branchId: admin.filial, perfilAdmin: true, permissoes: {}, isContador: false, suporteWhiteLabel: false } as unknown as RequestContext;
  const resources = ResourceRegistry.load();
  const documents = await DocumentRegistry.load(resources);
  const lifecycle = new DocumentLifecycle(resources);
  const acerto = documents.get('acertoEstoque');
  const itens = produtos
    .filter((p) => p.id !== leite.id && p.id !== iogurte.id)
    .map((p, i) => ({ produtoId: p.id, quantidade: String(12 + ((i * 7) % 30)) }));
  itens.push({ produtoId: leite.id, loteId: lotes.leiteA, quantidade: '24' } as never, { produtoId: leite.id, loteId: lotes.leiteB, quantidade: '36' } as never, { produtoId: iogurte.id, loteId: lotes.iogurteA, quantidade: '18' } as never);
  const aberto = await lifecycle.create(q, acerto, ctx, { depositoId: deposito, motivo: 'Inventário de abertura da loja', itens });
  await lifecycle.transition(q, acerto, ctx, aberto.id as number, 'efetivar');
  // A count still in draft, for the screen's edit flow.
  await lifecycle.create(q, acerto, ctx, { depositoId: deposito, motivo: 'Conferência da mercearia', itens: itens.slice(0, 3).map((i) => ({ ...i, quantidade: String(Number(i.quantidade) - 1) })) });

  // Purchases at cost (the average cost moves), then sales.
  const scope = { tenantId, userId: admin.id };
  const semLote = produtos.filter((p) => p.id !== leite.id && p.id !== iogurte.id);
  const compras = semLote.slice(0, 8).map((p, i) => ({ produtoId: p.id, depositoId: deposito, quantidade: String(24 + i * 6), custoUnitario: new Decimal(p.preco_custo).times('1.05').toFixed(2), tipo: TipoMovimentacao.COMPRA }));
  await movimentar(q, scope, compras, { tipo: 'demo', id: 1 });
  const vendas = semLote.slice(0, 12).map((p, i) => ({ produtoId: p.id, depositoId: deposito, quantidade: `-${3 + (i % 5)}`, tipo: TipoMovimentacao.VENDA }));
  await movimentar(q, scope, vendas, { tipo: 'demo', id: 2 });
  await movimentar(q, scope, [{ produtoId: iogurte.id, depositoId: deposito, loteId: lotes.iogurteA, quantidade: '-2', tipo: TipoMovimentacao.PERDAS }], { tipo: 'demo', id: 3 });

  // The shop floor: a second depósito of the Matriz, stocked from the storeroom by a posted transfer (the
  // milk's lote that expires first goes out first, FEFO).
  const areaVendas = (await q.query<{ id: number }>(`INSERT INTO depositos (tenant_id, filial_id, descricao) VALUES ($1, $2, 'Área de vendas') RETURNING id`, [tenantId, admin.filial])).rows[0].id;
  const transferencia = documents.get('transferenciaEstoque');
  const reposicao = await lifecycle.create(q, transferencia, ctx, {
    depositoOrigemId: deposito,
    depositoDestinoId: areaVendas,
    observacao: 'Reposição das gôndolas',
    itens: [...semLote.slice(0, 4).map((p) => ({ produtoId: p.id, quantidade: '6' })), { produtoId: leite.id, loteId: lotes.leiteA, quantidade: '12' }],
  });
  await lifecycle.transition(q, transferencia, ctx, reposicao.id as number, 'efetivar');
}
