import type { FastifyInstance } from 'fastify';
import Decimal from 'decimal.js';
import { formatBRL, toMoney } from '../../shared/money.ts';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.ts';
import { validarCartao, type BillingProvider, type MeioPagamento } from './cobranca.ts';
import { modulosDaMarca, moduloDoCatalogo, situacaoDaConta } from './modulos.ts';
import { aoEsquecerEstado } from '../estado-do-processo.ts';

/** The provider start-up registers (app.ts: the local stand-in, src/server/stand-ins/registrar.ts); production code imports none. */
let padrao: (() => BillingProvider) | null = null;
/** One set for this process (a deployment with a real billing system, tests that simulate one); forgotten between test files. */
let provider: BillingProvider | null = null;

export function registrarBillingProviderPadrao(f: () => BillingProvider): void {
  padrao = f;
}
export const billingProvider = (): BillingProvider => {
  if (provider) return provider;
  if (!padrao) throw new Error('Nenhum sistema de cobrança registrado (registrarBillingProviderPadrao).');
  return (provider = padrao());
};
/** For a deployment with a real billing system (and tests that simulate one). */
export function setBillingProvider(p: BillingProvider): void {
  provider = p;
}
aoEsquecerEstado(() => {
  provider = null;
});

/** Days a paid period lasts. */
export const PERIODO_DIAS = 30;

/**
 * Charges the account through the billing provider and writes the charge to its ledger, in the caller's
 * transaction. A settled plan charge (renova) ends the trial and unblocks the account for one more period (never shortens
 * one already paid). A refused charge leaves nothing written but the refused row, and answers 402-like 400.
 */
export async function cobrar(q: Queryable, tenantId: number, descricao: string, valor: Decimal.Value, renova = true): Promise<{ situacao: 'paga' | 'pendente'; idExterno: string }> {
  const meio = (await q.query<{ meio_pagamento: MeioPagamento }>('SELECT meio_pagamento FROM tenants WHERE id = $1 FOR UPDATE', [tenantId])).rows[0]?.meio_pagamento ?? 'boleto';
  const provider = billingProvider();
  const res = await provider.cobrar({ tenantId, descricao, valor: toMoney(valor), meio });
  if (res.situacao === 'recusada') throw badRequest('Pagamento recusado pelo sistema de cobrança. Verifique a forma de pagamento e tente novamente.');
  await q.query(`INSERT INTO assinatura_cobrancas (tenant_id, descricao, valor, meio, situacao, provedor, id_externo) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    tenantId,
    descricao,
    toMoney(valor),
    meio,
    res.situacao,
    provider.nome,
    res.idExterno,
  ]);
  if (res.situacao === 'paga' && renova) {
    await q.query(
      `UPDATE tenants SET trial = false, bloqueada = false,
              data_vencimento = greatest(current_date, CASE WHEN trial THEN current_date ELSE coalesce(data_vencimento, current_date) END) + $2::int
        WHERE id = $1`,
      [tenantId, PERIODO_DIAS],
    );
  }
  return { situacao: res.situacao, idExterno: res.idExterno };
}

const assinante = (ctx: RequestContext) => {
  if (!serverAllows(ctx, 'app.assinaturas')) throw forbidden('Você não tem permissão para alterar a assinatura.');
  return ctx;
};

/**
 * The account's side of the subscription (SPEC 4, 7.1): its state for the banner, the way it pays
 * (alterarPagamentoParaCartao), and the additional modules it contracts (Assinatura > Módulos adicionais).
 */
export default async function assinaturaRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, brands } = services;
  const brandOf = async (ctx: RequestContext) => (await brands.all()).find((b) => b.id === ctx.brandId);

  /** The plan state, the banner's text and every catalogue module with whether this account may use it. */
  app.get('/api/Assinatura', { schema: { summary: 'Situação do plano da conta, o aviso da faixa e cada módulo do catálogo com se a conta pode usá-lo' } }, async (req) => {
    const ctx = req.ctx!;
    const s = await situacaoDaConta(db, ctx.tenantId, await brandOf(ctx));
    if (!s) throw notFound('Conta não encontrada.');
    return { ...s, modulos: s.modulos.map((m) => ({ ...m, valorAdicionalFormatado: m.valorAdicional ? formatBRL(m.valorAdicional) : null })) };
  });

  /** The account's charges, newest first. */
  app.get('/api/Assinatura/cobrancas', { schema: { summary: 'Cobranças da conta, da mais nova para a mais antiga' } }, async (req) => {
    const ctx = assinante(req.ctx!);
    return (
      await db.tenant(ctx, (q) =>
        q.query(
          `SELECT id, descricao, valor::text AS valor, meio, situacao, to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY') AS data FROM assinatura_cobrancas WHERE tenant_id = $1 ORDER BY id DESC LIMIT 100`,
          [ctx.tenantId],
        ),
      )
    ).rows;
  });

  /** POST Usuarios/alterarPagamentoParaCartao: the provider keeps the card; the account keeps its last digits. */
  app.post('/api/Usuarios/alterarPagamentoParaCartao', { schema: { summary: 'Passa o pagamento da assinatura para cartão (o cartão fica no provedor; a conta guarda os últimos dígitos)' } }, async (req) => {
    const ctx = assinante(req.ctx!);
    const cartao = validarCartao(req.body);
    const reg = await billingProvider().registrarCartao(ctx.tenantId, cartao);
    await db.query(`UPDATE tenants SET meio_pagamento = 'cartao', cartao_final = $2 WHERE id = $1`, [ctx.tenantId, reg.final]);
    return { meioPagamento: 'cartao', cartaoFinal: reg.final, bandeira: reg.bandeira };
  });

  /** Contracts one additional module at the brand's price (config.modulos[].valorAdicional), charged at once. */
  app.post('/api/Usuarios/contratarModulo', { schema: { summary: 'Contrata um módulo adicional pelo preço da marca, cobrado na hora' } }, async (req) => {
    const ctx = assinante(req.ctx!);
    const id = (req.body as { modulo?: unknown } | null)?.modulo;
    const cat = typeof id === 'string' ? moduloDoCatalogo(id) : undefined;
    if (!cat) throw badRequest('Informe um módulo válido.', [{ path: '/modulo', campo: 'modulo', mensagem: 'Campo inválido!' }]);
    const brand = await brandOf(ctx);
    const marca = modulosDaMarca(brand).find((m) => m.id === cat.id);
    if (marca?.ativo === false) throw badRequest(`O módulo ${cat.titulo} não está disponível nesta marca.`);
    if (!marca?.valorAdicional) throw badRequest(`O módulo ${cat.titulo} não é vendido como módulo adicional.`);
    const s = await situacaoDaConta(db, ctx.tenantId, brand);
    if (s?.modulos.find((m) => m.id === cat.id)?.ativo && !s.planoId) throw conflict(`O módulo ${cat.titulo} já está disponível para a sua conta.`);
    if (s?.modulos.find((m) => m.id === cat.id)?.adicional) throw conflict(`O módulo ${cat.titulo} já foi contratado.`);
    const valor = new Decimal(marca.valorAdicional);
    const out = await db
      .transaction(async (q) => {
        await q.query('INSERT INTO assinatura_modulos (tenant_id, modulo, valor) VALUES ($1, $2, $3)', [ctx.tenantId, cat.id, toMoney(valor)]);
        return cobrar(q, ctx.tenantId, `Módulo adicional ${cat.titulo}`, valor, false);
      })
      .catch((e) => {
        if (e instanceof HttpError) throw e;
        if ((e as { code?: string }).code === '23505') throw conflict(`O módulo ${cat.titulo} já foi contratado.`);
        throw e;
      });
    return { modulo: cat.id, titulo: cat.titulo, valor: toMoney(valor), valorFormatado: formatBRL(valor), situacao: out.situacao };
  });
}
