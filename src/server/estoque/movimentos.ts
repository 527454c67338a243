import Decimal from 'decimal.js';
import { TipoMovimentacao } from '../../../generated/lookups.ts';
import { QUANTITY_RE } from '../../shared/money.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';

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

const TIPOS = new Set<number>(Object.values(TipoMovimentacao));
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
export async function movimentar(q: Queryable, scope: EstoqueScope, linhas: LinhaMovimento[], origem?: Origem): Promise<MovimentoGravado[]> {
  if (!linhas.length) return [];
  for (const [i, l] of linhas.entries()) {
    const where = linhas.length > 1 ? `Linha ${(l.origemLinha ?? i + 1)}: ` : '';
    if (!QUANTITY_RE.test(l.quantidade) || new Decimal(l.quantidade).isZero()) throw badRequest(`${where}quantidade inválida (${l.quantidade}): use um número diferente de zero com até 4 casas decimais.`, [{ campo: 'quantidade', mensagem: 'Quantidade inválida' }]);
    if (l.custoUnitario != null && !/^\d{1,11}(\.\d{1,4})?$/.test(l.custoUnitario)) throw badRequest(`${where}custo unitário inválido (${l.custoUnitario}).`, [{ campo: 'custoUnitario', mensagem: 'Valor inválido' }]);
    if (!TIPOS.has(l.tipo)) throw badRequest(`${where}tipo de movimentação desconhecido: ${l.tipo}.`, [{ campo: 'tipo', mensagem: 'Valor inválido' }]);
  }
  const depositos = await filiaisDos(q, scope.tenantId, [...new Set(linhas.map((l) => l.depositoId))]);
  const custoCadastro = await checkProdutosELotes(q, scope.tenantId, linhas);
  const negativo = await permiteEstoqueNegativo(q, scope.tenantId);
  const ordered = linhas.map((l, i) => ({ l, i })).sort((a, b) => compareKeys(a.l, b.l) || a.i - b.i);
  const out: MovimentoGravado[] = new Array(linhas.length);
  const rows: unknown[][] = [];
  for (const { l, i } of ordered) {
    const entra = !l.quantidade.startsWith('-');
    const custoEntrada = entra && l.custoUnitario != null ? l.custoUnitario : null;
    const r = await q.query<{ quantidade: string; custo_medio: string | null }>(
      `INSERT INTO saldos_estoque AS s (tenant_id, produto_id, variacao_id, filial_id, deposito_id, lote_id, quantidade, custo_medio)
       VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, coalesce($8::numeric, $9::numeric))
       ON CONFLICT ON CONSTRAINT saldos_estoque_chave DO UPDATE SET
         custo_medio = CASE
           WHEN EXCLUDED.quantidade > 0 AND $8::numeric IS NOT NULL THEN
             CASE WHEN s.quantidade > 0 AND s.custo_medio IS NOT NULL
               THEN round((s.quantidade * s.custo_medio + EXCLUDED.quantidade * $8::numeric) / (s.quantidade + EXCLUDED.quantidade), 4)
               ELSE $8::numeric END
           ELSE coalesce(s.custo_medio, $9::numeric) END,
         quantidade = s.quantidade + EXCLUDED.quantidade,
         updated_at = now()
       RETURNING quantidade, custo_medio`,
      // An entry without a cost into a balance without an average starts from the product's registered cost.
      [scope.tenantId, l.produtoId, l.variacaoId ?? null, depositos.get(l.depositoId), l.depositoId, l.loteId ?? null, l.quantidade, custoEntrada, entra ? (custoCadastro.get(l.produtoId) ?? null) : null],
    );
    const saldo = r.rows[0];
    if (!entra && !negativo && new Decimal(saldo.quantidade).isNegative()) {
      const nome = await q.query<{ descricao: string }>('SELECT descricao FROM produtos WHERE tenant_id = $1 AND id = $2', [scope.tenantId, l.produtoId]);
      const antes = new Decimal(saldo.quantidade).minus(l.quantidade);
      throw badRequest(
        `Estoque insuficiente: ${nome.rows[0]?.descricao ?? `produto ${l.produtoId}`} tem saldo ${fmtQtd(antes)} e a saída pede ${fmtQtd(new Decimal(l.quantidade).abs())}.`,
        [{ campo: 'quantidade', ...(l.origemLinha ? { linha: l.origemLinha } : {}), produtoId: l.produtoId, saldo: antes.toFixed(4), mensagem: 'Estoque insuficiente' }],
      );
    }
    const custo = l.custoUnitario ?? saldo.custo_medio ?? null;
    rows.push([l.produtoId, l.variacaoId ?? null, depositos.get(l.depositoId), l.depositoId, l.loteId ?? null, l.quantidade, custo, l.tipo, origem?.tipo ?? null, origem?.id ?? null, l.origemLinha ?? null, l.estornoDe ?? null]);
    out[i] = { id: 0, produtoId: l.produtoId, depositoId: l.depositoId, loteId: l.loteId ?? null, quantidade: new Decimal(l.quantidade).toFixed(4), custoUnitario: custo, saldo: saldo.quantidade };
  }
  // The ledger rows in input order, one statement per chunk.
  const inputOrder = ordered.map((o, k) => ({ i: o.i, row: rows[k] })).sort((a, b) => a.i - b.i);
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

/** The current balance of each key, locked (rows created at zero when missing), in the fixed order. */
export async function saldosTravados(q: Queryable, scope: EstoqueScope, chaves: { produtoId: number; variacaoId?: number | null; depositoId: number; loteId?: number | null }[]): Promise<Map<string, string>> {
  const depositos = await filiaisDos(q, scope.tenantId, [...new Set(chaves.map((c) => c.depositoId))]);
  const sorted = [...chaves].sort((a, b) => compareKeys(a as LinhaMovimento, b as LinhaMovimento));
  const out = new Map<string, string>();
  for (const c of sorted) {
    const r = await q.query<{ quantidade: string }>(
      `INSERT INTO saldos_estoque AS s (tenant_id, produto_id, variacao_id, filial_id, deposito_id, lote_id, quantidade)
       VALUES ($1, $2, $3, $4, $5, $6, 0)
       ON CONFLICT ON CONSTRAINT saldos_estoque_chave DO UPDATE SET quantidade = s.quantidade
       RETURNING quantidade`,
      [scope.tenantId, c.produtoId, c.variacaoId ?? null, depositos.get(c.depositoId), c.depositoId, c.loteId ?? null],
    );
    out.set(chaveSaldo(c), r.rows[0].quantidade);
  }
  return out;
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
