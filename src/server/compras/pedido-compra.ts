import Decimal from 'decimal.js';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import type { DocumentModule } from '../documents/lifecycle.ts';
import { carregarEstado, maquina, permite, transitar } from '../documents/estados.ts';
import { paraUnidades } from '../estoque/embalagens.ts';

type Ctx = Pick<RequestContext, 'tenantId' | 'userId'>;

/**
 * Pedido de compra: supplier, items, expected dates and payment terms; editable while aberto. The received
 * quantities are not typed: they are what the entradas de nota fiscal linked to the order brought in
 * (atualizarRecebimentos, run by the entry's postings), and they move the order to parcialmente recebido or
 * recebido; cancelling an entry gives the quantities back. Cancelar closes what is still expected.
 */
const pedidoCompra: DocumentModule = {
  async validar({ itens }) {
    // Received quantities belong to the entries, never to the person editing the order.
    for (const it of itens) delete it.quantidadeRecebida;
  },
  postings: {
    async cancelar() {
      // Nothing was posted by the order itself: the state change is the whole cancellation.
    },
  },
};

/**
 * Recomputes an order's received quantities from the entries linked to it that are efetivadas (plus `incluir`, the
 * entry being posted now; minus `excluir`, the entry being cancelled), in stock units, filling the order's lines of
 * each product in line order; then its state: recebido when every line is complete, parcial when something came,
 * aberto otherwise. It is the order's `receber` transition (declared in pedidoCompra.json, fired by the entries):
 * an order whose state does not take it (cancelado) is left as it is, the entry posting anyway.
 */
export async function atualizarRecebimentos(q: Queryable, ctx: Ctx, pedidoId: number, opts: { incluir?: number; excluir?: number }): Promise<void> {
  const m = maquina('pedidoCompra');
  // The order is the branch's own; the entry that fires it is too (checked by the entry's validation).
  const atual = await q.query<{ estado: string; filial_id: number }>(`SELECT estado, filial_id FROM documentos WHERE tenant_id = $1 AND tipo = 'pedidoCompra' AND id = $2`, [ctx.tenantId, pedidoId]);
  if (!atual.rows[0]) return;
  const c = { ...ctx, branchId: Number(atual.rows[0].filial_id) };
  const { estado } = await carregarEstado(q, c, m, pedidoId);
  if (!permite(m, 'receber', estado)) return;
  await transitar(q, c, m, pedidoId, 'receber', () => receber(q, ctx, pedidoId, opts));
}

/** The `receber` posting: the received quantities written on the order's lines; returns the state they put it in. */
async function receber(q: Queryable, ctx: Ctx, pedidoId: number, opts: { incluir?: number; excluir?: number }): Promise<string> {
  const entradas = await q.query<{ dados: Record<string, unknown> }>(
    `SELECT i.dados FROM documentos d JOIN documento_itens i ON i.tenant_id = d.tenant_id AND i.documento_id = d.id
      WHERE d.tenant_id = $1 AND d.tipo = 'entradaNota' AND (d.cabecalho ->> 'pedidoCompraId')::integer = $2
        AND ((d.estado = 'efetivada' AND d.id IS DISTINCT FROM $4) OR d.id = $3)`,
    [ctx.tenantId, pedidoId, opts.incluir ?? null, opts.excluir ?? null],
  );
  const recebido = new Map<string, Decimal>();
  for (const { dados } of entradas.rows) {
    const k = `${dados.produtoId}|${dados.variacaoId ?? ''}`;
    recebido.set(k, (recebido.get(k) ?? new Decimal(0)).plus(paraUnidades(String(dados.quantidade), String(dados.fator ?? '1'))));
  }
  const itens = await q.query<{ linha: number; dados: Record<string, unknown> }>('SELECT linha, dados FROM documento_itens WHERE tenant_id = $1 AND documento_id = $2 ORDER BY linha', [ctx.tenantId, pedidoId]);
  let completos = 0;
  let algum = false;
  const linhas: number[] = [];
  const valores: string[] = [];
  for (const { linha, dados } of itens.rows) {
    const k = `${dados.produtoId}|${dados.variacaoId ?? ''}`;
    const disponivel = recebido.get(k) ?? new Decimal(0);
    const pedido = new Decimal(String(dados.quantidade));
    // Every line but the product's last takes at most what it asked for; the last takes the rest (over-delivery).
    const ultimaDoProduto = !itens.rows.some((o) => o.linha > linha && `${o.dados.produtoId}|${o.dados.variacaoId ?? ''}` === k);
    const toma = ultimaDoProduto ? disponivel : Decimal.min(disponivel, pedido);
    recebido.set(k, disponivel.minus(toma));
    if (toma.gte(pedido)) completos++;
    if (toma.gt(0)) algum = true;
    linhas.push(linha);
    valores.push(toma.toFixed(4));
  }
  await q.query(
    `UPDATE documento_itens i SET dados = jsonb_set(i.dados, '{quantidadeRecebida}', to_jsonb(x.v)) FROM unnest($3::integer[], $4::text[]) AS x(l, v)
      WHERE i.tenant_id = $1 AND i.documento_id = $2 AND i.linha = x.l`,
    [ctx.tenantId, pedidoId, linhas, valores],
  );
  return completos === itens.rows.length ? 'recebido' : algum ? 'parcial' : 'aberto';
}

export const { validar, postings } = pedidoCompra;
export default pedidoCompra;
