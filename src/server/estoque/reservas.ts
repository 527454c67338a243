import Decimal from 'decimal.js';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';
import { chaveSaldo, fmtQtd, permiteEstoqueNegativo, saldosTravados, type EstoqueScope, type Origem } from './movimentos.ts';

/** What a document reserves: a positive quantity of one balance key. */
export interface LinhaReserva {
  produtoId: number;
  variacaoId?: number | null;
  depositoId: number;
  loteId?: number | null;
  quantidade: string;
  origemLinha?: number | null;
}

/**
 * Reserves stock for a document (a confirmed sales order): the reserved quantity of each balance key goes up
 * in the caller's transaction, on the balance row itself, locked in the stock service's one order. The
 * balance does not move; the AVAILABLE quantity (quantidade − reservado) does. Beyond what is available the
 * reservation is refused (400 naming the product) unless the account allows negative stock.
 */
export async function reservar(q: Queryable, scope: EstoqueScope, linhas: LinhaReserva[], origem: Origem, opcoes: { alemDoDisponivel?: boolean } = {}): Promise<void> {
  if (!linhas.length) return;
  const porChave = new Map<string, { l: LinhaReserva; qt: Decimal }>();
  for (const l of linhas) {
    const qt = new Decimal(l.quantidade);
    if (!qt.isFinite() || qt.lte(0)) throw badRequest(`Quantidade a reservar inválida (${l.quantidade}).`, [{ campo: 'quantidade', mensagem: 'Quantidade inválida' }]);
    const k = chaveSaldo(l);
    const atual = porChave.get(k);
    porChave.set(k, { l: atual?.l ?? l, qt: (atual?.qt ?? new Decimal(0)).plus(qt) });
  }
  const chaves = [...porChave.values()];
  await saldosTravados(q, scope, chaves.map((c) => c.l));
  // alemDoDisponivel: a reservation given back by a compensation (the goods it covers just returned), never refused.
  const negativo = opcoes.alemDoDisponivel || (await permiteEstoqueNegativo(q, scope.tenantId));
  const r = await q.query<{ produto_id: number; variacao_id: number | null; deposito_id: number; lote_id: number | null; quantidade: string; reservado: string; descricao: string }>(
    `UPDATE saldos_estoque s SET reservado = s.reservado + x.qt, updated_at = now()
       FROM unnest($2::integer[], $3::integer[], $4::integer[], $5::integer[], $6::numeric[]) AS x(p, v, d, l, qt)
      WHERE s.tenant_id = $1 AND s.produto_id = x.p AND s.variacao_id IS NOT DISTINCT FROM x.v AND s.deposito_id = x.d AND s.lote_id IS NOT DISTINCT FROM x.l
      RETURNING s.produto_id, s.variacao_id, s.deposito_id, s.lote_id, s.quantidade, s.reservado,
                (SELECT descricao FROM produtos p WHERE p.tenant_id = s.tenant_id AND p.id = s.produto_id) AS descricao`,
    [scope.tenantId, chaves.map((c) => c.l.produtoId), chaves.map((c) => c.l.variacaoId ?? null), chaves.map((c) => c.l.depositoId), chaves.map((c) => c.l.loteId ?? null), chaves.map((c) => c.qt.toFixed(4))],
  );
  if (!negativo) {
    for (const s of r.rows) {
      const disponivelDepois = new Decimal(s.quantidade).minus(s.reservado);
      if (disponivelDepois.isNegative()) {
        const c = porChave.get(chaveSaldo({ produtoId: Number(s.produto_id), variacaoId: s.variacao_id, depositoId: Number(s.deposito_id), loteId: s.lote_id }))!;
        const disponivel = disponivelDepois.plus(c.qt);
        throw badRequest(
          `Estoque insuficiente: ${s.descricao} tem disponível ${fmtQtd(Decimal.max(disponivel, 0))} (saldo ${fmtQtd(new Decimal(s.quantidade))}, reservado ${fmtQtd(new Decimal(s.reservado).minus(c.qt))}) e o pedido pede ${fmtQtd(c.qt)}.`,
          [{ campo: 'quantidade', ...(c.l.origemLinha ? { linha: c.l.origemLinha } : {}), produtoId: Number(s.produto_id), disponivel: disponivel.toFixed(4), mensagem: 'Estoque insuficiente' }],
        );
      }
    }
  }
  await q.query(
    `INSERT INTO reservas_estoque (tenant_id, produto_id, variacao_id, deposito_id, lote_id, quantidade, origem_tipo, origem_id)
     SELECT $1, p, v, d, l, qt, $7, $8 FROM unnest($2::integer[], $3::integer[], $4::integer[], $5::integer[], $6::numeric[]) AS x(p, v, d, l, qt)`,
    [scope.tenantId, chaves.map((c) => c.l.produtoId), chaves.map((c) => c.l.variacaoId ?? null), chaves.map((c) => c.l.depositoId), chaves.map((c) => c.l.loteId ?? null), chaves.map((c) => c.qt.toFixed(4)), origem.tipo, origem.id],
  );
}

/**
 * Gives back everything a document reserved (on faturar or cancelar): the reserved quantities go down by
 * exactly what the document's reservations took, and the reservations are gone. Returns how many keys.
 */
export async function liberarReservas(q: Queryable, scope: EstoqueScope, origem: Origem): Promise<number> {
  const r = await q.query<{ produto_id: number; variacao_id: number | null; deposito_id: number; lote_id: number | null; quantidade: string }>(
    `DELETE FROM reservas_estoque WHERE tenant_id = $1 AND origem_tipo = $2 AND origem_id = $3 RETURNING produto_id, variacao_id, deposito_id, lote_id, quantidade`,
    [scope.tenantId, origem.tipo, origem.id],
  );
  if (!r.rows.length) return 0;
  const porChave = new Map<string, { produtoId: number; variacaoId: number | null; depositoId: number; loteId: number | null; quantidade: string }>();
  for (const x of r.rows) {
    const k = { produtoId: Number(x.produto_id), variacaoId: x.variacao_id, depositoId: Number(x.deposito_id), loteId: x.lote_id };
    const atual = porChave.get(chaveSaldo(k));
    porChave.set(chaveSaldo(k), { ...k, quantidade: new Decimal(atual?.quantidade ?? 0).plus(x.quantidade).toFixed(4) });
  }
  const ks = [...porChave.values()];
  await saldosTravados(q, scope, ks);
  await q.query(
    `UPDATE saldos_estoque s SET reservado = greatest(s.reservado - x.qt, 0), updated_at = now()
       FROM unnest($2::integer[], $3::integer[], $4::integer[], $5::integer[], $6::numeric[]) AS x(p, v, d, l, qt)
      WHERE s.tenant_id = $1 AND s.produto_id = x.p AND s.variacao_id IS NOT DISTINCT FROM x.v AND s.deposito_id = x.d AND s.lote_id IS NOT DISTINCT FROM x.l`,
    [scope.tenantId, ks.map((k) => k.produtoId), ks.map((k) => k.variacaoId), ks.map((k) => k.depositoId), ks.map((k) => k.loteId), ks.map((k) => k.quantidade)],
  );
  return ks.length;
}

/** Balance, reserved and available per product × depósito of the branch (lotes and variações summed). */
export async function disponibilidade(q: Queryable, scope: { tenantId: number; branchId: number | null }, produtoIds: number[]): Promise<{ produtoId: number; depositoId: number; quantidade: string; reservado: string; disponivel: string }[]> {
  const r = await q.query<{ produtoId: number; depositoId: number; quantidade: string; reservado: string; disponivel: string }>(
    `SELECT s.produto_id AS "produtoId", s.deposito_id AS "depositoId", sum(s.quantidade) AS quantidade, sum(s.reservado) AS reservado, sum(s.quantidade - s.reservado) AS disponivel
       FROM saldos_estoque s
      WHERE s.tenant_id = $1 AND s.filial_id = $2 AND s.produto_id = ANY($3::integer[])
      GROUP BY s.produto_id, s.deposito_id ORDER BY s.produto_id, s.deposito_id`,
    [scope.tenantId, scope.branchId, produtoIds],
  );
  return r.rows;
}
