import Decimal from 'decimal.js';
import { TipoMovimentacao } from '../../../generated/lookups.ts';
import { aplicarPromocao } from '../../shared/promocoes.ts';
import { formatBRL, MONEY_RE, QUANTITY_RE } from '../../shared/money.ts';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { proximoNumero } from '../documents/numeracao.ts';
import { devolverNumeroNfe, reservarNumeroNfe } from '../fiscal/emissao/notas.ts';
import { estornar, movimentar } from '../estoque/movimentos.ts';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.ts';
import { agoraLocal, promocoesDe } from '../vendas/pedido-venda.ts';
import type { NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import { formaDinheiro, lerCaixa } from './caixas.ts';
import { cancelarSubstituidas, registrarSubstituida, substituidaDa } from './substituicao.ts';
import { XsdAusenteError } from '../fiscal/validacao-xsd.ts';
import { recuperarPendentes } from '../fiscal/transmissao/index.ts';
import { assinarOffline, conferirOffline, contextoNfce, documentoNfce, emitir, FalhaNfce, guardarXml, transmitirContingencia, type ContextoNfce, type LinhaVenda, type PagamentoVenda, type ResultadoNfce, resolverNfceTransmitindo } from './nfce.ts';
import { emitirEvento } from '../integracoes/index.ts';
import { moverCupom } from './estado-cupom.ts';
import { documentoFiscal } from '../../shared/cpf-cnpj.ts';

type Row = Record<string, any>;
type Ctx = Pick<RequestContext, 'tenantId' | 'userId' | 'branchId'>;
type Servicos = Pick<AppServices, 'db' | 'storage' | 'realtime'>;

export const ORIGEM_VENDA = 'pdvVenda';
/** MOC: an offline-contingency NFC-e must reach SEFAZ within 24 hours of its issue; the alert comes 4 hours before. */
export const PRAZO_CONTINGENCIA_MS = 24 * 3600_000;
export const AVISO_PRAZO_MS = 4 * 3600_000;
/** NFC-e cancellation window (30 minutes after the authorisation, as most states rule). */
export const PRAZO_CANCELAMENTO_NFCE_MS = 30 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const falha = (campo: string, msg: string): never => {
  throw badRequest(msg, [{ path: `/${campo}`, campo: campo.split('/').pop()!, mensagem: msg }]);
};

interface VendaEntrada {
  chave: string;
  pdvId: number;
  caixaId: number;
  operadorId: number;
  emitidaEm: Date;
  cpfCnpj: string | null;
  itens: (LinhaVenda & { promocaoId?: number | null })[];
  pagamentos: PagamentoVenda[];
  troco: string | null;
  offline: { dhCont: string; xJust: string; serie: number; numero: number; xml: string } | null;
}

function lerEntrada(body: Row, chaveCabecalho: unknown): VendaEntrada {
  const b = body && typeof body === 'object' && !Array.isArray(body) ? body : falha('', 'O corpo da requisição deve ser um objeto.');
  const chave = String(chaveCabecalho ?? b.chave ?? '');
  if (!UUID.test(chave)) falha('chave', 'Chave da venda (Idempotency-Key): informe um UUID.');
  if (b.chave && chaveCabecalho && b.chave !== chaveCabecalho) falha('chave', 'A chave do corpo difere do cabeçalho Idempotency-Key.');
  const inteiro = (v: unknown, campo: string, titulo: string) => (Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : falha(campo, `${titulo}: informe o código.`));
  const emitidaEm = b.emitidaEm ? new Date(String(b.emitidaEm)) : new Date();
  if (Number.isNaN(emitidaEm.getTime())) falha('emitidaEm', 'Data da venda inválida.');
  if (!Array.isArray(b.itens) || !b.itens.length) falha('itens', 'Itens: informe ao menos um produto.');
  if (b.itens.length > 990) falha('itens', 'Itens: no máximo 990 por cupom.');
  const itens = (b.itens as Row[]).map((it, i) => {
    const q = typeof it?.quantidade === 'number' ? String(it.quantidade) : it?.quantidade;
    if (typeof q !== 'string' || !QUANTITY_RE.test(q) || new Decimal(q).lte(0)) falha(`itens/${i}/quantidade`, `Item ${i + 1}: a quantidade deve ser maior que zero.`);
    const p = typeof it?.precoUnitario === 'number' ? String(it.precoUnitario) : it?.precoUnitario;
    if (typeof p !== 'string' || !MONEY_RE.test(p) || new Decimal(p).lte(0)) falha(`itens/${i}/precoUnitario`, `Item ${i + 1}: informe o preço unitário.`);
    const d = it?.desconto == null || it.desconto === '' ? '0' : String(it.desconto);
    if (!MONEY_RE.test(d) || new Decimal(d).lt(0)) falha(`itens/${i}/desconto`, `Item ${i + 1}: desconto inválido.`);
    return { produtoId: inteiro(it?.produtoId, `itens/${i}/produtoId`, `Item ${i + 1}, produto`), quantidade: new Decimal(q!).toFixed(4), precoUnitario: new Decimal(p!).toFixed(2), desconto: new Decimal(d).toFixed(2), promocaoId: it?.promocaoId ?? null };
  });
  if (!Array.isArray(b.pagamentos) || !b.pagamentos.length) falha('pagamentos', 'Pagamentos: informe ao menos um pagamento.');
  const pagamentos = (b.pagamentos as Row[]).map((p, i) => {
    const v = typeof p?.valor === 'number' ? String(p.valor) : p?.valor;
    if (typeof v !== 'string' || !MONEY_RE.test(v) || new Decimal(v).lte(0)) falha(`pagamentos/${i}/valor`, `Pagamento ${i + 1}: informe o valor.`);
    return { formaPagamentoId: inteiro(p?.formaPagamentoId, `pagamentos/${i}/formaPagamentoId`, `Pagamento ${i + 1}, forma de pagamento`), tPag: String(p?.tPag ?? ''), valor: new Decimal(v!).toFixed(2), bandeira: p?.bandeira ?? null };
  });
  const troco = b.troco == null || b.troco === '' ? null : String(b.troco);
  if (troco !== null && (!MONEY_RE.test(troco) || new Decimal(troco).lt(0))) falha('troco', 'Troco inválido.');
  let offline: VendaEntrada['offline'] = null;
  if (b.offline) {
    const o = b.offline as Row;
    if (Number(o.tpEmis) !== 9) falha('offline/tpEmis', 'Venda off-line: tpEmis deve ser 9.');
    if (typeof o.xml !== 'string' || o.xml.length < 100) falha('offline/xml', 'Venda off-line: envie o XML da NFC-e.');
    offline = { dhCont: String(o.dhCont ?? ''), xJust: String(o.xJust ?? ''), serie: Number(o.serie), numero: Number(o.numero), xml: o.xml };
    if (!Number.isInteger(offline.serie) || !Number.isInteger(offline.numero) || offline.numero < 1) falha('offline/numero', 'Venda off-line: informe série e número da NFC-e.');
  }
  const cpf = b.cpfCnpj ? documentoFiscal(b.cpfCnpj) : null;
  return { chave: chave.toLowerCase(), pdvId: inteiro(b.pdvId, 'pdvId', 'PDV'), caixaId: inteiro(b.caixaId, 'caixaId', 'Caixa'), operadorId: inteiro(b.operadorId, 'operadorId', 'Operador'), emitidaEm, cpfCnpj: cpf || null, itens, pagamentos, troco, offline };
}

/** The answer of a sale, kept with it so the same key gets the same answer. */
export function respostaDe(v: Row) {
  return {
    id: Number(v.id),
    chave: v.chave,
    numero: v.numero == null ? null : Number(v.numero),
    serie: v.serie == null ? null : Number(v.serie),
    chaveAcesso: v.chave_acesso ?? null,
    situacao: v.situacao === 'pendente' ? 'erro' : v.situacao,
    ...(v.motivo ? { motivo: v.motivo } : {}),
    total: new Decimal(v.total).toFixed(2),
    troco: new Decimal(v.troco).toFixed(2),
    qrCode: v.qr_code ?? null,
    urlConsulta: v.url_consulta ?? null,
    danfce: `/api/Pdv/vendas/${v.id}/danfce`,
  };
}

/**
 * POST /api/Pdv/vendas. In one transaction: the sale row (its idempotency key unique: a second request with the
 * same key waits for the first and gets its answer; nothing is posted twice), the stock movements (VENDA) from
 * the PDV's depósito, the payments and the change into the caixa session, and the NFC-e's number and document.
 * SEFAZ is then called with no transaction open, and a second short transaction records its answer: when the
 * NFC-e fails (settings, rejection) only the NFC-e is undone (its number returns to the series) and the cupom is
 * recorded as 'erro' for cupom-erro's retry; the sale stays. An offline sale (its XML signed at the till) is
 * recorded in one transaction as before.
 */
export async function registrarVenda(services: Servicos, ctx: Ctx, body: Row, chaveCabecalho: unknown): Promise<{ status: 200 | 201; resposta: Row }> {
  const e = lerEntrada(body, chaveCabecalho);
  const limite = Date.now() + ESPERA_GEMEA_MS;
  for (;;) {
    const r = await registrarVendaUmaVez(services, ctx, e);
    if (r !== AGUARDAR) return comSubstituicao(services, ctx, r);
    // The twin with the same key is waiting for SEFAZ (its sale committed, its answer not yet): wait for its answer.
    if (Date.now() > limite) throw new HttpError(503, 'A venda com esta chave ainda está sendo transmitida à SEFAZ: tente de novo em instantes.');
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

/** How long a request waits for the answer of its twin (same idempotency key) that is at SEFAZ. */
const ESPERA_GEMEA_MS = 120_000;
const AGUARDAR = Symbol('aguardar');

async function registrarVendaUmaVez(services: Servicos, ctx: Ctx, e: VendaEntrada): Promise<{ status: 200 | 201; resposta: Row } | typeof AGUARDAR> {
  const r1 = await services.db.tenant(ctx, async (q): Promise<{ status: 200 | 201; resposta: Row; enviar?: number } | typeof AGUARDAR | { id: number; p: NfcePreparada }> => {
    const anterior = await q.query<Row>('SELECT resposta FROM pdv_vendas WHERE tenant_id = $1 AND chave = $2', [ctx.tenantId, e.chave]);
    if (anterior.rows.length) {
      if (!anterior.rows[0].resposta) return AGUARDAR;
      // The station's offline note for a sale stored here (its wait for our answer ran out).
      return e.offline ? substituirPorOffline(services, q, ctx, e) : { status: 200 as const, resposta: anterior.rows[0].resposta };
    }
    const caixa = await lerCaixa(q, ctx, e.caixaId, true).catch(() => falha('caixaId', 'Caixa não encontrado nesta filial.'));
    if (caixa.estado !== 'aberto') throw conflict(`O caixa ${caixa.numero} está fechado: abra um caixa para vender.`);
    if (Number(caixa.cabecalho.pdvId) !== e.pdvId) falha('caixaId', 'O caixa informado é de outro PDV.');
    const pdv = (await q.query<Row>('SELECT * FROM pdvs WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, e.pdvId])).rows[0];
    if (!pdv) falha('pdvId', 'PDV não encontrado.');
    const op = (await q.query<Row>(
      'SELECT o.ativo, o.bloqueado, g.desconto_maximo FROM operadores_pdv o JOIN grupos_usuario_pdv g ON g.tenant_id = o.tenant_id AND g.id = o.grupo_id WHERE o.tenant_id = $1 AND o.id = $2',
      [ctx.tenantId, e.operadorId],
    )).rows[0];
    if (!op?.ativo) falha('operadorId', 'Operador não encontrado ou inativo.');
    if (op.bloqueado) throw new HttpError(423, 'Operador bloqueado. Procure o gerente.');

    // Lines: products of this account, the promotion the shared function gives, the operator's discount limit.
    const ids = [...new Set(e.itens.map((i) => i.produtoId))];
    const prods = new Map((await q.query<Row>('SELECT id, codigo, descricao, categoria_id, servico, ativo FROM produtos WHERE tenant_id = $1 AND id = ANY($2::int[])', [ctx.tenantId, ids])).rows.map((p) => [Number(p.id), p]));
    const promocoes = await promocoesDe(q, ctx.tenantId, ids, [...new Set([...prods.values()].map((p) => p.categoria_id).filter((c) => c != null))]);
    const quando = agoraLocal(e.emitidaEm);
    let total = new Decimal(0);
    let bruto = new Decimal(0);
    let descontoManual = new Decimal(0);
    e.itens.forEach((l, i) => {
      const p = prods.get(l.produtoId)!;
      if (!p) falha(`itens/${i}/produtoId`, `Item ${i + 1}: produto não encontrado.`);
      const linhaBruta = new Decimal(l.quantidade).times(l.precoUnitario).toDecimalPlaces(2);
      if (new Decimal(l.desconto).gte(linhaBruta)) falha(`itens/${i}/desconto`, `Item ${i + 1} (${p.descricao}): o desconto não pode ser igual ou maior que o valor do item.`);
      const promo = aplicarPromocao(promocoes, { produtoId: l.produtoId, categoriaId: p.categoria_id, quantidade: l.quantidade, precoUnitario: l.precoUnitario }, quando);
      descontoManual = descontoManual.plus(Decimal.max(0, new Decimal(l.desconto).minus(promo?.desconto ?? 0)));
      bruto = bruto.plus(linhaBruta);
      total = total.plus(linhaBruta.minus(l.desconto));
    });
    const limite = new Decimal(op.desconto_maximo ?? 0);
    if (descontoManual.gt(0) && descontoManual.div(bruto).times(100).gt(limite)) {
      falha('itens', `Desconto de ${formatBRL(descontoManual)} passa do limite do operador (${limite.toFixed(2).replace('.', ',')}% da venda).`);
    }

    // Payments: methods of this account; the total paid covers the sale; change only from methods that allow it.
    const formas = new Map((await q.query<Row>('SELECT id, descricao, t_pag, permite_troco, ativo, bandeiras FROM pdv_formas_pagamento WHERE tenant_id = $1', [ctx.tenantId])).rows.map((f) => [Number(f.id), f]));
    let pago = new Decimal(0);
    let pagoComTroco = new Decimal(0);
    e.pagamentos.forEach((p, i) => {
      const f = formas.get(p.formaPagamentoId)!;
      if (!f?.ativo) falha(`pagamentos/${i}/formaPagamentoId`, `Pagamento ${i + 1}: forma de pagamento não encontrada ou inativa.`);
      p.tPag = f.t_pag;
      pago = pago.plus(p.valor);
      if (f.permite_troco) pagoComTroco = pagoComTroco.plus(p.valor);
    });
    if (pago.lt(total)) falha('pagamentos', `Pagamentos: o total pago (${formatBRL(pago)}) é menor que o total da venda (${formatBRL(total)}).`);
    const troco = pago.minus(total);
    if (troco.gt(0) && troco.gt(pagoComTroco)) falha('troco', `Troco de ${formatBRL(troco)}: só as formas que permitem troco (dinheiro) podem pagar além do total.`);
    if (e.troco !== null && !troco.eq(e.troco)) falha('troco', `Troco: informado ${formatBRL(e.troco)}, calculado ${formatBRL(troco)}.`);

    // The sale row first: the unique key makes a concurrent twin wait here, then see this one.
    const ins = await q.query<Row>(
      `INSERT INTO pdv_vendas (tenant_id, chave, filial_id, pdv_id, caixa_id, operador_id, emitida_em, cpf_cnpj, total, troco, itens, pagamentos, usuario_id, serie)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (tenant_id, chave) DO NOTHING RETURNING *`,
      [ctx.tenantId, e.chave, caixa.filial_id, e.pdvId, e.caixaId, e.operadorId, e.emitidaEm, e.cpfCnpj, total.toFixed(2), troco.toFixed(2), JSON.stringify(e.itens), JSON.stringify(e.pagamentos), ctx.userId ?? null, pdv.serie_nfce],
    );
    if (!ins.rows.length) {
      const r = await q.query<Row>('SELECT resposta FROM pdv_vendas WHERE tenant_id = $1 AND chave = $2', [ctx.tenantId, e.chave]);
      if (!r.rows[0].resposta) return AGUARDAR;
      if (e.offline) return substituirPorOffline(services, q, ctx, e);
      return { status: 200 as const, resposta: r.rows[0].resposta };
    }
    const venda = ins.rows[0];
    const id = Number(venda.id);
    const scope = { tenantId: ctx.tenantId, userId: ctx.userId };
    const linhas = e.itens.filter((l) => !prods.get(l.produtoId)!.servico).map((l, k) => ({ produtoId: l.produtoId, depositoId: Number(pdv.deposito_id), quantidade: `-${l.quantidade}`, tipo: TipoMovimentacao.VENDA, origemLinha: k + 1 }));
    if (linhas.length) await movimentar(q, scope, linhas, { tipo: ORIGEM_VENDA, id });
    for (const p of e.pagamentos) {
      await q.query(`INSERT INTO pdv_caixa_movimentos (tenant_id, caixa_id, tipo, forma_pagamento_id, valor, venda_id, usuario_id) VALUES ($1, $2, 'venda', $3, $4, $5, $6)`, [ctx.tenantId, e.caixaId, p.formaPagamentoId, p.valor, id, ctx.userId ?? null]);
    }
    if (troco.gt(0)) {
      const din = await formaDinheiro(q, ctx.tenantId);
      await q.query(`INSERT INTO pdv_caixa_movimentos (tenant_id, caixa_id, tipo, forma_pagamento_id, valor, venda_id, usuario_id) VALUES ($1, $2, 'troco', $3, $4, $5, $6)`, [ctx.tenantId, e.caixaId, din.id, troco.negated().toFixed(2), id, ctx.userId ?? null]);
    }

    if (!e.offline) {
      const p = await reservarNfce(services, q, ctx, venda);
      if (!('falhou' in p)) return { id, p };
      const resposta = respostaDe(p.falhou);
      await q.query('UPDATE pdv_vendas SET resposta = $3 WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id, JSON.stringify(resposta)]);
      return { status: 201 as const, resposta };
    }
    const v = await nfceOffline(services, q, ctx, venda, e, pdv, prods);
    const resposta = respostaDe(v);
    await q.query('UPDATE pdv_vendas SET resposta = $3 WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id, JSON.stringify(resposta)]);
    return { status: 201 as const, resposta, enviar: id };
  });
  if (r1 === AGUARDAR) return r1;
  if (!('p' in r1)) return r1.enviar ? enviarOfflineDepois(services, ctx, r1) : r1;
  // SEFAZ with no transaction open (on PGlite, the one connection stays free for the other requests).
  const { id, p } = r1;
  const r = await transmitirNfce(p);
  return services.db.tenant(ctx, async (q) => {
    // The caixa first, as tx1 and a twin request lock it: the same order, so they queue instead of deadlocking.
    await q.query('SELECT 1 FROM documentos WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [ctx.tenantId, e.caixaId]);
    const atual = (await q.query<Row>('SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [ctx.tenantId, id])).rows[0];
    // Already finished (by the job after a long wait): its answer stands.
    if (atual.resposta) return { status: 201 as const, resposta: atual.resposta };
    const v = await gravarNfce(services, q, ctx, id, p, r);
    const resposta = respostaDe(v);
    await q.query('UPDATE pdv_vendas SET resposta = $3 WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id, JSON.stringify(resposta)]);
    return { status: 201 as const, resposta };
  });
}

/**
 * The station's offline note, recorded (signed, key fixed, 'contingencia') in the sale's transaction, goes to SEFAZ
 * after the commit with no transaction open; the answer is recorded once (enviarContingencia). A crash in between
 * leaves it 'contingencia' for the transmission job, with the same key.
 */
async function enviarOfflineDepois(services: Servicos, ctx: Ctx, r: { status: 200 | 201; resposta: Row; enviar?: number }): Promise<{ status: 200 | 201; resposta: Row }> {
  const v = await enviarContingencia(services, ctx.tenantId, r.enviar!, ctx.userId ?? null);
  return { status: r.status, resposta: { ...respostaDe(v), ...(r.resposta.substituiu ? { substituiu: r.resposta.substituiu } : {}) } };
}

/** A replaced online note is cancelled once the sale's transaction has committed, with none held during the call. */
async function comSubstituicao(services: Servicos, ctx: Ctx, r: { status: 200 | 201; resposta: Row }): Promise<{ status: 200 | 201; resposta: Row }> {
  if (r.resposta?.substituiu?.situacao !== 'pendente') return r;
  await cancelarSubstituidas(services, ctx.tenantId).catch((err) => console.error('[pdv] cancelamento por substituição', err));
  const s = await services.db.tenant(ctx, (q) => substituidaDa(q, ctx.tenantId, r.resposta.id));
  return { ...r, resposta: { ...r.resposta, substituiu: s } };
}

/**
 * The station's offline note for a sale the server already stored (the station got no answer and sold in
 * contingency). Its own retry, or a sale whose stored note is already that one: the stored answer. A sale whose
 * online NFC-e failed (no number kept): the printed note becomes its note. A sale whose online NFC-e was
 * authorised: the printed note becomes its note and the online one is recorded for the cancelamento por
 * substituição (sent after the commit when the printed note is authorised, else by the transmission job).
 * Nothing else of the sale changes: its stock and payments were posted once, with the sale.
 */
async function substituirPorOffline(services: Servicos, q: Queryable, ctx: Ctx, e: VendaEntrada): Promise<{ status: 200 | 201; resposta: Row; enviar?: number }> {
  const v = (await q.query<Row>('SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND chave = $2 FOR UPDATE', [ctx.tenantId, e.chave])).rows[0];
  const o = e.offline!;
  const mesma = Number(v.tp_emis) === 9 && Number(v.numero) === o.numero && Number(v.serie) === o.serie;
  const substituivel = (v.situacao === 'autorizada' && Number(v.tp_emis) === 1) || (v.situacao === 'erro' && v.numero == null);
  if (mesma || !substituivel) return { status: 200, resposta: v.resposta };
  const pdv = (await q.query<Row>('SELECT * FROM pdvs WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, v.pdv_id])).rows[0];
  // Checked against the sale as it was stored and posted, not against the body sent again.
  const itens = v.itens as VendaEntrada['itens'];
  const prods = new Map((await q.query<Row>('SELECT id, codigo, descricao, categoria_id, servico, ativo FROM produtos WHERE tenant_id = $1 AND id = ANY($2::int[])', [ctx.tenantId, itens.map((i) => i.produtoId)])).rows.map((p) => [Number(p.id), p]));
  const guardada = { ...e, pdvId: Number(v.pdv_id), itens, pagamentos: v.pagamentos as PagamentoVenda[] };
  if (v.situacao === 'autorizada') await registrarSubstituida(q, ctx.tenantId, v);
  const n = await nfceOffline(services, q, ctx, v, guardada, pdv, prods);
  const resposta = respostaDe(n);
  await q.query('UPDATE pdv_vendas SET resposta = $3 WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, v.id, JSON.stringify(resposta)]);
  return { status: 200, resposta: v.situacao === 'autorizada' ? { ...resposta, substituiu: await substituidaDa(q, ctx.tenantId, Number(v.id)) } : resposta, enviar: Number(v.id) };
}

/** What tx1 of a sale's NFC-e prepared: the context (certificate, CSC), the number reserved and the document. */
export interface NfcePreparada {
  c: ContextoNfce;
  doc: NfeDocumento;
  numero: number;
}

/**
 * The NFC-e part of a stored sale before SEFAZ: the series' number (a number given back first, else the next) and the
 * document. Anything that fails here (settings, the engine's checks) is undone to the savepoint and recorded as
 * 'erro' for cupom-erro's retry: the returned row, with no number taken.
 */
async function prepararNfce(services: Servicos, q: Queryable, ctx: Ctx, venda: Row): Promise<NfcePreparada | { falhou: Row }> {
  await q.query('SAVEPOINT nfce');
  try {
    const c = await contextoNfce(services, q, ctx.tenantId, Number(venda.filial_id), Number(venda.serie));
    const numero = await reservarNumeroNfe(q, ctx.tenantId, c.filialId, c.serie, 'nfce');
    const doc = await documentoNfce(q, c, { numero, emitidaEm: new Date(), cpfCnpj: venda.cpf_cnpj, itens: venda.itens, pagamentos: venda.pagamentos });
    await q.query('RELEASE SAVEPOINT nfce');
    return { c, doc, numero };
  } catch (err) {
    if (!(err instanceof FalhaNfce)) console.error('[pdv] falha na emissão da NFC-e', err);
    await q.query('ROLLBACK TO SAVEPOINT nfce');
    return { falhou: await erroNfce(q, ctx, Number(venda.id), motivoDaFalha(err)) };
  }
}

/**
 * What the cupom shows for a failed NFC-e: a FalhaNfce says what to fix; anything else is the server's own failure,
 * logged with its stack (prepararNfce, transmitirNfce), whose message may name the server's folders: the user reads
 * a Portuguese sentence instead.
 */
function motivoDaFalha(err: unknown): string {
  if (err instanceof FalhaNfce || (err instanceof Error && err.name === XsdAusenteError.name)) return err.message;
  return 'Falha na emissão da NFC-e: erro interno do servidor (registrado para o suporte). Tente emitir de novo.';
}

/** The NFC-e failed before SEFAZ or was refused (rejeitar): no number, key nor document kept; cupom-erro retries it. */
function erroNfce(q: Queryable, ctx: Ctx, id: number, motivo: string): Promise<Row> {
  return moverCupom(q, ctx, id, 'rejeitar', (v) => ({ motivo, numero: null, chave_acesso: null, documento: null, tentativas: Number(v.tentativas) + 1 }));
}

/** SEFAZ's answer for the NFC-e (emitir never throws for SEFAZ; anything else is an 'erro' of the cupom). */
async function transmitirNfce(p: NfcePreparada): Promise<ResultadoNfce> {
  try {
    return await emitir(p.c, p.doc);
  } catch (err) {
    if (!(err instanceof FalhaNfce)) console.error('[pdv] falha na emissão da NFC-e', err);
    return { situacao: 'erro' as const, motivo: motivoDaFalha(err) };
  }
}

/**
 * Records SEFAZ's answer on the sale. Not authorised and not in contingency ('erro'): the number goes back to the
 * series (or waits in devolvidos when a later one is out) and the cupom goes to cupom-erro.
 */
async function gravarNfce(services: Servicos, q: Queryable, ctx: Ctx, id: number, p: NfcePreparada, r: ResultadoNfce): Promise<Row> {
  if (r.situacao === 'erro') {
    await devolverNumeroNfe(q, ctx.tenantId, p.c.filialId, p.c.serie, p.numero, 'nfce');
    const e = await erroNfce(q, ctx, id, r.motivo ?? 'Falha na emissão da NFC-e.');
    await emitirEvento(q, ctx.tenantId, 'notaFiscal.rejeitada', { documento: 'NFC-e', origem: 'pdv', ...respostaDe(e) });
    return e;
  }
  const m = r.montada!;
  const autorizada = r.situacao === 'autorizada';
  // Denied: SEFAZ spent the number; the sale keeps it with the key and the protocol (never given back to the series).
  const denegada = r.situacao === 'denegada';
  const arquivo = await guardarXml(services, ctx.tenantId, m.chave, r.xmlFinal!, autorizada ? 'procNFe' : denegada ? 'denegada' : 'contingencia');
  const emitida = Date.parse(m.calculo.doc.ide.dataEmissao);
  const transicao = autorizada ? 'autorizar' : denegada ? 'denegar' : 'contingenciar';
  const n = await moverCupom(q, ctx, id, transicao, (v) => ({
    motivo: autorizada ? null : r.motivo ?? null, numero: m.calculo.doc.ide.numero, chave_acesso: m.chave, tp_emis: m.calculo.tpEmis, protocolo: r.protocolo ?? null, ambiente: m.calculo.doc.ambiente,
    data_autorizacao: autorizada ? (r.dhRecbto ? new Date(r.dhRecbto) : new Date()) : null, documento: m.calculo.doc, xml_arquivo: arquivo, qr_code: m.qrCode, url_consulta: m.urlChave,
    tentativas: Number(v.tentativas) + 1, contingencia_desde: autorizada || denegada ? null : new Date(emitida), prazo_contingencia: autorizada || denegada ? null : new Date(emitida + PRAZO_CONTINGENCIA_MS),
  }));
  if (r.situacao === 'contingencia') await registrarSolicitacao(q, ctx.tenantId, id, 'pendente', r.motivo ?? 'SEFAZ indisponível', ctx.userId ?? null);
  if (denegada) await emitirEvento(q, ctx.tenantId, 'notaFiscal.rejeitada', { documento: 'NFC-e', origem: 'pdv', ...respostaDe(n) });
  if (autorizada) await emitirEvento(q, ctx.tenantId, 'notaFiscal.autorizada', { documento: 'NFC-e', origem: 'pdv', ...respostaDe(n), protocolo: n.protocolo });
  return n;
}

/**
 * Transaction 1 of a (re-)issue from cupom-erro or the job, in the caller's transaction on the locked sale: the number
 * and the document (key fixed) kept on the sale, which goes back to 'pendente' with no answer, so a crash before
 * transaction 2 leaves it for resolverTransmitindo (consulted by its key). A failure before any number: the 'erro'
 * row, its answer stored.
 */
async function reemitirNaTransacao(services: Servicos, q: Queryable, ctx: Ctx, venda: Row): Promise<NfcePreparada | { falhou: Row }> {
  const p = await reservarNfce(services, q, ctx, venda);
  if ('falhou' in p) {
    await q.query('UPDATE pdv_vendas SET resposta = $3 WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, venda.id, JSON.stringify(respostaDe(p.falhou))]);
    return p;
  }
  // A cupom-erro goes back to 'pendente' (retransmitir); the job's never-attempted sale is 'pendente' already.
  if (venda.situacao === 'erro') await moverCupom(q, ctx, Number(venda.id), 'retransmitir', { motivo: null, resposta: null });
  else await q.query(`UPDATE pdv_vendas SET motivo = NULL, resposta = NULL, updated_at = now() WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, venda.id]);
  return p;
}

/**
 * After transaction 1 committed: SEFAZ with no transaction open, then transaction 2 records the answer once (the sale
 * still 'pendente' with this number and no answer; else what another path recorded stands).
 */
async function concluirNfce(services: Servicos, ctx: Ctx, id: number, p: NfcePreparada): Promise<Row> {
  const r = await transmitirNfce(p);
  return services.db.tenant(ctx, async (q) => {
    const atual = (await q.query<Row>('SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [ctx.tenantId, id])).rows[0];
    if (atual.resposta || atual.situacao !== 'pendente' || Number(atual.numero) !== p.numero) return atual;
    const n = await gravarNfce(services, q, ctx, id, p, r);
    await q.query('UPDATE pdv_vendas SET resposta = $3 WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id, JSON.stringify(respostaDe(n))]);
    return n;
  });
}

/**
 * tx1 of a sale's NFC-e, in the sale's transaction: the number is reserved and the document kept on the sale (still
 * 'pendente'), so SEFAZ is called after the commit with no transaction open.
 */
async function reservarNfce(services: Servicos, q: Queryable, ctx: Ctx, venda: Row): Promise<NfcePreparada | { falhou: Row }> {
  const p = await prepararNfce(services, q, ctx, venda);
  if ('falhou' in p) return p;
  await q.query(`UPDATE pdv_vendas SET numero = $3, documento = $4, updated_at = now() WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, venda.id, p.numero, JSON.stringify(p.doc)]);
  return p;
}

/**
 * A sale made offline: its NFC-e number must come from a block reserved for this PDV and be unused; the XML must
 * match the sale; it is signed unchanged and sent to SEFAZ at once (still 'contingencia' when SEFAZ is away:
 * the transmission job sends it within the deadline).
 */
async function nfceOffline(services: Servicos, q: Queryable, ctx: Ctx, venda: Row, e: VendaEntrada, pdv: Row, prods: Map<number, Row>): Promise<Row> {
  const o = e.offline!;
  const reserva = await q.query('SELECT 1 FROM pdv_numeracao_reservas WHERE tenant_id = $1 AND pdv_id = $2 AND serie = $3 AND $4 BETWEEN de AND ate', [ctx.tenantId, e.pdvId, o.serie, o.numero]);
  if (!reserva.rows.length) falha('offline/numero', `NFC-e off-line: o número ${o.numero} (série ${o.serie}) não foi reservado para este PDV.`);
  const usado = await q.query('SELECT 1 FROM pdv_vendas WHERE tenant_id = $1 AND filial_id = $2 AND serie = $3 AND numero = $4', [ctx.tenantId, venda.filial_id, o.serie, o.numero]);
  if (usado.rows.length) throw conflict(`NFC-e off-line: o número ${o.numero} (série ${o.serie}) já foi usado por outra venda.`);
  let c: ContextoNfce;
  try {
    c = await contextoNfce(services, q, ctx.tenantId, Number(venda.filial_id), o.serie);
  } catch (err) {
    if (err instanceof FalhaNfce) falha('offline', `NFC-e off-line: ${err.message}`);
    throw err;
  }
  const cnpj = documentoFiscal((await q.query<Row>('SELECT cpf_cnpj FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, venda.filial_id])).rows[0]?.cpf_cnpj);
  const erros = conferirOffline(o.xml, {
    cnpj,
    serie: o.serie,
    numero: o.numero,
    total: venda.total,
    itens: e.itens.map((l) => ({ codigo: String(prods.get(l.produtoId)!.codigo ?? l.produtoId).slice(0, 60), quantidade: l.quantidade })),
    pagos: e.pagamentos.reduce((s, p) => s.plus(p.valor), new Decimal(0)).toFixed(2),
  });
  if (erros.length) falha('offline/xml', `NFC-e off-line não confere com a venda: ${erros.join('; ')}.`);
  const a = assinarOffline(c, o.xml);
  // The document as the engine would have built it (same key parts), for reprinting the DANFCE.
  const campo = (n: string) => new RegExp(`<${n}>([^<]*)</${n}>`).exec(o.xml)?.[1] ?? '';
  let doc: NfeDocumento | null = null;
  try {
    const base = await documentoNfce(q, c, { numero: o.numero, emitidaEm: new Date(campo('dhEmi')), cpfCnpj: venda.cpf_cnpj, itens: e.itens, pagamentos: e.pagamentos });
    doc = { ...base, ide: { ...base.ide, dataEmissao: campo('dhEmi'), codigoNumerico: campo('cNF'), tipoEmissao: 9, contingencia: { dataHora: campo('dhCont'), justificativa: campo('xJust') } } } as NfeDocumento;
  } catch {
    doc = null;
  }
  const emitida = Date.parse(campo('dhEmi')) || e.emitidaEm.getTime();
  // Recorded as issued (signed, key fixed) and sent after the commit (enviarOfflineDepois): SEFAZ is never called here.
  const arquivo = await guardarXml(services, ctx.tenantId, a.chave, a.xml, 'contingencia');
  // A new sale's note (contingenciar), or the printed note replacing the stored one (substituir-offline).
  return moverCupom(q, ctx, Number(venda.id), venda.situacao === 'pendente' ? 'contingenciar' : 'substituir-offline', {
    motivo: null, numero: o.numero, serie: o.serie, chave_acesso: a.chave, tp_emis: 9, protocolo: null, ambiente: c.ambiente, data_autorizacao: null, documento: doc, xml_arquivo: arquivo,
    qr_code: a.qrCode, url_consulta: a.urlChave, tentativas: 0, contingencia_desde: new Date(emitida), prazo_contingencia: new Date(emitida + PRAZO_CONTINGENCIA_MS), emitida_em: new Date(emitida),
  });
}

/**
 * cupom-erro's retry: a new NFC-e for the stored sale (new number) in two transactions with SEFAZ between them and
 * none open during the call; a contingency note is sent again as issued (same key).
 */
export async function retransmitir(services: Servicos, ctx: Ctx, id: number): Promise<Row> {
  const r1 = await services.db.tenant(ctx, async (q): Promise<{ contingencia: true } | { falhou: Row } | NfcePreparada> => {
    const v = (await q.query<Row>('SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [ctx.tenantId, id])).rows[0];
    if (!v) throw notFound('Cupom não encontrado.');
    if (v.situacao === 'contingencia') return { contingencia: true };
    if (v.situacao !== 'erro') throw conflict(`Este cupom está ${v.situacao === 'pendente' ? 'sendo transmitido à SEFAZ' : v.situacao}: só um cupom com erro é retransmitido.`);
    if (Number(v.tp_emis) === 9 && v.xml_arquivo) return { contingencia: true };
    return reemitirNaTransacao(services, q, ctx, v);
  });
  if ('contingencia' in r1) return respostaDe(await enviarContingencia(services, ctx.tenantId, id, ctx.userId ?? null));
  if ('falhou' in r1) return respostaDe(r1.falhou);
  return respostaDe(await concluirNfce(services, ctx, id, r1));
}

/**
 * A contingency note has one solicitação de reenvio while it is not authorised: each attempt (the job's, the
 * screen's) updates it (state, SEFAZ's answer, attempts); once authorised it stays as the record.
 */
async function registrarSolicitacao(q: Queryable, tenantId: number, vendaId: number, estado: 'pendente' | 'autorizada' | 'erro', resultado: string, usuarioId: number | null): Promise<void> {
  const u = await q.query(
    `UPDATE pdv_solicitacoes_reenvio SET estado = $3, resultado = $4, tentativas = tentativas + 1, usuario_id = COALESCE($5, usuario_id), updated_at = now()
      WHERE tenant_id = $1 AND id = (SELECT max(id) FROM pdv_solicitacoes_reenvio WHERE tenant_id = $1 AND venda_id = $2 AND estado <> 'autorizada')`,
    [tenantId, vendaId, estado, resultado, usuarioId],
  );
  // A note authorised at its first send (the station's offline note, sent after its sale's commit) never had a request.
  if (!u.rowCount && estado !== 'autorizada') await q.query(`INSERT INTO pdv_solicitacoes_reenvio (tenant_id, venda_id, estado, resultado, tentativas, usuario_id) VALUES ($1, $2, $3, $4, 1, $5)`, [tenantId, vendaId, estado, resultado, usuarioId]);
}

/** The solicitação de reenvio as its list shows it (resource solicitacaoReenvio). */
const solicitacaoOut = (r: Row) => ({ id: Number(r.id), vendaId: Number(r.venda_id), estado: r.estado, resultado: r.resultado, tentativas: Number(r.tentativas) });

/**
 * Solicitações de reenvio's "Reenviar agora": the request's contingency note sent to SEFAZ at once, in one
 * transaction (the note and its request locked), through the same path as the job; answers the request with
 * its new state and the cupom.
 */
export async function reenviarSolicitacao(services: Servicos, ctx: Ctx, id: number): Promise<Row> {
  const vendaId = await services.db.tenant(ctx, async (q) => {
    const s = (await q.query<Row>('SELECT * FROM pdv_solicitacoes_reenvio WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id])).rows[0];
    if (!s) throw notFound('Solicitação de reenvio não encontrada.');
    const v = (await q.query<Row>('SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, s.venda_id])).rows[0];
    if (v.situacao === 'autorizada' || v.situacao === 'cancelada' || v.situacao === 'denegada') throw conflict(`A NFC-e ${v.numero}/${v.serie} já está ${v.situacao}: não há o que reenviar.`);
    if (Number(v.tp_emis) !== 9 || !v.xml_arquivo) throw conflict(`A NFC-e ${v.numero}/${v.serie} não foi emitida em contingência: retransmita-a em Cupons com erro.`);
    return Number(v.id);
  });
  const depois = await enviarContingencia(services, ctx.tenantId, vendaId, ctx.userId ?? null);
  const atual = await services.db.tenant(ctx, async (q) => (await q.query<Row>(`SELECT * FROM pdv_solicitacoes_reenvio WHERE tenant_id = $1 AND venda_id = $2 ORDER BY id DESC LIMIT 1`, [ctx.tenantId, vendaId])).rows[0]);
  return { ...solicitacaoOut(atual), cupom: respostaDe(depois) };
}

/**
 * Sends one contingency NFC-e (the signed XML as issued: its key never changes) with no transaction open, and records
 * the answer once in a short transaction on the locked sale, with the attempt in its solicitação de reenvio. What
 * another sender recorded meanwhile (authorised, cancelled, another note) stands; a duplicity answer is adopted
 * (transmitirContingencia consults the key).
 */
export async function enviarContingencia(services: Servicos, tenantId: number, vendaId: number, usuarioId: number | null): Promise<Row> {
  const lida = await services.db.tenant({ tenantId }, async (q) => {
    const v = (await q.query<Row>('SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2', [tenantId, vendaId])).rows[0];
    if (!v) throw notFound('Cupom não encontrado.');
    if (!['contingencia', 'erro'].includes(v.situacao) || Number(v.tp_emis) !== 9 || !v.xml_arquivo) return { v, c: null };
    return { v, c: await contextoNfce(services, q, tenantId, Number(v.filial_id), Number(v.serie)) };
  });
  if (!lida.c) return lida.v;
  const stream = await services.storage.get(lida.v.xml_arquivo);
  if (!stream) throw notFound('XML da NFC-e não encontrado no armazenamento.');
  const chunks: Buffer[] = [];
  for await (const ch of stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(ch));
  const xml = Buffer.concat(chunks).toString('utf8');
  const t = await transmitirContingencia(lida.c, xml);
  const arquivo = t.situacao === 'autorizada' ? await guardarXml(services, tenantId, lida.v.chave_acesso, t.nfeProc!, 'procNFe') : null;
  return services.db.tenant({ tenantId }, async (q) => {
    const v = (await q.query<Row>('SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, vendaId])).rows[0];
    if (!['contingencia', 'erro'].includes(v.situacao) || v.chave_acesso !== lida.v.chave_acesso || v.xml_arquivo !== lida.v.xml_arquivo) return v;
    const ctx = { tenantId, userId: usuarioId };
    await registrarSolicitacao(q, tenantId, vendaId, t.situacao === 'autorizada' ? 'autorizada' : t.situacao === 'erro' || t.situacao === 'denegada' ? 'erro' : 'pendente', t.motivo ?? 'Autorizada', usuarioId);
    let u: Row;
    if (t.situacao === 'contingencia') {
      u = (await q.query<Row>('UPDATE pdv_vendas SET tentativas = tentativas + 1, motivo = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2 RETURNING *', [tenantId, vendaId, t.motivo])).rows[0];
    } else if (t.situacao === 'erro') {
      u = await moverCupom(q, ctx, vendaId, 'rejeitar', { tentativas: Number(v.tentativas) + 1, motivo: t.motivo });
    } else if (t.situacao === 'denegada') {
      // Denied: the number is spent at SEFAZ; the sale keeps it with its key and protocol and leaves the contingency
      // queue (no deadline, nothing to resend), as a note denied online.
      u = await moverCupom(q, ctx, vendaId, 'denegar', { motivo: t.motivo, protocolo: t.protocolo ?? null, tentativas: Number(v.tentativas) + 1, contingencia_desde: null, prazo_contingencia: null });
      await emitirEvento(q, tenantId, 'notaFiscal.rejeitada', { documento: 'NFC-e', origem: 'pdv', ...respostaDe(u) });
    } else {
      u = await moverCupom(q, ctx, vendaId, 'autorizar', { motivo: null, protocolo: t.protocolo, data_autorizacao: t.dhRecbto ? new Date(t.dhRecbto) : new Date(), xml_arquivo: arquivo, tentativas: Number(v.tentativas) + 1 });
      await emitirEvento(q, tenantId, 'notaFiscal.autorizada', { documento: 'NFC-e', origem: 'pdv', ...respostaDe(u), protocolo: u.protocolo });
    }
    // The sale's stored answer follows its note (a retry with the same key gets the note as it is now).
    const resposta = respostaDe(u);
    await q.query('UPDATE pdv_vendas SET resposta = $3 WHERE tenant_id = $1 AND id = $2', [tenantId, vendaId, JSON.stringify(resposta)]);
    return u;
  });
}

/**
 * The transmission job: every account's contingency NFC-e (oldest first), each in its own transaction; a note
 * whose deadline is less than AVISO_PRAZO_MS away (and still not authorised) raises one alert to the account's
 * administrators.
 */
export async function transmitirPendentes(services: Servicos, agora = Date.now(), tenantId?: number): Promise<{ autorizadas: number; pendentes: number; alertas: number }> {
  const res = { autorizadas: 0, pendentes: 0, alertas: 0 };
  // Sales whose NFC-e was never attempted (the demo's day of sales, seeded without a certificate): issued now.
  const novas = await services.db.query<Row>(`SELECT tenant_id, id, filial_id, usuario_id FROM pdv_vendas WHERE situacao = 'pendente' AND documento IS NULL ${tenantId ? 'AND tenant_id = $1' : ''} ORDER BY emitida_em, id LIMIT 200`, tenantId ? [tenantId] : []);
  for (const row of novas.rows) {
    const ctx = { tenantId: Number(row.tenant_id), userId: row.usuario_id == null ? (null as unknown as number) : Number(row.usuario_id), branchId: Number(row.filial_id) };
    try {
      const p = await services.db.tenant(ctx, async (q) => {
        const atual = (await q.query<Row>(`SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2 AND situacao = 'pendente' AND documento IS NULL FOR UPDATE SKIP LOCKED`, [ctx.tenantId, row.id])).rows[0];
        return atual ? reemitirNaTransacao(services, q, ctx, atual) : null;
      });
      const v = !p ? null : 'falhou' in p ? p.falhou : await concluirNfce(services, ctx, Number(row.id), p);
      if (v?.situacao === 'autorizada') res.autorizadas++;
      else res.pendentes++;
    } catch {
      res.pendentes++;
    }
  }
  await resolverTransmitindo(services, res, tenantId);
  const r = await services.db.query<Row>(
    `SELECT tenant_id, id FROM pdv_vendas WHERE situacao = 'contingencia' AND xml_arquivo IS NOT NULL ${tenantId ? 'AND tenant_id = $1' : ''} ORDER BY emitida_em, id LIMIT 500`,
    tenantId ? [tenantId] : [],
  );
  for (const row of r.rows) {
    const t = Number(row.tenant_id);
    try {
      const v = await enviarContingencia(services, t, Number(row.id), null);
      if (v?.situacao === 'autorizada') res.autorizadas++;
      else res.pendentes++;
    } catch {
      res.pendentes++;
    }
  }
  // Online notes replaced by a contingency note that SEFAZ has now authorised: cancelled by substitution.
  await cancelarSubstituidas(services, tenantId).catch((err) => console.error('[pdv] cancelamento por substituição', err));
  res.alertas = await alertarPrazos(services, agora, tenantId);
  return res;
}

/** How long a sale may wait between its two transactions before the job takes it as left by a crash. */
export const IDADE_TRANSMITINDO_MS = 120_000;

/**
 * Sales a crash left between their two transactions ('pendente', number and document kept, no answer): resolved by
 * consulting SEFAZ by the key (resolverNfceTransmitindo), never renumbered; recorded as the second transaction would.
 */
export async function resolverTransmitindo(services: Servicos, res: { autorizadas: number; pendentes: number }, tenantId?: number, idadeMs = IDADE_TRANSMITINDO_MS, id?: number): Promise<void> {
  // `id` (with tenantId): one sale only (the shop's "Consultar na SEFAZ" on Documentos em transmissão).
  const pendentes = { tabela: 'pdv_vendas', coluna: 'situacao', estados: ['pendente'], rotulo: 'NFC-e', onde: 'documento IS NOT NULL AND numero IS NOT NULL AND resposta IS NULL', limite: 200 } as const;
  const r = await recuperarPendentes(services.db, { ...pendentes, estados: [...pendentes.estados] }, idadeMs, tenantId ? { tenantId, id: id || undefined } : undefined, async (c, vendaId, linha) => {
    const ctx = { ...c, userId: linha.usuario_id == null ? (null as unknown as number) : c.userId };
    const lida = await services.db.tenant(ctx, async (q) => {
      const v = (await q.query<Row>(`SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, vendaId])).rows[0];
      if (!v || v.situacao !== 'pendente' || v.resposta) return null;
      return { v, c: await contextoNfce(services, q, ctx.tenantId, Number(v.filial_id), Number(v.serie)) };
    });
    if (!lida) return null;
    const p: NfcePreparada = { c: lida.c, doc: lida.v.documento as NfeDocumento, numero: Number(lida.v.numero) };
    const resultado = await resolverNfceTransmitindo(p.c, p.doc);
    if (!resultado) return false;
    const v = await services.db.tenant(ctx, async (q) => {
      const atual = (await q.query<Row>(`SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, vendaId])).rows[0];
      if (atual.situacao !== 'pendente' || atual.resposta || Number(atual.numero) !== p.numero) return atual;
      const n = await gravarNfce(services, q, ctx, vendaId, p, resultado);
      await q.query('UPDATE pdv_vendas SET resposta = $3 WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, vendaId, JSON.stringify(respostaDe(n))]);
      return n;
    });
    if (v.situacao !== 'autorizada') return false;
    res.autorizadas++;
    return true;
  });
  res.pendentes += r.aguardando;
}

export async function alertarPrazos(services: Servicos, agora = Date.now(), tenantId?: number): Promise<number> {
  const r = await services.db.query<Row>(
    `SELECT v.tenant_id, v.id, v.numero, v.serie, v.prazo_contingencia FROM pdv_vendas v WHERE v.situacao = 'contingencia' AND NOT v.alerta_prazo AND v.prazo_contingencia <= $1 ${tenantId ? 'AND v.tenant_id = $2' : ''}`,
    tenantId ? [new Date(agora + AVISO_PRAZO_MS), tenantId] : [new Date(agora + AVISO_PRAZO_MS)],
  );
  let n = 0;
  for (const v of r.rows) {
    const prazo = new Date(v.prazo_contingencia).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    const texto = `A NFC-e ${v.numero}/${v.serie}, emitida em contingência, precisa ser transmitida à SEFAZ até ${prazo}. Verifique a conexão e as solicitações de reenvio.`;
    const ins = await services.db.tenant({ tenantId: Number(v.tenant_id) }, async (q) => {
      const a = await q.query<Row>(
        `INSERT INTO alertas (tenant_id, user_id, tipo, texto, link, permite_excluir)
         SELECT u.tenant_id, u.id, 'warning', $2, 'pages/configuracoes/solicitacao-reenvios', true FROM users u WHERE u.tenant_id = $1 AND u.ativo AND u.perfil_admin
         RETURNING user_id, id, tipo, texto, data, link, permite_excluir AS "permiteExcluir", lido`,
        [v.tenant_id, texto],
      );
      await q.query('UPDATE pdv_vendas SET alerta_prazo = true WHERE tenant_id = $1 AND id = $2', [v.tenant_id, v.id]);
      return a.rows;
    });
    for (const { user_id, ...alerta } of ins) services.realtime?.toUser(Number(v.tenant_id), user_id, 'alerta', alerta);
    n++;
  }
  return n;
}

/** A block of NFC-e numbers for offline selling: taken from the series (gap-free sequence) and recorded. */
export async function reservarNumeracao(services: Servicos, ctx: Ctx, body: Row): Promise<{ serie: number; de: number; ate: number }> {
  const quantidade = Number(body?.quantidade ?? 50);
  if (!Number.isInteger(quantidade) || quantidade < 1 || quantidade > 500) falha('quantidade', 'Quantidade: de 1 a 500 números.');
  return services.db.tenant(ctx, async (q) => {
    const pdv = (await q.query<Row>('SELECT id, filial_id, serie_nfce, descricao FROM pdvs WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, body?.pdvId])).rows[0];
    if (!pdv) falha('pdvId', 'PDV não encontrado.');
    const serie = Number(pdv.serie_nfce);
    const r = await q.query<{ n: string }>(
      `INSERT INTO sequencias_filial (tenant_id, filial_id, tipo, serie, ultimo_numero) VALUES ($1, $2, 'nfce', $3, $4)
       ON CONFLICT (tenant_id, filial_id, tipo, serie) DO UPDATE SET ultimo_numero = sequencias_filial.ultimo_numero + $4, updated_at = now()
       RETURNING ultimo_numero::text AS n`,
      [ctx.tenantId, pdv.filial_id, serie, quantidade],
    );
    const ate = Number(r.rows[0].n);
    const de = ate - quantidade + 1;
    await q.query('INSERT INTO pdv_numeracao_reservas (tenant_id, pdv_id, filial_id, serie, de, ate, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7)', [ctx.tenantId, pdv.id, pdv.filial_id, serie, de, ate, ctx.userId ?? null]);
    return { serie, de, ate };
  });
}

/** Reverses a sale's stock and caixa rows (cancellation): mirror rows appended, nothing erased. */
export async function estornarVenda(q: Queryable, ctx: Ctx, v: Row): Promise<void> {
  await estornar(q, { tenantId: ctx.tenantId, userId: ctx.userId }, { tipo: ORIGEM_VENDA, id: Number(v.id) });
  await q.query(
    `INSERT INTO pdv_caixa_movimentos (tenant_id, caixa_id, tipo, forma_pagamento_id, valor, venda_id, estorno_de, usuario_id, motivo)
     SELECT tenant_id, caixa_id, 'estorno', forma_pagamento_id, -valor, venda_id, id, $3, 'Cancelamento da NFC-e' FROM pdv_caixa_movimentos WHERE tenant_id = $1 AND venda_id = $2 AND tipo IN ('venda', 'troco')`,
    [ctx.tenantId, v.id, ctx.userId ?? null],
  );
}
