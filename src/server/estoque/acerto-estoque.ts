import Decimal from 'decimal.js';
import { TipoMovimentacao } from '../../../generated/lookups.ts';
import type { DocumentModule } from '../documents/lifecycle.ts';
import { badRequest } from '../http/errors.ts';
import { chaveSaldo, estornar, movimentar, saldosTravados, type LinhaMovimento } from './movimentos.ts';

type Row = Record<string, unknown>;

const chaveLinha = (cab: Row, it: Row) => chaveSaldo({ produtoId: it.produtoId as number, variacaoId: it.variacaoId as number | null, depositoId: cab.depositoId as number, loteId: it.loteId as number | null });

/**
 * Acerto de estoque (a count): each line says how many units of a product (and lote) were counted in the
 * depósito; efetivar writes an AJUSTE movement of the difference between the count and the balance at that
 * moment (balances locked first, so a sale in between cannot slip through); cancelar reverses them.
 */
const acertoEstoque: DocumentModule = {
  async validar({ cabecalho, itens }) {
    const seen = new Map<string, number>();
    itens.forEach((it, i) => {
      const k = chaveLinha(cabecalho, it);
      const prev = seen.get(k);
      if (prev) throw badRequest(`Linha ${i + 1}: produto e lote repetidos (já contados na linha ${prev}).`, [{ path: `/itens/${i}/produtoId`, campo: 'produtoId', linha: i + 1, mensagem: 'Produto repetido' }]);
      seen.set(k, i + 1);
    });
  },
  postings: {
    async efetivar({ tx, ctx, doc }) {
      const scope = { tenantId: ctx.tenantId, userId: ctx.userId };
      const depositoId = doc.cabecalho.depositoId as number;
      const chaves = doc.itens.map((it) => ({ produtoId: it.produtoId as number, variacaoId: (it.variacaoId as number | null) ?? null, depositoId, loteId: (it.loteId as number | null) ?? null }));
      const saldos = await saldosTravados(tx, scope, chaves);
      const linhas: LinhaMovimento[] = [];
      doc.itens.forEach((it, i) => {
        const diff = new Decimal(it.quantidade as string).minus(saldos.get(chaveSaldo(chaves[i])) ?? '0');
        if (!diff.isZero()) linhas.push({ ...chaves[i], quantidade: diff.toFixed(4), tipo: TipoMovimentacao.AJUSTE, origemLinha: i + 1 });
      });
      // A count below what confirmed orders reserved is refused with negative stock off (the stock service says why).
      await movimentar(tx, scope, linhas, { tipo: doc.tipo, id: doc.id }, { respeitarReservas: true });
    },
    async cancelar({ tx, ctx, doc }) {
      await estornar(tx, { tenantId: ctx.tenantId, userId: ctx.userId }, { tipo: doc.tipo, id: doc.id });
    },
  },
};

export const { validar, postings } = acertoEstoque;
export default acertoEstoque;
