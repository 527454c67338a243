import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { formatBRL } from '../../../shared/money.ts';
import type { Queryable } from '../../db/db.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { AGORA, maquina, transitar } from '../../documents/estados.ts';
import { baixarParcelas, criarLancamento, DESPESA, RECEITA } from '../lancamentos.ts';
import { lerOfx, OfxInvalido, type ExtratoOfx, type TransacaoOfx } from './parser.ts';
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
  return numerosIguais(a, b);
}

/** Both numbers known (three digits at least) and the same account, with or without the check digit. */
function numerosIguais(a: string, b: string): boolean {
  if (a.length < 3 || b.length < 3) return false;
  const semDv = (s: string) => s.slice(0, -1);
  return a === b || b.endsWith(a) || a.endsWith(b) || b.endsWith(semDv(a)) || semDv(b).endsWith(semDv(a)) || b.includes(a);
}

const rotuloExtrato = (e: ExtratoOfx) => `${e.indice}º extrato do arquivo${e.conta ? ` (conta ${e.conta}${e.agencia ? `, agência ${e.agencia}` : ''})` : ''}`;

/**
 * Where each statement of the file goes. One account in the file (the usual case): the conta the person chose,
 * refused when the file names another. Several accounts (BB sends a checking and an investment statement in one
 * file): each statement goes to the registered conta its <BANKACCTFROM>/<CCACCTFROM> names — the chosen one when
 * it is that — and the whole file is refused, naming the statement, when one says no account or names an account
 * that is not registered (or is registered twice). A statement without lines needs no conta.
 */
async function destinos(q: Queryable, ctx: Ctx, conta: Row, extratos: ExtratoOfx[]): Promise<Map<ExtratoOfx, Row>> {
  const out = new Map<ExtratoOfx, Row>();
  const comLinhas = extratos.filter((e) => e.transacoes.length);
  const contasNoArquivo = new Set(comLinhas.map((e) => digitos(e.conta)));
  if (contasNoArquivo.size <= 1) {
    for (const e of comLinhas) {
      if (!mesmaConta(conta, e.conta)) {
        throw badRequest(`Este extrato é da conta ${e.conta}${e.agencia ? `, agência ${e.agencia}` : ''}, e não da conta "${conta.descricao}" (${conta.conta}). Nada foi importado.`);
      }
      out.set(e, conta);
    }
    return out;
  }
  const contas = (await q.query(`SELECT * FROM contas_financeiras WHERE tenant_id = $1 AND ativo ORDER BY id`, [ctx.tenantId])).rows;
  for (const e of comLinhas) {
    if (!digitos(e.conta)) {
      throw badRequest(
        `O ${rotuloExtrato(e)} não diz de que conta é (falta a conta em <${e.tipo === 'cartao' ? 'CCACCTFROM' : 'BANKACCTFROM'}>): o arquivo traz extratos de mais de uma conta e cada um vai para a conta que informa. Nada foi importado.`,
      );
    }
    if (numerosIguais(digitos(conta.conta), digitos(e.conta))) {
      out.set(e, conta);
      continue;
    }
    const achadas = contas.filter((c) => numerosIguais(digitos(c.conta), digitos(e.conta)));
    if (!achadas.length) throw badRequest(`O ${rotuloExtrato(e)} é de uma conta que não está cadastrada em Contas financeiras: cadastre a conta ${e.conta} para importar este arquivo, que traz extratos de mais de uma conta. Nada foi importado.`);
    if (achadas.length > 1) throw badRequest(`O ${rotuloExtrato(e)} corresponde a mais de uma conta cadastrada (${achadas.map((c) => `"${c.descricao}"`).join(', ')}): deixe só uma com esse número. Nada foi importado.`);
    out.set(e, achadas[0]);
  }
  return out;
}

/**
 * Imports a statement file: new lines only (FITID per conta), all or nothing, every statement of the file to its
 * conta. The same file again writes nothing and answers 409 saying so.
 */
export async function importarOfx(q: Queryable, ctx: Ctx, contaId: number, bytes: Uint8Array, nome: string | null) {
  const conta = await contaDoTenant(q, ctx, contaId, { ativa: true });
  let arquivo;
  try {
    arquivo = lerOfx(bytes);
  } catch (e) {
    if (e instanceof OfxInvalido) throw badRequest(`${e.message} Nada foi importado.`, [{ path: '/conteudo', campo: 'conteudo', mensagem: e.message }]);
    throw e;
  }
  const { extratos } = arquivo;
  for (const e of extratos) {
    if (e.moeda && e.moeda.toUpperCase() !== 'BRL') throw badRequest(`O extrato está em ${e.moeda}; só extratos em reais (BRL) podem ser importados.`);
  }
  const total = extratos.reduce((n, e) => n + e.transacoes.length, 0);
  if (!total) throw badRequest('O extrato não tem transações. Nada foi importado.');
  if (total > MAX_TRANSACOES) throw badRequest(`O extrato tem ${total} transações; importe no máximo ${MAX_TRANSACOES} por arquivo.`);
  const destino = await destinos(q, ctx, conta, extratos);

  // Per conta, the lines of all its statements: a FITID a second statement repeats is the same line when date and
  // amount agree (dropped), otherwise a different one (FITID#n, the same key every time the file comes).
  const porConta = new Map<number, { conta: Row; linhas: { e: ExtratoOfx; t: TransacaoOfx }[] }>();
  for (const e of extratos) {
    const c = destino.get(e);
    if (!c) continue;
    const g = porConta.get(Number(c.id)) ?? { conta: c, linhas: [] };
    porConta.set(Number(c.id), g);
    const usados = new Map(g.linhas.map((l) => [l.t.fitid, l.t]));
    for (const t of e.transacoes) {
      const igual = usados.get(t.fitid);
      if (igual && igual.data === t.data && igual.valor === t.valor) continue;
      let fitid = t.fitid;
      for (let n = 2; usados.has(fitid); n++) fitid = `${t.fitid}#${n}`;
      const linha = fitid === t.fitid ? t : { ...t, fitid };
      usados.set(fitid, linha);
      g.linhas.push({ e, t: linha });
    }
  }

  const repetidasPorConta = new Map<number, Set<string>>();
  let primeiraVez: number | undefined;
  for (const [id, g] of porConta) {
    const ja = await q.query<{ fitid: string; created_at: Date }>(
      `SELECT t.fitid, e.created_at FROM transacoes_ofx t JOIN extratos_ofx e ON e.tenant_id = t.tenant_id AND e.id = t.extrato_id
        WHERE t.tenant_id = $1 AND t.conta_id = $2 AND t.fitid = ANY($3::text[])`,
      [ctx.tenantId, id, g.linhas.map((l) => l.t.fitid)],
    );
    repetidasPorConta.set(id, new Set(ja.rows.map((r) => r.fitid)));
    for (const r of ja.rows) primeiraVez = Math.min(primeiraVez ?? Infinity, new Date(r.created_at).getTime());
  }
  const repetidas = [...repetidasPorConta.values()].reduce((n, s) => n + s.size, 0);
  const linhasTotal = [...porConta.values()].reduce((n, g) => n + g.linhas.length, 0);
  if (repetidas === linhasTotal) {
    const em = primeiraVez ? ` em ${new Date(primeiraVez).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}` : '';
    const onde = porConta.size === 1 ? `na conta "${[...porConta.values()][0].conta.descricao}"` : `nas contas ${[...porConta.values()].map((g) => `"${g.conta.descricao}"`).join(', ')}`;
    throw conflict(`Este extrato já foi importado${em}: as ${repetidas} transações já estão ${onde}. Nenhuma transação nova; nada foi gravado.`);
  }

  const hash = createHash('sha256').update(bytes).digest('hex');
  const gravados: { extratoId: number; contaId: number; conta: string; indice: number; banco: string | null; agencia: string | null; contaOfx: string | null; transacoes: number; novas: number; repetidas: number }[] = [];
  let comSugestao = 0;
  for (const [id, g] of porConta) {
    const ja = repetidasPorConta.get(id)!;
    for (const e of extratos.filter((x) => destino.get(x) === g.conta)) {
      const doExtrato = g.linhas.filter((l) => l.e === e).map((l) => l.t);
      const novas = doExtrato.filter((t) => !ja.has(t.fitid));
      if (!novas.length) continue;
      const r = await q.query<{ id: number }>(
        `INSERT INTO extratos_ofx (tenant_id, conta_id, arquivo_nome, hash, banco, agencia, conta_ofx, data_inicio, data_fim, saldo, data_saldo, transacoes, novas, usuario_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
        [ctx.tenantId, id, nome?.slice(0, 200) ?? null, hash, e.banco, e.agencia, e.conta, e.dataInicio, e.dataFim, e.saldo, e.dataSaldo, e.transacoes.length, novas.length, ctx.userId ?? null],
      );
      const extratoId = Number(r.rows[0].id);
      // One statement for the whole list (thousands of lines): arrays unnested by the database.
      const ins = await q.query<{ id: number }>(
        `INSERT INTO transacoes_ofx (tenant_id, conta_id, extrato_id, fitid, data, valor, tipo, descricao, documento)
         SELECT $1, $2, $3, u.fitid, u.data, u.valor, u.tipo, u.descricao, u.documento
           FROM unnest($4::text[], $5::date[], $6::numeric[], $7::text[], $8::text[], $9::text[]) AS u(fitid, data, valor, tipo, descricao, documento)
         ON CONFLICT (tenant_id, conta_id, fitid) DO NOTHING RETURNING id`,
        [ctx.tenantId, id, extratoId, novas.map((t) => t.fitid), novas.map((t) => t.data), novas.map((t) => t.valor), novas.map((t) => t.tipo), novas.map((t) => t.descricao), novas.map((t) => t.documento)],
      );
      // A concurrent import of the same lines got there first: this one adds nothing, so it is undone whole.
      if (ins.rows.length !== novas.length) throw conflict('Este extrato está sendo importado agora por outra pessoa. Nada foi gravado; tente de novo em instantes.');
      const sugestoes = await sugerir(q, ctx, id, { extratoId });
      comSugestao += [...sugestoes.values()].filter((s) => s.length).length;
      gravados.push({ extratoId, contaId: id, conta: g.conta.descricao, indice: e.indice, banco: e.banco, agencia: e.agencia, contaOfx: e.conta, transacoes: doExtrato.length, novas: novas.length, repetidas: doExtrato.length - novas.length });
    }
  }
  const novas = gravados.reduce((n, x) => n + x.novas, 0);
  let mensagem =
    repetidas > 0
      ? `${novas} transações novas importadas; ${repetidas} já tinham sido importadas antes e foram ignoradas.`
      : `${novas} transações importadas.`;
  if (new Set(gravados.map((x) => x.contaId)).size > 1) {
    const porNome = new Map<string, number>();
    for (const x of gravados) porNome.set(x.conta, (porNome.get(x.conta) ?? 0) + x.novas);
    mensagem += ` ${[...porNome].map(([c, n]) => `${n} na conta "${c}"`).join('; ')}.`;
  }
  const primeiro = extratos.find((e) => destino.get(e) === conta) ?? extratos.find((e) => destino.has(e))!;
  return {
    extratoId: gravados[0].extratoId,
    contaId: gravados[0].contaId,
    transacoes: linhasTotal,
    novas,
    repetidas,
    ignoradas: extratos.reduce((n, e) => n + e.ignoradas, 0),
    comSugestao,
    dataInicio: primeiro.dataInicio,
    dataFim: primeiro.dataFim,
    saldo: primeiro.saldo,
    extratos: gravados,
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
    // The state (schemas/lifecycles/transacaoOfx.json) and the movement the CHECK ties to it, in one statement.
    await transitar(q, ctx, maquina('transacaoOfx'), Number(t.id), status === STATUS_TRANSACAO.ignorada ? 'ignorar' : 'conciliar', undefined, {
      colunas: { movimento_id: movimentoId, conciliacao, lancamento_id: lancamentoId, conciliado_em: AGORA, usuario_id: ctx.userId ?? null },
    }).catch((e) => {
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
  await transitar(q, ctx, maquina('transacaoOfx'), transacaoId, 'desfazer', undefined, {
    colunas: { movimento_id: null, conciliacao: null, lancamento_id: null, conciliado_em: null, usuario_id: ctx.userId ?? null },
  });
  return { id: transacaoId, status: 'pendente' };
}
