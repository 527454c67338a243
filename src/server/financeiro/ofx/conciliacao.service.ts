import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { formatBRL } from '../../../shared/money.ts';
import type { Queryable } from '../../db/db.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { baixarParcelas, criarLancamento, DESPESA, RECEITA } from '../financeiro.service.ts';
import { lerOfx, OfxInvalido } from './parser.ts';
import type { Sugestao } from '../../../shared/conciliacao.ts';

export type { Sugestao };

type Ctx = { tenantId: number; userId?: number | null };
/** The finance service's context (a sweep without a person records no user). */
const svc = (ctx: Ctx) => ({ tenantId: ctx.tenantId, userId: ctx.userId as number });
type Row = Record<string, any>;

export const STATUS_TRANSACAO = { pendente: 0, conciliada: 1, ignorada: 2 } as const;
const STATUS_NOME = ['pendente', 'conciliada', 'ignorada'] as const;

/** How far apart (days) a bank line and a ledger movement / a parcela's due date may be to be suggested. */
export const JANELA_MOVIMENTO = 7;
export const JANELA_PARCELA = 45;
/** At most this many transactions per file. */
export const MAX_TRANSACOES = 20000;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const money = (v: unknown) => new Decimal(String(v)).toFixed(2);
const dias = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86400000);
const normal = (s: string | null | undefined) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
const digitos = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '').replace(/^0+/, '');


async function contaDoTenant(q: Queryable, ctx: Ctx, contaId: number, { ativa = false } = {}): Promise<Row> {
  const r = await q.query(`SELECT * FROM contas_financeiras WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, contaId]);
  const c = r.rows[0];
  if (!c) throw notFound('Conta não encontrada.');
  if (ativa && !c.ativo) throw badRequest(`A conta "${c.descricao}" está inativa.`);
  return c;
}

/** The statement belongs to the conta when the account numbers agree (digits only, check digit optional). */
function mesmaConta(conta: Row, ofxConta: string | null): boolean {
  const a = digitos(conta.conta);
  const b = digitos(ofxConta);
  if (a.length < 3 || b.length < 3) return true;
  const semDv = (s: string) => s.slice(0, -1);
  return a === b || b.endsWith(a) || a.endsWith(b) || b.endsWith(semDv(a)) || semDv(b).endsWith(semDv(a)) || b.includes(a);
}

/**
 * Imports a statement into a conta: new lines only (FITID per conta), all or nothing. The same file again
 * writes nothing and answers 409 saying so.
 */
export async function importarOfx(q: Queryable, ctx: Ctx, contaId: number, bytes: Uint8Array, nome: string | null) {
  const conta = await contaDoTenant(q, ctx, contaId, { ativa: true });
  let extrato;
  try {
    extrato = lerOfx(bytes);
  } catch (e) {
    if (e instanceof OfxInvalido) throw badRequest(`${e.message} Nada foi importado.`, [{ path: '/conteudo', campo: 'conteudo', mensagem: e.message }]);
    throw e;
  }
  if (extrato.moeda && extrato.moeda.toUpperCase() !== 'BRL') throw badRequest(`O extrato está em ${extrato.moeda}; só extratos em reais (BRL) podem ser importados.`);
  if (!extrato.transacoes.length) throw badRequest('O extrato não tem transações. Nada foi importado.');
  if (extrato.transacoes.length > MAX_TRANSACOES) throw badRequest(`O extrato tem ${extrato.transacoes.length} transações; importe no máximo ${MAX_TRANSACOES} por arquivo.`);
  if (!mesmaConta(conta, extrato.conta)) {
    throw badRequest(`Este extrato é da conta ${extrato.conta}${extrato.agencia ? `, agência ${extrato.agencia}` : ''}, e não da conta "${conta.descricao}" (${conta.conta}). Nada foi importado.`);
  }
  const fitids = extrato.transacoes.map((t) => t.fitid);
  const ja = await q.query<{ fitid: string; created_at: Date }>(
    `SELECT t.fitid, e.created_at FROM transacoes_ofx t JOIN extratos_ofx e ON e.tenant_id = t.tenant_id AND e.id = t.extrato_id
      WHERE t.tenant_id = $1 AND t.conta_id = $2 AND t.fitid = ANY($3::text[])`,
    [ctx.tenantId, contaId, fitids],
  );
  const repetidas = new Set(ja.rows.map((r) => r.fitid));
  const novas = extrato.transacoes.filter((t) => !repetidas.has(t.fitid));
  if (!novas.length) {
    const quando = ja.rows.map((r) => new Date(r.created_at).getTime()).sort()[0];
    const em = quando ? ` em ${new Date(quando).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}` : '';
    throw conflict(`Este extrato já foi importado${em}: as ${repetidas.size} transações já estão na conta "${conta.descricao}". Nenhuma transação nova; nada foi gravado.`);
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  const e = await q.query<{ id: number }>(
    `INSERT INTO extratos_ofx (tenant_id, conta_id, arquivo_nome, hash, banco, agencia, conta_ofx, data_inicio, data_fim, saldo, data_saldo, transacoes, novas, usuario_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [ctx.tenantId, contaId, nome?.slice(0, 200) ?? null, hash, extrato.banco, extrato.agencia, extrato.conta, extrato.dataInicio, extrato.dataFim, extrato.saldo, extrato.dataSaldo, extrato.transacoes.length, novas.length, ctx.userId ?? null],
  );
  const extratoId = Number(e.rows[0].id);
  // One statement for the whole file (thousands of lines): arrays unnested by the database.
  const ins = await q.query<{ id: number }>(
    `INSERT INTO transacoes_ofx (tenant_id, conta_id, extrato_id, fitid, data, valor, tipo, descricao, documento)
     SELECT $1, $2, $3, u.fitid, u.data, u.valor, u.tipo, u.descricao, u.documento
       FROM unnest($4::text[], $5::date[], $6::numeric[], $7::text[], $8::text[], $9::text[]) AS u(fitid, data, valor, tipo, descricao, documento)
     ON CONFLICT (tenant_id, conta_id, fitid) DO NOTHING RETURNING id`,
    [ctx.tenantId, contaId, extratoId, novas.map((t) => t.fitid), novas.map((t) => t.data), novas.map((t) => t.valor), novas.map((t) => t.tipo), novas.map((t) => t.descricao), novas.map((t) => t.documento)],
  );
  // A concurrent import of the same lines got there first: this one adds nothing, so it is undone whole.
  if (ins.rows.length !== novas.length) throw conflict('Este extrato está sendo importado agora por outra pessoa. Nada foi gravado; tente de novo em instantes.');
  const sugestoes = await sugerir(q, ctx, contaId, { extratoId });
  const comSugestao = [...sugestoes.values()].filter((s) => s.length).length;
  const mensagem =
    repetidas.size > 0
      ? `${novas.length} transações novas importadas; ${repetidas.size} já tinham sido importadas antes e foram ignoradas.`
      : `${novas.length} transações importadas.`;
  return {
    extratoId,
    contaId,
    transacoes: extrato.transacoes.length,
    novas: novas.length,
    repetidas: repetidas.size,
    ignoradas: extrato.ignoradas,
    comSugestao,
    dataInicio: extrato.dataInicio,
    dataFim: extrato.dataFim,
    saldo: extrato.saldo,
    mensagem,
  };
}

interface Alvo {
  id: number;
  data: string;
  valor: string;
  descricao: string | null;
  documento: string | null;
}

/**
 * Suggestions for pending lines: an unreconciled movement of the same conta with the same signed amount a few
 * days apart (an existing baixa or transferência), or an open parcela of the line's kind (credit: receita,
 * debit: despesa) whose open amount is the line's, due within the window. The person's name or CPF/CNPJ and
 * the lançamento's document number found in the line's text add points. Each candidate is the first choice of
 * one line only (best pairs first).
 */
export async function sugerir(q: Queryable, ctx: Ctx, contaId: number, filtro: { extratoId?: number; ids?: number[] }): Promise<Map<number, Sugestao[]>> {
  const conds = ['tenant_id = $1', 'conta_id = $2', 'status = 0'];
  const params: unknown[] = [ctx.tenantId, contaId];
  if (filtro.extratoId != null) (params.push(filtro.extratoId), conds.push(`extrato_id = $${params.length}`));
  if (filtro.ids) (params.push(filtro.ids), conds.push(`id = ANY($${params.length}::int[])`));
  const linhas = (await q.query(`SELECT id, data, valor, descricao, documento FROM transacoes_ofx WHERE ${conds.join(' AND ')}`, params)).rows.map(
    (r): Alvo => ({ id: Number(r.id), data: iso(r.data), valor: money(r.valor), descricao: r.descricao, documento: r.documento }),
  );
  const out = new Map<number, Sugestao[]>(linhas.map((l) => [l.id, []]));
  if (!linhas.length) return out;
  const datas = linhas.map((l) => l.data).sort();
  const valores = [...new Set(linhas.map((l) => l.valor))];
  const abs = [...new Set(linhas.map((l) => new Decimal(l.valor).abs().toFixed(2)))];

  const movs = await q.query(
    `SELECT m.id, m.data, m.valor, m.descricao, l.documento, pe.nome AS pessoa, pe.cpf_cnpj
       FROM movimentos_financeiros m
       LEFT JOIN baixas b ON b.tenant_id = m.tenant_id AND b.id = m.baixa_id
       LEFT JOIN parcelas p ON p.tenant_id = b.tenant_id AND p.id = b.parcela_id
       LEFT JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
       LEFT JOIN pessoas pe ON pe.tenant_id = l.tenant_id AND pe.id = l.pessoa_id
      WHERE m.tenant_id = $1 AND m.conta_id = $2 AND m.data BETWEEN $3::date - $5::int AND $4::date + $5::int AND m.valor = ANY($6::numeric[])
        AND NOT EXISTS (SELECT 1 FROM transacoes_ofx t WHERE t.tenant_id = m.tenant_id AND t.movimento_id = m.id)
        AND NOT EXISTS (SELECT 1 FROM baixas e WHERE e.tenant_id = b.tenant_id AND (e.estorno_de = b.id OR b.estorno_de IS NOT NULL))`,
    [ctx.tenantId, contaId, datas[0], datas[datas.length - 1], JANELA_MOVIMENTO, valores],
  );
  const parc = await q.query(
    `SELECT p.id, p.vencimento, p.valor - p.valor_baixado AS aberto, l.tipo, l.descricao, l.documento, p.numero, pe.nome AS pessoa, pe.cpf_cnpj
       FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
       LEFT JOIN pessoas pe ON pe.tenant_id = l.tenant_id AND pe.id = l.pessoa_id
      WHERE p.tenant_id = $1 AND NOT p.cancelada AND NOT l.cancelado AND p.valor > p.valor_baixado
        AND p.vencimento BETWEEN $2::date - $4::int AND $3::date + $4::int AND p.valor - p.valor_baixado = ANY($5::numeric[])`,
    [ctx.tenantId, datas[0], datas[datas.length - 1], JANELA_PARCELA, abs],
  );
  const porValor = new Map<string, Row[]>();
  const add = (k: string, r: Row) => porValor.set(k, [...(porValor.get(k) ?? []), r]);
  for (const m of movs.rows) add(`m${money(m.valor)}`, m);
  for (const p of parc.rows) add(`p${Number(p.tipo)}:${money(p.aberto)}`, p);

  const afinidade = (l: Alvo, pessoa: string | null, cpf: string | null, documento: string | null) => {
    const texto = ` ${normal(l.descricao)} ${normal(l.documento)} `;
    const numeros = new Set(texto.match(/\d{3,}/g) ?? []);
    const runs = new Set((texto.match(/\d+/g) ?? []).map((n) => n.replace(/^0+/, '')));
    const motivos: string[] = [];
    let pontos = 0;
    const tokens = normal(pessoa)
      .split(' ')
      .filter((t) => t.length >= 3 && !['LTDA', 'EIRELI', 'COMERCIO', 'DOS', 'DAS', 'ME', 'EPP'].includes(t));
    const achados = tokens.filter((t) => texto.includes(` ${t} `));
    const cpfDig = (cpf ?? '').replace(/\D/g, '');
    if ((tokens.length && achados.length >= Math.min(2, tokens.length)) || (cpfDig.length >= 11 && [...numeros].some((n) => n.includes(cpfDig) || (n.length >= 6 && cpfDig.slice(3, 9) === n)))) {
      pontos += 30;
      motivos.push('pessoa');
    }
    // every number of the document ('Contrato 12/2024', 'NF 88123') among the line's numbers
    const docRuns = (documento ?? '').match(/\d+/g)?.map((n) => n.replace(/^0+/, '')).filter((n) => n.length >= 2) ?? [];
    if (docRuns.some((n) => n.length >= 3) && docRuns.every((n) => runs.has(n))) {
      pontos += 30;
      motivos.push('documento');
    }
    return { pontos, motivos };
  };

  const pares: { linha: number; s: Sugestao }[] = [];
  for (const l of linhas) {
    const cand: Sugestao[] = [];
    for (const m of porValor.get(`m${l.valor}`) ?? []) {
      const d = Math.abs(dias(iso(m.data), l.data));
      const a = afinidade(l, m.pessoa, m.cpf_cnpj, m.documento);
      cand.push({ tipo: 'movimento', id: Number(m.id), data: iso(m.data), valor: money(m.valor), descricao: m.descricao ?? '', pessoa: m.pessoa ?? null, documento: m.documento ?? null, pontos: 100 - 5 * d + a.pontos, motivos: ['valor', ...(d === 0 ? ['data'] : []), ...a.motivos] });
    }
    const tipo = new Decimal(l.valor).isNegative() ? DESPESA : RECEITA;
    for (const p of porValor.get(`p${tipo}:${new Decimal(l.valor).abs().toFixed(2)}`) ?? []) {
      const d = Math.abs(dias(iso(p.vencimento), l.data));
      const a = afinidade(l, p.pessoa, p.cpf_cnpj, p.documento);
      cand.push({ tipo: 'parcela', id: Number(p.id), data: iso(p.vencimento), valor: money(p.aberto), descricao: `Parcela ${p.numero} de "${p.descricao}"`, pessoa: p.pessoa ?? null, documento: p.documento ?? null, pontos: 80 - d + a.pontos, motivos: ['valor', ...(d === 0 ? ['data'] : []), ...a.motivos] });
    }
    cand.sort((x, y) => y.pontos - x.pontos || x.id - y.id);
    out.set(l.id, cand.slice(0, 5));
    for (const s of cand) pares.push({ linha: l.id, s });
  }
  // Best pairs first: a candidate already first for one line moves down for the others.
  pares.sort((x, y) => y.s.pontos - x.s.pontos || x.linha - y.linha);
  const usado = new Set<string>();
  const primeira = new Map<number, Sugestao>();
  for (const { linha, s } of pares) {
    const k = `${s.tipo}${s.id}`;
    if (primeira.has(linha) || usado.has(k)) continue;
    usado.add(k);
    primeira.set(linha, s);
  }
  const chave = (s: Sugestao) => `${s.tipo}${s.id}`;
  for (const [linha, lista] of out) {
    const p = primeira.get(linha);
    // another line's first choice is not offered here
    const resto = lista.filter((s) => (p ? chave(s) !== chave(p) : true) && !usado.has(chave(s)));
    out.set(linha, (p ? [p, ...resto] : resto).slice(0, 3));
  }
  return out;
}

export function transacaoOut(r: Row) {
  return {
    id: Number(r.id),
    contaId: Number(r.conta_id),
    extratoId: Number(r.extrato_id),
    fitid: r.fitid as string,
    data: iso(r.data),
    valor: money(r.valor),
    tipo: r.tipo as string | null,
    descricao: r.descricao as string | null,
    documento: r.documento as string | null,
    status: STATUS_NOME[Number(r.status)],
    conciliacao: r.conciliacao as string | null,
    movimentoId: r.movimento_id == null ? null : Number(r.movimento_id),
    lancamentoId: r.lancamento_id == null ? null : Number(r.lancamento_id),
  };
}

export interface AcaoConciliacao {
  transacaoId: number;
  /** an existing movement of the ledger (a baixa or transferência already posted) */
  movimentoId?: number | null;
  /** an open parcela, settled by the line (partial when the line is smaller) */
  parcelaId?: number | null;
  juros?: string | null;
  multa?: string | null;
  desconto?: string | null;
  /** a new lançamento settled by the line */
  novo?: { categoriaId: number; descricao?: string | null; pessoaId?: number | null; centroCustoId?: number | null } | null;
  ignorar?: boolean;
}

const inteiro = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 2 ** 31;

/** Reconciles lines, each with one action, in the caller's transaction (all or nothing). Lines locked in id order. */
export async function conciliar(q: Queryable, ctx: Ctx, itens: AcaoConciliacao[]) {
  if (!Array.isArray(itens) || !itens.length) throw badRequest('Informe ao menos uma transação a conciliar.');
  if (itens.length > 1000) throw badRequest('No máximo 1000 transações por vez.');
  const ids = itens.map((it, i) => (inteiro(it?.transacaoId) ? it.transacaoId : (() => { throw badRequest(`Item ${i + 1}: informe a transação.`); })()));
  if (new Set(ids).size !== ids.length) throw badRequest('A mesma transação aparece mais de uma vez.');
  const locked = await q.query(`SELECT * FROM transacoes_ofx WHERE tenant_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE`, [ctx.tenantId, ids]);
  const byId = new Map(locked.rows.map((r) => [Number(r.id), r]));
  const feitos = [];
  for (const [i, it] of itens.entries()) {
    const t = byId.get(it.transacaoId);
    if (!t) throw notFound(`Transação ${it.transacaoId} não encontrada.`);
    const rotulo = `Transação de ${iso(t.data).split('-').reverse().join('/')} (${formatBRL(t.valor)})`;
    if (Number(t.status) !== 0) throw conflict(`${rotulo}: já está ${STATUS_NOME[Number(t.status)]}.`);
    const valor = new Decimal(t.valor);
    const acoes = [it.movimentoId != null, it.parcelaId != null, it.novo != null, it.ignorar === true].filter(Boolean).length;
    if (acoes !== 1) throw badRequest(`${rotulo}: escolha uma ação (movimento, parcela, novo lançamento ou ignorar).`, [{ path: `/itens/${i}`, campo: `itens/${i}`, mensagem: 'Campo inválido!' }]);
    let movimentoId: number | null = null;
    let lancamentoId: number | null = null;
    let conciliacao: string | null = null;
    let status: number = STATUS_TRANSACAO.conciliada;
    if (it.ignorar === true) {
      status = STATUS_TRANSACAO.ignorada;
    } else if (it.movimentoId != null) {
      if (!inteiro(it.movimentoId)) throw badRequest(`${rotulo}: movimento inválido.`);
      const m = (await q.query(`SELECT * FROM movimentos_financeiros WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, it.movimentoId])).rows[0];
      if (!m) throw badRequest(`${rotulo}: movimento não encontrado.`);
      if (Number(m.conta_id) !== Number(t.conta_id)) throw badRequest(`${rotulo}: o movimento é de outra conta.`);
      if (!new Decimal(m.valor).eq(valor)) throw badRequest(`${rotulo}: o movimento é de ${formatBRL(m.valor)}, diferente do extrato.`);
      movimentoId = Number(m.id);
      conciliacao = 'movimento';
    } else {
      const tipo = valor.isNegative() ? DESPESA : RECEITA;
      let parcelaId: number;
      if (it.parcelaId != null) {
        if (!inteiro(it.parcelaId)) throw badRequest(`${rotulo}: parcela inválida.`);
        const p = (await q.query(`SELECT l.tipo, l.id AS lancamento_id FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id WHERE p.tenant_id = $1 AND p.id = $2`, [ctx.tenantId, it.parcelaId])).rows[0];
        if (!p) throw badRequest(`${rotulo}: parcela não encontrada.`);
        if (Number(p.tipo) !== tipo) throw badRequest(`${rotulo}: ${tipo === RECEITA ? 'um crédito só baixa uma receita' : 'um débito só baixa uma despesa'}.`);
        parcelaId = it.parcelaId;
        lancamentoId = Number(p.lancamento_id);
        conciliacao = 'parcela';
      } else {
        const n = it.novo!;
        if (!n || !inteiro(n.categoriaId)) throw badRequest(`${rotulo}: escolha a categoria do novo lançamento.`, [{ path: `/itens/${i}/novo/categoriaId`, campo: 'categoriaId', mensagem: 'Campo Obrigatório!' }]);
        const descricao = (typeof n.descricao === 'string' && n.descricao.trim().length >= 2 ? n.descricao.trim() : t.descricao || 'Transação do extrato bancário').slice(0, 200);
        const l = await criarLancamento(q, svc(ctx), {
          tipo,
          descricao: descricao.length >= 2 ? descricao : 'Transação do extrato bancário',
          categoriaId: n.categoriaId,
          pessoaId: n.pessoaId ?? null,
          centroCustoId: n.centroCustoId ?? null,
          documento: t.documento,
          dataEmissao: iso(t.data),
          valorTotal: valor.abs().toFixed(2),
          primeiroVencimento: iso(t.data),
          origemTipo: 'extratoOfx',
          origemId: Number(t.extrato_id),
        });
        parcelaId = l.parcelas[0].id;
        lancamentoId = l.id;
        conciliacao = 'novo';
      }
      const b = await baixarParcelas(q, svc(ctx), { contaId: Number(t.conta_id), data: iso(t.data), itens: [{ parcelaId, valor: valor.abs().toFixed(2), juros: it.juros, multa: it.multa, desconto: it.desconto }] });
      const m = await q.query(`SELECT id FROM movimentos_financeiros WHERE tenant_id = $1 AND baixa_id = $2`, [ctx.tenantId, b.baixas[0].id]);
      movimentoId = Number(m.rows[0].id);
    }
    await q
      .query(
        `UPDATE transacoes_ofx SET status = $3, movimento_id = $4, conciliacao = $5, lancamento_id = $6, conciliado_em = now(), usuario_id = $7 WHERE tenant_id = $1 AND id = $2`,
        [ctx.tenantId, t.id, status, movimentoId, conciliacao, lancamentoId, ctx.userId ?? null],
      )
      .catch((e) => {
        if ((e as { code?: string }).code === '23505') throw conflict(`${rotulo}: este movimento já foi conciliado com outra transação do extrato.`);
        throw e;
      });
    feitos.push({ transacaoId: Number(t.id), status: STATUS_NOME[status], conciliacao, movimentoId, lancamentoId });
  }
  return { itens: feitos };
}

/**
 * Back to pendente. The ledger is not touched: a baixa made from the line stays (estorne it in Baixas), and
 * the line can then be reconciled with that movement again.
 */
export async function desfazer(q: Queryable, ctx: Ctx, transacaoId: number) {
  const t = (await q.query(`SELECT * FROM transacoes_ofx WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, transacaoId])).rows[0];
  if (!t) throw notFound('Transação não encontrada.');
  if (Number(t.status) === 0) throw conflict('Esta transação já está pendente.');
  await q.query(`UPDATE transacoes_ofx SET status = 0, movimento_id = NULL, conciliacao = NULL, lancamento_id = NULL, conciliado_em = NULL, usuario_id = $3 WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, transacaoId, ctx.userId ?? null]);
  return { id: transacaoId, status: 'pendente' };
}
