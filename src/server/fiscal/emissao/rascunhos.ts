// Drafts of NF-e: saved (new or changed) and deleted; a draft has no number.
import Decimal from 'decimal.js';
import { type DadosNotaFiscal } from '../../../shared/fiscal/nota-fiscal.ts';
import type { Queryable } from '../../db/db.ts';
import { badRequest, conflict, HttpError } from '../../http/errors.ts';
import { CalculoError, calcularNfe } from '../../../shared/fiscal/nfe-calculo.ts';
import { type CtxEmissao, filialDe, lerNota, validarDados } from './dados-nota.ts';
import { conferirAjustes, montarDocumento } from './montagem.ts';

type Row = Record<string, any>;

async function nomeCliente(q: Queryable, tenantId: number, id: number): Promise<string> {
  const r = await q.query(`SELECT nome FROM pessoas WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  if (!r.rows.length) throw badRequest('Destinatário: cadastro não encontrado.', [{ campo: 'clienteId', mensagem: 'Não encontrado' }]);
  return r.rows[0].nome;
}

async function totalRascunho(q: Queryable, ctx: CtxEmissao, dados: DadosNotaFiscal): Promise<string> {
  // An import's total depends on the tax rules (IPI, PIS/COFINS-importação, ICMS por dentro): built as it will be sent,
  // when the draft is complete enough; else the goods' sum until the user completes it.
  if (dados.itens.some((i) => i.importacao)) {
    try {
      const m = await montarDocumento(q, ctx, dados, 1);
      return new Decimal(calcularNfe({ ...m.doc, pagamentos: [{ tPag: '90', valor: '0.00' }] }).totais.vNF.toString()).toFixed(2);
    } catch (e) {
      if (!(e instanceof HttpError) && !(e instanceof CalculoError)) throw e;
    }
  }
  return dados.itens.reduce((s, i) => s.plus(new Decimal(i.quantidade).times(i.valorUnitario).toDecimalPlaces(2)).minus(i.valorDesconto ?? 0).plus(i.valorFrete ?? 0).plus(i.valorOutros ?? 0), new Decimal(0)).toFixed(2);
}

/** Saves a draft (new when id is not given). A draft has no number; only rascunho and rejeitada may change. */
export async function salvarRascunho(q: Queryable, ctx: CtxEmissao, body: unknown, id?: number): Promise<Row> {
  const filialId = filialDe(ctx);
  const dados = validarDados(body);
  const nome = await nomeCliente(q, ctx.tenantId, dados.clienteId);
  const nat = await q.query(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, dados.naturezaId]);
  if (!nat.rows.length) throw badRequest('Natureza de operação: cadastro não encontrado.', [{ campo: 'naturezaId', mensagem: 'Não encontrado' }]);
  await conferirAjustes(q, ctx, dados);
  const total = await totalRascunho(q, ctx, dados);
  const pedidoId = dados.pedidoId ?? null;
  if (pedidoId !== null) await pedidoSemNota(q, ctx, filialId, pedidoId);
  if (id === undefined) {
    const r = await q.query(
      `INSERT INTO notas_fiscais (tenant_id, filial_id, modelo, natureza_id, cliente_id, destinatario_nome, dados, total, usuario_id, pedido_id) VALUES ($1, $2, 55, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [ctx.tenantId, filialId, dados.naturezaId, dados.clienteId, nome, JSON.stringify(dados), total, ctx.userId, pedidoId],
    );
    return r.rows[0];
  }
  const atual = await lerNota(q, ctx, id, true);
  if (atual.status !== 'rascunho' && atual.status !== 'rejeitada') throw conflict(`Esta nota está ${atual.status}: só um rascunho ou uma nota rejeitada pode ser alterada.`);
  const r = await q.query(
    // A number kept after a refused EPEC stays the note's through edits.
    `UPDATE notas_fiscais SET natureza_id = $3, cliente_id = $4, destinatario_nome = $5, dados = $6::jsonb || jsonb_strip_nulls(jsonb_build_object('numeroMantido', dados->'numeroMantido')), total = $7, pedido_id = $8, updated_at = now() WHERE tenant_id = $1 AND id = $2 RETURNING *`,
    [ctx.tenantId, id, dados.naturezaId, dados.clienteId, nome, JSON.stringify(dados), total, pedidoId],
  );
  return r.rows[0];
}

/** A note may invoice a sales order that is faturado and has no authorised note yet (its postings are the order's). */
export async function pedidoSemNota(q: Queryable, ctx: CtxEmissao, filialId: number, pedidoId: number): Promise<void> {
  const p = (await q.query(`SELECT numero, estado FROM documentos WHERE tenant_id = $1 AND tipo = 'pedidoVenda' AND filial_id = $2 AND id = $3`, [ctx.tenantId, filialId, pedidoId])).rows[0];
  if (!p) throw badRequest('Pedido de venda: não encontrado nesta filial.', [{ campo: 'pedidoId', mensagem: 'Não encontrado' }]);
  if (p.estado !== 'faturado') throw badRequest(`Pedido de venda nº ${p.numero}: fature o pedido; com uma natureza que emite NF-e, a nota sai no faturamento.`, [{ campo: 'pedidoId', mensagem: 'Pedido não faturado' }]);
  const n = await q.query(`SELECT numero FROM notas_fiscais WHERE tenant_id = $1 AND pedido_id = $2 AND status = 'autorizada' LIMIT 1`, [ctx.tenantId, pedidoId]);
  if (n.rows.length) throw badRequest(`Pedido de venda nº ${p.numero}: já tem a NF-e ${n.rows[0].numero} autorizada.`, [{ campo: 'pedidoId', mensagem: 'Pedido com NF-e' }]);
}

export async function excluirRascunho(q: Queryable, ctx: CtxEmissao, id: number): Promise<void> {
  const n = await lerNota(q, ctx, id, true);
  if (n.status !== 'rascunho' && n.status !== 'rejeitada') throw conflict('Só um rascunho ou uma nota rejeitada pode ser excluída; uma nota autorizada se cancela.');
  const ev = await q.query(`SELECT 1 FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 LIMIT 1`, [ctx.tenantId, id]);
  if (ev.rows.length) throw conflict('Esta nota já foi enviada à SEFAZ (há histórico de rejeição): corrija e transmita de novo em vez de excluí-la.');
  await q.query(`DELETE FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id]);
}
