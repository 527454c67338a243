import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { formatBRL } from '../../shared/money.ts';
import { formatDate } from '../../shared/dates.ts';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { carregarEstado, maquina, permite, transitar, type Colunas } from '../documents/estados.ts';
import { baixarParcelas } from '../financeiro/index.ts';
import { badRequest } from '../http/errors.ts';
import { ctxDaConfiguracao, hashWebhook, lerAutomacao } from './automacao-config.ts';
import { ABERTOS, contaDaBaixa, registrarMudanca, umBoleto } from './cobranca.ts';
import { lerConfiguracao, type ConfiguracaoBoleto } from './configuracao.ts';
import { enfileirarEmail } from './lembretes.ts';
import { ClientePsp, RecusaPsp, type PspConfig } from './pix/psp-cliente.ts';

/**
 * Dynamic Pix charges (issue 38 item 5) through the PSP's BACEN Pix API: the charge is recorded and a job
 * enqueued in the caller's transaction; the job creates it at the PSP (PUT /cobv/{txid} for a boleto not yet
 * due, PUT /cob/{txid} otherwise) and records its location and copia e cola. The PSP's webhook only names a
 * payment: a job confirms it at the PSP (GET /pix/{e2eid}) and settles the receivable once per endToEndId.
 */

export const TIPO_CRIAR = 'boletos.pixCriar';
export const TIPO_CONFIRMAR = 'boletos.pixConfirmar';
const EXPIRACAO_COB = 24 * 3600;

const COLUNAS = `id, txid, tipo, parcela_id AS "parcelaId", boleto_id AS "boletoId", valor::text AS valor, to_char(vencimento, 'YYYY-MM-DD') AS vencimento, expiracao,
  situacao, location, pix_copia_e_cola AS "pixCopiaECola", erro, criado_em AS "criadoEm"`;

const hoje = () => new Date().toISOString().slice(0, 10);

export async function cobrancasDoBoleto(q: Queryable, ctx: RequestContext, boletoId: number) {
  await umBoleto(q, ctx, boletoId);
  return (await q.query(`SELECT ${COLUNAS} FROM pix_cobrancas WHERE tenant_id = $1 AND boleto_id = $2 ORDER BY id DESC`, [ctx.tenantId, boletoId])).rows;
}

/**
 * Records a Pix charge for an open boleto and enqueues its creation at the PSP (same transaction). A boleto with
 * a charge being created or active gets that one back (idempotent).
 */
export async function pedirCobrancaPix(q: Queryable, ctx: RequestContext, services: Pick<AppServices, 'jobs'>, cfg: ConfiguracaoBoleto, boletoId: number, webhookBase: string) {
  const b = await umBoleto(q, ctx, boletoId, true);
  if (!ABERTOS.includes(b.estado)) throw badRequest(`Só um boleto pendente recebe cobrança Pix: o boleto nº ${b.numero} está ${b.estado}.`);
  const a = await lerAutomacao(q, ctx.tenantId, cfg.id!);
  if (!a?.pspUrl || !a.pspClientId || !a.pspClientSecret) throw badRequest('Configure o PSP Pix (endereço da API, client ID e client secret) em Automação de boletos antes de gerar a cobrança Pix.');
  if (!cfg.chavePix) throw badRequest('A configuração de boleto não tem chave Pix: informe a chave em Configurações > Pagamento > Gateway de boleto.');
  const viva = await q.query(`SELECT ${COLUNAS} FROM pix_cobrancas WHERE tenant_id = $1 AND boleto_id = $2 AND situacao IN ('criando', 'ATIVA') ORDER BY id DESC LIMIT 1`, [ctx.tenantId, boletoId]);
  if (viva.rows[0]) return { cobranca: viva.rows[0], mensagem: 'O boleto já tem uma cobrança Pix ativa.' };
  const tipo = b.vencimento >= hoje() ? 'cobv' : 'cob';
  const txid = randomBytes(16).toString('hex');
  const ins = await q.query(
    `INSERT INTO pix_cobrancas (tenant_id, configuracao_id, txid, tipo, parcela_id, boleto_id, valor, vencimento, expiracao, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUNAS}`,
    [ctx.tenantId, cfg.id, txid, tipo, b.parcelaId, b.id, b.valor, tipo === 'cobv' ? b.vencimento : null, EXPIRACAO_COB, ctx.userId ?? null],
  );
  if (!services.jobs) throw new Error('fila de jobs indisponível');
  await services.jobs.enqueue(TIPO_CRIAR, { tenantId: ctx.tenantId, configuracaoId: cfg.id, txid, webhookBase }, { key: txid, contaId: ctx.tenantId }, q);
  return { cobranca: ins.rows[0], mensagem: 'Cobrança Pix enviada ao PSP.' };
}

const pspDe = (a: { pspUrl: string | null; pspClientId: string | null; pspClientSecret: string | null }): PspConfig => ({ url: a.pspUrl!, clientId: a.pspClientId!, clientSecret: a.pspClientSecret! });

/** The job: the webhook registered once per key and URL, then the charge created at the PSP; the answer recorded. */
async function criarNoPsp(services: AppServices, p: { tenantId: number; configuracaoId: number; txid: string; webhookBase: string }) {
  const ctx = await ctxDaConfiguracao(services, p.tenantId, p.configuracaoId);
  if (!ctx) return;
  const dados = await services.db.tenant(ctx, async (q) => {
    const cfg = await lerConfiguracao(q, ctx);
    const a = await lerAutomacao(q, p.tenantId, p.configuracaoId);
    const c = await q.query(
      `SELECT c.*, c.valor::text AS valor_texto, to_char(c.vencimento, 'YYYY-MM-DD') AS venc, b.pagador_nome, b.pagador_documento, b.numero AS boleto_numero,
              (SELECT psp_webhook_registrado FROM boletos_automacao x WHERE x.tenant_id = c.tenant_id AND x.configuracao_id = c.configuracao_id) AS webhook
         FROM pix_cobrancas c LEFT JOIN boletos b ON b.tenant_id = c.tenant_id AND b.id = c.boleto_id WHERE c.tenant_id = $1 AND c.txid = $2`,
      [p.tenantId, p.txid],
    );
    return { cfg, a, c: c.rows[0] };
  });
  const { cfg, a, c } = dados;
  if (!c || c.situacao !== 'criando') return;
  // The charge leaves criando by a declared transition (schemas/lifecycles/pixCobranca.json); one that left it
  // meanwhile (another run of the job) is left as it is.
  const mover = (transicao: 'criar-no-psp' | 'falhar', colunas: Colunas, para?: string) =>
    services.db.tenant(ctx, async (q) => {
      const m = maquina('pixCobranca');
      if (!permite(m, transicao, (await carregarEstado(q, ctx, m, Number(c.id))).estado)) return;
      await transitar(q, ctx, m, Number(c.id), transicao, async () => ({ para, colunas }));
    });
  const falhar = (msg: string) => mover('falhar', { erro: msg });
  if (!cfg?.chavePix || !a?.pspUrl || !a.pspClientId || !a.pspClientSecret) return void (await falhar('A configuração do PSP Pix foi removida.'));
  const psp = new ClientePsp(pspDe(a));
  const webhookUrl = `${(process.env.PIX_WEBHOOK_BASE || p.webhookBase).replace(/\/$/, '')}/api/pix/webhook/${a.webhookSegredo}`;
  try {
    if (c.webhook !== webhookUrl) {
      await psp.configurarWebhook(cfg.chavePix, webhookUrl);
      await services.db.tenant(ctx, (q) => q.query(`UPDATE boletos_automacao SET psp_webhook_registrado = $3 WHERE tenant_id = $1 AND configuracao_id = $2`, [p.tenantId, p.configuracaoId, webhookUrl]));
    }
    const doc = String(c.pagador_documento ?? '').replace(/\D/g, '');
    const devedor = doc ? { [doc.length === 14 ? 'cnpj' : 'cpf']: doc, nome: String(c.pagador_nome ?? '').slice(0, 140) } : undefined;
    const corpo = c.tipo === 'cobv'
      ? { calendario: { dataDeVencimento: c.venc, validadeAposVencimento: 30 }, devedor, valor: { original: c.valor_texto }, chave: cfg.chavePix, solicitacaoPagador: `Boleto nº ${c.boleto_numero}`.slice(0, 140) }
      : { calendario: { expiracao: c.expiracao }, devedor, valor: { original: c.valor_texto }, chave: cfg.chavePix, solicitacaoPagador: `Boleto nº ${c.boleto_numero}`.slice(0, 140) };
    const r = await psp.criarCobranca(c.tipo, p.txid, corpo);
    const location = r.location ?? r.loc?.location ?? null;
    const m = maquina('pixCobranca');
    const situacao = r.status ?? 'ATIVA';
    const para = 'values' in m.state ? Object.entries(m.state.values).find(([k, v]) => v === situacao && k !== 'criando' && k !== 'falhou')?.[0] : undefined;
    if (!para) throw new Error(`Situação da cobrança Pix desconhecida: ${situacao}`);
    await mover('criar-no-psp', { location, pix_copia_e_cola: r.pixCopiaECola ?? null, erro: null }, para);
  } catch (e) {
    if (e instanceof RecusaPsp) return void (await falhar(e.message));
    throw e;
  }
}

/**
 * The PSP's webhook (POST {webhookUrl}/pix with { pix: [...] }): the secret in the address names the
 * configuration; each payment is only enqueued to be confirmed at the PSP. Answers how many it took.
 */
export async function receberWebhookPix(services: AppServices, segredo: string, corpo: unknown): Promise<number | null> {
  if (!/^[a-f0-9]{36}$/.test(segredo)) return null;
  const r = await services.db.query<{ tenant_id: number; configuracao_id: number }>(`SELECT tenant_id, configuracao_id FROM boletos_automacao WHERE webhook_segredo_hash = $1`, [hashWebhook(segredo)]);
  const alvo = r.rows.length === 1 ? r.rows[0] : null;
  if (!alvo) return null;
  const pix = (corpo as { pix?: unknown })?.pix;
  if (!Array.isArray(pix)) throw badRequest('Corpo do webhook Pix inválido: esperado { "pix": [...] }.');
  let n = 0;
  for (const item of pix.slice(0, 1000)) {
    const e2e = (item as { endToEndId?: unknown })?.endToEndId;
    if (typeof e2e !== 'string' || !/^[A-Za-z0-9]{32}$/.test(e2e)) continue;
    await services.jobs!.enqueue(TIPO_CONFIRMAR, { tenantId: Number(alvo.tenant_id), configuracaoId: Number(alvo.configuracao_id), e2eid: e2e }, { key: e2e, contaId: Number(alvo.tenant_id) });
    n++;
  }
  return n;
}

/** The job: the payment read back from the PSP, then settled once (pix_recebimentos is unique by endToEndId). */
async function confirmarPix(services: AppServices, p: { tenantId: number; configuracaoId: number; e2eid: string }) {
  const ctx = await ctxDaConfiguracao(services, p.tenantId, p.configuracaoId);
  if (!ctx) return;
  const ja = await services.db.tenant(ctx, (q) => q.query(`SELECT 1 FROM pix_recebimentos WHERE tenant_id = $1 AND end_to_end_id = $2`, [p.tenantId, p.e2eid]));
  if (ja.rows.length) return;
  const a = await services.db.tenant(ctx, (q) => lerAutomacao(q, p.tenantId, p.configuracaoId));
  if (!a?.pspUrl || !a.pspClientId || !a.pspClientSecret) return;
  let pix;
  try {
    pix = await new ClientePsp(pspDe(a)).consultarPix(p.e2eid);
  } catch (e) {
    // Unknown at the PSP: a forged or mistaken notification settles nothing.
    if (e instanceof RecusaPsp) return;
    throw e;
  }
  if (!pix?.txid || pix.endToEndId !== p.e2eid) return;
  await services.db.tenant(ctx, async (q) => {
    const c = (await q.query(`SELECT * FROM pix_cobrancas WHERE tenant_id = $1 AND txid = $2 FOR UPDATE`, [p.tenantId, pix.txid])).rows[0];
    if (!c) return;
    const ins = await q.query<{ id: number }>(
      `INSERT INTO pix_recebimentos (tenant_id, cobranca_id, end_to_end_id, valor, horario) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tenant_id, end_to_end_id) DO NOTHING RETURNING id`,
      [p.tenantId, c.id, p.e2eid, pix.valor, pix.horario],
    );
    if (!ins.rows[0]) return;
    if (c.situacao !== 'CONCLUIDA') await transitar(q, ctx, maquina('pixCobranca'), Number(c.id), 'concluir');
    const fuso = (await q.query<{ d: string }>(`SELECT to_char($3::timestamptz AT TIME ZONE coalesce(fuso_horario, 'America/Sao_Paulo'), 'YYYY-MM-DD') AS d FROM branches WHERE tenant_id = $1 AND id = $2`, [p.tenantId, ctx.branchId, pix.horario])).rows[0];
    const data = fuso?.d ?? hoje();
    const parcela = (await q.query<{ aberto: string; lancamento_id: number }>(`SELECT (valor - valor_baixado)::text AS aberto, lancamento_id FROM parcelas WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [p.tenantId, c.parcela_id])).rows[0];
    const boleto = c.boleto_id ? await umBoleto(q, ctx, Number(c.boleto_id), true) : null;
    const detalhe = `Pix recebido (${p.e2eid}) de ${formatBRL(pix.valor)} em ${formatDate(data)}`;
    if (!parcela || new Decimal(parcela.aberto).lte(0)) {
      if (boleto) await registrarMudanca(q, ctx, boleto.id, boleto.estado, boleto.estado, 'pix', `${detalhe}, mas a parcela já estava quitada: devolva o valor ou registre-o como crédito do cliente.`);
      return;
    }
    const valor = Decimal.min(new Decimal(pix.valor), new Decimal(parcela.aberto));
    const juros = new Decimal(pix.valor).minus(valor);
    const contaId = await contaDaBaixa(q, ctx, Number(parcela.lancamento_id));
    const { baixas } = await baixarParcelas(q, ctx, { contaId, data, itens: [{ parcelaId: Number(c.parcela_id), valor: new Decimal(pix.valor).toFixed(2), juros: juros.gt(0) ? juros.toFixed(2) : null }] });
    await q.query(`UPDATE pix_recebimentos SET baixa_id = $3 WHERE tenant_id = $1 AND id = $2`, [p.tenantId, ins.rows[0].id, baixas[0].id]);
    if (boleto && ABERTOS.includes(boleto.estado)) {
      await transitar(q, ctx, maquina('boleto'), boleto.id, 'pagar', async ({ de }) => ({
        colunas: { valor_pago: baixas[0].valor, data_pagamento: data, remessa_pendente: de === 'registrado' ? 'baixar' : null },
      }));
      await registrarMudanca(q, ctx, boleto.id, boleto.estado, 'pago', 'pix', `${detalhe}.`);
      await enfileirarEmail(services, q, p.tenantId, boleto.id, 'pagamento');
    }
  });
}

export function registrarJobsPix(services: AppServices): void {
  services.jobs?.register(TIPO_CRIAR, (p: any) => criarNoPsp(services, p));
  services.jobs?.register(TIPO_CONFIRMAR, (p: any) => confirmarPix(services, p));
}

