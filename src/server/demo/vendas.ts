import type { Cargo } from '../../../generated/lookups.ts';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { DocumentLifecycle, type AposCommit } from '../documents/lifecycle.ts';
import { DocumentRegistry } from '../documents/registry.ts';
import { ResourceRegistry } from '../resources/registry.ts';
import { agoraLocal } from '../vendas/index.ts';
import { somarMeses } from '../../shared/parcelamento.ts';

/**
 * The demo account's sales, in its Matriz: a commission on one category, two promotions (leve 3 pague 2 on
 * a product, 10% on a category on Saturdays), sales orders in every state over the last months (faturados
 * back-dated so the reports and the dashboard show sales; one confirmed holding a reservation; a quote;
 * one cancelled), and commercial contacts with interactions and follow-ups.
 */
/**
 * The demo's orders marked demoNfe faturados once, with their NF-e authorised at the local SEFAZ (the server does
 * it on its first start). The mark is taken off under the order's row lock, so two servers fatura each once; a
 * note SEFAZ refuses rolls its order back with the mark, to be tried on the next start. Returns the orders faturados.
 */
export async function garantirVendasNfeDemo(services: AppServices, tenantId?: number, aoFalhar: (pedidoId: number, e: unknown) => void = () => {}): Promise<number[]> {
  const pend = await services.db.query<{ tenant_id: number; filial_id: number; id: number }>(
    `SELECT tenant_id, filial_id, id FROM documentos WHERE tipo = 'pedidoVenda' AND estado = 'aguardando_faturamento' AND (cabecalho->>'demoNfe')::boolean ${tenantId ? 'AND tenant_id = $1' : ''} ORDER BY id`,
    tenantId ? [tenantId] : [],
  );
  const feitos: number[] = [];
  if (!pend.rows.length) return feitos;
  const lifecycle = new DocumentLifecycle(services.registry, services);
  const def = services.documents!.get('pedidoVenda');
  for (const p of pend.rows) {
    const t = Number(p.tenant_id);
    const admin = (await services.db.query<{ id: number }>(`SELECT id FROM users WHERE tenant_id = $1 AND perfil_admin AND ativo ORDER BY id LIMIT 1`, [t])).rows[0];
    const ctx = { tenantId: t, userId: admin?.id ?? 0, branchId: Number(p.filial_id), perfilAdmin: true, permissoes: {}, isContador: false, suporteWhiteLabel: false } as unknown as RequestContext;
    // The NF-e goes to SEFAZ after faturar committed (the posting leaves it for after the commit).
    const aposCommit: AposCommit[] = [];
    const ok = await services.db
      .tenant(ctx, async (q) => {
        const r = await q.query(`UPDATE documentos SET cabecalho = cabecalho - 'demoNfe' WHERE tenant_id = $1 AND id = $2 AND estado = 'aguardando_faturamento' AND (cabecalho->>'demoNfe')::boolean RETURNING id`, [t, p.id]);
        if (!r.rows.length) return false;
        await lifecycle.transition(q, def, ctx, Number(p.id), 'faturar', aposCommit);
        return true;
      })
      .then(async (feito) => {
        for (const trabalho of aposCommit) await trabalho();
        return feito;
      })
      .catch((e) => {
        aoFalhar(Number(p.id), e);
        return false;
      });
    if (ok) feitos.push(Number(p.id));
  }
  return feitos;
}

export async function seedVendas(q: Queryable, tenantId: number): Promise<void> {
  const admin = (await q.query<{ id: number; filial: number }>(`SELECT id, filial_selecionada_id AS filial FROM users WHERE tenant_id = $1 AND email = 'admin@demo.com.br'`, [tenantId])).rows[0];
  const produtos = (await q.query<{ id: number; descricao: string; categoria_id: number | null }>(
    `SELECT p.id, p.descricao, p.categoria_id FROM produtos p WHERE p.tenant_id = $1 AND NOT p.servico AND p.preco_venda > 0
        AND NOT EXISTS (SELECT 1 FROM lotes l WHERE l.tenant_id = p.tenant_id AND l.produto_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM produto_variacoes v WHERE v.tenant_id = p.tenant_id AND v.produto_id = p.id) ORDER BY p.id`,
    [tenantId],
  )).rows;
  const clientes = (await q.query<{ id: number }>('SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 ORDER BY id LIMIT 8', [tenantId])).rows.map((r) => Number(r.id));
  const fornecedor = (await q.query<{ id: number }>('SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 1 ORDER BY id LIMIT 1', [tenantId])).rows[0]?.id ?? null;
  const vendedores = (await q.query<{ id: number }>('SELECT id FROM vendedores WHERE tenant_id = $1 ORDER BY id LIMIT 3', [tenantId])).rows.map((r) => Number(r.id));
  const forma = (await q.query<{ id: number }>('SELECT id FROM formas_pagamento_financeiro WHERE tenant_id = $1 ORDER BY id LIMIT 1', [tenantId])).rows[0]?.id ?? null;
  const deposito = (await q.query<{ id: number }>('SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 AND padrao', [tenantId, admin.filial])).rows[0].id;
  if (produtos.length < 6 || !clientes.length) return;

  const categoria = produtos.find((p) => p.categoria_id !== null)?.categoria_id ?? null;
  if (categoria) await q.query('UPDATE categorias_produto SET comissao = 5 WHERE tenant_id = $1 AND id = $2', [tenantId, categoria]);
  await q.query(`INSERT INTO promocoes (tenant_id, descricao, tipo, produto_id, leve, pague) VALUES ($1, $2, 2, $3, 3, 2)`, [tenantId, `Leve 3 pague 2: ${produtos[0].descricao}`, produtos[0].id]);
  if (categoria) await q.query(`INSERT INTO promocoes (tenant_id, descricao, tipo, categoria_id, percentual, dias_semana) VALUES ($1, 'Sábado da mercearia: 10% na categoria', 1, $2, 10, '[6]')`, [tenantId, categoria]);

  const ctx = { tenantId, userId: admin.id, branchId: admin.filial, perfilAdmin: true, permissoes: {}, isContador: false, suporteWhiteLabel: false } as unknown as RequestContext;
  const resources = ResourceRegistry.load();
  const documents = await DocumentRegistry.load(resources);
  const lifecycle = new DocumentLifecycle(resources);
  const def = documents.get('pedidoVenda');
  const hoje = agoraLocal().data;
  const pedido = (i: number, n: number) => ({
    clienteId: clientes[i % clientes.length],
    vendedorId: vendedores.length ? vendedores[i % vendedores.length] : null,
    depositoId: deposito,
    formaPagamentoId: forma,
    numeroParcelas: 1 + (i % 3),
    itens: Array.from({ length: n }, (_, k) => ({ produtoId: produtos[(i * 2 + k) % produtos.length].id, quantidade: String(1 + ((i + k) % 3)) })),
  });
  // Faturados, months back: the date the reports read is moved back with them (stock and money stay posted today).
  const faturados: [number, number][] = [[-75, 3], [-62, 2], [-40, 4], [-33, 2], [-18, 3], [-9, 2], [-2, 3], [0, 2]];
  for (const [i, [dias, n]] of faturados.entries()) {
    const o = await lifecycle.create(q, def, ctx, pedido(i, n));
    const id = o.id as number;
    await lifecycle.transition(q, def, ctx, id, 'confirmar');
    await lifecycle.transition(q, def, ctx, id, 'faturar');
    if (dias !== 0) {
      const data = new Date(Date.parse(`${hoje}T12:00:00Z`) + dias * 86400000).toISOString().slice(0, 10);
      await q.query(`UPDATE documentos SET created_at = $3::date + time '10:30', cabecalho = cabecalho || jsonb_build_object('dataFaturamento', $3::text) WHERE tenant_id = $1 AND id = $2`, [tenantId, id, data]);
      await q.query('UPDATE vendas_itens SET data = $3 WHERE tenant_id = $1 AND pedido_id = $2', [tenantId, id, data]);
      await q.query(`UPDATE lancamentos SET data_emissao = $3, competencia = date_trunc('month', $3::date) WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2`, [tenantId, id, data]);
      const parcelas = (await q.query<{ id: number }>(`SELECT p.id FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id WHERE l.tenant_id = $1 AND l.origem_tipo = 'pedidoVenda' AND l.origem_id = $2 ORDER BY p.numero`, [tenantId, id])).rows;
      for (const [k, p] of parcelas.entries()) await q.query('UPDATE parcelas SET vencimento = $3 WHERE tenant_id = $1 AND id = $2', [tenantId, p.id, somarMeses(data, k + 1)]);
    }
  }
  // One of each other state: confirmed (holding a reservation), released for invoicing, a quote, a cancelled one.
  const aguardando = await lifecycle.create(q, def, ctx, { ...pedido(8, 2), observacao: 'Entregar na parte da manhã' });
  await lifecycle.transition(q, def, ctx, aguardando.id as number, 'confirmar');
  const liberado = await lifecycle.create(q, def, ctx, pedido(9, 3));
  await lifecycle.transition(q, def, ctx, liberado.id as number, 'confirmar');
  await lifecycle.transition(q, def, ctx, liberado.id as number, 'liberar');
  await lifecycle.create(q, def, ctx, { ...pedido(10, 2), observacao: 'Orçamento válido por 7 dias' });
  const cancelado = await lifecycle.create(q, def, ctx, pedido(11, 1));
  await lifecycle.transition(q, def, ctx, cancelado.id as number, 'cancelar');

  // Three orders whose natureza issues an NF-e, released for invoicing and marked demoNfe: their notes need the
  // local SEFAZ, the file storage and the branch's certificate, which a seed does not have, so the server fatura
  // them on its first start (garantirVendasNfeDemo), through the same faturar path as any order.
  const natureza = (await q.query<{ id: number }>(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Venda de mercadoria' AND ativo AND emite_nfe ORDER BY id LIMIT 1`, [tenantId])).rows[0]?.id ?? null;
  const tributados = (await q.query<{ id: number }>(
    `SELECT p.id FROM produtos p JOIN perfis_tributarios t ON t.tenant_id = p.tenant_id AND t.id = p.perfil_tributario_id
      WHERE p.tenant_id = $1 AND p.ncm IS NOT NULL AND NOT p.servico AND p.preco_venda > 0
        AND NOT EXISTS (SELECT 1 FROM lotes l WHERE l.tenant_id = p.tenant_id AND l.produto_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM produto_variacoes v WHERE v.tenant_id = p.tenant_id AND v.produto_id = p.id) ORDER BY p.id LIMIT 6`,
    [tenantId],
  )).rows.map((r) => Number(r.id));
  const clientesSP = (await q.query<{ id: number }>(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'SP' AND coalesce(logradouro, '') <> '' ORDER BY id LIMIT 3`, [tenantId])).rows.map((r) => Number(r.id));
  if (natureza && tributados.length >= 3 && clientesSP.length) {
    const comNota: { itens: [number, string][]; parcelas: number; obs: string }[] = [
      { itens: [[0, '2'], [1, '1'], [2, '3']], parcelas: 1, obs: 'Entrega no balcão' },
      { itens: [[3 % tributados.length, '6'], [4 % tributados.length, '2']], parcelas: 2, obs: 'Pedido do restaurante: entregar às 7h' },
      { itens: [[5 % tributados.length, '1'], [0, '4'], [2, '2']], parcelas: 3, obs: 'Reposição mensal' },
    ];
    for (const [i, o] of comNota.entries()) {
      const criado = await lifecycle.create(q, def, ctx, {
        clienteId: clientesSP[i % clientesSP.length],
        vendedorId: vendedores.length ? vendedores[i % vendedores.length] : null,
        depositoId: deposito,
        formaPagamentoId: forma,
        naturezaId: natureza,
        numeroParcelas: o.parcelas,
        observacao: o.obs,
        itens: o.itens.map(([k, quantidade]) => ({ produtoId: tributados[k], quantidade })),
      });
      await lifecycle.transition(q, def, ctx, criado.id as number, 'confirmar');
      await lifecycle.transition(q, def, ctx, criado.id as number, 'liberar');
      await q.query(`UPDATE documentos SET cabecalho = cabecalho || '{"demoNfe": true}'::jsonb WHERE tenant_id = $1 AND id = $2`, [tenantId, criado.id]);
    }
  }

  // Commercial contacts: at two clients and a supplier, one follow-up due tomorrow, one next week.
  const contato = async (nome: string, cargo: Cargo, pessoa: number | null, fornecedorId: number | null, email: string, retornoDias: number | null) =>
    (await q.query<{ id: number }>(
      `INSERT INTO contatos_comerciais (tenant_id, nome, cargo, pessoa_id, fornecedor_id, email, telefone, aniversario, proximo_contato) VALUES ($1, $2, $3, $4, $5, $6, '(11) 98765-4321', '1985-03-14', $7) RETURNING id`,
      [tenantId, nome, cargo, pessoa, fornecedorId, email, retornoDias === null ? null : new Date(Date.parse(`${hoje}T12:00:00Z`) + retornoDias * 86400000).toISOString().slice(0, 10)],
    )).rows[0].id;
  const c1 = await contato('Renata Albuquerque', 'comprador', clientes[0], null, 'renata.compras@exemplo.com.br', 1);
  const c2 = await contato('Márcio Teixeira', 'gerente_loja', clientes[1 % clientes.length], null, 'marcio@exemplo.com.br', 7);
  await contato('Patrícia Nogueira', 'representante', null, fornecedor, 'patricia@fornecedor.com.br', null);
  for (const [c, dias, tipo, texto] of [[c1, -20, 'Visita', 'Apresentamos a linha de laticínios; pediu amostras.'], [c1, -3, 'Ligação', 'Confirmou interesse; retornar com a tabela de dezembro.'], [c2, -10, 'E-mail', 'Enviada proposta de fornecimento mensal.']] as const) {
    await q.query(`INSERT INTO contato_interacoes (tenant_id, contato_id, data, tipo, descricao, usuario_id) VALUES ($1, $2, $3::date + $4::integer, $5, $6, $7)`, [tenantId, c, hoje, dias, tipo, texto, admin.id]);
  }
}
