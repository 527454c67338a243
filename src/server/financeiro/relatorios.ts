import Decimal from 'decimal.js';
import type { Queryable } from '../db/db.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { dataValida, saldosContas, STATUS_PARCELA_SQL } from './lancamentos.ts';
import { somarMeses } from '../../shared/parcelamento.ts';

type Ctx = { tenantId: number; userId?: number | null };
type Row = Record<string, any>;

const D = (v: unknown) => new Decimal(v == null ? 0 : String(v));
const m2 = (d: Decimal) => d.toFixed(2);
const iso = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v == null ? null : String(v).slice(0, 10));
const somarDias = (s: string, n: number) => {
  const d = new Date(`${s}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const hojeSql = async (q: Queryable) => iso((await q.query<{ d: Date }>('SELECT current_date AS d')).rows[0].d)!;

function periodo(p: Row): { de: string; ate: string } {
  const de = dataValida(p.de, 'de', 'Data inicial');
  const ate = dataValida(p.ate, 'ate', 'Data final');
  if (ate < de) throw badRequest('Período: a data final é anterior à inicial.', [{ path: '/ate', campo: 'ate', mensagem: 'Campo inválido!' }]);
  if (somarMeses(de, 120) < ate) throw badRequest('Período: no máximo 10 anos.', [{ path: '/ate', campo: 'ate', mensagem: 'Campo inválido!' }]);
  return { de, ate };
}
const contaOpcional = (v: unknown): number | null => {
  if (v == null || v === '') return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 2147483647) throw badRequest('Conta: informe uma conta válida.', [{ path: '/contaId', campo: 'contaId', mensagem: 'Campo inválido!' }]);
  return n;
};
async function conta(q: Queryable, ctx: Ctx, id: number): Promise<Row> {
  const r = await q.query(`SELECT * FROM contas_financeiras WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id]);
  if (!r.rows[0]) throw notFound('Conta não encontrada.');
  return r.rows[0];
}

/**
 * Fluxo de caixa: what moved (the ledger, by movement date) and what is due (open parcelas by due date, from
 * today on), per day or month, with the running balance from the balance before the period. Transfers
 * between the account's own contas are left out of the whole-company view (they only move money around);
 * for one conta they count, and the projection (which has no conta yet) is left out.
 */
export async function fluxoCaixa(q: Queryable, ctx: Ctx, p: Row) {
  const { de, ate } = periodo(p);
  const agrupamento = p.agrupamento === 'dia' ? 'dia' : p.agrupamento == null || p.agrupamento === 'mes' ? 'mes' : (() => { throw badRequest('Agrupamento: use dia ou mes.'); })();
  if (agrupamento === 'dia' && somarDias(de, 400) < ate) throw badRequest('Período: no máximo 400 dias por dia; agrupe por mês.');
  const contaId = contaOpcional(p.contaId);
  if (contaId) await conta(q, ctx, contaId);
  const hoje = await hojeSql(q);
  const trunc = agrupamento === 'dia' ? 'day' : 'month';
  const params: unknown[] = [ctx.tenantId, de, ate];
  const filtroConta = contaId ? (params.push(contaId), `AND conta_id = $${params.length}`) : 'AND transferencia_id IS NULL';
  const realizado = await q.query(
    `SELECT date_trunc('${trunc}', data)::date AS periodo, coalesce(sum(valor) FILTER (WHERE valor > 0), 0) AS entradas, coalesce(-sum(valor) FILTER (WHERE valor < 0), 0) AS saidas
       FROM movimentos_financeiros WHERE tenant_id = $1 AND data BETWEEN $2 AND $3 ${filtroConta} GROUP BY 1`,
    params,
  );
  const previsto = contaId
    ? { rows: [] as Row[] }
    : await q.query(
        `SELECT date_trunc('${trunc}', p.vencimento)::date AS periodo,
                coalesce(sum(p.valor - p.valor_baixado) FILTER (WHERE l.tipo = 0), 0) AS entradas, coalesce(sum(p.valor - p.valor_baixado) FILTER (WHERE l.tipo = 1), 0) AS saidas
           FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
          WHERE p.tenant_id = $1 AND NOT p.cancelada AND NOT l.cancelado AND p.valor > p.valor_baixado AND p.vencimento BETWEEN greatest($2::date, $4::date) AND $3
          GROUP BY 1`,
        [ctx.tenantId, de, ate, hoje],
      );
  const antes = await q.query<{ s: string }>(
    contaId
      ? `SELECT (SELECT saldo_inicial FROM contas_financeiras WHERE tenant_id = $1 AND id = $3) + coalesce((SELECT sum(valor) FROM movimentos_financeiros WHERE tenant_id = $1 AND conta_id = $3 AND data < $2), 0) AS s`
      : `SELECT coalesce((SELECT sum(saldo_inicial) FROM contas_financeiras WHERE tenant_id = $1), 0) + coalesce((SELECT sum(valor) FROM movimentos_financeiros WHERE tenant_id = $1 AND data < $2), 0) AS s`,
    contaId ? [ctx.tenantId, de, contaId] : [ctx.tenantId, de],
  );
  const saldoInicial = D(antes.rows[0].s);
  const by = (rows: Row[]) => new Map(rows.map((r) => [iso(r.periodo)!, r]));
  const R = by(realizado.rows);
  const P = by(previsto.rows);
  const linhas = [];
  let saldo = saldoInicial;
  const tot = { er: D(0), sr: D(0), ep: D(0), sp: D(0) };
  let cur = agrupamento === 'dia' ? de : `${de.slice(0, 7)}-01`;
  while (cur <= ate) {
    const r = R.get(cur);
    const pr = P.get(cur);
    const er = D(r?.entradas);
    const sr = D(r?.saidas);
    const ep = D(pr?.entradas);
    const sp = D(pr?.saidas);
    saldo = saldo.plus(er).minus(sr).plus(ep).minus(sp);
    tot.er = tot.er.plus(er);
    tot.sr = tot.sr.plus(sr);
    tot.ep = tot.ep.plus(ep);
    tot.sp = tot.sp.plus(sp);
    linhas.push({ periodo: agrupamento === 'dia' ? cur : cur.slice(0, 7), entradasRealizadas: m2(er), saidasRealizadas: m2(sr), entradasPrevistas: m2(ep), saidasPrevistas: m2(sp), resultado: m2(er.minus(sr).plus(ep).minus(sp)), saldo: m2(saldo) });
    cur = agrupamento === 'dia' ? somarDias(cur, 1) : somarMeses(cur, 1);
  }
  return {
    de,
    ate,
    agrupamento,
    contaId,
    hoje,
    saldoInicial: m2(saldoInicial),
    saldoFinal: m2(saldo),
    totais: { entradasRealizadas: m2(tot.er), saidasRealizadas: m2(tot.sr), entradasPrevistas: m2(tot.ep), saidasPrevistas: m2(tot.sp) },
    linhas,
  };
}

/** Contas a pagar (tipo 1) or a receber (tipo 0) by due date: each parcela with what is still open. */
export async function contasPorVencimento(q: Queryable, ctx: Ctx, p: Row) {
  const { de, ate } = periodo(p);
  const tipo = p.tipo === 0 || p.tipo === '0' ? 0 : p.tipo === 1 || p.tipo === '1' ? 1 : (() => { throw badRequest('Tipo: use 0 (a receber) ou 1 (a pagar).'); })();
  const situacao = p.situacao ?? 'abertas';
  if (!['abertas', 'todas'].includes(situacao)) throw badRequest('Situação: use abertas ou todas.');
  const r = await q.query(
    `SELECT p.id, p.numero, p.vencimento, p.valor, p.valor - p.valor_baixado AS aberto, ${STATUS_PARCELA_SQL} AS status,
            l.id AS lancamento_id, l.descricao, l.documento, pe.nome AS pessoa, c.descricao AS categoria,
            (SELECT count(*) FROM parcelas x WHERE x.tenant_id = p.tenant_id AND x.lancamento_id = p.lancamento_id) AS parcelas,
            greatest(current_date - p.vencimento, 0) AS dias_atraso
       FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
       LEFT JOIN pessoas pe ON pe.tenant_id = l.tenant_id AND pe.id = l.pessoa_id
       LEFT JOIN categorias_financeiras c ON c.tenant_id = l.tenant_id AND c.id = l.categoria_id
      WHERE p.tenant_id = $1 AND l.tipo = $2 AND p.vencimento BETWEEN $3 AND $4 AND NOT p.cancelada AND NOT l.cancelado
        ${situacao === 'abertas' ? 'AND p.valor > p.valor_baixado' : ''}
      ORDER BY p.vencimento, l.descricao, p.id LIMIT 20001`,
    [ctx.tenantId, tipo, de, ate],
  );
  if (r.rows.length > 20000) throw badRequest('Mais de 20.000 parcelas no período: escolha um período menor.');
  let total = D(0);
  let aberto = D(0);
  let atrasado = D(0);
  const linhas = r.rows.map((x) => {
    total = total.plus(x.valor);
    aberto = aberto.plus(x.aberto);
    if (x.status === 'atrasado') atrasado = atrasado.plus(x.aberto);
    return {
      parcelaId: Number(x.id),
      lancamentoId: Number(x.lancamento_id),
      vencimento: iso(x.vencimento),
      descricao: x.descricao,
      parcela: `${x.numero}/${x.parcelas}`,
      pessoa: x.pessoa ?? null,
      categoria: x.categoria ?? null,
      documento: x.documento ?? null,
      valor: m2(D(x.valor)),
      valorAberto: m2(D(x.aberto)),
      status: x.status,
      diasAtraso: Number(x.dias_atraso),
    };
  });
  return { tipo, de, ate, situacao, totais: { valor: m2(total), aberto: m2(aberto), atrasado: m2(atrasado) }, linhas };
}

/** Extrato por conta: the ledger of one conta in the period with the running balance. */
export async function extratoConta(q: Queryable, ctx: Ctx, p: Row) {
  const { de, ate } = periodo(p);
  const contaId = contaOpcional(p.contaId);
  if (!contaId) throw badRequest('Conta: campo obrigatório.', [{ path: '/contaId', campo: 'contaId', mensagem: 'Campo Obrigatório!' }]);
  const c = await conta(q, ctx, contaId);
  const anterior = D(c.saldo_inicial).plus(D((await q.query(`SELECT coalesce(sum(valor), 0) AS s FROM movimentos_financeiros WHERE tenant_id = $1 AND conta_id = $2 AND data < $3`, [ctx.tenantId, contaId, de])).rows[0].s));
  const r = await q.query(
    `SELECT m.id, m.data, m.valor, m.descricao, m.baixa_id, m.transferencia_id, pe.nome AS pessoa, cat.descricao AS categoria, l.documento,
            EXISTS (SELECT 1 FROM transacoes_ofx t WHERE t.tenant_id = m.tenant_id AND t.movimento_id = m.id) AS conciliado
       FROM movimentos_financeiros m
       LEFT JOIN baixas b ON b.tenant_id = m.tenant_id AND b.id = m.baixa_id
       LEFT JOIN parcelas pa ON pa.tenant_id = b.tenant_id AND pa.id = b.parcela_id
       LEFT JOIN lancamentos l ON l.tenant_id = pa.tenant_id AND l.id = pa.lancamento_id
       LEFT JOIN pessoas pe ON pe.tenant_id = l.tenant_id AND pe.id = l.pessoa_id
       LEFT JOIN categorias_financeiras cat ON cat.tenant_id = l.tenant_id AND cat.id = l.categoria_id
      WHERE m.tenant_id = $1 AND m.conta_id = $2 AND m.data BETWEEN $3 AND $4 ORDER BY m.data, m.id LIMIT 50001`,
    [ctx.tenantId, contaId, de, ate],
  );
  if (r.rows.length > 50000) throw badRequest('Mais de 50.000 movimentos no período: escolha um período menor.');
  let saldo = anterior;
  let entradas = D(0);
  let saidas = D(0);
  const linhas = r.rows.map((x) => {
    const v = D(x.valor);
    saldo = saldo.plus(v);
    if (v.isPositive()) entradas = entradas.plus(v);
    else saidas = saidas.minus(v);
    return {
      movimentoId: Number(x.id),
      data: iso(x.data),
      descricao: x.descricao,
      pessoa: x.pessoa ?? null,
      categoria: x.categoria ?? null,
      documento: x.documento ?? null,
      entrada: v.isPositive() ? m2(v) : null,
      saida: v.isNegative() ? m2(v.abs()) : null,
      saldo: m2(saldo),
      conciliado: x.conciliado === true,
    };
  });
  return { contaId, conta: c.descricao, de, ate, saldoAnterior: m2(anterior), entradas: m2(entradas), saidas: m2(saidas), saldoFinal: m2(saldo), linhas };
}

const MES = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * DRE gerencial by competence: receitas and despesas of the lançamentos (not cancelled) whose competence
 * month falls in the period, per category of the tree (each parent adds up its children), per month.
 */
export async function dre(q: Queryable, ctx: Ctx, p: Row) {
  if (typeof p.de !== 'string' || !MES.test(p.de)) throw badRequest('Competência inicial: informe o mês no formato AAAA-MM.', [{ path: '/de', campo: 'de', mensagem: 'Formato inválido!' }]);
  if (typeof p.ate !== 'string' || !MES.test(p.ate)) throw badRequest('Competência final: informe o mês no formato AAAA-MM.', [{ path: '/ate', campo: 'ate', mensagem: 'Formato inválido!' }]);
  if (p.ate < p.de) throw badRequest('Período: a competência final é anterior à inicial.');
  const meses: string[] = [];
  for (let m = `${p.de}-01`; m <= `${p.ate}-01`; m = somarMeses(m, 1)) {
    meses.push(m.slice(0, 7));
    if (meses.length > 36) throw badRequest('Período: no máximo 36 meses.');
  }
  const cats = (await q.query(`SELECT id, descricao, tipo, categoria_pai_id FROM categorias_financeiras WHERE tenant_id = $1`, [ctx.tenantId])).rows;
  const vals = await q.query(
    `SELECT l.categoria_id, l.tipo, to_char(l.competencia, 'YYYY-MM') AS mes, sum(l.valor_total) AS total
       FROM lancamentos l WHERE l.tenant_id = $1 AND NOT l.cancelado AND l.competencia BETWEEN $2::date AND $3::date GROUP BY 1, 2, 3`,
    [ctx.tenantId, `${p.de}-01`, `${p.ate}-01`],
  );
  interface No { id: number | null; descricao: string; tipo: number; pai: number | null; nivel: number; caminho: string; valores: Map<string, Decimal> }
  const nos = new Map<string, No>();
  const key = (id: number | null, tipo: number) => (id == null ? `sem${tipo}` : String(id));
  for (const c of cats) nos.set(String(c.id), { id: Number(c.id), descricao: c.descricao, tipo: Number(c.tipo), pai: c.categoria_pai_id == null ? null : Number(c.categoria_pai_id), nivel: 0, caminho: '', valores: new Map() });
  for (const t of [0, 1]) nos.set(`sem${t}`, { id: null, descricao: 'Sem categoria', tipo: t, pai: null, nivel: 0, caminho: '', valores: new Map() });
  const caminho = (n: No, seen = new Set<number>()): string[] => (n.pai != null && nos.has(String(n.pai)) && !seen.has(n.pai) ? [...caminho(nos.get(String(n.pai))!, seen.add(n.pai)), n.descricao] : [n.descricao]);
  for (const n of nos.values()) {
    const c = caminho(n);
    n.nivel = c.length - 1;
    n.caminho = c.join(' - ');
  }
  for (const v of vals.rows) {
    // the amount counts in its category and in every ancestor
    let n: No | undefined = nos.get(key(v.categoria_id == null ? null : Number(v.categoria_id), Number(v.tipo)));
    const seen = new Set<No>();
    while (n && !seen.has(n)) {
      seen.add(n);
      n.valores.set(v.mes, (n.valores.get(v.mes) ?? D(0)).plus(v.total));
      n = n.pai != null ? nos.get(String(n.pai)) : undefined;
    }
  }
  const linha = (n: No) => {
    const sinal = n.tipo === 1 ? -1 : 1;
    const porMes = Object.fromEntries(meses.map((m) => [m, m2((n.valores.get(m) ?? D(0)).times(sinal))]));
    const total = meses.reduce((s, m) => s.plus(n.valores.get(m) ?? 0), D(0)).times(sinal);
    return { categoriaId: n.id, categoria: n.caminho, descricao: n.descricao, nivel: n.nivel, tipo: n.tipo, valores: porMes, total: m2(total) };
  };
  const ordem = (tipo: number) =>
    [...nos.values()]
      .filter((n) => n.tipo === tipo && (n.id != null || n.valores.size))
      .sort((a, b) => (a.id == null ? 1 : b.id == null ? -1 : a.caminho.localeCompare(b.caminho, 'pt-BR')))
      .map(linha);
  const soma = (tipo: number) => {
    const raiz = [...nos.values()].filter((n) => n.tipo === tipo && (n.pai == null || !nos.has(String(n.pai))));
    const porMes = Object.fromEntries(meses.map((m) => [m, raiz.reduce((s, n) => s.plus(n.valores.get(m) ?? 0), D(0))]));
    return porMes;
  };
  const rec = soma(0);
  const desp = soma(1);
  const fmt = (o: Record<string, Decimal>, sinal = 1) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, m2(v.times(sinal))]));
  const tot = (o: Record<string, Decimal>) => Object.values(o).reduce((s, v) => s.plus(v), D(0));
  const resultado = Object.fromEntries(meses.map((m) => [m, rec[m].minus(desp[m])]));
  return {
    de: p.de,
    ate: p.ate,
    meses,
    receitas: ordem(0),
    despesas: ordem(1),
    totais: {
      receitas: { valores: fmt(rec), total: m2(tot(rec)) },
      despesas: { valores: fmt(desp, -1), total: m2(tot(desp).negated()) },
      resultado: { valores: fmt(resultado), total: m2(tot(resultado)) },
    },
  };
}

/** Dashboard cards: to pay and to receive today, overdue, and the balance of every conta. */
export async function painel(q: Queryable, ctx: Ctx) {
  const r = await q.query(
    `SELECT
        coalesce(sum(p.valor - p.valor_baixado) FILTER (WHERE l.tipo = 1 AND p.vencimento = current_date), 0) AS pagar_hoje,
        count(*) FILTER (WHERE l.tipo = 1 AND p.vencimento = current_date) AS pagar_hoje_n,
        coalesce(sum(p.valor - p.valor_baixado) FILTER (WHERE l.tipo = 0 AND p.vencimento = current_date), 0) AS receber_hoje,
        count(*) FILTER (WHERE l.tipo = 0 AND p.vencimento = current_date) AS receber_hoje_n,
        coalesce(sum(p.valor - p.valor_baixado) FILTER (WHERE l.tipo = 1 AND p.vencimento < current_date), 0) AS pagar_atrasado,
        count(*) FILTER (WHERE l.tipo = 1 AND p.vencimento < current_date) AS pagar_atrasado_n,
        coalesce(sum(p.valor - p.valor_baixado) FILTER (WHERE l.tipo = 0 AND p.vencimento < current_date), 0) AS receber_atrasado,
        count(*) FILTER (WHERE l.tipo = 0 AND p.vencimento < current_date) AS receber_atrasado_n
       FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
      WHERE p.tenant_id = $1 AND NOT p.cancelada AND NOT l.cancelado AND p.valor > p.valor_baixado AND p.vencimento <= current_date`,
    [ctx.tenantId],
  );
  const x = r.rows[0];
  const saldos = (await saldosContas(q, ctx as { tenantId: number; userId: number })).filter((s) => s.ativo);
  return {
    hoje: await hojeSql(q),
    pagarHoje: { valor: m2(D(x.pagar_hoje)), quantidade: Number(x.pagar_hoje_n) },
    receberHoje: { valor: m2(D(x.receber_hoje)), quantidade: Number(x.receber_hoje_n) },
    atrasados: {
      pagar: { valor: m2(D(x.pagar_atrasado)), quantidade: Number(x.pagar_atrasado_n) },
      receber: { valor: m2(D(x.receber_atrasado)), quantidade: Number(x.receber_atrasado_n) },
    },
    saldos: saldos.map((s) => ({ contaId: s.contaId, descricao: s.descricao, tipo: s.tipo, saldo: s.saldo })),
    saldoTotal: m2(saldos.reduce((s, c) => s.plus(c.saldo), D(0))),
  };
}
