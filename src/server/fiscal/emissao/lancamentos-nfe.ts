// Postings of an NF-e issued on its own (not for an order or a return): stock movements and receivables.
import Decimal from 'decimal.js';
import { TipoMovimentacao } from '../../../../generated/lookups.ts';
import { type DadosNotaFiscal } from '../../../shared/fiscal/nota-fiscal.ts';
import type { Queryable } from '../../db/db.ts';
import { movimentar } from '../../estoque/movimentos.ts';
import { criarLancamento, RECEITA, DESPESA } from '../../financeiro/index.ts';
import { badRequest } from '../../http/errors.ts';
import { type CtxEmissao, hoje } from './dados-nota.ts';
import { type NotaMontada } from './montagem.ts';

type Row = Record<string, any>;

const ORIGEM = 'notaFiscal';

/** Stock and receivables of an authorised note, as its natureza asks (in the authorisation's transaction). */
export async function lancar(q: Queryable, ctx: CtxEmissao, nota: Row, m: NotaMontada, vNF: string, estoque = true): Promise<number | null> {
  const nat = m.natureza;
  const entrada = Number(nat.tipo) === 0;
  if (nat.movimenta_estoque && estoque) {
    const dep = await q.query(`SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 AND ativo ORDER BY padrao DESC, id LIMIT 1`, [ctx.tenantId, nota.filial_id]);
    if (!dep.rows.length) throw badRequest('A filial não tem depósito ativo para movimentar o estoque desta natureza de operação.');
    const dados = nota.dados as DadosNotaFiscal;
    const tipo = nat.tipo_movimentacao == null ? (entrada ? TipoMovimentacao.COMPRA : TipoMovimentacao.VENDA) : Number(nat.tipo_movimentacao);
    await movimentar(
      q,
      { tenantId: ctx.tenantId, userId: ctx.userId },
      dados.itens.map((i, k) => ({ produtoId: i.produtoId, depositoId: Number(dep.rows[0].id), quantidade: (entrada ? '' : '-') + new Decimal(i.quantidade).toFixed(4), tipo, origemLinha: k + 1 })),
      { tipo: ORIGEM, id: Number(nota.id) },
    );
  }
  if (!nat.gera_financeiro) return null;
  const dados = nota.dados as DadosNotaFiscal;
  const emissao = hoje(new Date(nota.data_emissao));
  const parcelas = dados.pagamentos.filter((p) => p.tPag !== '90' && new Decimal(p.valor).gt(0)).map((p) => ({ vencimento: (p.vencimento ?? emissao).slice(0, 10), valor: new Decimal(p.valor).toFixed(2) }));
  if (!parcelas.length) return null;
  const l = await criarLancamento(q, ctx, {
    tipo: entrada ? DESPESA : RECEITA,
    descricao: `NF-e ${nota.numero}/${nota.serie} - ${String(m.cliente.nome).slice(0, 150)}`,
    pessoaId: Number(m.cliente.id),
    documento: `NF-e ${nota.numero}`,
    dataEmissao: emissao,
    valorTotal: vNF,
    parcelas,
    origemTipo: ORIGEM,
    origemId: Number(nota.id),
  });
  return l.id;
}
