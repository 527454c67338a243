import Decimal from 'decimal.js';
import { TIPO_MOVIMENTACAO, TipoMovimentacao } from '../../../generated/lookups.ts';
import { QUANTITY_RE } from '../../shared/money.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';

/**
 * Who records the domain event of a posting ('estoque.alterado', for webhooks) in the posting's own transaction:
 * registered at start-up by integracoes (app.ts), so this module imports nothing above it.
 */
type EmissorDeEvento = (q: Queryable, tenantId: number, tipo: string, dados: Record<string, unknown>) => Promise<unknown>;
let emissor: EmissorDeEvento | null = null;
export function registrarEmissorDeEventosDoEstoque(f: EmissorDeEvento): void {
  emissor = f;
}

/** Who moves the stock: the account (tenant) and the user, from the request or the calling service. */
export interface EstoqueScope {
  tenantId: number;
  userId?: number | null;
}

/** One line of a posting. quantidade is signed: positive enters the depósito, negative leaves it. */
export interface LinhaMovimento {
  produtoId: number;
  variacaoId?: number | null;
  depositoId: number;
  loteId?: number | null;
  quantidade: string;
  /** Unit cost of an entry (updates the average cost); omitted, the balance's average cost is recorded. */
  custoUnitario?: string | null;
  tipo: number;
  origemLinha?: number | null;
  estornoDe?: number | null;
}

export interface Origem {
  tipo: string;
  id: number;
}

export interface MovimentoGravado {
  id: number;
  produtoId: number;
  depositoId: number;
  loteId: number | null;
  quantidade: string;
  custoUnitario: string | null;
  saldo: string;
}

const TIPOS = new Set<number>(TIPO_MOVIMENTACAO.map((t) => t.value));

/**
 * The direction of each movement type of SPEC 3.2, as schemas/lookups/tipoMovimentacao.json carries it (a new type is
 * one item there): purchases, bonuses, customer returns and rural-producer
 * entries only enter; sales, supplier returns, losses and the effective exit only leave; transfers, counts,
 * complements and the simples remessa / faturamento kinds go either way. A reversal (estornoDe) goes against
 * its type's direction, since it undoes a movement that followed it.
 */
export const DIRECAO_MOVIMENTO = Object.fromEntries(TIPO_MOVIMENTACAO.map((t) => [t.value, t.direcao])) as Record<TipoMovimentacao, 'entrada' | 'saida' | 'ambas'>;
const ROTULO_TIPO = new Map<number, string>(TIPO_MOVIMENTACAO.map((t) => [t.value as number, t.label]));
const keyOf = (l: LinhaMovimento) => [l.produtoId, l.variacaoId ?? 0, l.depositoId, l.loteId ?? 0];
const compareKeys = (a: LinhaMovimento, b: LinhaMovimento) => {
  const ka = keyOf(a);
  const kb = keyOf(b);
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
  return 0;
};

export async function permiteEstoqueNegativo(q: Queryable, tenantId: number): Promise<boolean> {
  const r = await q.query<{ p: boolean }>('SELECT permitir_estoque_negativo AS p FROM configuracoes_estoque WHERE tenant_id = $1', [tenantId]);
  return r.rows[0]?.p === true;
}

/**
 * The one stock posting service: writes the movements and keeps the balances (product × variação ×
 * depósito × lote) in the caller's transaction. Balance rows are changed by one INSERT … ON CONFLICT DO
 * UPDATE each (no read-modify-write in code), in a fixed order (product, variação, depósito, lote) so two
 * postings touching the same rows queue instead of deadlocking. An outgoing line beyond the balance is a 400
 * naming the product and its balance unless the account allows negative stock; the caller's transaction
 * then rolls back, so nothing of the posting remains.
 */
export async function movimentar(q: Queryable, scope: EstoqueScope, linhas: LinhaMovimento[], origem?: Origem, opts: { respeitarReservas?: boolean } = {}): Promise<MovimentoGravado[]> {
  if (!linhas.length) return [];
  for (const [i, l] of linhas.entries()) {
    const where = linhas.length > 1 ? `Linha ${(l.origemLinha ?? i + 1)}: ` : '';
    if (!QUANTITY_RE.test(l.quantidade) || new Decimal(l.quantidade).isZero()) throw badRequest(`${where}quantidade inválida (${l.quantidade}): use um número diferente de zero com até 4 casas decimais.`, [{ campo: 'quantidade', mensagem: 'Quantidade inválida' }]);
    if (l.custoUnitario != null && !/^\d{1,11}(\.\d{1,4})?$/.test(l.custoUnitario)) throw badRequest(`${where}custo unitário inválido (${l.custoUnitario}).`, [{ campo: 'custoUnitario', mensagem: 'Valor inválido' }]);
    if (!TIPOS.has(l.tipo)) throw badRequest(`${where}tipo de movimentação desconhecido: ${l.tipo}.`, [{ campo: 'tipo', mensagem: 'Valor inválido' }]);
    const direcao = DIRECAO_MOVIMENTO[l.tipo as TipoMovimentacao];
    const entra = new Decimal(l.quantidade).isPositive() !== (l.estornoDe != null);
    if ((direcao === 'entrada' && !entra) || (direcao === 'saida' && entra)) {
      const sentido = direcao === 'entrada' ? 'só entra no estoque (quantidade positiva)' : 'só sai do estoque (quantidade negativa)';
      throw badRequest(`${where}uma movimentação do tipo ${ROTULO_TIPO.get(l.tipo)} ${sentido}${l.estornoDe != null ? ', e o seu estorno no sentido contrário' : ''}; a quantidade informada foi ${l.quantidade}.`, [{ campo: 'quantidade', ...(l.origemLinha ? { linha: l.origemLinha } : {}), mensagem: 'Sentido inválido para o tipo' }]);
    }
  }
  const depositos = await filiaisDos(q, scope.tenantId, [...new Set(linhas.map((l) => l.depositoId))]);
  const custoCadastro = await checkProdutosELotes(q, scope.tenantId, linhas);
  const negativo = await permiteEstoqueNegativo(q, scope.tenantId);
  // One balance change per key: the net quantity, and the costed entries (quantity and value) that move
  // the moving average. Keys in the service's one order.
  interface Delta { l: LinhaMovimento; qt: Decimal; qe: Decimal; ve: Decimal; fallback: string | null }
  const deltas = new Map<string, Delta>();
  for (const l of linhas) {
    const k = chaveSaldo(l);
    const d = deltas.get(k) ?? { l, qt: new Decimal(0), qe: new Decimal(0), ve: new Decimal(0), fallback: null };
    const qtd = new Decimal(l.quantidade);
    d.qt = d.qt.plus(qtd);
    if (qtd.isPositive() && l.custoUnitario != null) {
      d.qe = d.qe.plus(qtd);
      d.ve = d.ve.plus(qtd.times(l.custoUnitario));
    }
    if (qtd.isPositive()) d.fallback = custoCadastro.get(l.produtoId) ?? null;
    deltas.set(k, d);
  }
  const chaves = [...deltas.values()].sort((a, b) => compareKeys(a.l, b.l));
  const saldos = await aplicarSaldos(q, scope.tenantId, depositos, chaves.map((d) => ({ ...d.l, qt: d.qt.toFixed(4), qe: d.qe.toFixed(4), ce: d.qe.isZero() ? null : d.ve.div(d.qe).toDecimalPlaces(4).toFixed(4), fallback: d.fallback })));
  if (!negativo) {
    for (const d of chaves) {
      const depois = new Decimal(saldos.get(chaveSaldo(d.l))!.quantidade);
      if (!d.qt.isNegative() || !depois.isNegative()) continue;
      const nome = await q.query<{ descricao: string }>('SELECT descricao FROM produtos WHERE tenant_id = $1 AND id = $2', [scope.tenantId, d.l.produtoId]);
      const antes = depois.minus(d.qt);
      throw badRequest(
        `Estoque insuficiente: ${nome.rows[0]?.descricao ?? `produto ${d.l.produtoId}`} tem saldo ${fmtQtd(antes)} e a saída pede ${fmtQtd(d.qt.abs())}.`,
        [{ campo: 'quantidade', ...(d.l.origemLinha ? { linha: d.l.origemLinha } : {}), produtoId: d.l.produtoId, saldo: antes.toFixed(4), mensagem: 'Estoque insuficiente' }],
      );
    }
    // Acertos and transfers (respeitarReservas) may not take what confirmed orders reserved: an exit is measured
    // against the AVAILABLE quantity (balance − reserved), not the balance alone.
    if (opts.respeitarReservas) {
      for (const d of chaves) {
        const s = saldos.get(chaveSaldo(d.l))!;
        const reservado = new Decimal(s.reservado ?? 0);
        if (!d.qt.isNegative() || reservado.isZero() || !new Decimal(s.quantidade).minus(reservado).isNegative()) continue;
        const nome = await q.query<{ descricao: string }>('SELECT descricao FROM produtos WHERE tenant_id = $1 AND id = $2', [scope.tenantId, d.l.produtoId]);
        const antes = new Decimal(s.quantidade).minus(d.qt);
        const disponivel = Decimal.max(antes.minus(reservado), 0);
        throw badRequest(
          `Estoque reservado: ${nome.rows[0]?.descricao ?? `produto ${d.l.produtoId}`} tem saldo ${fmtQtd(antes)}, dos quais ${fmtQtd(reservado)} reservados para pedidos de venda confirmados; disponível ${fmtQtd(disponivel)}, e a saída pede ${fmtQtd(d.qt.abs())}. Fature ou cancele os pedidos antes, ou permita estoque negativo.`,
          [{ campo: 'quantidade', ...(d.l.origemLinha ? { linha: d.l.origemLinha } : {}), produtoId: d.l.produtoId, saldo: antes.toFixed(4), reservado: reservado.toFixed(4), disponivel: disponivel.toFixed(4), mensagem: 'Quantidade reservada para pedidos' }],
        );
      }
    }
  }
  const out: MovimentoGravado[] = new Array(linhas.length);
  const rows: unknown[][] = [];
  const ordered = linhas.map((l, i) => ({ l, i }));
  for (const { l, i } of ordered) {
    const saldo = saldos.get(chaveSaldo(l))!;
    const custo = l.custoUnitario ?? saldo.custo_medio ?? null;
    rows.push([l.produtoId, l.variacaoId ?? null, depositos.get(l.depositoId), l.depositoId, l.loteId ?? null, l.quantidade, custo, l.tipo, origem?.tipo ?? null, origem?.id ?? null, l.origemLinha ?? null, l.estornoDe ?? null]);
    out[i] = { id: 0, produtoId: l.produtoId, depositoId: l.depositoId, loteId: l.loteId ?? null, quantidade: new Decimal(l.quantidade).toFixed(4), custoUnitario: custo, saldo: saldo.quantidade };
  }
  // The ledger rows in input order, one statement per chunk.
  const inputOrder = ordered.map((o, k) => ({ i: o.i, row: rows[k] }));
  for (let start = 0; start < inputOrder.length; start += 1000) {
    const chunk = inputOrder.slice(start, start + 1000);
    const col = (c: number) => chunk.map((x) => x.row[c]);
    const ids = await q.query<{ id: number }>(
      `INSERT INTO movimentos_estoque (tenant_id, produto_id, variacao_id, filial_id, deposito_id, lote_id, quantidade, custo_unitario, tipo, origem_tipo, origem_id, origem_linha, estorno_de, usuario_id)
       SELECT $1, p, v, f, d, l, qt, c, t, ot, oi, ol, e, $15
         FROM unnest($2::integer[], $3::integer[], $4::integer[], $5::integer[], $6::integer[], $7::numeric[], $8::numeric[], $9::smallint[], $10::text[], $11::integer[], $12::integer[], $13::bigint[], $14::integer[])
              AS x(p, v, f, d, l, qt, c, t, ot, oi, ol, e, ord)
        ORDER BY ord
       RETURNING id`,
      [scope.tenantId, col(0), col(1), col(2), col(3), col(4), col(5), col(6), col(7), col(8), col(9), col(10), col(11), chunk.map((_, k) => k), scope.userId ?? null],
    );
    const sorted = ids.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    chunk.forEach((x, k) => (out[x.i].id = sorted[k]));
  }
  // estoque.alterado (webhooks): one event per posting with its lines; no cost (the API hides it without app.verCusto).
  // The leaf, not integracoes' index: integracoes imports this module (opening stock of an import).
  await emissor?.(q, scope.tenantId, 'estoque.alterado', { origem: origem ?? null, linhas: out.map(({ custoUnitario: _c, ...m }, i) => ({ ...m, variacaoId: linhas[i].variacaoId ?? null, tipo: linhas[i].tipo })) });
  return out;
}

/**
 * Reverses every movement an origin document wrote that is not yet reversed: the same lines with the
 * opposite sign and the same cost, pointing at what they reverse. Returns how many were reversed.
 */
export async function estornar(q: Queryable, scope: EstoqueScope, origem: Origem): Promise<number> {
  const r = await q.query<{ id: number; produto_id: number; variacao_id: number | null; deposito_id: number; lote_id: number | null; quantidade: string; custo_unitario: string | null; tipo: number; origem_linha: number | null }>(
    `SELECT m.id, m.produto_id, m.variacao_id, m.deposito_id, m.lote_id, m.quantidade, m.custo_unitario, m.tipo, m.origem_linha
       FROM movimentos_estoque m
      WHERE m.tenant_id = $1 AND m.origem_tipo = $2 AND m.origem_id = $3 AND m.estorno_de IS NULL
        AND NOT EXISTS (SELECT 1 FROM movimentos_estoque e WHERE e.tenant_id = m.tenant_id AND e.estorno_de = m.id)
      ORDER BY m.id`,
    [scope.tenantId, origem.tipo, origem.id],
  );
  if (!r.rows.length) return 0;
  await movimentar(
    q,
    scope,
    r.rows.map((m) => ({
      produtoId: m.produto_id,
      variacaoId: m.variacao_id,
      depositoId: m.deposito_id,
      loteId: m.lote_id,
      quantidade: new Decimal(m.quantidade).neg().toFixed(4),
      // A reversed entry leaves at its own cost; a reversed exit re-enters at the cost it left with.
      custoUnitario: m.custo_unitario,
      tipo: m.tipo,
      origemLinha: m.origem_linha,
      estornoDe: Number(m.id),
    })),
    origem,
  );
  return r.rows.length;
}

type Chave = { produtoId: number; variacaoId?: number | null; depositoId: number; loteId?: number | null };
const KEY_ARRAYS = `unnest($2::integer[], $3::integer[], $4::integer[], $5::integer[], $6::integer[], $7::integer[])`;
const keyParams = (tenantId: number, depositos: Map<number, number>, ks: Chave[]) => [
  tenantId,
  ks.map((k) => k.produtoId),
  ks.map((k) => k.variacaoId ?? null),
  ks.map((k) => depositos.get(k.depositoId)),
  ks.map((k) => k.depositoId),
  ks.map((k) => k.loteId ?? null),
  ks.map((_, i) => i),
];
const SAME_KEY = 's.tenant_id = $1 AND s.produto_id = x.p AND s.variacao_id IS NOT DISTINCT FROM x.v AND s.deposito_id = x.d AND s.lote_id IS NOT DISTINCT FROM x.l';

/**
 * Creates the missing balance rows (at zero) and locks every row of the keys, in the order given (the
 * service's one order): after this, no other posting can change them until the transaction ends.
 */
async function travar(q: Queryable, tenantId: number, depositos: Map<number, number>, ks: Chave[]): Promise<void> {
  const params = keyParams(tenantId, depositos, ks);
  await q.query(
    `INSERT INTO saldos_estoque (tenant_id, produto_id, variacao_id, filial_id, deposito_id, lote_id, quantidade)
     SELECT $1, p, v, f, d, l, 0 FROM ${KEY_ARRAYS} AS x(p, v, f, d, l, ord) ORDER BY ord
     ON CONFLICT ON CONSTRAINT saldos_estoque_chave DO NOTHING`,
    params,
  );
  await q.query(`SELECT s.id FROM ${KEY_ARRAYS} AS x(p, v, f, d, l, ord) JOIN saldos_estoque s ON ${SAME_KEY} ORDER BY x.ord FOR UPDATE OF s`, params);
}

/** Locks the keys, then applies each key's net change and moving average in one statement. */
async function aplicarSaldos(q: Queryable, tenantId: number, depositos: Map<number, number>, ks: (Chave & { qt: string; qe: string; ce: string | null; fallback: string | null })[]): Promise<Map<string, { quantidade: string; reservado: string; custo_medio: string | null }>> {
  await travar(q, tenantId, depositos, ks);
  const r = await q.query<{ produto_id: number; variacao_id: number | null; deposito_id: number; lote_id: number | null; quantidade: string; reservado: string; custo_medio: string | null }>(
    `UPDATE saldos_estoque s SET
       custo_medio = CASE
         -- costed entries move the average (from the entries' own cost when there was no positive stock)
         WHEN x.qe > 0 THEN CASE WHEN s.quantidade > 0 AND s.custo_medio IS NOT NULL
           THEN round((s.quantidade * s.custo_medio + x.qe * x.ce) / (s.quantidade + x.qe), 4) ELSE x.ce END
         -- an entry without a cost into a balance without an average starts from the product's registered cost
         ELSE coalesce(s.custo_medio, x.fb) END,
       quantidade = s.quantidade + x.qt,
       updated_at = now()
     FROM unnest($2::integer[], $3::integer[], $4::integer[], $5::integer[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[]) AS x(p, v, d, l, qt, qe, ce, fb)
     WHERE ${SAME_KEY}
     RETURNING s.produto_id, s.variacao_id, s.deposito_id, s.lote_id, s.quantidade, s.reservado, s.custo_medio`,
    [tenantId, ks.map((k) => k.produtoId), ks.map((k) => k.variacaoId ?? null), ks.map((k) => k.depositoId), ks.map((k) => k.loteId ?? null), ks.map((k) => k.qt), ks.map((k) => k.qe), ks.map((k) => k.ce), ks.map((k) => k.fallback)],
  );
  return new Map(r.rows.map((s) => [chaveSaldo({ produtoId: Number(s.produto_id), variacaoId: s.variacao_id, depositoId: Number(s.deposito_id), loteId: s.lote_id }), s]));
}

/** The current balance of each key, locked (rows created at zero when missing), in the fixed order. */
export async function saldosTravados(q: Queryable, scope: EstoqueScope, chaves: Chave[]): Promise<Map<string, string>> {
  const depositos = await filiaisDos(q, scope.tenantId, [...new Set(chaves.map((c) => c.depositoId))]);
  const unique = [...new Map(chaves.map((c) => [chaveSaldo(c), c])).values()].sort((a, b) => compareKeys(a as LinhaMovimento, b as LinhaMovimento));
  await travar(q, scope.tenantId, depositos, unique);
  const params = keyParams(scope.tenantId, depositos, unique);
  const r = await q.query<{ p: number; v: number | null; d: number; l: number | null; quantidade: string }>(`SELECT x.p, x.v, x.d, x.l, s.quantidade FROM ${KEY_ARRAYS} AS x(p, v, f, d, l, ord) JOIN saldos_estoque s ON ${SAME_KEY}`, params);
  return new Map(r.rows.map((s) => [chaveSaldo({ produtoId: Number(s.p), variacaoId: s.v, depositoId: Number(s.d), loteId: s.l }), s.quantidade]));
}

export const chaveSaldo = (c: { produtoId: number; variacaoId?: number | null; depositoId: number; loteId?: number | null }) => `${c.produtoId}|${c.variacaoId ?? ''}|${c.depositoId}|${c.loteId ?? ''}`;

/** The branch of each depósito; a depósito of another branch or account is invisible here (RLS) and refused. */
async function filiaisDos(q: Queryable, tenantId: number, ids: number[]): Promise<Map<number, number>> {
  const r = await q.query<{ id: number; filial_id: number }>('SELECT id, filial_id FROM depositos WHERE tenant_id = $1 AND id = ANY($2::integer[])', [tenantId, ids]);
  const map = new Map(r.rows.map((d) => [Number(d.id), Number(d.filial_id)]));
  const missing = ids.filter((id) => !map.has(id));
  if (missing.length) throw badRequest(`Depósito não encontrado nesta filial: ${missing.join(', ')}.`, missing.map((id) => ({ campo: 'depositoId', mensagem: 'Depósito não encontrado', depositoId: id })));
  return map;
}

/** Checks products (not services) and lotes (of the line's product); returns each product's registered cost. */
async function checkProdutosELotes(q: Queryable, tenantId: number, linhas: LinhaMovimento[]): Promise<Map<number, string | null>> {
  const ids = [...new Set(linhas.map((l) => l.produtoId))];
  const r = await q.query<{ id: number; servico: boolean; preco_custo: string | null }>('SELECT id, servico, preco_custo FROM produtos WHERE tenant_id = $1 AND id = ANY($2::integer[])', [tenantId, ids]);
  const custos = new Map(r.rows.map((p) => [Number(p.id), p.preco_custo]));
  const found = new Map(r.rows.map((p) => [Number(p.id), p.servico]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw badRequest(`Produto não encontrado: ${missing.join(', ')}.`, missing.map((id) => ({ campo: 'produtoId', mensagem: 'Produto não encontrado', produtoId: id })));
  const servicos = ids.filter((id) => found.get(id));
  if (servicos.length) throw badRequest(`Serviço não movimenta estoque: ${servicos.join(', ')}.`, servicos.map((id) => ({ campo: 'produtoId', mensagem: 'Serviço não tem estoque', produtoId: id })));
  const lotes = linhas.filter((l) => l.loteId != null);
  if (!lotes.length) return custos;
  const lr = await q.query<{ id: number; produto_id: number }>('SELECT id, produto_id FROM lotes WHERE tenant_id = $1 AND id = ANY($2::integer[])', [tenantId, [...new Set(lotes.map((l) => l.loteId!))]]);
  const dono = new Map(lr.rows.map((l) => [Number(l.id), Number(l.produto_id)]));
  for (const l of lotes) {
    if (dono.get(l.loteId!) !== l.produtoId) throw badRequest(`Lote ${l.loteId} não encontrado para o produto ${l.produtoId}.`, [{ campo: 'loteId', ...(l.origemLinha ? { linha: l.origemLinha } : {}), mensagem: 'Lote não pertence ao produto' }]);
  }
  return custos;
}

/** '1.234,5' style for messages: up to 4 decimals, no trailing zeros. */
export function fmtQtd(d: Decimal): string {
  const s = d.toDecimalPlaces(4).toFixed();
  const [int, frac] = s.replace('-', '').split('.');
  return `${s.startsWith('-') ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}${frac ? ',' + frac : ''}`;
}
