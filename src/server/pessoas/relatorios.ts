import Decimal from 'decimal.js';
import { maskCpfCnpj, maskPhone } from '../../shared/cpf-cnpj.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';
import { fonteDeUmaVez, fonteDoDocumento } from '../relatorios/documentos.ts';
import { objeto, type Parametros } from '../relatorios/parametros.ts';
import type { ReportSource } from '../relatorios/sources.ts';
import { agoraLocal } from '../vendas/pedido-venda.ts';
import { periodo as periodoDeVendas, vendasPorCliente } from '../vendas/relatorios.ts';

/**
 * Relatórios > Pessoas (SPEC 2.6 relatorios/pessoas/menu, issue 42): the documents in schemas/reports give the
 * titles, the permission (app.pessoa) and the columns; the rows come from here, the same on screen and exported.
 */
type Row = Record<string, unknown>;

const CLIENTE = 0;
const FORNECEDOR = 1;
const SITUACOES = ['ativos', 'inativos', 'todos'] as const;
type Situacao = (typeof SITUACOES)[number];

const texto = (w: Parametros, campo: string, max: number): string | null => {
  const v = w[campo];
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || v.trim().length > max) throw badRequest(`Filtro ${campo} inválido.`, [{ campo, mensagem: 'Campo inválido!' }]);
  return v.trim() || null;
};

/** Filters of the clientes / fornecedores lists: cidade (part of the name), UF, grupo, situação (default: ativos). */
export function filtrosCadastro(where: unknown): { cidade: string | null; uf: string | null; grupo: string | null; situacao: Situacao } {
  const w = objeto(where);
  const uf = texto(w, 'uf', 2)?.toUpperCase() ?? null;
  if (uf && !/^[A-Z]{2}$/.test(uf)) throw badRequest(`UF inválida: ${uf}.`, [{ campo: 'uf', mensagem: 'Campo inválido!' }]);
  const situacao = (texto(w, 'situacao', 10) ?? 'ativos') as Situacao;
  if (!SITUACOES.includes(situacao)) throw badRequest(`Situação inválida: ${situacao} (use ativos, inativos ou todos).`, [{ campo: 'situacao', mensagem: 'Campo inválido!' }]);
  return { cidade: texto(w, 'cidade', 80), uf, grupo: texto(w, 'grupo', 60), situacao };
}

const fone = (r: Row) => (r.telefone || r.celular ? maskPhone(String(r.telefone || r.celular)) : null);
const doc = (v: unknown) => (v ? maskCpfCnpj(String(v)) : null);

/** The people of one type with the filters, in name order, a chunk at a time after (nome, id). */
function relacao(name: string, tipo: number): ReportSource {
  return fonteDoDocumento(name, {
    parametros: filtrosCadastro,
    async chunk(q, ctx, p, after, limit) {
      const f = p as ReturnType<typeof filtrosCadastro>;
      const depois = after as [string, number] | null;
      const r = await q.query<Row>(
        `SELECT pe.id, pe.nome, pe.cpf_cnpj, m.nome AS cidade, coalesce(pe.uf, m.uf) AS uf, pe.grupo, pe.telefone, pe.celular, pe.email, pe.ativo
           FROM pessoas pe LEFT JOIN municipio m ON m.codigo_ibge = pe.codigo_municipio
          WHERE pe.tenant_id = $1 AND pe.tipo = $2
            AND ($3::text IS NULL OR lower(f_unaccent(m.nome)) LIKE '%' || lower(f_unaccent($3)) || '%')
            AND ($4::text IS NULL OR coalesce(pe.uf, m.uf) = $4)
            AND ($5::text IS NULL OR lower(pe.grupo) = lower($5))
            AND ($6 = 'todos' OR pe.ativo = ($6 = 'ativos'))
            AND ($7::text IS NULL OR (pe.nome, pe.id) > ($7, $8::integer))
          ORDER BY pe.nome, pe.id LIMIT $9`,
        [ctx.tenantId, tipo, f.cidade, f.uf, f.grupo, f.situacao, depois?.[0] ?? null, depois?.[1] ?? null, limit],
      );
      const last = r.rows.at(-1);
      return {
        rows: r.rows.map((x) => ({ nome: x.nome, documento: doc(x.cpf_cnpj), cidade: x.cidade, uf: x.uf, grupo: x.grupo, telefone: fone(x), email: x.email, situacao: x.ativo ? 'Ativo' : 'Inativo' })),
        after: last ? [last.nome, last.id] : after,
      };
    },
  });
}

/** Clientes whose birthday (day and month) falls in the period de..ate (default: the current month). */
export async function aniversariantes(q: Queryable, ctx: RequestContext, p: { de: string; ate: string }): Promise<Row[]> {
  const r = await q.query<Row>(
    `WITH per AS (SELECT to_char($2::date, 'MMDD') AS ini, to_char($3::date, 'MMDD') AS fim, ($3::date - $2::date) >= 365 AS ano)
     SELECT pe.nome, to_char(pe.data_nascimento, 'DD/MM') AS aniversario, to_char(pe.data_nascimento, 'YYYY-MM-DD') AS "dataNascimento",
            date_part('year', age($3::date, pe.data_nascimento))::integer AS idade, pe.telefone, pe.celular, pe.email
       FROM pessoas pe, per
      WHERE pe.tenant_id = $1 AND pe.tipo = ${CLIENTE} AND pe.ativo AND pe.data_nascimento IS NOT NULL
        AND (per.ano OR CASE WHEN per.ini <= per.fim THEN to_char(pe.data_nascimento, 'MMDD') BETWEEN per.ini AND per.fim
                            ELSE to_char(pe.data_nascimento, 'MMDD') >= per.ini OR to_char(pe.data_nascimento, 'MMDD') <= per.fim END)
      ORDER BY to_char(pe.data_nascimento, 'MMDD') < (SELECT ini FROM per), to_char(pe.data_nascimento, 'MMDD'), pe.nome, pe.id`,
    [ctx.tenantId, p.de, p.ate],
  );
  return r.rows.map((x) => ({ aniversario: x.aniversario, nome: x.nome, dataNascimento: x.dataNascimento, idade: x.idade, telefone: fone(x), email: x.email }));
}

/** N days (1 to 3650; default 90). */
export function diasSemCompra(where: unknown): { dias: number } {
  const w = objeto(where);
  const v = w.dias;
  if (v === undefined || v === null || v === '') return { dias: 90 };
  const n = typeof v === 'number' ? v : /^\d{1,4}$/.test(String(v)) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 3650) throw badRequest(`Dias sem compra inválido: ${String(v)} (de 1 a 3650).`, [{ campo: 'dias', mensagem: 'Campo inválido!' }]);
  return { dias: n };
}

/** Active clientes with no faturado sale (any branch) in the last N days, or never: the longest without first. */
export async function clientesSemCompra(q: Queryable, ctx: RequestContext, p: { dias: number }, hoje = agoraLocal().data): Promise<Row[]> {
  const r = await q.query<Row>(
    `SELECT pe.nome, pe.cpf_cnpj, pe.telefone, pe.celular, to_char(u.ultima, 'YYYY-MM-DD') AS "ultimaCompra",
            ($2::date - u.ultima)::integer AS "diasSemCompra", coalesce(u.total, 0) AS "totalComprado"
       FROM pessoas pe
       LEFT JOIN (SELECT v.cliente_id, max(v.data) AS ultima, sum(v.valor_total) AS total FROM vendas_itens v
                   WHERE v.tenant_id = $1 AND v.cliente_id IS NOT NULL AND v.cancelado_em IS NULL GROUP BY v.cliente_id) u ON u.cliente_id = pe.id
      WHERE pe.tenant_id = $1 AND pe.tipo = ${CLIENTE} AND pe.ativo AND (u.ultima IS NULL OR u.ultima < $2::date - $3::integer)
      ORDER BY u.ultima NULLS FIRST, pe.nome, pe.id`,
    [ctx.tenantId, hoje, p.dias],
  );
  return r.rows.map((x) => ({ nome: x.nome, documento: doc(x.cpf_cnpj), telefone: fone(x), ultimaCompra: x.ultimaCompra, diasSemCompra: x.diasSemCompra, totalComprado: x.totalComprado }));
}

/** Clientes by revenue in the period: the sales source's "vendas por cliente" with the position, ticket médio and share. */
export async function rankingClientes(q: Queryable, ctx: RequestContext, p: { de: string; ate: string }): Promise<Row[]> {
  const rows = await vendasPorCliente(q, ctx, p);
  const total = rows.reduce((s, r) => s.plus(String(r.valor)), new Decimal(0));
  return rows.map((r, i) => {
    const valor = new Decimal(String(r.valor));
    const pedidos = Number(r.pedidos);
    return {
      posicao: i + 1,
      cliente: r.cliente,
      documento: doc(r.documento),
      pedidos,
      valor: valor.toFixed(2),
      ticketMedio: pedidos ? valor.div(pedidos).toDecimalPlaces(2).toFixed(2) : '0.00',
      percentual: total.isZero() ? '0.00' : valor.div(total).times(100).toDecimalPlaces(2).toFixed(2),
    };
  });
}

/** Clientes with receivables (parcelas a receber) due before today and still open: how many, since when, how much. */
export async function clientesEmAtraso(q: Queryable, ctx: RequestContext): Promise<Row[]> {
  const r = await q.query<Row>(
    `SELECT pe.nome, pe.cpf_cnpj, pe.telefone, pe.celular, count(*)::integer AS titulos, to_char(min(p.vencimento), 'YYYY-MM-DD') AS "vencimentoMaisAntigo",
            (current_date - min(p.vencimento))::integer AS "diasAtraso", sum(p.valor - p.valor_baixado) AS "valorEmAberto"
       FROM parcelas p
       JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
       JOIN pessoas pe ON pe.tenant_id = l.tenant_id AND pe.id = l.pessoa_id
      WHERE p.tenant_id = $1 AND l.tipo = 0 AND NOT p.cancelada AND NOT l.cancelado AND p.valor > p.valor_baixado AND p.vencimento < current_date
      GROUP BY pe.id, pe.nome, pe.cpf_cnpj, pe.telefone, pe.celular
      ORDER BY "valorEmAberto" DESC, pe.nome, pe.id`,
    [ctx.tenantId],
  );
  return r.rows.map((x) => ({ nome: x.nome, documento: doc(x.cpf_cnpj), telefone: fone(x), titulos: x.titulos, vencimentoMaisAntigo: x.vencimentoMaisAntigo, diasAtraso: x.diasAtraso, valorEmAberto: x.valorEmAberto }));
}

export const PESSOAS_REPORTS: ReportSource[] = [
  relacao('RelacaoClientes', CLIENTE),
  relacao('RelacaoFornecedores', FORNECEDOR),
  fonteDeUmaVez('AniversariantesPeriodo', (w) => periodoDeVendas(objeto(w)), (q, ctx, p) => aniversariantes(q, ctx, p as { de: string; ate: string })),
  fonteDeUmaVez('ClientesSemCompra', diasSemCompra, (q, ctx, p) => clientesSemCompra(q, ctx, p as { dias: number })),
  fonteDeUmaVez('RankingClientes', (w) => periodoDeVendas(objeto(w)), (q, ctx, p) => rankingClientes(q, ctx, p as { de: string; ate: string })),
  fonteDeUmaVez('ClientesEmAtraso', (w) => (objeto(w), {}), (q, ctx) => clientesEmAtraso(q, ctx)),
];
