import Decimal from 'decimal.js';
import { TipoMovimentacao } from '../../../generated/lookups.ts';
import { formatBRL } from '../../shared/money.ts';
import { dividirEmParcelas, somar } from '../../shared/parcelamento.ts';
import type { Promocao } from '../../shared/promocoes.ts';
import { calcularLinha, precoDaLinha, totaisDoPedido } from '../../shared/pedido-calculo.ts';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { DocumentLifecycle, type AposCommit, type DocumentModule, type Documento, type PostingArgs } from '../documents/lifecycle.ts';
import { prepararNotaDoPedido, registrarCompensacaoDoPedido, transmitirNotaDoPedido } from '../fiscal/emissao/notas.ts';
import { prepararCancelamentoDoPedido, registrarCompensacaoDoCancelamento, transmitirEnvio } from '../fiscal/emissao/eventos.ts';
import type { DadosNotaFiscal } from '../../shared/fiscal/nota-fiscal.ts';
import { cancelarLancamento, criarLancamento, RECEITA } from '../financeiro/index.ts';
import { estornar, movimentar, type LinhaMovimento } from '../estoque/movimentos.ts';
import { liberarReservas, reservar } from '../estoque/reservas.ts';
import { badRequest, conflict, type ErrorDetail } from '../http/errors.ts';
import { cancelarNfseDoPedido, emitirNfseDoPedido, registrarCompensacaoDoCancelamentoNfse, registrarCompensacaoDoPedidoNfse } from '../nfse/transmissao.ts';

type Row = Record<string, unknown>;

export const TIPO_PEDIDO = 'pedidoVenda';
const CEM = new Decimal(100);
const ZERO = new Decimal(0);
const money = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const dec = (v: unknown) => (v === null || v === undefined || v === '' ? null : new Decimal(String(v)));
const fail = (message: string, details: ErrorDetail[]): never => {
  throw badRequest(message, details);
};

/** Today and now in the shop's time (Brazil): the promotion's weekday and hour, the faturamento's date. */
export function agoraLocal(at = new Date()): { data: string; hora: string } {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at).map((x) => [x.type, x.value]));
  return { data: `${p.year}-${p.month}-${p.day}`, hora: `${p.hour}:${p.minute}` };
}

/** The largest discount (%) the user's access profile may give; null = no limit (administrators, no setting). */
export async function descontoMaximo(q: Queryable, ctx: Pick<RequestContext, 'tenantId' | 'userId' | 'perfilAdmin'>): Promise<Decimal | null> {
  if (ctx.perfilAdmin) return null;
  const r = await q.query<{ d: string | null }>(
    `SELECT ap.desconto_maximo AS d FROM users u LEFT JOIN access_profiles ap ON ap.tenant_id = u.tenant_id AND ap.id = u.perfil_id WHERE u.tenant_id = $1 AND u.id = $2`,
    [ctx.tenantId, ctx.userId],
  );
  return dec(r.rows[0]?.d ?? null);
}

/** Promotions that may apply to these products (their own or their categories'), in the shared shape. */
export async function promocoesDe(q: Queryable, tenantId: number, produtoIds: number[], categoriaIds: number[]): Promise<Promocao[]> {
  if (!produtoIds.length) return [];
  const r = await q.query<Row>(
    `SELECT id, descricao, tipo, produto_id, categoria_id, preco, percentual, leve, pague, quantidade_minima, to_char(data_inicio, 'YYYY-MM-DD') AS data_inicio,
            to_char(data_fim, 'YYYY-MM-DD') AS data_fim, dias_semana, hora_inicio, hora_fim
       FROM promocoes WHERE tenant_id = $1 AND ativo AND (produto_id = ANY($2::integer[]) OR categoria_id = ANY($3::integer[]) OR (produto_id IS NULL AND categoria_id IS NULL))`,
    [tenantId, produtoIds, categoriaIds],
  );
  return r.rows.map((p) => ({
    id: Number(p.id),
    descricao: String(p.descricao),
    tipo: Number(p.tipo),
    produtoId: (p.produto_id as number | null) ?? null,
    categoriaId: (p.categoria_id as number | null) ?? null,
    preco: p.preco as string | null,
    percentual: p.percentual as string | null,
    leve: p.leve as number | null,
    pague: p.pague as number | null,
    quantidadeMinima: p.quantidade_minima as string | null,
    dataInicio: p.data_inicio as string | null,
    dataFim: p.data_fim as string | null,
    diasSemana: (p.dias_semana as number[] | null) ?? null,
    horaInicio: p.hora_inicio as string | null,
    horaFim: p.hora_fim as string | null,
  }));
}

/**
 * Prices and totals of an order, on every save: each line's unit price (the one typed, else the variation's
 * or the product's sale price; a line without either is refused), the promotion the shared function picks,
 * the line discount (% or value) and the total discount (% or value) within the profile's limit, freight
 * and other costs, and the instalments (typed ones must add up to the total; otherwise n equal parts).
 * The computed values are written back into the document, so list, print and faturar read one truth.
 */
async function calcular(q: Queryable, ctx: RequestContext, cabecalho: Row, itens: Row[]): Promise<void> {
  const details: ErrorDetail[] = [];
  const msgs: string[] = [];
  const erro = (campo: string, linha: number | null, mensagem: string, texto: string) => {
    details.push({ path: linha ? `/itens/${linha - 1}/${campo}` : `/${campo}`, campo, ...(linha ? { linha } : {}), mensagem });
    msgs.push(texto);
  };
  const ids = new Set<number>();
  itens.forEach((it, i) => {
    const p = it.produtoId ?? null;
    const s = it.servicoId ?? null;
    if ((p === null) === (s === null)) erro('produtoId', i + 1, 'Informe o produto ou o serviço', `Linha ${i + 1}: informe um produto ou um serviço`);
    else ids.add(Number(p ?? s));
  });
  if (details.length) fail(`Dados inválidos: ${msgs.join('; ')}.`, details);

  const prod = await q.query<{ id: number; descricao: string; preco_venda: string | null; categoria_id: number | null; servico: boolean }>(
    'SELECT id, descricao, preco_venda, categoria_id, servico FROM produtos WHERE tenant_id = $1 AND id = ANY($2::integer[])',
    [ctx.tenantId, [...ids]],
  );
  const produtos = new Map(prod.rows.map((p) => [Number(p.id), p]));
  const varIds = itens.map((it) => it.variacaoId).filter((v): v is number => typeof v === 'number');
  const variacoes = new Map<number, { produto_id: number; preco_venda: string | null }>();
  if (varIds.length) {
    const v = await q.query<{ id: number; produto_id: number; preco_venda: string | null }>('SELECT id, produto_id, preco_venda FROM produto_variacoes WHERE tenant_id = $1 AND id = ANY($2::integer[])', [ctx.tenantId, varIds]);
    for (const x of v.rows) variacoes.set(Number(x.id), x);
  }
  // A product sold in a grid (active SKUs) is stocked per SKU: its line names the variation it sells.
  const comGrade = new Set(
    (await q.query<{ produto_id: number }>('SELECT DISTINCT produto_id FROM produto_variacoes WHERE tenant_id = $1 AND produto_id = ANY($2::integer[]) AND ativo', [ctx.tenantId, [...ids]])).rows.map((r) => Number(r.produto_id)),
  );
  const categorias = [...new Set(prod.rows.map((p) => p.categoria_id).filter((c): c is number => c !== null))];
  const promocoes = await promocoesDe(q, ctx.tenantId, [...ids], categorias);
  const limite = await descontoMaximo(q, ctx);
  const agora = agoraLocal();

  let totalProdutos = ZERO;
  itens.forEach((it, i) => {
    const linha = i + 1;
    const p = produtos.get(Number(it.produtoId ?? it.servicoId))!;
    let preco = dec(it.precoUnitario);
    if (it.variacaoId == null && it.produtoId != null && comGrade.has(Number(p.id))) return erro('variacaoId', linha, 'Escolha a variação', `Linha ${linha}: escolha a variação de ${p.descricao} (o estoque é controlado por variação)`);
    if (it.variacaoId != null) {
      const v = variacoes.get(it.variacaoId as number);
      if (!v || Number(v.produto_id) !== Number(p.id)) return erro('variacaoId', linha, 'Variação não pertence ao produto', `Linha ${linha}: a variação não pertence ao produto ${p.descricao}`);
      if (preco === null && v.preco_venda !== null) preco = new Decimal(v.preco_venda);
    }
    preco = precoDaLinha(preco, null, { precoVenda: p.preco_venda });
    if (preco === null) return erro('precoUnitario', linha, 'Produto sem preço de venda', `Linha ${linha}: ${p.descricao} não tem preço de venda cadastrado; informe o preço unitário`);
    const qtd = new Decimal(String(it.quantidade));
    const pct = dec(it.descontoPercentual);
    const val = dec(it.descontoValor);
    // The same arithmetic the order screen shows as the person types (src/shared/pedido-calculo.ts).
    const calc = calcularLinha({ produto: { id: Number(p.id), precoVenda: p.preco_venda, categoriaId: p.categoria_id, servico: p.servico }, quantidade: qtd, preco, promocoes, agora, descontoPercentual: pct, descontoValor: val });
    const promo = calc.promocao;
    it.precoUnitario = calc.precoUnitario;
    it.promocaoId = promo?.promocaoId ?? null;
    it.promocao = promo?.descricao ?? null;
    it.descontoPromocao = promo ? promo.desconto : null;
    const { base, desconto } = calc;
    if (pct !== null && val !== null && pct.gt(0) && val.gt(0)) return erro('descontoValor', linha, 'Informe o desconto em % ou em valor', `Linha ${linha}: informe o desconto em % ou em valor, não os dois`);
    if (pct !== null && pct.gt(100)) return erro('descontoPercentual', linha, 'Máximo 100%', `Linha ${linha}: o desconto não pode passar de 100%`);
    if (desconto.gt(base)) return erro('descontoValor', linha, 'Maior que o valor da linha', `Linha ${linha}: o desconto (${formatBRL(desconto)}) passa do valor da linha (${formatBRL(base)})`);
    const efetivo = base.isZero() ? ZERO : desconto.div(base).times(CEM);
    if (limite !== null && efetivo.gt(limite.plus('0.005'))) {
      return erro(pct !== null && pct.gt(0) ? 'descontoPercentual' : 'descontoValor', linha, `Acima do limite de ${limite.toFixed()}%`, `Linha ${linha}: desconto de ${efetivo.toDecimalPlaces(2).toFixed()}% acima do limite do seu perfil (${limite.toFixed()}%)`);
    }
    it.valorTotal = calc.valorTotal;
    totalProdutos = totalProdutos.plus(it.valorTotal as string);
  });
  if (details.length) fail(`Dados inválidos: ${msgs.slice(0, 10).join('; ')}.`, details);

  const pct = dec(cabecalho.descontoPercentual);
  const val = dec(cabecalho.descontoValor);
  if (pct !== null && val !== null && pct.gt(0) && val.gt(0)) fail('Desconto no total: informe em % ou em valor, não os dois.', [{ path: '/descontoValor', campo: 'descontoValor', mensagem: 'Informe o desconto em % ou em valor' }]);
  if (pct !== null && pct.gt(100)) fail('Desconto no total: o máximo é 100%.', [{ path: '/descontoPercentual', campo: 'descontoPercentual', mensagem: 'Máximo 100%' }]);
  const totais = totaisDoPedido(totalProdutos, cabecalho);
  const desconto = totais.desconto;
  if (desconto.gt(totalProdutos)) fail(`Desconto no total: ${formatBRL(desconto)} passa do total dos itens (${formatBRL(totalProdutos)}).`, [{ path: '/descontoValor', campo: 'descontoValor', mensagem: 'Maior que o total dos itens' }]);
  if (limite !== null && !totalProdutos.isZero()) {
    const efetivo = desconto.div(totalProdutos).times(CEM);
    if (efetivo.gt(limite.plus('0.005'))) {
      const campo = pct !== null && pct.gt(0) ? 'descontoPercentual' : 'descontoValor';
      fail(`Desconto no total de ${efetivo.toDecimalPlaces(2).toFixed()}% acima do limite do seu perfil (${limite.toFixed()}%).`, [{ path: `/${campo}`, campo, mensagem: `Acima do limite de ${limite.toFixed()}%` }]);
    }
  }
  const total = totais.total;
  cabecalho.totalProdutos = totais.totalProdutos;
  cabecalho.totalDesconto = totais.totalDesconto;
  cabecalho.valorTotal = totais.valorTotal;

  const informadas = Array.isArray(cabecalho.parcelas) && cabecalho.parcelas.length ? (cabecalho.parcelas as { vencimento: string; valor: string }[]) : null;
  if (informadas) {
    const soma = somar(informadas.map((p) => p.valor));
    if (!soma.eq(total)) fail(`Parcelas: a soma das parcelas (${formatBRL(soma)}) difere do total do pedido (${formatBRL(total)}).`, [{ path: '/parcelas', campo: 'parcelas', mensagem: 'A soma não fecha com o total' }]);
    if (informadas.some((p) => new Decimal(p.valor).lte(0))) fail('Parcelas: cada parcela deve ter valor maior que zero.', [{ path: '/parcelas', campo: 'parcelas', mensagem: 'Valor inválido' }]);
    cabecalho.planoParcelas = [...informadas].sort((a, b) => a.vencimento.localeCompare(b.vencimento)).map((p, i) => ({ numero: i + 1, vencimento: p.vencimento, valor: money(new Decimal(p.valor)) }));
  } else if (total.gt(0)) {
    const n = (cabecalho.numeroParcelas as number | null) ?? 1;
    if (total.times(100).lt(n)) fail('Parcelas: cada parcela precisa de ao menos R$ 0,01.', [{ path: '/numeroParcelas', campo: 'numeroParcelas', mensagem: 'Parcelas demais para o total' }]);
    cabecalho.planoParcelas = dividirEmParcelas(money(total), n, (cabecalho.primeiroVencimento as string | null) ?? agora.data);
  } else {
    cabecalho.planoParcelas = [];
  }
}

/** The depósito the goods leave from: the order's, else the branch's default one. */
async function depositoDo(q: Queryable, ctx: RequestContext, cabecalho: Row): Promise<number> {
  if (typeof cabecalho.depositoId === 'number') return cabecalho.depositoId;
  const r = await q.query<{ id: number }>('SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 AND ativo ORDER BY padrao DESC, id LIMIT 1', [ctx.tenantId, ctx.branchId]);
  if (!r.rows.length) throw badRequest('Depósito: cadastre um depósito na filial (Configurações > Estoque) antes de vender produtos.', [{ path: '/depositoId', campo: 'depositoId', mensagem: 'Nenhum depósito na filial' }]);
  return Number(r.rows[0].id);
}

/** The product lines of the order as stock lines (services move no stock), signed as asked. */
async function linhasDeEstoque(q: Queryable, ctx: RequestContext, doc: Documento, sinal: 1 | -1): Promise<LinhaMovimento[]> {
  const depositoId = await depositoDo(q, ctx, doc.cabecalho);
  return doc.itens
    .map((it, i) => ({ it, linha: i + 1 }))
    .filter(({ it }) => typeof it.produtoId === 'number')
    .map(({ it, linha }) => ({
      produtoId: it.produtoId as number,
      variacaoId: (it.variacaoId as number | null) ?? null,
      depositoId,
      loteId: (it.loteId as number | null) ?? null,
      quantidade: new Decimal(String(it.quantidade)).times(sinal).toFixed(4),
      tipo: TipoMovimentacao.VENDA,
      origemLinha: linha,
    }));
}

type ServicosNfe = NonNullable<PostingArgs['services']>;
interface NaturezaDoPedido {
  id: number;
  descricao: string;
  emiteNfe: boolean;
}

/**
 * The order's natureza de operação: the one it names (naturezaId); an order that asks for an NF-e without naming
 * one takes the natureza whose description it carries (naturezaOperacao), else the branch's default natureza.
 */
export async function naturezaDoPedido(q: Queryable, ctx: RequestContext, pedido: Documento): Promise<NaturezaDoPedido | null> {
  const c = pedido.cabecalho;
  const ler = async (sql: string, params: unknown[]) => {
    const r = await q.query<{ id: number; descricao: string; emite_nfe: boolean }>(`SELECT id, descricao, emite_nfe FROM naturezas_operacao WHERE tenant_id = $1 AND ativo AND ${sql} ORDER BY id LIMIT 1`, [ctx.tenantId, ...params]);
    const n = r.rows[0];
    return n ? { id: Number(n.id), descricao: n.descricao, emiteNfe: n.emite_nfe === true } : null;
  };
  if (typeof c.naturezaId === 'number') return ler('id = $2', [c.naturezaId]);
  if (c.emitirNfe !== true) return null;
  if (typeof c.naturezaOperacao === 'string' && c.naturezaOperacao.trim()) {
    const n = await ler('lower(descricao) = lower($2)', [c.naturezaOperacao.trim()]);
    if (n) return n;
  }
  return ler('id = (SELECT natureza_padrao_id FROM configuracoes_nfe WHERE tenant_id = $1 AND filial_id = $2)', [pedido.filialId]);
}

/**
 * Whether faturar issues an NF-e: a product order whose natureza de operação issues one (Configurações > Fiscal >
 * Natureza de operação, "Emite NF-e"), unless the order turned it off (emitirNfe false). Service orders go to the
 * NFS-e.
 */
export const precisaNfe = (pedido: Documento, natureza: Pick<NaturezaDoPedido, 'emiteNfe'> | null): boolean =>
  pedido.cabecalho.servico !== true && pedido.cabecalho.emitirNfe !== false && natureza?.emiteNfe === true;

/** tPag of the order's forma de pagamento, by its name; instalments without a known means go as duplicata mercantil. */
export function tPagDaForma(descricao: string | null, aPrazo: boolean): string {
  const d = (descricao ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const porNome: [RegExp, string][] = [[/pix/, '17'], [/boleto/, '15'], [/credito/, '03'], [/debito/, '04'], [/cheque/, '02'], [/dinheiro|especie/, '01'], [/transfer|ted|doc\b/, '18'], [/deposito/, '16'], [/crediario|carne/, '05']];
  const achado = porNome.find(([re]) => re.test(d));
  return achado ? achado[1] : aPrazo ? '14' : '01';
}

/** Shares of a total over the lines in proportion to their values; the last line takes the cents left over. */
function ratear(total: Decimal, pesos: Decimal[]): Decimal[] {
  const soma = pesos.reduce((a, b) => a.plus(b), ZERO);
  let resto = total;
  return pesos.map((p, i) => {
    const parte = i === pesos.length - 1 ? resto : soma.isZero() ? ZERO : total.times(p).div(soma).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    resto = resto.minus(parte);
    return parte;
  });
}

/**
 * The order as an NF-e draft: its product lines at the order's prices, each line's discount (promotion, line
 * discount and its share of the total discount), freight and other costs spread over the lines, the transporter,
 * the instalments as payments (and duplicatas), the order's number and notes in the additional information.
 */
export async function pedidoParaNfe(q: Queryable, ctx: RequestContext, pedido: Documento, natureza: NaturezaDoPedido): Promise<DadosNotaFiscal> {
  const c = pedido.cabecalho;
  const produtos = pedido.itens.filter((it) => typeof it.produtoId === 'number');
  if (!produtos.length) throw badRequest('NF-e: o pedido não tem produtos; um pedido só de serviços vai para a NFS-e.', [{ path: '/itens', campo: 'itens', mensagem: 'Sem produtos' }]);
  const brutos = produtos.map((it) => new Decimal(String(it.quantidade)).times(String(it.precoUnitario)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  const liquidos = produtos.map((it) => new Decimal(String(it.valorTotal ?? 0)));
  const descontoTotal = ratear(new Decimal(String(c.totalDesconto ?? 0)), liquidos);
  const frete = ratear(dec(c.frete) ?? ZERO, liquidos);
  const outras = ratear(dec(c.outrasDespesas) ?? ZERO, liquidos);
  const itens = produtos.map((it, i) => {
    const desconto = brutos[i].minus(liquidos[i]).plus(descontoTotal[i]);
    return {
      produtoId: it.produtoId as number,
      quantidade: new Decimal(String(it.quantidade)).toFixed(4),
      valorUnitario: new Decimal(String(it.precoUnitario)).toFixed(2),
      ...(desconto.gt(0) ? { valorDesconto: money(desconto) } : {}),
      ...(frete[i].gt(0) ? { valorFrete: money(frete[i]) } : {}),
      ...(outras[i].gt(0) ? { valorOutros: money(outras[i]) } : {}),
    };
  });
  const total = itens.reduce((s, it) => s.plus(new Decimal(it.quantidade).times(it.valorUnitario).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)).minus(it.valorDesconto ?? 0).plus(it.valorFrete ?? 0).plus(it.valorOutros ?? 0), ZERO);
  let forma: string | null = null;
  if (typeof c.formaPagamentoId === 'number') forma = (await q.query<{ descricao: string }>('SELECT descricao FROM formas_pagamento_financeiro WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, c.formaPagamentoId])).rows[0]?.descricao ?? null;
  const hoje = agoraLocal().data;
  const plano = ((c.planoParcelas as { vencimento: string; valor: string }[] | null) ?? []).filter((p) => new Decimal(p.valor).gt(0));
  const aPrazo = plano.length > 1 || plano.some((p) => p.vencimento > hoje);
  // A note of goods only (services in the order go to the NFS-e): its payments are the order's instalments when
  // they add up to the note, else one payment of the note's total.
  const pagamentos = plano.length && somar(plano.map((p) => p.valor)).eq(total)
    ? plano.map((p) => ({ tPag: tPagDaForma(forma, aPrazo), valor: new Decimal(p.valor).toFixed(2), vencimento: p.vencimento }))
    : total.gt(0) ? [{ tPag: tPagDaForma(forma, aPrazo), valor: money(total), vencimento: plano[0]?.vencimento ?? hoje }] : [{ tPag: '90', valor: '0.00' }];
  const obs = [`Pedido de venda nº ${pedido.numero}.`, typeof c.observacao === 'string' ? c.observacao : ''].join(' ').replace(/\s+/g, ' ').trim().slice(0, 2000);
  return {
    naturezaId: natureza.id,
    clienteId: c.clienteId as number,
    itens,
    transporte: { modalidade: typeof c.transportadorId === 'number' ? 0 : 9, ...(typeof c.transportadorId === 'number' ? { transportadorId: c.transportadorId } : {}) },
    pagamentos,
    informacoesAdicionais: obs,
  };
}

/**
 * The NF-e step of faturar, its last call (inside faturar's transaction, after stock and receivables were posted):
 * when the order's natureza issues an NF-e, the note is prepared in this transaction (numbered, built, signed,
 * XSD-validated, kept 'transmitindo' with its key) and its transmission is left for after the commit (aposCommit):
 * SEFAZ is never called with the transaction open. Anything to fix in the cliente, products or tax rules is a 400
 * here that rolls the whole faturamento back. A rejection at SEFAZ, after the commit, runs the order's compensating
 * transition (estornar-faturamento) and answers 400 with the SEFAZ code and its help text.
 */
export async function emitirNfeDoPedido(tx: Queryable, ctx: RequestContext, pedido: Documento, services?: ServicosNfe, aposCommit?: PostingArgs['aposCommit']): Promise<void> {
  const natureza = await naturezaDoPedido(tx, ctx, pedido);
  if (pedido.cabecalho.emitirNfe === true && pedido.cabecalho.servico !== true && !natureza) {
    throw badRequest('Natureza de operação: escolha a natureza de operação do pedido para emitir a NF-e (ou defina a natureza padrão em Configurações > NF-e).', [{ path: '/naturezaId', campo: 'naturezaId', mensagem: 'Informe a natureza de operação' }]);
  }
  if (!precisaNfe(pedido, natureza)) return;
  if (!services) throw new Error('emitirNfeDoPedido: sem os serviços do servidor (armazenamento do XML)');
  if (!aposCommit) throw new Error('emitirNfeDoPedido: a NF-e é transmitida depois do commit; quem chama a transição deve executar o trabalho pós-commit');
  const dados = await pedidoParaNfe(tx, ctx, pedido, natureza!);
  const preparada = await prepararNotaDoPedido(services, tx, ctx, dados, { pedidoId: pedido.id });
  aposCommit(() => esperarTransmissao(transmitirNotaDoPedido(services, ctx, preparada)));
}

/**
 * How long faturar's answer waits for SEFAZ: past it the order is answered faturado with its note 'transmitindo',
 * the transmission goes on, and the screen learns the outcome by the realtime socket ('pedido-nfe').
 */
export const esperaTransmissao = { ms: 20_000 };

async function esperarTransmissao(t: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limite = new Promise<'limite'>((r) => {
    timer = setTimeout(() => r('limite'), esperaTransmissao.ms);
    timer.unref?.();
  });
  // Past the bound, what the transmission ends with is told by the socket (and a rejection compensated there).
  t.catch(() => {});
  try {
    await Promise.race([t, limite]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A compensating transition of the order (from `estado`), run in the transaction that records the refusal which
 * calls for it: through the document lifecycle, so it is declared, checked and audited. Nothing when the order has
 * left that state already.
 */
function compensacao(transicao: 'estornar-faturamento' | 'estornar-cancelamento', estado: 'faturado' | 'cancelado') {
  return async (services: unknown, q: Queryable, ctx: { tenantId: number; userId: number }, pedidoId: number): Promise<void> => {
    const app = services as Partial<AppServices>;
    if (!app.documents || !app.registry) throw new Error(`${transicao}: sem o registro de documentos`);
    const r = await q.query<{ estado: string; filial_id: number }>(`SELECT estado, filial_id FROM documentos WHERE tenant_id = $1 AND id = $2 AND tipo = $3`, [ctx.tenantId, pedidoId, TIPO_PEDIDO]);
    if (r.rows[0]?.estado !== estado) return;
    const c = { ...ctx, branchId: Number(r.rows[0].filial_id), perfilAdmin: true, permissoes: {} } as unknown as RequestContext;
    await new DocumentLifecycle(app.registry, app as AppServices).compensate(q, app.documents.get(TIPO_PEDIDO), c, pedidoId, transicao);
  };
}

/** The compensation of faturar (estornar-faturamento), when SEFAZ refuses the order's note. */
const compensarFaturamento = compensacao('estornar-faturamento', 'faturado');
registrarCompensacaoDoPedido(compensarFaturamento);
// The same compensation when the Sefin Nacional refuses a service order's NFS-e (src/server/nfse/transmissao.ts).
registrarCompensacaoDoPedidoNfse(compensarFaturamento);
/** The compensation of cancelar (estornar-cancelamento), when the Sefin Nacional refuses the cancellation of the order's NFS-e: the order is faturado again. */
registrarCompensacaoDoCancelamentoNfse(compensacao('estornar-cancelamento', 'cancelado'));

/**
 * The 'Emitir NF-e' action of a faturado order without a note (its natureza did not issue one, or the order turned
 * it off): the draft emitir-nfe opens with (Vendas > Nota fiscal > cadastrar), tied to the order so that the note
 * posts nothing again.
 */
export async function rascunhoNfeDoPedido(q: Queryable, ctx: RequestContext, pedido: Documento): Promise<DadosNotaFiscal> {
  if (pedido.estado !== 'faturado') throw badRequest(`Pedido de venda nº ${pedido.numero}: fature o pedido; com uma natureza que emite NF-e, a nota sai no faturamento.`, [{ path: '/estado', campo: 'estado', mensagem: 'Pedido não faturado' }]);
  const n = await q.query<{ numero: number }>(`SELECT numero FROM notas_fiscais WHERE tenant_id = $1 AND pedido_id = $2 AND status = 'autorizada' LIMIT 1`, [ctx.tenantId, pedido.id]);
  if (n.rows.length) throw badRequest(`Pedido de venda nº ${pedido.numero}: já tem a NF-e ${n.rows[0].numero} autorizada.`, [{ path: '/nfeNumero', campo: 'nfeNumero', mensagem: 'Pedido com NF-e' }]);
  const natureza = (await naturezaDoPedido(q, ctx, { ...pedido, cabecalho: { ...pedido.cabecalho, emitirNfe: true } })) ?? (await q.query<{ id: number; descricao: string }>(`SELECT id, descricao FROM naturezas_operacao WHERE tenant_id = $1 AND ativo AND tipo = 1 ORDER BY id LIMIT 1`, [ctx.tenantId])).rows.map((r) => ({ id: Number(r.id), descricao: r.descricao, emiteNfe: true }))[0];
  if (!natureza) throw badRequest('Natureza de operação: cadastre uma natureza de saída em Configurações > Fiscal > Natureza de operação.', [{ path: '/naturezaId', campo: 'naturezaId', mensagem: 'Nenhuma natureza' }]);
  return { ...(await pedidoParaNfe(q, ctx, pedido, natureza)), pedidoId: pedido.id };
}

/**
 * The NF-e step of cancelar (a faturado order), in the order's transaction 1 (which reverses the order's postings):
 * the cancellation event of its authorised note is signed and kept 'transmitindo' (within the legal window: after 24
 * hours the order cannot be cancelled, a return note undoes the sale) and its transmission is left for after the
 * commit (aposCommit): SEFAZ is never called with the transaction open. A refusal at SEFAZ, after the commit, runs
 * the order's compensating transition (estornar-cancelamento: the order faturado again, its sale posted again) and
 * answers 400 with the SEFAZ code and its help text.
 */
export async function cancelarNfeDoPedido(tx: Queryable, ctx: RequestContext, pedido: Documento, services?: ServicosNfe, aposCommit?: PostingArgs['aposCommit']): Promise<void> {
  const notas = await tx.query<{ numero: number; status: string }>(`SELECT numero, status FROM notas_fiscais WHERE tenant_id = $1 AND pedido_id = $2 AND status IN ('autorizada', 'contingencia', 'transmitindo') ORDER BY id`, [ctx.tenantId, pedido.id]);
  // A note still on its way to SEFAZ (faturar answered before SEFAZ did, or a crash left it): its answer decides.
  const emTransmissao = notas.rows.find((n) => n.status === 'transmitindo');
  if (emTransmissao) throw conflict(`A NF-e ${emTransmissao.numero} do pedido de venda nº ${pedido.numero} está sendo transmitida à SEFAZ: aguarde a resposta (Notas processadas mostra a situação) e cancele o pedido depois disso.`);
  // A note issued in contingency (EPEC) is not authorised yet: cancelled now, it would still reach SEFAZ later.
  const pendente = notas.rows.find((n) => n.status === 'contingencia');
  if (pendente) throw conflict(`A NF-e ${pendente.numero} do pedido de venda nº ${pedido.numero} foi emitida em contingência e ainda não foi autorizada: quando a SEFAZ voltar ela é transmitida (ou use 'Transmitir pendentes' em Notas processadas); cancele o pedido depois disso.`);
  if (!notas.rows.length) return;
  if (!services) throw new Error('cancelarNfeDoPedido: sem os serviços do servidor');
  if (!aposCommit) throw new Error('cancelarNfeDoPedido: o cancelamento da NF-e é transmitido depois do commit; quem chama a transição deve executar o trabalho pós-commit');
  const envios = await prepararCancelamentoDoPedido(services, tx, ctx, pedido.id, `Cancelamento do pedido de venda numero ${pedido.numero}`);
  for (const id of envios) aposCommit(() => esperarTransmissao(transmitirEnvio(services, ctx, id)));
}

/**
 * The compensating transition of cancelar (estornar-cancelamento), run in the transaction that records SEFAZ's
 * refusal of the cancellation of the order's note: the order is faturado again through the document lifecycle.
 */
registrarCompensacaoDoCancelamento(async (services, q, ctx, pedidoId) => {
  const app = services as Partial<AppServices>;
  if (!app.documents || !app.registry) throw new Error('estornar-cancelamento: sem o registro de documentos');
  const r = await q.query<{ estado: string; filial_id: number }>(`SELECT estado, filial_id FROM documentos WHERE tenant_id = $1 AND id = $2 AND tipo = $3`, [ctx.tenantId, pedidoId, TIPO_PEDIDO]);
  if (r.rows[0]?.estado !== 'cancelado') return;
  const c = { ...ctx, branchId: Number(r.rows[0].filial_id), perfilAdmin: true, permissoes: {} } as unknown as RequestContext;
  await new DocumentLifecycle(app.registry, services).compensate(q, app.documents.get(TIPO_PEDIDO), c, pedidoId, 'estornar-cancelamento');
});

/** The sale's postings of faturar (stock out, the receivable with the order's instalments, the sales lines). */
async function lancarVenda(tx: Queryable, ctx: RequestContext, doc: Documento, data: string): Promise<void> {
  const scope = { tenantId: ctx.tenantId, userId: ctx.userId };
  const origem = { tipo: TIPO_PEDIDO, id: doc.id };
  await movimentar(tx, scope, await linhasDeEstoque(tx, ctx, doc, -1), origem);
  const total = new Decimal(String(doc.cabecalho.valorTotal ?? 0));
  const plano = (doc.cabecalho.planoParcelas as { vencimento: string; valor: string }[] | null) ?? [];
  if (total.gt(0)) {
    let contaId: number | null = null;
    if (typeof doc.cabecalho.formaPagamentoId === 'number') {
      const f = await tx.query<{ conta_id: number | null }>('SELECT conta_id FROM formas_pagamento_financeiro WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, doc.cabecalho.formaPagamentoId]);
      contaId = f.rows[0]?.conta_id ?? null;
    }
    await criarLancamento(tx, ctx, {
      tipo: RECEITA,
      descricao: `Pedido de venda nº ${doc.numero}`,
      pessoaId: (doc.cabecalho.clienteId as number) ?? null,
      categoriaId: await categoriaDeVendas(tx, ctx.tenantId),
      contaId,
      documento: `PV ${doc.numero}`,
      dataEmissao: data,
      valorTotal: total.toFixed(2),
      parcelas: plano.length ? plano.map((p) => ({ vencimento: p.vencimento, valor: p.valor })) : null,
      origemTipo: TIPO_PEDIDO,
      origemId: doc.id,
    });
  }
  await gravarVendasItens(tx, ctx, doc, data);
}

/** Commission of each line: the product category's %, else the salesperson's; on the line's share of the total discount. */
async function gravarVendasItens(q: Queryable, ctx: RequestContext, doc: Documento, data: string): Promise<void> {
  const vendedorId = (doc.cabecalho.vendedorId as number | null) ?? null;
  const vend = vendedorId ? await q.query<{ comissao: string | null }>('SELECT comissao FROM vendedores WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, vendedorId]) : null;
  const comissaoVendedor = dec(vend?.rows[0]?.comissao ?? null);
  const ids = doc.itens.map((it) => Number(it.produtoId ?? it.servicoId));
  const cats = await q.query<{ id: number; categoria_id: number | null; comissao: string | null }>(
    `SELECT p.id, p.categoria_id, c.comissao FROM produtos p LEFT JOIN categorias_produto c ON c.tenant_id = p.tenant_id AND c.id = p.categoria_id WHERE p.tenant_id = $1 AND p.id = ANY($2::integer[])`,
    [ctx.tenantId, ids],
  );
  const porProduto = new Map(cats.rows.map((c) => [Number(c.id), c]));
  const totalItens = new Decimal(String(doc.cabecalho.totalProdutos ?? 0));
  const desconto = new Decimal(String(doc.cabecalho.totalDesconto ?? 0));
  const custos = await q.query<{ origem_linha: number; custo: string | null }>(
    `SELECT origem_linha, sum(-quantidade * coalesce(custo_unitario, 0)) AS custo FROM movimentos_estoque m WHERE tenant_id = $1 AND origem_tipo = $2 AND origem_id = $3 AND estorno_de IS NULL
        AND NOT EXISTS (SELECT 1 FROM movimentos_estoque e WHERE e.tenant_id = m.tenant_id AND e.estorno_de = m.id) GROUP BY origem_linha`,
    [ctx.tenantId, TIPO_PEDIDO, doc.id],
  );
  const custoLinha = new Map(custos.rows.map((c) => [Number(c.origem_linha), c.custo]));
  // The total discount shared in proportion to the lines; the last line takes the cents left over.
  let restante = desconto;
  const rows = doc.itens.map((it, i) => {
    const bruto = new Decimal(String(it.valorTotal ?? 0));
    const parte = i === doc.itens.length - 1 ? restante : totalItens.isZero() ? ZERO : desconto.times(bruto).div(totalItens).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    restante = restante.minus(parte);
    const valor = bruto.minus(parte);
    const pid = Number(it.produtoId ?? it.servicoId);
    const cat = porProduto.get(pid);
    const pct = dec(cat?.comissao ?? null) ?? comissaoVendedor;
    return {
      linha: i + 1,
      produtoId: pid,
      categoriaId: cat?.categoria_id ?? null,
      quantidade: new Decimal(String(it.quantidade)).toFixed(4),
      valor: money(valor),
      custo: custoLinha.has(i + 1) ? money(new Decimal(custoLinha.get(i + 1) ?? 0)) : null,
      pct: pct === null || vendedorId === null ? null : pct.toFixed(2),
      comissao: pct === null || vendedorId === null ? '0.00' : money(valor.times(pct).div(CEM)),
    };
  });
  await q.query(
    `INSERT INTO vendas_itens (tenant_id, filial_id, pedido_id, linha, data, cliente_id, vendedor_id, produto_id, categoria_id, quantidade, valor_total, custo_total, comissao_percentual, comissao_valor)
     SELECT $1, $2, $3, l, $4, $5, $6, p, c, qt, v, cu, pc, cv
       FROM unnest($7::integer[], $8::integer[], $9::integer[], $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[], $14::numeric[]) AS x(l, p, c, qt, v, cu, pc, cv)`,
    [
      ctx.tenantId, doc.filialId, doc.id, data, doc.cabecalho.clienteId ?? null, vendedorId,
      rows.map((r) => r.linha), rows.map((r) => r.produtoId), rows.map((r) => r.categoriaId), rows.map((r) => r.quantidade), rows.map((r) => r.valor), rows.map((r) => r.custo), rows.map((r) => r.pct), rows.map((r) => r.comissao),
    ],
  );
}

/** A receita category for sales: the first active one whose name starts with "Venda", if any. */
async function categoriaDeVendas(q: Queryable, tenantId: number): Promise<number | null> {
  const r = await q.query<{ id: number }>(`SELECT id FROM categorias_financeiras WHERE tenant_id = $1 AND tipo = 0 AND ativo AND descricao ILIKE 'venda%' ORDER BY id LIMIT 1`, [tenantId]);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

const pedidoVenda: DocumentModule = {
  async validar({ tx, ctx, cabecalho, itens }) {
    await calcular(tx, ctx, cabecalho, itens);
  },
  postings: {
    /** Confirming reserves the product lines in the order's depósito (beyond the available: a 400). */
    async confirmar({ tx, ctx, doc }) {
      const linhas = await linhasDeEstoque(tx, ctx, doc, 1);
      await reservar(tx, { tenantId: ctx.tenantId, userId: ctx.userId }, linhas, { tipo: TIPO_PEDIDO, id: doc.id });
    },
    async reabrir({ tx, ctx, doc }) {
      await liberarReservas(tx, { tenantId: ctx.tenantId, userId: ctx.userId }, { tipo: TIPO_PEDIDO, id: doc.id });
    },
    async gerarPedido({ tx, ctx, doc }) {
      await liberarReservas(tx, { tenantId: ctx.tenantId, userId: ctx.userId }, { tipo: TIPO_PEDIDO, id: doc.id });
    },
    /**
     * One transaction: the reservation released, the VENDA movements, the receivable with the order's
     * instalments, the sales lines of the reports, then the NF-e step. The document row is locked by the
     * lifecycle before this runs, so a second faturar waits and then finds the order faturado (409).
     */
    async faturar({ tx, ctx, doc, services, aposCommit }) {
      const scope = { tenantId: ctx.tenantId, userId: ctx.userId };
      const origem = { tipo: TIPO_PEDIDO, id: doc.id };
      const hoje = agoraLocal().data;
      await liberarReservas(tx, scope, origem);
      await lancarVenda(tx, ctx, doc, hoje);
      await tx.query(`UPDATE documentos SET cabecalho = cabecalho || jsonb_build_object('dataFaturamento', $3::text) WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, doc.id, hoje]);
      await emitirNfseDoPedido(tx, ctx, doc, aposCommit, esperarTransmissao);
      await emitirNfeDoPedido(tx, ctx, doc, services, aposCommit);
    },
    /**
     * The compensating transition of faturar (declared 'estornar-faturamento', run by the server when SEFAZ refused
     * the order's NF-e after faturar committed): the VENDA movements reversed (estorno rows), the receivable
     * cancelled, the sales lines stamped cancelled, the reservation made again (the order returns to a state that
     * holds one; the goods just came back, so it is taken even past the available), the faturamento date dropped.
     */
    async estornarFaturamento({ tx, ctx, doc }) {
      const scope = { tenantId: ctx.tenantId, userId: ctx.userId };
      const origem = { tipo: TIPO_PEDIDO, id: doc.id };
      await estornar(tx, scope, origem);
      const l = await tx.query<{ id: number }>('SELECT id FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = $2 AND origem_id = $3 AND NOT cancelado ORDER BY id', [ctx.tenantId, TIPO_PEDIDO, doc.id]);
      for (const { id } of l.rows) await cancelarLancamento(tx, ctx, Number(id));
      await tx.query('UPDATE vendas_itens SET cancelado_em = now() WHERE tenant_id = $1 AND pedido_id = $2 AND cancelado_em IS NULL', [ctx.tenantId, doc.id]);
      await reservar(tx, scope, await linhasDeEstoque(tx, ctx, doc, 1), origem, { alemDoDisponivel: true });
      await tx.query(`UPDATE documentos SET cabecalho = cabecalho - 'dataFaturamento' WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, doc.id]);
    },
    /**
     * Before faturar: the reservation is given back. A faturado order: its NF-e step, the stock movements
     * reversed (estorno), its receivable cancelled by the finance service (refused while an instalment has a
     * baixa: estorne it first), its sales lines stamped cancelled. Nothing is deleted.
     */
    async cancelar({ tx, ctx, doc, de, services, aposCommit }) {
      const scope = { tenantId: ctx.tenantId, userId: ctx.userId };
      const origem = { tipo: TIPO_PEDIDO, id: doc.id };
      await liberarReservas(tx, scope, origem);
      if (de !== 'faturado') return;
      await cancelarNfeDoPedido(tx, ctx, doc, services, aposCommit);
      await cancelarNfseDoPedido(tx, ctx, doc, aposCommit, esperarTransmissao);
      await estornar(tx, scope, origem);
      const l = await tx.query<{ id: number }>('SELECT id FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = $2 AND origem_id = $3 AND NOT cancelado ORDER BY id', [ctx.tenantId, TIPO_PEDIDO, doc.id]);
      for (const { id } of l.rows) await cancelarLancamento(tx, ctx, Number(id));
      await tx.query('UPDATE vendas_itens SET cancelado_em = now() WHERE tenant_id = $1 AND pedido_id = $2 AND cancelado_em IS NULL', [ctx.tenantId, doc.id]);
    },
    /**
     * The compensating transition of cancelar (declared 'estornar-cancelamento', run by the server when SEFAZ refused
     * the cancellation of the order's NF-e, or the Sefin Nacional that of its NFS-e, after cancelar committed): the
     * order is faturado again and its sale posted again as new rows (stock out, a new receivable, new sales lines),
     * the reversed ones staying reversed; nothing is reversed twice and nothing deleted. The note was never
     * cancelled and stays the order's.
     */
    async estornarCancelamento({ tx, ctx, doc }) {
      await lancarVenda(tx, ctx, doc, typeof doc.cabecalho.dataFaturamento === 'string' ? doc.cabecalho.dataFaturamento : agoraLocal().data);
    },
  },
};

export const { validar, postings } = pedidoVenda;
export default pedidoVenda;
