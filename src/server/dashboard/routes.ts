import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import { fluxoCaixa } from '../financeiro/index.ts';
import { certificadoAtivo, resumo } from '../fiscal/emissao/certificados.ts';
import { forbidden } from '../http/errors.ts';
import { answer } from '../http/route-schema.ts';
import { agoraLocal } from '../vendas/pedido-venda.ts';
import { vendasMesAMes } from '../vendas/relatorios.ts';

/** How far ahead the dashboard's cash-flow chart looks. */
const tags = ['Dashboard'];

export const DIAS_FLUXO = 30;
/** A certificate closer than this to its end is a warning on the dashboard. */
export const DIAS_AVISO_CERTIFICADO = 30;

const somarDias = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);
export const podeVerVendas = (ctx: RequestContext) => serverAllows(ctx, 'app.painelvendas') || serverAllows(ctx, 'app.relatorioVenda') || serverAllows(ctx, 'app.pedidoVenda', 'view');
export const podeVerFinanceiro = (ctx: RequestContext) => serverAllows(ctx, 'app.painelFinanceiro') || serverAllows(ctx, 'app.lancamento', 'view');
const podeVerFiscal = (ctx: RequestContext) => podeVerVendas(ctx) || podeVerFinanceiro(ctx) || serverAllows(ctx, 'app.certificado', 'view') || serverAllows(ctx, 'app.permissao.nota', 'view');

/**
 * The dashboard's charts and fiscal warnings (issue 42), each figure computed in SQL by the module that owns it
 * (the sales source, the cash-flow report, the certificate and the notes); the cards of today's sales, the
 * finance panel and the stock card keep their own endpoints (Vendas/resumo, RelatoriosFinanceiros/painel,
 * SaldosEstoque/resumo).
 */
export default async function dashboardRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;

  /** Revenue per day, this month against the last one (painelvendas). */
  app.get('/api/Dashboard/vendas', { schema: { tags, summary: 'Vendas por dia do mês atual (até hoje) e do mês anterior, com os totais e o mês anterior até o mesmo dia (mesma fonte dos relatórios de vendas)', response: { 200: answer('Vendas mês a mês') } } }, async (req) => {
    const ctx = req.ctx!;
    if (!podeVerVendas(ctx)) throw forbidden('Você não tem permissão para consultar as vendas.');
    return db.tenant(ctx, (q) => vendasMesAMes(q, ctx, agoraLocal().data));
  });

  /** Cash flow of the next 30 days, day by day: what is due in and out and the projected balance (painelFinanceiro). */
  app.get('/api/Dashboard/fluxo', { schema: { tags, summary: 'Fluxo de caixa dos próximos 30 dias, por dia: a receber, a pagar e o saldo previsto (o relatório fluxo-caixa no mesmo período)', response: { 200: answer('Fluxo') } } }, async (req) => {
    const ctx = req.ctx!;
    if (!podeVerFinanceiro(ctx)) throw forbidden('Você não tem permissão para consultar o painel financeiro.');
    return db.tenant(ctx, async (q) => {
      const hoje = (await q.query<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`)).rows[0].d;
      const f = (await fluxoCaixa(q, ctx, { de: hoje, ate: somarDias(hoje, DIAS_FLUXO - 1), agrupamento: 'dia' })) as { saldoInicial: string; saldoFinal: string; linhas: Record<string, string>[] };
      return {
        de: hoje,
        ate: somarDias(hoje, DIAS_FLUXO - 1),
        saldoInicial: f.saldoInicial,
        saldoFinal: f.saldoFinal,
        dias: f.linhas.map((l) => ({ data: l.periodo, entradas: l.entradasPrevistas, saidas: l.saidasPrevistas, saldo: l.saldo })),
      };
    });
  });

  /** The branch's certificate (days to its end) and the notes still in contingency (NF-e and the PDV's NFC-e). */
  app.get('/api/Dashboard/fiscal', { schema: { tags, summary: 'Certificado digital da filial (dias para vencer) e notas em contingência (NF-e e NFC-e do PDV)', response: { 200: answer('Situação fiscal') } } }, async (req) => {
    const ctx = req.ctx!;
    if (!podeVerFiscal(ctx)) throw forbidden('Você não tem permissão para consultar o painel.');
    if (!ctx.branchId) return { certificado: null, contingencia: { nfe: 0, nfce: 0 }, diasAviso: DIAS_AVISO_CERTIFICADO };
    return db.tenant(ctx, async (q) => {
      const cert = await certificadoAtivo(q, ctx.tenantId, ctx.branchId!);
      const c = (
        await q.query<{ nfe: number; nfce: number }>(
          `SELECT (SELECT count(*) FROM notas_fiscais WHERE tenant_id = $1 AND filial_id = $2 AND status = 'contingencia')::integer AS nfe,
                  (SELECT count(*) FROM pdv_vendas WHERE tenant_id = $1 AND filial_id = $2 AND situacao = 'contingencia')::integer AS nfce`,
          [ctx.tenantId, ctx.branchId],
        )
      ).rows[0];
      const r = cert ? resumo(cert) : null;
      return { certificado: r ? { titular: r.titular, validoAte: r.validoAte, diasParaVencer: r.diasParaVencer, vencido: r.vencido } : null, contingencia: { nfe: c.nfe, nfce: c.nfce }, diasAviso: DIAS_AVISO_CERTIFICADO };
    });
  });
}
