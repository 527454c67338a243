import Decimal from 'decimal.js';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { paraUnidades } from '../estoque/embalagens.ts';
import { notaOut, prepararNotaDeOrigem, registrarOrigemDaNota, salvarRascunho, transmitirNotaDoPedido, type ResultadoTransmissao } from '../fiscal/emissao/notas.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { devolucoesDaEntrada, devolver, devolverComMovimentos, estornarMovimentosDevolucao, ORIGEM_DEVOLUCAO } from './devolucao.ts';

type Row = Record<string, any>;
type Servicos = Pick<AppServices, 'db' | 'storage' | 'realtime'>;

export interface PedidoDevolucao {
  itens: { linha: number; quantidade: string }[];
  naturezaId?: number;
  informacoesAdicionais?: string | null;
}

/** The natureza of a return of purchase: the one chosen, else the account's first active outgoing one with finalidade 4. */
async function naturezaDevolucao(q: Queryable, tenantId: number, id?: number): Promise<Row> {
  const r = id
    ? await q.query(`SELECT * FROM naturezas_operacao WHERE tenant_id = $1 AND id = $2`, [tenantId, id])
    : await q.query(`SELECT * FROM naturezas_operacao WHERE tenant_id = $1 AND ativo AND tipo = 1 AND finalidade = 4 ORDER BY (cfop_estadual IN ('5202', '5411')) DESC, id LIMIT 1`, [tenantId]);
  const n = r.rows[0];
  if (!n) throw badRequest('Cadastre uma natureza de operação de devolução de compra (saída, finalidade 4 - devolução, CFOP 5202/6202 ou 5411/6411) em Fiscal > Natureza de operação.', [{ campo: 'naturezaId', mensagem: 'Sem natureza de devolução' }]);
  if (Number(n.tipo) !== 1 || Number(n.finalidade) !== 4) throw badRequest(`A natureza "${n.descricao}" não é de devolução: escolha uma de saída com finalidade 4 (devolução).`, [{ campo: 'naturezaId', mensagem: 'Natureza não é de devolução' }]);
  return n;
}

/**
 * The return's side of its NF-e (registered with the NF-e service): authorised, the note is linked to the entry (in
 * the transaction that records SEFAZ's answer, or in the recovery's); refused (or SEFAZ never reached), the return's
 * DEVOLUCAO_FORNECEDOR movements are reversed (estorno rows, those of this return only) and the note, now a plain
 * rejected draft, no longer belongs to the return.
 */
registrarOrigemDaNota(ORIGEM_DEVOLUCAO, {
  aoAutorizar: async (q, ctx, nota) => {
    await q.query(`INSERT INTO devolucoes_fornecedor_nfe (tenant_id, entrada_id, nota_id) VALUES ($1, $2, $3)`, [ctx.tenantId, Number(nota.dados.origem.entradaId), nota.id]);
  },
  compensar: async (_services, q, ctx, nota) => {
    const o = nota.dados.origem as { entradaId: number; movimentos: number[] };
    await estornarMovimentosDevolucao(q, { tenantId: ctx.tenantId, userId: Number(nota.usuario_id ?? ctx.userId) }, Number(o.entradaId), o.movimentos.map(Number));
    await q.query(`UPDATE notas_fiscais SET dados = dados - 'origem' WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, nota.id]);
  },
});

/**
 * Devolução ao fornecedor with its NF-e, with no transaction open while SEFAZ is called:
 * - transaction 1, under the entry's row lock: the quantities checked against what entered and what already went
 *   back, the DEVOLUCAO_FORNECEDOR movements posted, the return NF-e (finalidade 4, NFref with the entry's access
 *   key, the natureza's CFOP de devolução, the supplier as recipient, the goods at the value they entered with)
 *   saved, numbered, signed, XSD-validated and kept 'transmitindo' with its key; commit. Two returns of the same
 *   entry at once queue on the lock, and the second is refused before anything is numbered or sent;
 * - the note to SEFAZ (or the branch's contingency), then transaction 2 records the answer once: authorised, the
 *   note is linked to the entry; refused, the return's movements are reversed (422 with SEFAZ's reason).
 * A crash leaves the note 'transmitindo' for the recovery by its key (resolverTransmitindo), which ends the same way.
 */
export async function devolverComNfe(services: Servicos, ctx: RequestContext, entradaId: number, body: unknown, agora = new Date()): Promise<ResultadoTransmissao & { devolucao?: Row }> {
  const b = (body ?? {}) as Partial<PedidoDevolucao>;
  if (!Array.isArray(b.itens) || !b.itens.length) throw badRequest('Itens: informe ao menos uma linha da entrada e a quantidade a devolver.', [{ path: '/itens', campo: 'itens', mensagem: 'Campo Obrigatório!' }]);
  const pedido = { itens: b.itens.map((i) => ({ linha: Number(i?.linha), quantidade: String(i?.quantidade ?? '') })) };
  const preparada = await services.db.tenant(ctx, async (q) => {
    const e = (await q.query<Row>(`SELECT id, numero, estado, cabecalho FROM documentos WHERE tenant_id = $1 AND tipo = 'entradaNota' AND filial_id = $2 AND id = $3`, [ctx.tenantId, ctx.branchId, entradaId])).rows[0];
    if (!e) throw notFound('Entrada de nota fiscal não encontrada.');
    const chave = String(e.cabecalho.chaveAcesso ?? '');
    if (!/^\d{44}$/.test(chave)) throw badRequest(`A entrada nº ${e.numero} foi digitada sem a chave de acesso da NF-e do fornecedor: a nota de devolução precisa referenciá-la.`, [{ campo: 'chaveAcesso', mensagem: 'Sem chave de acesso' }]);
    // The stock side first, under the entry's row lock held until the commit (efetivada, lines, quantities).
    const { resumo, movimentos } = await devolverComMovimentos(q, ctx, entradaId, pedido);
    const nat = await naturezaDevolucao(q, ctx.tenantId, b.naturezaId);
    const linhas = new Map((await q.query<{ linha: number; dados: Row }>(`SELECT linha, dados FROM documento_itens WHERE tenant_id = $1 AND documento_id = $2`, [ctx.tenantId, entradaId])).rows.map((r) => [Number(r.linha), r.dados]));
    const itens = pedido.itens.map((i) => {
      const d = linhas.get(i.linha)!;
      const unidades = new Decimal(paraUnidades(String(d.quantidade), String(d.fator ?? '1')));
      const unitario = new Decimal(String(d.valorTotal ?? '0')).div(unidades).toDecimalPlaces(10);
      // Goods that entered with ICMS-ST go back with the ST return CFOP (5411/6411), whatever the perfil says.
      const comSt = d.valorIcmsSt != null && new Decimal(String(d.valorIcmsSt || '0')).gt(0);
      return { produtoId: Number(d.produtoId), quantidade: new Decimal(i.quantidade).toFixed(4).replace(/\.?0+$/, ''), valorUnitario: unitario.toFixed(10).replace(/\.?0+$/, ''), ...(comSt ? { itemComSt: true } : {}) };
    });
    const info = (b.informacoesAdicionais ?? '').toString().trim();
    const nota = await salvarRascunho(q, ctx, {
      naturezaId: Number(nat.id),
      clienteId: Number(e.cabecalho.fornecedorId),
      finalidade: 4,
      referencias: [chave],
      itens,
      transporte: { modalidade: 9 },
      pagamentos: [{ tPag: '90', valor: '0' }],
      informacoesAdicionais: `Devolução de mercadoria da NF-e ${e.cabecalho.numeroNota}/${e.cabecalho.serie ?? 1} (chave ${chave}), entrada nº ${e.numero}.${info ? ` ${info}` : ''}`.slice(0, 2000),
    });
    const p = await prepararNotaDeOrigem(services, q, ctx, Number(nota.id), { tipo: ORIGEM_DEVOLUCAO, entradaId, movimentos }, agora);
    return { p, resumo };
  });
  let r: ResultadoTransmissao;
  try {
    r = await transmitirNotaDoPedido(services, ctx, preparada.p);
  } catch (err) {
    const cStat = Array.isArray((err as HttpError).details) ? ((err as HttpError).details as Row[])[0]?.cStat : undefined;
    if (err instanceof HttpError && cStat) {
      const rej = await services.db.tenant(ctx, async (q) => (await q.query<Row>(`SELECT rejeicao FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, preparada.p.nota.id])).rows[0]?.rejeicao);
      throw new HttpError(422, `A SEFAZ rejeitou a nota de devolução: ${rej?.cStat ?? cStat} - ${rej?.xMotivo ?? ''}. ${rej?.ajuda?.comoCorrigir ?? ''} A saída do estoque foi estornada.`.replace(/\s+/g, ' ').trim(), [{ campo: 'nota', mensagem: rej?.xMotivo ?? String(cStat), cStat }]);
    }
    throw err;
  }
  // Authorised (or still on its way: the recovery settles it by its key): the return as it stands now.
  const devolucao = await services.db.tenant(ctx, (q) => devolucoesDaEntrada(q, ctx, entradaId));
  return { ...r, devolucao: r.autorizada ? devolucao : preparada.resumo };
}

/** The return NF-e issued for an entry. */
export async function notasDeDevolucao(q: Queryable, ctx: RequestContext, entradaId: number) {
  const r = await q.query(`SELECT n.* FROM devolucoes_fornecedor_nfe d JOIN notas_fiscais n ON n.tenant_id = d.tenant_id AND n.id = d.nota_id WHERE d.tenant_id = $1 AND d.entrada_id = $2 ORDER BY n.id`, [ctx.tenantId, entradaId]);
  return r.rows.map(notaOut);
}

export { devolucoesDaEntrada };
