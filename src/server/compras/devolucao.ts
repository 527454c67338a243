import Decimal from 'decimal.js';
import { TipoMovimentacao } from '../../../generated/lookups.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { paraUnidades } from '../estoque/embalagens.ts';
import { estornar, fmtQtd, movimentar, type LinhaMovimento } from '../estoque/movimentos.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { QUANTITY_RE } from '../../shared/money.ts';
import { maquina, transitar } from '../documents/estados.ts';

/** Stock movements of returns to the supplier point at the entry they return from, with this origin type. */
export const ORIGEM_DEVOLUCAO = 'devolucaoFornecedor';

type Row = Record<string, any>;

interface LinhaDevolvivel {
  linha: number;
  produtoId: number;
  variacaoId: number | null;
  descricao: string;
  entrou: string;
  devolvido: string;
  disponivel: string;
  custoUnitario: string;
}

async function entradaEfetivada(q: Queryable, ctx: RequestContext, id: number, lock = false): Promise<Row> {
  const r = await q.query<Row>(`SELECT id, numero, estado, cabecalho FROM documentos WHERE tenant_id = $1 AND tipo = 'entradaNota' AND filial_id = $2 AND id = $3${lock ? ' FOR UPDATE' : ''}`, [ctx.tenantId, ctx.branchId, id]);
  const d = r.rows[0];
  if (!d) throw notFound('Entrada de nota fiscal não encontrada.');
  return d;
}

/** Per line of an entry: units entered, units already returned (net of reversed returns), what may still go back. */
export async function devolucoesDaEntrada(q: Queryable, ctx: RequestContext, id: number): Promise<{ numero: number; estado: string; linhas: LinhaDevolvivel[] }> {
  const d = await entradaEfetivada(q, ctx, id);
  const itens = await q.query<{ linha: number; dados: Row; descricao: string }>(
    `SELECT i.linha, i.dados, p.descricao FROM documento_itens i LEFT JOIN produtos p ON p.tenant_id = i.tenant_id AND p.id = (i.dados ->> 'produtoId')::integer WHERE i.tenant_id = $1 AND i.documento_id = $2 ORDER BY i.linha`,
    [ctx.tenantId, id],
  );
  const dev = await q.query<{ linha: number; q: string }>(
    `SELECT origem_linha AS linha, (-sum(quantidade))::text AS q FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = $2 AND origem_id = $3 GROUP BY origem_linha`,
    [ctx.tenantId, ORIGEM_DEVOLUCAO, id],
  );
  const devolvido = new Map(dev.rows.map((r) => [Number(r.linha), new Decimal(r.q)]));
  return {
    numero: Number(d.numero),
    estado: d.estado,
    linhas: itens.rows.map((i) => {
      const entrou = new Decimal(paraUnidades(String(i.dados.quantidade), String(i.dados.fator ?? '1')));
      const foi = devolvido.get(i.linha) ?? new Decimal(0);
      return { linha: i.linha, produtoId: Number(i.dados.produtoId), variacaoId: i.dados.variacaoId ?? null, descricao: i.descricao, entrou: entrou.toFixed(4), devolvido: foi.toFixed(4), disponivel: entrou.minus(foi).toFixed(4), custoUnitario: String(i.dados.custoUnitario) };
    }),
  };
}

/**
 * Devolução ao fornecedor of part of a posted entry: DEVOLUCAO_FORNECEDOR movements (out of the entry's depósito, at
 * the cost the goods entered with), at most what entered minus what already went back, never beyond the balance.
 * The return NF-e (finalidade 4, referencing the entry's key) is the NF-e issuing service's, which does not exist yet.
 */
export async function devolver(q: Queryable, ctx: RequestContext, id: number, body: unknown): Promise<Row> {
  return (await devolverComMovimentos(q, ctx, id, body)).resumo;
}

/**
 * devolver, telling also the ids of the movements it posted (what a refused return NF-e reverses, and only those).
 * The entry's `devolver` (schemas/lifecycles/devolucaoFornecedor.json): only from an efetivada entry.
 */
export async function devolverComMovimentos(q: Queryable, ctx: RequestContext, id: number, body: unknown): Promise<{ resumo: Row; movimentos: number[] }> {
  const b = (body ?? {}) as { itens?: { linha?: unknown; quantidade?: unknown }[] };
  if (!Array.isArray(b.itens) || !b.itens.length) throw badRequest('Itens: informe ao menos uma linha da entrada e a quantidade a devolver.', [{ path: '/itens', campo: 'itens', mensagem: 'Campo Obrigatório!' }]);
  let movimentos: number[] = [];
  await transitar(q, ctx, maquina('devolucaoFornecedor'), id, 'devolver', async ({ registro: d }) => {
    const atual = await devolucoesDaEntrada(q, ctx, id);
    const porLinha = new Map(atual.linhas.map((l) => [l.linha, l]));
    const linhas: LinhaMovimento[] = [];
    const vistas = new Set<number>();
    b.itens!.forEach((it, i) => {
      const l = porLinha.get(Number(it?.linha));
      if (!l) throw badRequest(`Item ${i + 1}: a entrada não tem a linha ${String(it?.linha)}.`, [{ path: `/itens/${i}/linha`, campo: 'linha', mensagem: 'Linha inexistente' }]);
      if (vistas.has(l.linha)) throw badRequest(`Item ${i + 1}: a linha ${l.linha} aparece mais de uma vez.`, [{ path: `/itens/${i}/linha`, campo: 'linha', mensagem: 'Linha repetida' }]);
      vistas.add(l.linha);
      const s = typeof it.quantidade === 'number' ? String(it.quantidade) : String(it.quantidade ?? '');
      if (!QUANTITY_RE.test(s) || new Decimal(s).lte(0)) throw badRequest(`Linha ${l.linha}: quantidade a devolver inválida; use um número maior que zero com até 4 casas decimais.`, [{ path: `/itens/${i}/quantidade`, campo: 'quantidade', linha: l.linha, mensagem: 'Campo inválido!' }]);
      if (new Decimal(s).gt(l.disponivel)) throw badRequest(`Linha ${l.linha} (${l.descricao}): entraram ${fmtQtd(new Decimal(l.entrou))} e já foram devolvidas ${fmtQtd(new Decimal(l.devolvido))}; no máximo ${fmtQtd(new Decimal(l.disponivel))} podem ser devolvidas.`, [{ path: `/itens/${i}/quantidade`, campo: 'quantidade', linha: l.linha, mensagem: 'Acima do que entrou' }]);
      linhas.push({ produtoId: l.produtoId, variacaoId: l.variacaoId, depositoId: Number(d.cabecalho.depositoId), quantidade: new Decimal(s).neg().toFixed(4), custoUnitario: l.custoUnitario, tipo: TipoMovimentacao.DEVOLUCAO_FORNECEDOR, origemLinha: l.linha });
    });
    const gravados = await movimentar(q, { tenantId: ctx.tenantId, userId: ctx.userId }, linhas, { tipo: ORIGEM_DEVOLUCAO, id });
    movimentos = gravados.map((m) => Number(m.id));
  });
  return { resumo: await devolucoesDaEntrada(q, ctx, id), movimentos };
}

/**
 * Reverses the given movements of a return (those not reversed yet): estorno rows, the goods back at the cost they
 * left with. The compensation of a return whose NF-e SEFAZ refused (the entry's `estornar-recusada`, which undoes
 * `devolver`); other returns of the entry stay as they are.
 */
export async function estornarMovimentosDevolucao(q: Queryable, ctx: { tenantId: number; userId: number }, entradaId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const pendentes = () => q.query<{ id: number; produto_id: number; variacao_id: number | null; deposito_id: number; lote_id: number | null; quantidade: string; custo_unitario: string | null; tipo: number; origem_linha: number | null }>(
    `SELECT m.id, m.produto_id, m.variacao_id, m.deposito_id, m.lote_id, m.quantidade, m.custo_unitario, m.tipo, m.origem_linha FROM movimentos_estoque m
      WHERE m.tenant_id = $1 AND m.origem_tipo = $2 AND m.origem_id = $3 AND m.id = ANY($4::int[]) AND m.estorno_de IS NULL
        AND NOT EXISTS (SELECT 1 FROM movimentos_estoque e WHERE e.tenant_id = m.tenant_id AND e.estorno_de = m.id) ORDER BY m.id`,
    [ctx.tenantId, ORIGEM_DEVOLUCAO, entradaId, ids],
  );
  if (!(await pendentes()).rows.length) return 0;
  // Run by the NF-e's recovery too, with no branch selected: the entry's own branch.
  const filial = await q.query<{ filial_id: number }>(`SELECT filial_id FROM documentos WHERE tenant_id = $1 AND tipo = 'entradaNota' AND id = $2`, [ctx.tenantId, entradaId]);
  let n = 0;
  await transitar(q, { ...ctx, branchId: Number(filial.rows[0]?.filial_id) }, maquina('devolucaoFornecedor'), entradaId, 'estornar-recusada', async () => {
    // Read again under the entry's lock: a concurrent reversal leaves nothing to reverse twice.
    const r = await pendentes();
    n = r.rows.length;
    if (!n) return;
    await movimentar(
      q,
      { tenantId: ctx.tenantId, userId: ctx.userId },
      r.rows.map((m) => ({ produtoId: m.produto_id, variacaoId: m.variacao_id, depositoId: m.deposito_id, loteId: m.lote_id, quantidade: new Decimal(m.quantidade).neg().toFixed(4), custoUnitario: m.custo_unitario, tipo: m.tipo, origemLinha: m.origem_linha, estornoDe: Number(m.id) })),
      { tipo: ORIGEM_DEVOLUCAO, id: entradaId },
    );
  });
  return n;
}

/** Reverses every return of the entry not yet reversed (the goods come back at the cost they left with): the entry's `estornar`. */
export async function estornarDevolucoes(q: Queryable, ctx: RequestContext, id: number): Promise<Row> {
  await transitar(q, ctx, maquina('devolucaoFornecedor'), id, 'estornar', async () => {
    await estornar(q, { tenantId: ctx.tenantId, userId: ctx.userId }, { tipo: ORIGEM_DEVOLUCAO, id });
  });
  return devolucoesDaEntrada(q, ctx, id);
}

/** An entry with returns not reversed cannot be cancelled (its stock reversal would count the returned goods twice). */
export async function exigirSemDevolucao(q: Queryable, tenantId: number, id: number, numero: number): Promise<void> {
  const r = await q.query<{ n: string }>(`SELECT coalesce(sum(quantidade), 0)::text AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = $2 AND origem_id = $3`, [tenantId, ORIGEM_DEVOLUCAO, id]);
  if (!new Decimal(r.rows[0].n).isZero()) throw new HttpError(409, `A entrada nº ${numero} tem devolução ao fornecedor: estorne a devolução antes de cancelar a entrada.`);
}
