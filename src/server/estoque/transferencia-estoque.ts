import Decimal from 'decimal.js';
import { TipoMovimentacao } from '../../../generated/lookups.ts';
import type { DocumentModule } from '../documents/lifecycle.ts';
import { badRequest } from '../http/errors.ts';
import { estornar, movimentar, saldosTravados, type LinhaMovimento } from './movimentos.ts';

/**
 * Transferência de estoque between two depósitos of the branch: efetivar writes, for each line, a
 * TRANSFERENCIA out of the origin (at the origin's average cost) and one into the destination at that same
 * cost, in one call of the stock service (so in one transaction, all or nothing); cancelar reverses both.
 */
const transferenciaEstoque: DocumentModule = {
  async validar({ cabecalho }) {
    if (cabecalho.depositoOrigemId === cabecalho.depositoDestinoId) {
      throw badRequest('O depósito de destino deve ser diferente do depósito de origem.', [{ path: '/depositoDestinoId', campo: 'depositoDestinoId', mensagem: 'Igual ao depósito de origem' }]);
    }
  },
  postings: {
    async efetivar({ tx, ctx, doc }) {
      const scope = { tenantId: ctx.tenantId, userId: ctx.userId };
      const origem = { tipo: doc.tipo, id: doc.id };
      const saidas: LinhaMovimento[] = doc.itens.map((it, i) => ({
        produtoId: it.produtoId as number,
        variacaoId: (it.variacaoId as number | null) ?? null,
        depositoId: doc.cabecalho.depositoOrigemId as number,
        loteId: (it.loteId as number | null) ?? null,
        quantidade: new Decimal(it.quantidade as string).neg().toFixed(4),
        tipo: TipoMovimentacao.TRANSFERENCIA,
        origemLinha: i + 1,
      }));
      const destino = doc.cabecalho.depositoDestinoId as number;
      // Both sides locked first, in the service's one order: an A→B and a B→A transfer queue, never deadlock.
      await saldosTravados(tx, scope, [...saidas, ...saidas.map((s) => ({ ...s, depositoId: destino }))]);
      // What leaves the origin may not take what confirmed orders reserved there (negative stock off).
      const out = await movimentar(tx, scope, saidas, origem, { respeitarReservas: true });
      // Entries carry the cost each line left the origin with, so the destination's average follows it.
      await movimentar(
        tx,
        scope,
        saidas.map((s, i) => ({ ...s, depositoId: destino, quantidade: new Decimal(s.quantidade).neg().toFixed(4), custoUnitario: out[i].custoUnitario })),
        origem,
      );
    },
    async cancelar({ tx, ctx, doc }) {
      await estornar(tx, { tenantId: ctx.tenantId, userId: ctx.userId }, { tipo: doc.tipo, id: doc.id });
    },
  },
};

export const { validar, postings } = transferenciaEstoque;
export default transferenciaEstoque;
