import Decimal from 'decimal.js';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { paraUnidades } from '../estoque/embalagens.ts';
import { excluirRascunho, salvarRascunho, transmitirNotaFiscal, notaOut, type ResultadoTransmissao } from '../fiscal/emissao/notas.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { devolucoesDaEntrada, devolver } from './devolucao.ts';

type Row = Record<string, any>;
type Servicos = Pick<AppServices, 'db' | 'storage' | 'realtime'>;

/** Nothing of a dry run stays: thrown to roll back the check of the return's quantities. */
class SoConferencia extends Error {}

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
 * Devolução ao fornecedor with its NF-e, in one flow: the quantities are checked against what entered and what
 * already went back; the return NF-e (finalidade 4, NFref with the entry's access key, the natureza's CFOP de
 * devolução, the supplier as recipient, the goods at the value they entered with) is saved and transmitted through
 * the NF-e service. The DEVOLUCAO_FORNECEDOR movements are posted in the authorisation's transaction, before the
 * note is numbered and under the entry's row lock held until it commits: two returns of the same entry at once
 * queue there, and the second is checked against what the first posted, so it is refused before it reaches SEFAZ
 * (never a note SEFAZ authorised whose goods the database then refuses). A rejection rolls the movements back and
 * posts nothing (the note stays rejected with SEFAZ's reason).
 */
export async function devolverComNfe(services: Servicos, ctx: RequestContext, entradaId: number, body: unknown, agora = new Date()): Promise<ResultadoTransmissao & { devolucao?: Row }> {
  const b = (body ?? {}) as Partial<PedidoDevolucao>;
  if (!Array.isArray(b.itens) || !b.itens.length) throw badRequest('Itens: informe ao menos uma linha da entrada e a quantidade a devolver.', [{ path: '/itens', campo: 'itens', mensagem: 'Campo Obrigatório!' }]);
  const pedido = { itens: b.itens.map((i) => ({ linha: Number(i?.linha), quantidade: String(i?.quantidade ?? '') })) };
  const notaId = await services.db.tenant(ctx, async (q) => {
    const e = (await q.query<Row>(`SELECT id, numero, estado, cabecalho FROM documentos WHERE tenant_id = $1 AND tipo = 'entradaNota' AND filial_id = $2 AND id = $3`, [ctx.tenantId, ctx.branchId, entradaId])).rows[0];
    if (!e) throw notFound('Entrada de nota fiscal não encontrada.');
    const chave = String(e.cabecalho.chaveAcesso ?? '');
    if (!/^\d{44}$/.test(chave)) throw badRequest(`A entrada nº ${e.numero} foi digitada sem a chave de acesso da NF-e do fornecedor: a nota de devolução precisa referenciá-la.`, [{ campo: 'chaveAcesso', mensagem: 'Sem chave de acesso' }]);
    // The same checks the stock side makes (efetivada, lines, quantities up to what may still go back), rolled back.
    await q.query('SAVEPOINT conferir_devolucao');
    try {
      await devolver(q, ctx, entradaId, pedido);
      throw new SoConferencia();
    } catch (err) {
      await q.query('ROLLBACK TO SAVEPOINT conferir_devolucao');
      if (!(err instanceof SoConferencia)) throw err;
    }
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
    return Number(nota.id);
  });
  let devolucao: Row | undefined;
  let r: ResultadoTransmissao;
  try {
    r = await transmitirNotaFiscal(services, ctx, notaId, agora, {
      movimentarEstoque: false,
      // Under the entry's row lock (devolver takes it FOR UPDATE), held until the authorisation commits: a return of
      // the same entry from another tab waits here and then sees these movements, so it is refused before anything
      // is numbered or sent to SEFAZ. A rejection (or SEFAZ unavailable) rolls these movements back.
      antesDeNumerar: async (q) => {
        devolucao = await devolver(q, ctx, entradaId, pedido);
      },
      aoAutorizar: async (q, nota) => {
        await q.query(`INSERT INTO devolucoes_fornecedor_nfe (tenant_id, entrada_id, nota_id) VALUES ($1, $2, $3)`, [ctx.tenantId, entradaId, nota.id]);
      },
    });
  } catch (err) {
    // Refused before SEFAZ authorised anything (another tab returned the goods first, SEFAZ unavailable): the draft
    // saved above goes. Anything else keeps it, to be looked at in Notas fiscais.
    if (err instanceof HttpError && (err.statusCode < 500 || err.statusCode === 503)) await services.db.tenant(ctx, (q) => excluirRascunho(q, ctx, notaId)).catch(() => {});
    throw err;
  }
  if (!r.autorizada) {
    const rej = r.rejeicao!;
    throw new HttpError(422, `A SEFAZ rejeitou a nota de devolução: ${rej.cStat} - ${rej.xMotivo}. ${rej.ajuda?.comoCorrigir ?? ''} Nada foi lançado no estoque.`.trim(), [{ campo: 'nota', mensagem: rej.xMotivo, cStat: rej.cStat }]);
  }
  return { ...r, devolucao };
}

/** The return NF-e issued for an entry. */
export async function notasDeDevolucao(q: Queryable, ctx: RequestContext, entradaId: number) {
  const r = await q.query(`SELECT n.* FROM devolucoes_fornecedor_nfe d JOIN notas_fiscais n ON n.tenant_id = d.tenant_id AND n.id = d.nota_id WHERE d.tenant_id = $1 AND d.entrada_id = $2 ORDER BY n.id`, [ctx.tenantId, entradaId]);
  return r.rows.map(notaOut);
}

export { devolucoesDaEntrada };
