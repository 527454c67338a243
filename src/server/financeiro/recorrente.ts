import Decimal from 'decimal.js';
import { MONEY_RE } from '../../shared/money.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, conflict, notFound, type ErrorDetail } from '../http/errors.ts';
import { cabecalhoOut, cancelarLancamento, criarLancamento, dataValida, DESPESA, RECEITA } from './lancamentos.ts';
import { somarMeses } from '../../shared/parcelamento.ts';
import { maquina, transitar } from '../documents/estados.ts';

type Ctx = { tenantId: number; userId?: number | null };
/** The finance service's context (a sweep without a person records no user). */
const svc = (ctx: Ctx) => ({ tenantId: ctx.tenantId, userId: ctx.userId as number });
type Row = Record<string, any>;

/** frequencia: 0 mensal, 1 semanal, 2 a cada N dias. */
export const FREQUENCIA = { mensal: 0, semanal: 1, dias: 2 } as const;
/** At most this many lançamentos generated for one schedule in one go. */
const MAX_POR_VEZ = 500;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v == null ? null : String(v).slice(0, 10));
const field = (campo: string, mensagem: string): ErrorDetail => ({ path: `/${campo}`, campo, mensagem });
const fail = (message: string, campo: string): never => {
  throw badRequest(message, [field(campo, message)]);
};
const inteiro = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 2 ** 31;
const somarDias = (isoDate: string, n: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Due date of the n-th occurrence (1-based), always counted from the start (31/01 monthly: 28/02, 31/03). */
export function dataOcorrencia(r: { frequencia: number; intervalo: number; dataInicio: string }, n: number): string {
  if (r.frequencia === FREQUENCIA.mensal) return somarMeses(r.dataInicio, (n - 1) * r.intervalo);
  return somarDias(r.dataInicio, (n - 1) * r.intervalo * (r.frequencia === FREQUENCIA.semanal ? 7 : 1));
}

export interface Recorrencia {
  tipo: number;
  descricao: string;
  pessoaId?: number | null;
  categoriaId?: number | null;
  centroCustoId?: number | null;
  documento?: string | null;
  valor: string;
  frequencia: number;
  intervalo?: number;
  dataInicio: string;
  dataFim?: string | null;
  ocorrencias?: number | null;
  diasAntecedencia?: number;
  ativo?: boolean;
}

function validar(b: Recorrencia, parcial = false): Row {
  const out: Row = {};
  const has = (k: keyof Recorrencia) => !parcial || b[k] !== undefined;
  if (has('tipo')) {
    if (b.tipo !== RECEITA && b.tipo !== DESPESA) fail('Tipo: informe receita (0) ou despesa (1).', 'tipo');
    out.tipo = b.tipo;
  }
  if (has('descricao')) {
    const d = typeof b.descricao === 'string' ? b.descricao.trim() : '';
    if (d.length < 2 || d.length > 200) fail('Descrição: informe de 2 a 200 caracteres.', 'descricao');
    out.descricao = d;
  }
  if (has('valor')) {
    const v = typeof b.valor === 'number' ? String(b.valor) : b.valor;
    if (typeof v !== 'string' || !MONEY_RE.test(v)) fail('Valor: informe um valor válido.', 'valor');
    if (new Decimal(v).lte(0)) fail('Valor: o valor deve ser maior que zero.', 'valor');
    out.valor = new Decimal(v).toFixed(2);
  }
  if (has('frequencia')) {
    if (![0, 1, 2].includes(b.frequencia as number)) fail('Frequência: use mensal (0), semanal (1) ou a cada N dias (2).', 'frequencia');
    out.frequencia = b.frequencia;
  }
  if (has('intervalo') && b.intervalo !== undefined) {
    if (!Number.isInteger(b.intervalo) || b.intervalo! < 1 || b.intervalo! > 366) fail('Intervalo: informe de 1 a 366.', 'intervalo');
    out.intervalo = b.intervalo;
  }
  if (has('dataInicio')) out.dataInicio = dataValida(b.dataInicio, 'dataInicio', 'Início');
  if (has('dataFim')) out.dataFim = b.dataFim == null ? null : dataValida(b.dataFim, 'dataFim', 'Término');
  if (has('ocorrencias')) {
    if (b.ocorrencias != null && (!Number.isInteger(b.ocorrencias) || b.ocorrencias < 1 || b.ocorrencias > 1000)) fail('Número de vezes: informe de 1 a 1000.', 'ocorrencias');
    out.ocorrencias = b.ocorrencias ?? null;
  }
  if (has('diasAntecedencia') && b.diasAntecedencia !== undefined) {
    if (!Number.isInteger(b.diasAntecedencia) || b.diasAntecedencia! < 0 || b.diasAntecedencia! > 730) fail('Gerar com antecedência de: informe de 0 a 730 dias.', 'diasAntecedencia');
    out.diasAntecedencia = b.diasAntecedencia;
  }
  for (const k of ['pessoaId', 'categoriaId', 'centroCustoId'] as const) {
    if (has(k) && b[k] !== undefined) {
      if (b[k] !== null && !inteiro(b[k])) fail(`${k}: informe um cadastro válido.`, k);
      out[k] = b[k];
    }
  }
  if (has('documento') && b.documento !== undefined) {
    if (b.documento !== null && (typeof b.documento !== 'string' || b.documento.length > 60)) fail('Documento: máximo 60 caracteres.', 'documento');
    out.documento = b.documento;
  }
  if (has('ativo') && b.ativo !== undefined) out.ativo = b.ativo === true;
  if (out.dataFim && out.dataInicio && out.dataFim < out.dataInicio) fail('Término: a data deve ser igual ou posterior ao início.', 'dataFim');
  if (out.dataFim && out.ocorrencias) fail('Término: informe uma data final ou um número de vezes, não os dois.', 'ocorrencias');
  return out;
}

async function carregar(q: Queryable, ctx: Ctx, id: number, lock = false): Promise<Row> {
  const r = await q.query(`SELECT * FROM lancamentos_recorrentes WHERE tenant_id = $1 AND id = $2 ${lock ? 'FOR UPDATE' : ''}`, [ctx.tenantId, id]);
  if (!r.rows[0]) throw notFound('Lançamento recorrente não encontrado.');
  return r.rows[0];
}

const plano = (r: Row) => ({ frequencia: Number(r.frequencia), intervalo: Number(r.intervalo), dataInicio: iso(r.data_inicio)! });

/**
 * Generates the schedule's lançamentos due up to today + its antecedência (within its end), numbering each
 * occurrence: the unique (recorrente, número) makes a second run a no-op. The schedule row is locked first.
 */
export async function gerarOcorrencias(q: Queryable, ctx: Ctx, id: number, ateNumero?: number): Promise<number> {
  const r = await carregar(q, ctx, id, true);
  if (!r.ativo) return 0;
  const hoje = iso((await q.query<{ d: Date }>('SELECT current_date AS d')).rows[0].d)!;
  const horizonte = somarDias(hoje, Number(r.dias_antecedencia));
  const ultimo = Number((await q.query<{ n: number | null }>(`SELECT max(recorrencia_numero) AS n FROM lancamentos WHERE tenant_id = $1 AND recorrente_id = $2`, [ctx.tenantId, id])).rows[0].n ?? 0);
  let gerados = 0;
  for (let n = ultimo + 1; gerados < MAX_POR_VEZ; n++) {
    if (r.ocorrencias != null && n > Number(r.ocorrencias)) break;
    const data = dataOcorrencia(plano(r), n);
    if (r.data_fim && data > iso(r.data_fim)!) break;
    if (data > horizonte && !(ateNumero && n <= ateNumero)) break;
    if (data > '2100-12-31') break;
    const l = await criarLancamento(q, svc(ctx), {
      tipo: Number(r.tipo),
      descricao: r.descricao,
      pessoaId: r.pessoa_id,
      categoriaId: r.categoria_id,
      centroCustoId: r.centro_custo_id,
      documento: r.documento,
      dataEmissao: data,
      valorTotal: new Decimal(r.valor).toFixed(2),
      primeiroVencimento: data,
      origemTipo: 'lancamentoRecorrente',
      origemId: id,
    });
    await q.query(`UPDATE lancamentos SET recorrente_id = $3, recorrencia_numero = $4 WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, l.id, id, n]);
    gerados++;
  }
  return gerados;
}

/** Every active schedule of the account brought up to its horizon. */
export async function gerarTodas(q: Queryable, ctx: Ctx): Promise<number> {
  const ids = await q.query<{ id: number }>(`SELECT id FROM lancamentos_recorrentes WHERE tenant_id = $1 AND ativo ORDER BY id`, [ctx.tenantId]);
  let n = 0;
  for (const { id } of ids.rows) n += await gerarOcorrencias(q, ctx, Number(id));
  return n;
}

async function conferirCadastros(q: Queryable, ctx: Ctx, v: Row, tipo: number): Promise<void> {
  const existe = async (tabela: string, id: number) => (await q.query(`SELECT * FROM ${tabela} WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id])).rows[0];
  if (v.pessoaId != null && !(await existe('pessoas', v.pessoaId))) fail('Pessoa: cadastro não encontrado.', 'pessoaId');
  if (v.centroCustoId != null && !(await existe('centros_custo', v.centroCustoId))) fail('Centro de custo: cadastro não encontrado.', 'centroCustoId');
  if (v.categoriaId != null) {
    const c = await existe('categorias_financeiras', v.categoriaId);
    if (!c) fail('Categoria: cadastro não encontrado.', 'categoriaId');
    if (Number(c.tipo) !== tipo) fail(`Categoria: "${c.descricao}" é de ${Number(c.tipo) === RECEITA ? 'receita' : 'despesa'}.`, 'categoriaId');
  }
}

export async function criarRecorrencia(q: Queryable, ctx: Ctx, body: Recorrencia) {
  const v = validar((body ?? {}) as Recorrencia);
  await conferirCadastros(q, ctx, v, v.tipo);
  const r = await q.query<{ id: number }>(
    `INSERT INTO lancamentos_recorrentes (tenant_id, tipo, descricao, pessoa_id, categoria_id, centro_custo_id, documento, valor, frequencia, intervalo, data_inicio, data_fim, ocorrencias, dias_antecedencia, ativo, usuario_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
    [ctx.tenantId, v.tipo, v.descricao, v.pessoaId ?? null, v.categoriaId ?? null, v.centroCustoId ?? null, v.documento ?? null, v.valor, v.frequencia, v.intervalo ?? 1, v.dataInicio, v.dataFim ?? null, v.ocorrencias ?? null, v.diasAntecedencia ?? 60, v.ativo ?? true, ctx.userId ?? null],
  );
  const id = Number(r.rows[0].id);
  await gerarOcorrencias(q, ctx, id);
  return id;
}

/** Generated occurrences that nothing has settled, from número n on. */
async function abertasDesde(q: Queryable, ctx: Ctx, id: number, n: number): Promise<Row[]> {
  return (
    await q.query(
      `SELECT l.id, l.recorrencia_numero, p.id AS parcela_id, p.vencimento FROM lancamentos l JOIN parcelas p ON p.tenant_id = l.tenant_id AND p.lancamento_id = l.id
        WHERE l.tenant_id = $1 AND l.recorrente_id = $2 AND l.recorrencia_numero >= $3 AND NOT l.cancelado
          AND NOT EXISTS (SELECT 1 FROM parcelas x WHERE x.tenant_id = l.tenant_id AND x.lancamento_id = l.id AND x.valor_baixado > 0)
        ORDER BY l.recorrencia_numero FOR UPDATE OF l`,
      [ctx.tenantId, id, n],
    )
  ).rows;
}

/**
 * "Esta e as seguintes": the schedule changes from occurrence `aPartirDe` on. Occurrences already generated
 * from there and not settled take the new description, amount, category, person, cost centre and document;
 * those beyond a new end are cancelled; settled ones stay as they were. The frequency and the start are the
 * schedule's identity and do not change (end it and create another).
 */
export async function alterarDaquiEmDiante(q: Queryable, ctx: Ctx, id: number, body: Recorrencia & { aPartirDe?: number }) {
  const atual = await carregar(q, ctx, id, true);
  const b = (body ?? {}) as Recorrencia & { aPartirDe?: number };
  for (const k of ['tipo', 'frequencia', 'intervalo', 'dataInicio'] as const) {
    if (b[k] !== undefined && String(b[k]) !== String(k === 'dataInicio' ? iso(atual.data_inicio) : atual[k === 'intervalo' ? 'intervalo' : k])) {
      fail('Tipo, frequência, intervalo e início não mudam: encerre esta recorrência e crie outra.', k);
    }
  }
  const v = validar({ ...b, tipo: undefined as any, frequencia: undefined as any, intervalo: undefined, dataInicio: undefined as any }, true);
  if (b.dataFim !== undefined && b.dataFim != null && v.dataFim < iso(atual.data_inicio)!) fail('Término: a data deve ser igual ou posterior ao início.', 'dataFim');
  const dataFim = b.dataFim !== undefined ? v.dataFim : iso(atual.data_fim);
  const ocorrencias = b.ocorrencias !== undefined ? v.ocorrencias : atual.ocorrencias;
  if (dataFim && ocorrencias) fail('Término: informe uma data final ou um número de vezes, não os dois.', 'ocorrencias');
  await conferirCadastros(q, ctx, v, Number(atual.tipo));
  const aPartirDe = b.aPartirDe ?? 1;
  if (!inteiro(aPartirDe)) fail('A partir de: informe o número da ocorrência.', 'aPartirDe');
  const sets: string[] = [];
  const params: unknown[] = [ctx.tenantId, id];
  const col: Record<string, string> = { descricao: 'descricao', valor: 'valor', pessoaId: 'pessoa_id', categoriaId: 'categoria_id', centroCustoId: 'centro_custo_id', documento: 'documento', diasAntecedencia: 'dias_antecedencia', ativo: 'ativo' };
  for (const [k, c] of Object.entries(col)) if (v[k] !== undefined) (params.push(v[k]), sets.push(`${c} = $${params.length}`));
  params.push(dataFim ?? null, ocorrencias ?? null);
  sets.push(`data_fim = $${params.length - 1}`, `ocorrencias = $${params.length}`);
  await q.query(`UPDATE lancamentos_recorrentes SET ${sets.join(', ')}, updated_at = now() WHERE tenant_id = $1 AND id = $2`, params);
  const r = await carregar(q, ctx, id);
  let alteradas = 0;
  let canceladas = 0;
  for (const o of await abertasDesde(q, ctx, id, aPartirDe)) {
    const n = Number(o.recorrencia_numero);
    const fora = (r.ocorrencias != null && n > Number(r.ocorrencias)) || (r.data_fim && iso(o.vencimento)! > iso(r.data_fim)!) || !r.ativo;
    if (fora) {
      await cancelarLancamento(q, svc(ctx), Number(o.id));
      canceladas++;
      continue;
    }
    await q.query(
      `UPDATE lancamentos SET descricao = $3, valor_total = $4, pessoa_id = $5, categoria_id = $6, centro_custo_id = $7, documento = $8, updated_at = now() WHERE tenant_id = $1 AND id = $2`,
      [ctx.tenantId, o.id, r.descricao, r.valor, r.pessoa_id, r.categoria_id, r.centro_custo_id, r.documento],
    );
    await q.query(`UPDATE parcelas SET valor = $3 WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, o.parcela_id, r.valor]);
    alteradas++;
  }
  const geradas = await gerarOcorrencias(q, ctx, id);
  return { id, alteradas, canceladas, geradas };
}

/** "Só esta": one occurrence's amount, due date or description; the schedule and the others stay. */
export async function alterarSoEsta(q: Queryable, ctx: Ctx, id: number, numero: number, body: { valor?: string; vencimento?: string; descricao?: string }) {
  const r = await carregar(q, ctx, id, true);
  if (!inteiro(numero)) fail('Ocorrência: informe o número.', 'numero');
  if (r.ocorrencias != null && numero > Number(r.ocorrencias)) throw notFound(`Esta recorrência tem ${r.ocorrencias} ocorrências.`);
  await gerarOcorrencias(q, ctx, id, numero);
  const o = (
    await q.query(
      `SELECT l.id, l.cancelado, p.id AS parcela_id, p.valor_baixado FROM lancamentos l JOIN parcelas p ON p.tenant_id = l.tenant_id AND p.lancamento_id = l.id
        WHERE l.tenant_id = $1 AND l.recorrente_id = $2 AND l.recorrencia_numero = $3 FOR UPDATE OF l`,
      [ctx.tenantId, id, numero],
    )
  ).rows[0];
  if (!o) throw notFound('Ocorrência não encontrada.');
  if (o.cancelado) throw conflict('Esta ocorrência está cancelada.');
  if (new Decimal(o.valor_baixado).gt(0)) throw conflict('Esta ocorrência já tem baixa: estorne a baixa antes de alterá-la.');
  const b = (body ?? {}) as Row;
  const v = validar({ valor: b.valor, descricao: b.descricao } as Recorrencia, true);
  const vencimento = b.vencimento === undefined ? undefined : dataValida(b.vencimento, 'vencimento', 'Vencimento');
  if (v.descricao !== undefined) await q.query(`UPDATE lancamentos SET descricao = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, o.id, v.descricao]);
  if (v.valor !== undefined) {
    await q.query(`UPDATE lancamentos SET valor_total = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, o.id, v.valor]);
    await q.query(`UPDATE parcelas SET valor = $3 WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, o.parcela_id, v.valor]);
  }
  if (vencimento) await q.query(`UPDATE parcelas SET vencimento = $3 WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, o.parcela_id, vencimento]);
  return { id, numero, lancamentoId: Number(o.id) };
}

/** Ends the schedule: no more occurrences; those not yet due and not settled are cancelled. */
export async function encerrar(q: Queryable, ctx: Ctx, id: number) {
  await carregar(q, ctx, id, true);
  // The schedule's `encerrar` (schemas/lifecycles/lancamentoRecorrente.json) writes ativo = false.
  await transitar(q, ctx, maquina('lancamentoRecorrente'), id, 'encerrar');
  let canceladas = 0;
  for (const o of await abertasDesde(q, ctx, id, 1)) {
    if (iso(o.vencimento)! < iso((await q.query<{ d: Date }>('SELECT current_date AS d')).rows[0].d)!) continue;
    await cancelarLancamento(q, svc(ctx), Number(o.id));
    canceladas++;
  }
  return { id, ativo: false, canceladas };
}

export function recorrenciaOut(r: Row) {
  return {
    ...cabecalhoOut(r),
    documento: r.documento,
    valor: new Decimal(r.valor).toFixed(2),
    frequencia: Number(r.frequencia),
    intervalo: Number(r.intervalo),
    dataInicio: iso(r.data_inicio),
    dataFim: iso(r.data_fim),
    ocorrencias: r.ocorrencias == null ? null : Number(r.ocorrencias),
    diasAntecedencia: Number(r.dias_antecedencia),
    ativo: r.ativo,
    ...(r.geradas !== undefined ? { geradas: Number(r.geradas), proximoVencimento: iso(r.proximo_vencimento) } : {}),
  };
}
