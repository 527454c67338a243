import Decimal from 'decimal.js';
import { MONEY_RE, formatBRL } from '../../shared/money.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, notFound, type ErrorDetail } from '../http/errors.ts';
import { dividirEmParcelas, somar } from '../../shared/parcelamento.ts';
import { maquina, transitar } from '../documents/estados.ts';

/**
 * Who records the domain event of a baixa ('lancamento.baixado', for webhooks) in the posting's own transaction:
 * registered at start-up by app.ts (integracoes' emitirEvento), so this module imports nothing above it —
 * integracoes imports Financeiro's face (the import of open receivables and payables).
 */
type EmissorDeEvento = (q: Queryable, tenantId: number, tipo: string, dados: Record<string, unknown>) => Promise<unknown>;
let emissor: EmissorDeEvento | null = null;
export function registrarEmissorDeEventosDoFinanceiro(f: EmissorDeEvento): void {
  emissor = f;
}

/** 0 receita (money in), 1 despesa (money out): lookup tipoLancamento. */
export const RECEITA = 0;
export const DESPESA = 1;

type Ctx = Pick<RequestContext, 'tenantId' | 'userId'>;

export interface NovoLancamento {
  tipo: number;
  descricao: string;
  pessoaId?: number | null;
  categoriaId?: number | null;
  centroCustoId?: number | null;
  /** the conta the money is expected in or out of: the default of its baixas */
  contaId?: number | null;
  documento?: string | null;
  /** yyyy-MM-dd */
  dataEmissao: string;
  /** yyyy-MM (defaults to the month of dataEmissao) */
  competencia?: string | null;
  valorTotal: string;
  /** n equal parts, monthly from primeiroVencimento (default dataEmissao) */
  numeroParcelas?: number;
  primeiroVencimento?: string | null;
  /** or parcelas of one's own: they must add up to valorTotal */
  parcelas?: { vencimento: string; valor: string }[] | null;
  origemTipo?: string | null;
  origemId?: number | null;
}

export interface ItemBaixa {
  parcelaId: number;
  /** money that moved; default: the whole open amount + juros + multa - desconto */
  valor?: string | null;
  juros?: string | null;
  multa?: string | null;
  desconto?: string | null;
}

export interface NovaBaixa {
  contaId: number;
  /** yyyy-MM-dd */
  data: string;
  itens: ItemBaixa[];
}

export interface NovaTransferencia {
  contaOrigemId: number;
  contaDestinoId: number;
  data: string;
  valor: string;
  descricao?: string | null;
}

/** The status of a parcela, derived on read (atrasado depends on today). */
export const STATUS_PARCELA_SQL = `CASE WHEN p.cancelada OR l.cancelado THEN 'cancelado'
  WHEN p.valor_baixado >= p.valor THEN 'pago'
  WHEN p.vencimento < current_date THEN 'atrasado'
  WHEN p.valor_baixado > 0 THEN 'parcial'
  ELSE 'aberto' END`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const field = (campo: string, mensagem: string): ErrorDetail => ({ path: `/${campo}`, campo, mensagem });
const fail = (message: string, campo: string): never => {
  throw badRequest(message, [field(campo, message)]);
};

/** A date a person can mean: a real calendar day between 2000 and 2100. */
export function dataValida(v: unknown, campo: string, titulo: string): string {
  if (typeof v !== 'string' || !ISO_DATE.test(v)) return fail(`${titulo}: informe uma data válida.`, campo);
  const d = new Date(`${v}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) return fail(`${titulo}: informe uma data válida.`, campo);
  if (v < '2000-01-01' || v > '2100-12-31') return fail(`${titulo}: a data deve estar entre 01/01/2000 e 31/12/2100.`, campo);
  return v;
}

/** A money amount as a decimal string with at most 2 places; positive unless zero is allowed. */
function dinheiro(v: unknown, campo: string, titulo: string, { zero = false } = {}): Decimal {
  const s = typeof v === 'number' ? String(v) : v;
  if (typeof s !== 'string' || !MONEY_RE.test(s)) return fail(`${titulo}: informe um valor válido.`, campo);
  const d = new Decimal(s);
  if (d.isNegative() || (!zero && d.isZero())) return fail(`${titulo}: o valor deve ser maior que zero.`, campo);
  return d;
}

const inteiro = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 2 ** 31;

async function existe(q: Queryable, ctx: Ctx, tabela: string, id: number, extra = ''): Promise<Record<string, any> | null> {
  const r = await q.query(`SELECT * FROM ${tabela} WHERE tenant_id = $1 AND id = $2 ${extra}`, [ctx.tenantId, id]);
  return r.rows[0] ?? null;
}

async function contaAtiva(q: Queryable, ctx: Ctx, id: unknown, campo: string, titulo: string): Promise<number> {
  if (!inteiro(id)) return fail(`${titulo}: campo obrigatório.`, campo);
  const c = await existe(q, ctx, 'contas_financeiras', id);
  if (!c) return fail(`${titulo}: conta não encontrada.`, campo);
  if (!c.ativo) return fail(`${titulo}: a conta "${c.descricao}" está inativa.`, campo);
  return id;
}

/** Appends a movement and moves the conta's balance in the same transaction. */
async function movimentar(q: Queryable, ctx: Ctx, m: { contaId: number; data: string; valor: Decimal; baixaId?: number; transferenciaId?: number; descricao: string }): Promise<void> {
  if (m.valor.isZero()) return;
  await q.query(
    `INSERT INTO movimentos_financeiros (tenant_id, conta_id, data, valor, baixa_id, transferencia_id, descricao, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [ctx.tenantId, m.contaId, m.data, m.valor.toFixed(2), m.baixaId ?? null, m.transferenciaId ?? null, m.descricao, ctx.userId ?? null],
  );
  await q.query(
    `INSERT INTO saldos_contas (tenant_id, conta_id, saldo) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id, conta_id) DO UPDATE SET saldo = saldos_contas.saldo + EXCLUDED.saldo, updated_at = now()`,
    [ctx.tenantId, m.contaId, m.valor.toFixed(2)],
  );
}

/**
 * Creates a receita or despesa with its parcelas. Other modules (vendas, compras, PDV, boletos) call this
 * inside their own transaction to post receivables and payables; every check runs before the first write.
 */
export async function criarLancamento(q: Queryable, ctx: Ctx, input: NovoLancamento): Promise<{ id: number; parcelas: { id: number; numero: number; vencimento: string; valor: string }[] }> {
  const b = (input ?? {}) as NovoLancamento;
  if (b.tipo !== RECEITA && b.tipo !== DESPESA) fail('Tipo: informe receita (0) ou despesa (1).', 'tipo');
  const descricao = typeof b.descricao === 'string' ? b.descricao.trim() : '';
  if (descricao.length < 2 || descricao.length > 200) fail('Descrição: informe de 2 a 200 caracteres.', 'descricao');
  const dataEmissao = dataValida(b.dataEmissao, 'dataEmissao', 'Data de emissão');
  let competencia = `${dataEmissao.slice(0, 7)}-01`;
  if (b.competencia != null) {
    if (typeof b.competencia !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(b.competencia)) fail('Competência: informe o mês no formato AAAA-MM.', 'competencia');
    competencia = dataValida(`${b.competencia}-01`, 'competencia', 'Competência');
  }
  const total = dinheiro(b.valorTotal, 'valorTotal', 'Valor total');
  if (b.documento != null && (typeof b.documento !== 'string' || b.documento.length > 60)) fail('Documento: máximo 60 caracteres.', 'documento');

  if (b.pessoaId != null) {
    if (!inteiro(b.pessoaId) || !(await existe(q, ctx, 'pessoas', b.pessoaId))) fail('Pessoa: cadastro não encontrado.', 'pessoaId');
  }
  if (b.centroCustoId != null) {
    if (!inteiro(b.centroCustoId) || !(await existe(q, ctx, 'centros_custo', b.centroCustoId))) fail('Centro de custo: cadastro não encontrado.', 'centroCustoId');
  }
  if (b.contaId != null) await contaAtiva(q, ctx, b.contaId, 'contaId', 'Conta prevista');
  if (b.categoriaId != null) {
    const cat = inteiro(b.categoriaId) ? await existe(q, ctx, 'categorias_financeiras', b.categoriaId) : null;
    if (!cat) fail('Categoria: cadastro não encontrado.', 'categoriaId');
    if (Number(cat!.tipo) !== b.tipo) fail(`Categoria: "${cat!.descricao}" é de ${Number(cat!.tipo) === RECEITA ? 'receita' : 'despesa'}.`, 'categoriaId');
  }

  let plano: { vencimento: string; valor: string }[];
  if (Array.isArray(b.parcelas) && b.parcelas.length) {
    if (b.parcelas.length > 360) fail('Parcelas: no máximo 360.', 'parcelas');
    plano = b.parcelas.map((p, i) => ({
      vencimento: dataValida(p?.vencimento, `parcelas/${i}/vencimento`, `Parcela ${i + 1}, vencimento`),
      valor: dinheiro(p?.valor, `parcelas/${i}/valor`, `Parcela ${i + 1}, valor`).toFixed(2),
    }));
    const soma = somar(plano.map((p) => p.valor));
    if (!soma.eq(total)) fail(`Parcelas: a soma das parcelas (${formatBRL(soma)}) difere do valor total (${formatBRL(total)}).`, 'parcelas');
  } else {
    const n = b.numeroParcelas ?? 1;
    if (!Number.isInteger(n) || n < 1 || n > 360) fail('Número de parcelas: informe de 1 a 360.', 'numeroParcelas');
    if (total.times(100).lt(n)) fail('Número de parcelas: cada parcela precisa de ao menos R$ 0,01.', 'numeroParcelas');
    const primeiro = b.primeiroVencimento == null ? dataEmissao : dataValida(b.primeiroVencimento, 'primeiroVencimento', 'Primeiro vencimento');
    plano = dividirEmParcelas(total.toFixed(2), n, primeiro);
    const ultimo = plano[plano.length - 1].vencimento;
    if (ultimo > '2100-12-31') fail('Número de parcelas: o último vencimento passa de 31/12/2100.', 'numeroParcelas');
  }

  const l = await q.query<{ id: number }>(
    `INSERT INTO lancamentos (tenant_id, tipo, descricao, pessoa_id, categoria_id, centro_custo_id, documento, data_emissao, competencia, valor_total, origem_tipo, origem_id, usuario_id, conta_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [ctx.tenantId, b.tipo, descricao, b.pessoaId ?? null, b.categoriaId ?? null, b.centroCustoId ?? null, b.documento || null, dataEmissao, competencia, total.toFixed(2), b.origemTipo ?? null, b.origemId ?? null, ctx.userId ?? null, b.contaId ?? null],
  );
  const id = Number(l.rows[0].id);
  const parcelas = [];
  for (const [i, p] of plano.entries()) {
    const r = await q.query<{ id: number }>(`INSERT INTO parcelas (tenant_id, lancamento_id, numero, vencimento, valor) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [ctx.tenantId, id, i + 1, p.vencimento, p.valor]);
    parcelas.push({ id: Number(r.rows[0].id), numero: i + 1, vencimento: p.vencimento, valor: p.valor });
  }
  return { id, parcelas };
}

/**
 * Cancels a lançamento whose parcelas have nothing settled (estorne the baixas first): the lançamento's `cancelar`
 * (schemas/lifecycles/lancamento.json), which cancels its parcelas with it.
 */
export async function cancelarLancamento(q: Queryable, ctx: Ctx, id: number): Promise<void> {
  await transitar(q, ctx, maquina('lancamento'), id, 'cancelar', async () => {
    const pago = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM parcelas WHERE tenant_id = $1 AND lancamento_id = $2 AND valor_baixado > 0`, [ctx.tenantId, id]);
    if (pago.rows[0].n > 0) throw badRequest('Este lançamento tem parcelas baixadas: estorne as baixas antes de cancelar.');
  });
}

/** The checks of one baixa item against its locked parcela: shared by the single and the batched baixa. */
function planoItem(byId: Map<number, Record<string, any>>, it: ItemBaixa, i: number) {
  const p = byId.get(it.parcelaId);
  const at = (c: string) => `itens/${i}/${c}`;
  if (!p) return fail(`Parcela ${i + 1}: parcela não encontrada.`, at('parcelaId'));
  const nome = `Parcela ${p.numero} de "${p.descricao}"`;
  if (p.cancelada || p.cancelado) fail(`${nome}: está cancelada.`, at('parcelaId'));
  const aberto = new Decimal(p.valor).minus(p.valor_baixado);
  if (aberto.lte(0)) fail(`${nome}: já está paga.`, at('parcelaId'));
  const juros = it.juros == null ? new Decimal(0) : dinheiro(it.juros, at('juros'), `${nome}, juros`, { zero: true });
  const multa = it.multa == null ? new Decimal(0) : dinheiro(it.multa, at('multa'), `${nome}, multa`, { zero: true });
  const desconto = it.desconto == null ? new Decimal(0) : dinheiro(it.desconto, at('desconto'), `${nome}, desconto`, { zero: true });
  const valor = it.valor == null ? aberto.plus(juros).plus(multa).minus(desconto) : dinheiro(it.valor, at('valor'), `${nome}, valor`, { zero: true });
  const principal = valor.minus(juros).minus(multa).plus(desconto);
  if (principal.lte(0)) fail(`${nome}: o valor não cobre juros e multa informados.`, at('valor'));
  if (principal.gt(aberto)) {
    fail(`${nome}: o valor baixado (${formatBRL(principal)}) passa do valor em aberto (${formatBRL(aberto)}); informe a diferença como juros ou multa.`, at('valor'));
  }
  return { parcelaId: Number(p.id), tipo: Number(p.tipo), nome, valor, principal, juros, multa, desconto };
}

/**
 * Settles one or more parcelas into one conta on one date. Each item may be partial; juros and multa raise
 * the money that moves, desconto lowers it; the principal settled (valor - juros - multa + desconto) may not
 * pass the parcela's open amount. Parcelas are locked in id order so concurrent baixas cannot deadlock.
 */
export async function baixarParcelas(q: Queryable, ctx: Ctx, input: NovaBaixa): Promise<{ baixas: { id: number; parcelaId: number; valor: string; principal: string }[] }> {
  const b = (input ?? {}) as NovaBaixa;
  const data = dataValida(b.data, 'data', 'Data da baixa');
  const contaId = await contaAtiva(q, ctx, b.contaId, 'contaId', 'Conta');
  if (!Array.isArray(b.itens) || !b.itens.length) fail('Parcelas: informe ao menos uma parcela.', 'itens');
  if (b.itens.length > 1000) fail('Parcelas: no máximo 1000 por baixa.', 'itens');
  const ids = b.itens.map((it, i) => (inteiro(it?.parcelaId) ? it.parcelaId : fail(`Parcela ${i + 1}: informe a parcela.`, `itens/${i}/parcelaId`)));
  if (new Set(ids).size !== ids.length) fail('Parcelas: a mesma parcela aparece mais de uma vez.', 'itens');

  const locked = await q.query(
    `SELECT p.id, p.numero, p.valor, p.valor_baixado, p.cancelada, l.cancelado, l.tipo, l.descricao
       FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
      WHERE p.tenant_id = $1 AND p.id = ANY($2::int[]) ORDER BY p.id FOR UPDATE OF p`,
    [ctx.tenantId, ids],
  );
  const byId = new Map(locked.rows.map((r) => [Number(r.id), r]));
  const plano = b.itens.map((it, i) => planoItem(byId, it, i));

  const baixas = [];
  for (const it of plano) {
    const r = await q.query<{ id: number }>(
      `INSERT INTO baixas (tenant_id, parcela_id, conta_id, data, valor, principal, juros, multa, desconto, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [ctx.tenantId, it.parcelaId, contaId, data, it.valor.toFixed(2), it.principal.toFixed(2), it.juros.toFixed(2), it.multa.toFixed(2), it.desconto.toFixed(2), ctx.userId ?? null],
    );
    const baixaId = Number(r.rows[0].id);
    await q.query(`UPDATE parcelas SET valor_baixado = valor_baixado + $3 WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, it.parcelaId, it.principal.toFixed(2)]);
    await movimentar(q, ctx, { contaId, data, valor: it.tipo === RECEITA ? it.valor : it.valor.negated(), baixaId, descricao: `Baixa: ${it.nome}` });
    baixas.push({ id: baixaId, parcelaId: it.parcelaId, valor: it.valor.toFixed(2), principal: it.principal.toFixed(2) });
  }
  await emissor?.(q, ctx.tenantId, 'lancamento.baixado', { data, contaId, baixas });
  return { baixas };
}

export interface ItemBaixaLote extends ItemBaixa {
  contaId: number;
  /** yyyy-MM-dd */
  data: string;
}

/** The largest batch one call settles (a bank's retorno file of tens of thousands of lines fits). */
export const LIMITE_LOTE = 50_000;

/** The contas of a batch, read in one statement, with the same messages as contaAtiva. */
async function contasAtivas(q: Queryable, ctx: Ctx, itens: { contaId?: unknown }[], campo = 'contaId', titulo = 'Conta'): Promise<void> {
  itens.forEach((it, i) => {
    if (!inteiro(it.contaId)) fail(`${titulo}: campo obrigatório.`, `itens/${i}/${campo}`);
  });
  const ids = [...new Set(itens.map((it) => it.contaId as number))];
  const r = await q.query(`SELECT id, descricao, ativo FROM contas_financeiras WHERE tenant_id = $1 AND id = ANY($2::int[])`, [ctx.tenantId, ids]);
  const porId = new Map(r.rows.map((c) => [Number(c.id), c]));
  itens.forEach((it, i) => {
    const c = porId.get(it.contaId as number);
    if (!c) fail(`${titulo}: conta não encontrada.`, `itens/${i}/${campo}`);
    if (!c!.ativo) fail(`${titulo}: a conta "${c!.descricao}" está inativa.`, `itens/${i}/${campo}`);
  });
}

/**
 * The batched baixa (a bank's retorno of thousands of payments): the same checks and the same append-only rows
 * as baixarParcelas — one baixa and one movement per item, valor_baixado raised, the contas' balances moved —
 * but each kind written by one set-based statement. Every item may carry its own conta and date. The parcelas are
 * locked in id order in one statement (as baixarParcelas does), and every check runs under that lock before the
 * first write, so a parcela paid by someone else meanwhile is refused, never paid twice; any problem refuses
 * the whole batch. Runs inside the caller's transaction.
 */
export async function baixarParcelasEmLote(q: Queryable, ctx: Ctx, itens: ItemBaixaLote[]): Promise<{ baixas: { id: number; parcelaId: number; valor: string; principal: string }[] }> {
  if (!Array.isArray(itens) || !itens.length) fail('Parcelas: informe ao menos uma parcela.', 'itens');
  if (itens.length > LIMITE_LOTE) fail(`Parcelas: no máximo ${LIMITE_LOTE} por lote.`, 'itens');
  const datas = itens.map((it, i) => dataValida(it?.data, `itens/${i}/data`, 'Data da baixa'));
  await contasAtivas(q, ctx, itens);
  const ids = itens.map((it, i) => (inteiro(it?.parcelaId) ? it.parcelaId : fail(`Parcela ${i + 1}: informe a parcela.`, `itens/${i}/parcelaId`)));
  if (new Set(ids).size !== ids.length) fail('Parcelas: a mesma parcela aparece mais de uma vez.', 'itens');

  const locked = await q.query(
    `SELECT p.id, p.numero, p.valor, p.valor_baixado, p.cancelada, l.cancelado, l.tipo, l.descricao
       FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
      WHERE p.tenant_id = $1 AND p.id = ANY($2::int[]) ORDER BY p.id FOR UPDATE OF p`,
    [ctx.tenantId, ids],
  );
  const byId = new Map(locked.rows.map((r) => [Number(r.id), r]));
  const plano = itens.map((it, i) => ({ ...planoItem(byId, it, i), contaId: it.contaId, data: datas[i] }));

  const col = <T>(f: (p: (typeof plano)[number]) => T) => plano.map(f);
  const ins = await q.query<{ id: number; parcela_id: number }>(
    `INSERT INTO baixas (tenant_id, parcela_id, conta_id, data, valor, principal, juros, multa, desconto, usuario_id)
     SELECT $1, v.parcela_id, v.conta_id, v.data, v.valor, v.principal, v.juros, v.multa, v.desconto, $10
       FROM unnest($2::int[], $3::int[], $4::date[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[])
            WITH ORDINALITY AS v(parcela_id, conta_id, data, valor, principal, juros, multa, desconto, ord)
      ORDER BY v.ord RETURNING id, parcela_id`,
    [ctx.tenantId, col((p) => p.parcelaId), col((p) => p.contaId), col((p) => p.data), col((p) => p.valor.toFixed(2)), col((p) => p.principal.toFixed(2)),
      col((p) => p.juros.toFixed(2)), col((p) => p.multa.toFixed(2)), col((p) => p.desconto.toFixed(2)), ctx.userId ?? null],
  );
  const baixaDe = new Map(ins.rows.map((r) => [Number(r.parcela_id), Number(r.id)]));
  await q.query(
    `UPDATE parcelas p SET valor_baixado = p.valor_baixado + v.principal FROM unnest($2::int[], $3::numeric[]) AS v(id, principal) WHERE p.tenant_id = $1 AND p.id = v.id`,
    [ctx.tenantId, col((p) => p.parcelaId), col((p) => p.principal.toFixed(2))],
  );
  const moves = plano.filter((p) => !p.valor.isZero()).map((p) => ({ ...p, sinal: p.tipo === RECEITA ? p.valor : p.valor.negated() }));
  if (moves.length) {
    await q.query(
      `INSERT INTO movimentos_financeiros (tenant_id, conta_id, data, valor, baixa_id, descricao, usuario_id)
       SELECT $1, v.conta_id, v.data, v.valor, v.baixa_id, v.descricao, $7
         FROM unnest($2::int[], $3::date[], $4::numeric[], $5::int[], $6::text[]) WITH ORDINALITY AS v(conta_id, data, valor, baixa_id, descricao, ord)
        ORDER BY v.ord`,
      [ctx.tenantId, moves.map((m) => m.contaId), moves.map((m) => m.data), moves.map((m) => m.sinal.toFixed(2)), moves.map((m) => baixaDe.get(m.parcelaId)), moves.map((m) => `Baixa: ${m.nome}`), ctx.userId ?? null],
    );
    // One balance row per conta, touched in conta id order (as transferir does), so concurrent batches cannot deadlock.
    await q.query(
      `INSERT INTO saldos_contas (tenant_id, conta_id, saldo)
       SELECT $1, v.conta_id, sum(v.valor) FROM unnest($2::int[], $3::numeric[]) AS v(conta_id, valor) GROUP BY v.conta_id ORDER BY v.conta_id
       ON CONFLICT (tenant_id, conta_id) DO UPDATE SET saldo = saldos_contas.saldo + EXCLUDED.saldo, updated_at = now()`,
      [ctx.tenantId, moves.map((m) => m.contaId), moves.map((m) => m.sinal.toFixed(2))],
    );
  }
  return { baixas: plano.map((p) => ({ id: baixaDe.get(p.parcelaId)!, parcelaId: p.parcelaId, valor: p.valor.toFixed(2), principal: p.principal.toFixed(2) })) };
}

/** A lançamento of one parcela, as criarLancamentosEmLote takes it (bank fees and the like). */
export type NovoLancamentoSimples = Pick<NovoLancamento, 'tipo' | 'descricao' | 'documento' | 'dataEmissao' | 'valorTotal' | 'primeiroVencimento' | 'contaId' | 'pessoaId' | 'origemTipo' | 'origemId'>;

/**
 * Many one-parcela lançamentos in a few set-based statements (the fees of a bank's retorno), with criarLancamento's
 * checks for the fields it takes; every check runs before the first write. Ids are drawn from the table's own
 * sequence first, so each input maps to its row without relying on the order of RETURNING.
 */
export async function criarLancamentosEmLote(q: Queryable, ctx: Ctx, lancs: NovoLancamentoSimples[]): Promise<{ id: number; parcelaId: number; valor: string; vencimento: string }[]> {
  if (!Array.isArray(lancs) || !lancs.length) return [];
  if (lancs.length > LIMITE_LOTE) fail(`Lançamentos: no máximo ${LIMITE_LOTE} por lote.`, 'lancamentos');
  const plano = lancs.map((b, i) => {
    const at = (c: string) => `lancamentos/${i}/${c}`;
    if (b.tipo !== RECEITA && b.tipo !== DESPESA) fail('Tipo: informe receita (0) ou despesa (1).', at('tipo'));
    const descricao = typeof b.descricao === 'string' ? b.descricao.trim() : '';
    if (descricao.length < 2 || descricao.length > 200) fail('Descrição: informe de 2 a 200 caracteres.', at('descricao'));
    const dataEmissao = dataValida(b.dataEmissao, at('dataEmissao'), 'Data de emissão');
    const total = dinheiro(b.valorTotal, at('valorTotal'), 'Valor total');
    if (b.documento != null && (typeof b.documento !== 'string' || b.documento.length > 60)) fail('Documento: máximo 60 caracteres.', at('documento'));
    const vencimento = b.primeiroVencimento == null ? dataEmissao : dataValida(b.primeiroVencimento, at('primeiroVencimento'), 'Primeiro vencimento');
    return { ...b, descricao, dataEmissao, competencia: `${dataEmissao.slice(0, 7)}-01`, total: total.toFixed(2), vencimento };
  });
  const comConta = plano.filter((p) => p.contaId != null);
  if (comConta.length) await contasAtivas(q, ctx, comConta, 'contaId', 'Conta prevista');
  const seq = await q.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('lancamentos', 'id'))::int AS id FROM generate_series(1, $1::int)`, [plano.length]);
  const ids = seq.rows.map((r) => Number(r.id));
  await q.query(
    `INSERT INTO lancamentos (tenant_id, id, tipo, descricao, documento, data_emissao, competencia, valor_total, origem_tipo, origem_id, usuario_id, conta_id, pessoa_id)
     SELECT $1, v.id, v.tipo, v.descricao, v.documento, v.data_emissao, v.competencia, v.valor_total, v.origem_tipo, v.origem_id, $11, v.conta_id, v.pessoa_id
       FROM unnest($2::int[], $3::smallint[], $4::text[], $5::text[], $6::date[], $7::date[], $8::numeric[], $9::text[], $10::int[], $12::int[], $13::int[])
            AS v(id, tipo, descricao, documento, data_emissao, competencia, valor_total, origem_tipo, origem_id, conta_id, pessoa_id)
      ORDER BY v.id`,
    [ctx.tenantId, ids, plano.map((p) => p.tipo), plano.map((p) => p.descricao), plano.map((p) => p.documento || null), plano.map((p) => p.dataEmissao), plano.map((p) => p.competencia),
      plano.map((p) => p.total), plano.map((p) => p.origemTipo ?? null), plano.map((p) => p.origemId ?? null), ctx.userId ?? null, plano.map((p) => p.contaId ?? null), plano.map((p) => p.pessoaId ?? null)],
  );
  const parc = await q.query<{ id: number; lancamento_id: number }>(
    `INSERT INTO parcelas (tenant_id, lancamento_id, numero, vencimento, valor)
     SELECT $1, v.lancamento_id, 1, v.vencimento, v.valor FROM unnest($2::int[], $3::date[], $4::numeric[]) AS v(lancamento_id, vencimento, valor) ORDER BY v.lancamento_id
     RETURNING id, lancamento_id`,
    [ctx.tenantId, ids, plano.map((p) => p.vencimento), plano.map((p) => p.total)],
  );
  const parcelaDe = new Map(parc.rows.map((r) => [Number(r.lancamento_id), Number(r.id)]));
  return plano.map((p, i) => ({ id: ids[i], parcelaId: parcelaDe.get(ids[i])!, valor: p.total, vencimento: p.vencimento }));
}

/**
 * Undoes a baixa by appending its mirror (negative amounts) and the reverse movement; the original stays. The baixa's
 * `estornar` (schemas/lifecycles/baixa.json): refused for an estorno and for a baixa already estornada.
 */
export async function estornarBaixa(q: Queryable, ctx: Ctx, baixaId: number, dataEstorno?: string | null): Promise<{ id: number }> {
  const found = await q.query(`SELECT parcela_id FROM baixas WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, baixaId]);
  if (!found.rows.length) throw notFound('Baixa não encontrada.');
  // Lock the parcela first (the same order as baixarParcelas), then the transition reads the baixa again under the lock.
  await q.query(`SELECT 1 FROM parcelas WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, found.rows[0].parcela_id]);
  let id = 0;
  await transitar(q, ctx, maquina('baixa'), baixaId, 'estornar', async () => {
    const r = await q.query(
      `SELECT b.*, l.tipo, l.descricao, p.numero
         FROM baixas b JOIN parcelas p ON p.tenant_id = b.tenant_id AND p.id = b.parcela_id JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
        WHERE b.tenant_id = $1 AND b.id = $2`,
      [ctx.tenantId, baixaId],
    );
    const b = r.rows[0];
    const data = dataEstorno == null ? new Date().toISOString().slice(0, 10) : dataValida(dataEstorno, 'data', 'Data do estorno');
    const neg = (v: string) => new Decimal(v).negated().toFixed(2);
    const ins = await q.query<{ id: number }>(
      `INSERT INTO baixas (tenant_id, parcela_id, conta_id, data, valor, principal, juros, multa, desconto, estorno_de, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [ctx.tenantId, b.parcela_id, b.conta_id, data, neg(b.valor), neg(b.principal), neg(b.juros), neg(b.multa), neg(b.desconto), baixaId, ctx.userId ?? null],
    );
    id = Number(ins.rows[0].id);
    await q.query(`UPDATE parcelas SET valor_baixado = valor_baixado - $3 WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, b.parcela_id, b.principal]);
    const valor = new Decimal(b.valor);
    await movimentar(q, ctx, { contaId: Number(b.conta_id), data, valor: Number(b.tipo) === RECEITA ? valor.negated() : valor, baixaId: id, descricao: `Estorno da baixa ${baixaId}: parcela ${b.numero} de "${b.descricao}"` });
  });
  return { id };
}

/** Money from one conta to another: the transfer row and its two movements in one transaction. */
export async function transferir(q: Queryable, ctx: Ctx, input: NovaTransferencia): Promise<{ id: number }> {
  const b = (input ?? {}) as NovaTransferencia;
  const data = dataValida(b.data, 'data', 'Data');
  const valor = dinheiro(b.valor, 'valor', 'Valor');
  const origem = await contaAtiva(q, ctx, b.contaOrigemId, 'contaOrigemId', 'Conta de origem');
  const destino = await contaAtiva(q, ctx, b.contaDestinoId, 'contaDestinoId', 'Conta de destino');
  if (origem === destino) fail('Conta de destino: escolha uma conta diferente da origem.', 'contaDestinoId');
  if (b.descricao != null && (typeof b.descricao !== 'string' || b.descricao.length > 200)) fail('Descrição: máximo 200 caracteres.', 'descricao');
  const r = await q.query<{ id: number }>(
    `INSERT INTO transferencias_financeiras (tenant_id, conta_origem_id, conta_destino_id, data, valor, descricao, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [ctx.tenantId, origem, destino, data, valor.toFixed(2), b.descricao ?? null, ctx.userId ?? null],
  );
  const id = Number(r.rows[0].id);
  const texto = b.descricao || 'Transferência entre contas';
  // Balance rows touched in conta id order, so two opposite transfers cannot deadlock.
  const lados = [
    { contaId: origem, valor: valor.negated() },
    { contaId: destino, valor },
  ].sort((x, y) => x.contaId - y.contaId);
  for (const l of lados) await movimentar(q, ctx, { ...l, data, transferenciaId: id, descricao: texto });
  return { id };
}

/** Balance of every conta: saldo inicial + the movements kept in saldos_contas. */
export async function saldosContas(q: Queryable, ctx: Ctx): Promise<{ contaId: number; descricao: string; tipo: number; ativo: boolean; saldoInicial: string; movimentado: string; saldo: string }[]> {
  const r = await q.query(
    `SELECT c.id, c.descricao, c.tipo, c.ativo, c.saldo_inicial, coalesce(s.saldo, 0) AS movimentado, c.saldo_inicial + coalesce(s.saldo, 0) AS saldo
       FROM contas_financeiras c LEFT JOIN saldos_contas s ON s.tenant_id = c.tenant_id AND s.conta_id = c.id
      WHERE c.tenant_id = $1 ORDER BY c.descricao`,
    [ctx.tenantId],
  );
  const m = (v: unknown) => new Decimal(String(v)).toFixed(2);
  return r.rows.map((x) => ({ contaId: Number(x.id), descricao: x.descricao, tipo: Number(x.tipo), ativo: x.ativo, saldoInicial: m(x.saldo_inicial), movimentado: m(x.movimentado), saldo: m(x.saldo) }));
}

/** A lançamento's or a recurring schedule's common fields, from its row (ids of optional references as null). */
export function cabecalhoOut(r: Record<string, any>) {
  return {
    id: Number(r.id),
    tipo: Number(r.tipo),
    descricao: r.descricao as string,
    pessoaId: r.pessoa_id == null ? null : Number(r.pessoa_id),
    categoriaId: r.categoria_id == null ? null : Number(r.categoria_id),
    centroCustoId: r.centro_custo_id == null ? null : Number(r.centro_custo_id),
  };
}
