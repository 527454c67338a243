import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatDate, celulaDeData } from '../../shared/dates.ts';
import { formatBRL } from '../../shared/money.ts';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import { HttpError, badRequest, forbidden } from '../http/errors.ts';
import { ID, TEXT, withQuery } from '../http/input-schemas.ts';
import { answer, checkedByHandler } from '../http/route-schema.ts';
import type { ReportColumn } from '../relatorios/columns.ts';
import { registerReportSources, type ReportSource } from '../relatorios/sources.ts';
import { ALREADY_PROCESSING } from '../relatorios/routes.ts';
import type { ReportWorker } from '../relatorios/worker.ts';
import { contasPorVencimento, dre, extratoConta, fluxoCaixa, painel } from './relatorios.ts';

type Row = Record<string, any>;
const MODULE = { module: 'financeiro' };
const empty = (v: unknown) => v === null || v === undefined || v === '';
const dinheiro = (field: string, title: string): ReportColumn => ({ field, title, kind: 'money', weight: 1, text: (v) => (empty(v) ? '' : formatBRL(v as string)), cell: (v) => (empty(v) ? null : Number(v)) });
const texto = (field: string, title: string, weight = 1.3): ReportColumn => ({ field, title, kind: 'text', weight, text: (v) => (empty(v) ? '' : String(v)), cell: (v) => (empty(v) ? null : String(v)) });
const data = (field: string, title: string): ReportColumn => ({ field, title, kind: 'date', weight: 0.8, text: (v, fuso) => formatDate(v as string, fuso), cell: (v, fuso) => celulaDeData(v, fuso) });
const STATUS: Record<string, string> = { aberto: 'Aberto', parcial: 'Parcial', pago: 'Pago', atrasado: 'Atrasado', cancelado: 'Cancelado' };

/** The financial reports, on screen (JSON) and exported through the report queue (PDF/XLSX). */
const RELATORIOS: Record<string, { titulo: (p: Row) => string; dados: (q: any, ctx: RequestContext, p: Row) => Promise<any>; columns: (p: Row) => ReportColumn[]; rows: (d: any) => Row[] }> = {
  'fluxo-caixa': {
    titulo: (p) => `Fluxo de caixa ${p.agrupamento === 'dia' ? 'diário' : 'mensal'}`,
    dados: fluxoCaixa,
    columns: (p) => [
      texto('periodo', p.agrupamento === 'dia' ? 'Dia' : 'Mês', 0.8),
      dinheiro('entradasRealizadas', 'Entradas realizadas'),
      dinheiro('saidasRealizadas', 'Saídas realizadas'),
      dinheiro('entradasPrevistas', 'Entradas previstas'),
      dinheiro('saidasPrevistas', 'Saídas previstas'),
      dinheiro('resultado', 'Resultado'),
      dinheiro('saldo', 'Saldo'),
    ],
    rows: (d) => [{ periodo: 'Saldo anterior', saldo: d.saldoInicial }, ...d.linhas.map((l: Row) => ({ ...l, periodo: l.periodo.length === 7 ? `${l.periodo.slice(5)}/${l.periodo.slice(0, 4)}` : formatDate(l.periodo) }))],
  },
  'contas-pagar': {
    titulo: () => 'Contas a pagar',
    dados: (q, ctx, p) => contasPorVencimento(q, ctx, { ...p, tipo: 1 }),
    columns: () => [data('vencimento', 'Vencimento'), texto('descricao', 'Descrição', 2.4), texto('parcela', 'Parcela', 0.6), texto('pessoa', 'Fornecedor'), texto('categoria', 'Categoria'), texto('documento', 'Documento', 0.9), dinheiro('valor', 'Valor'), dinheiro('valorAberto', 'Em aberto'), texto('status', 'Situação', 0.8)],
    rows: (d) => d.linhas.map((l: Row) => ({ ...l, status: STATUS[l.status] ?? l.status })),
  },
  'contas-receber': {
    titulo: () => 'Contas a receber',
    dados: (q, ctx, p) => contasPorVencimento(q, ctx, { ...p, tipo: 0 }),
    columns: () => [data('vencimento', 'Vencimento'), texto('descricao', 'Descrição', 2.4), texto('parcela', 'Parcela', 0.6), texto('pessoa', 'Cliente'), texto('categoria', 'Categoria'), texto('documento', 'Documento', 0.9), dinheiro('valor', 'Valor'), dinheiro('valorAberto', 'Em aberto'), texto('status', 'Situação', 0.8)],
    rows: (d) => d.linhas.map((l: Row) => ({ ...l, status: STATUS[l.status] ?? l.status })),
  },
  extrato: {
    titulo: () => 'Extrato por conta',
    dados: extratoConta,
    columns: () => [data('data', 'Data'), texto('descricao', 'Histórico', 2.6), texto('pessoa', 'Pessoa'), texto('categoria', 'Categoria'), dinheiro('entrada', 'Entrada'), dinheiro('saida', 'Saída'), dinheiro('saldo', 'Saldo')],
    rows: (d) => [{ descricao: `Saldo anterior - ${d.conta}`, saldo: d.saldoAnterior }, ...d.linhas],
  },
  dre: {
    titulo: () => 'DRE gerencial',
    dados: dre,
    columns: (p) => {
      const meses: string[] = [];
      for (let m = `${p.de}-01`; m <= `${p.ate}-01` && meses.length < 37; ) {
        meses.push(m.slice(0, 7));
        const [y, mo] = m.split('-').map(Number);
        m = `${mo === 12 ? y + 1 : y}-${String(mo === 12 ? 1 : mo + 1).padStart(2, '0')}-01`;
      }
      return [texto('categoria', 'Categoria', 2.6), ...meses.map((m) => dinheiro(m, `${m.slice(5)}/${m.slice(0, 4)}`)), dinheiro('total', 'Total')];
    },
    rows: (d) => {
      const linha = (nome: string, t: Row) => ({ categoria: nome, ...t.valores, total: t.total });
      const cat = (c: Row) => ({ categoria: `${'    '.repeat(c.nivel)}${c.descricao}`, ...c.valores, total: c.total });
      return [linha('RECEITAS', d.totais.receitas), ...d.receitas.map(cat), linha('DESPESAS', d.totais.despesas), ...d.despesas.map(cat), linha('RESULTADO', d.totais.resultado)];
    },
  },
};

function guard(ctx: RequestContext): void {
  if (!podeVer(ctx)) throw forbidden(NEGADO);
}

// The calls as /api/openapi.json shows them (route-schema.ts).
const tags = ['Relatórios financeiros'];
const obj = { type: 'object', additionalProperties: true };
const NOMES = Object.keys(RELATORIOS);

const NEGADO = 'Você não tem permissão para consultar os relatórios financeiros.';
const podeVer = (ctx: RequestContext) => serverAllows(ctx, 'app.lancamentorelatorio') || serverAllows(ctx, 'app.lancamento', 'view');
/** 'fluxo-caixa' → 'FluxoCaixa': the name the report queue knows the source by. */
const fonteDe = (nome: string) => nome.replace(/(^|-)([a-z])/g, (_m, _h, c: string) => c.toUpperCase());

/**
 * The same reports as sources of the report queue: computed in one transaction (their size is bounded by their
 * own period checks), handed to the pipeline as a single chunk.
 */
const FONTES: ReportSource[] = Object.entries(RELATORIOS).map(([nome, r]) => ({
  name: fonteDe(nome),
  title: r.titulo({}),
  allowed: podeVer,
  negado: NEGADO,
  parametros: (where) => (where && typeof where === 'object' ? (where as Row) : {}),
  columns: (_services, p) => r.columns(p),
  async chunk(q, ctx, p, after) {
    if (after) return { rows: [], after };
    return { rows: r.rows(await r.dados(q, ctx, p)), after: true };
  },
}));

/** Relatórios > Financeiro and the dashboard cards. */
export default async function relatoriosFinanceirosRoutes(app: FastifyInstance, { services, worker }: { services: AppServices; worker: ReportWorker | null }) {
  registerReportSources(FONTES);
  const { db } = services;
  const nomeOf = (req: FastifyRequest) => {
    const nome = (req.params as Row).nome as string;
    if (!Object.hasOwn(RELATORIOS, nome)) throw badRequest(`Relatório desconhecido: ${nome}.`);
    return nome;
  };

  app.get('/api/RelatoriosFinanceiros/painel', { config: MODULE, schema: { tags, summary: 'Cartões do dashboard: a pagar hoje, a receber hoje, atrasados, saldo por conta', response: { 200: answer('Painel', obj) } } }, async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, 'app.painelFinanceiro') && !serverAllows(ctx, 'app.lancamento', 'view')) throw forbidden('Você não tem permissão para consultar o painel financeiro.');
    return db.tenant(ctx, (q) => painel(q, ctx));
  });

  // The reports' values (each report checks its own period: de/ate are days, or months in the DRE).
  app.get('/api/RelatoriosFinanceiros/:nome', withQuery(
      {
        de: { ...TEXT, description: 'início, AAAA-MM-DD (na DRE, AAAA-MM)' },
        ate: { ...TEXT, description: 'fim, inclusive (na DRE, AAAA-MM)' },
        contaId: { ...ID, description: 'extrato (obrigatório) e fluxo de caixa' },
        agrupamento: { ...TEXT, description: 'fluxo de caixa: mes (padrão) ou dia' },
        situacao: { ...TEXT, description: 'contas a pagar e a receber: abertas (padrão) ou todas' },
      },
      [],
      { config: MODULE, schema: { tags, summary: 'Um relatório financeiro na tela: fluxo de caixa realizado e previsto, contas a pagar, a receber, extrato com saldo ou DRE gerencial (por competência e árvore de categorias)', pathValues: { nome: NOMES }, response: { 200: answer('O relatório', obj) } } },
    ), async (req) => {
    const ctx = req.ctx!;
    guard(ctx);
    const nome = nomeOf(req);
    return db.tenant(ctx, (q) => RELATORIOS[nome].dados(q, ctx, req.query as Row));
  });

  /** Queues the PDF or XLSX: checked now (a bad period is a 400 here), built by the report worker. */
  app.post('/api/RelatoriosFinanceiros/:nome/exportar', {
    config: MODULE,
    schema: {
      tags,
      summary: 'PDF ou XLSX pela fila de relatórios (Relatórios exportados)',
      description: `nome: ${NOMES.join(', ')}`,
      body: checkedByHandler({ type: 'object', required: ['tipo'], properties: { tipo: { enum: ['pdf', 'xlsx'] }, params: obj } }),
      response: { 200: answer('Na fila', obj), 406: answer('Relatório já está sendo processado.') },
    },
  }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx);
    const nome = nomeOf(req);
    const body = (req.body ?? {}) as Row;
    if (body.tipo !== 'pdf' && body.tipo !== 'xlsx') throw badRequest('Formato inválido: use pdf ou xlsx.', [{ path: '/tipo', campo: 'tipo', mensagem: 'Campo inválido!' }]);
    const params = (body.params ?? {}) as Row;
    await db.tenant(ctx, (q) => RELATORIOS[nome].dados(q, ctx, params));
    const descricao = RELATORIOS[nome].titulo(params);
    const chave = createHash('sha1').update(JSON.stringify(['financeiro', nome, params, body.tipo])).digest('hex');
    const row = await db
      .tenant(ctx, (q) =>
        q.query(
          `INSERT INTO relatorios (tenant_id, user_id, descricao, tipo, chave, evento, parametros) VALUES ($1, $2, $3, $4, $5, $6, $7)
           RETURNING id, descricao, tipo, status, chave, evento, data_inclusao AS "dataInclusao"`,
          [ctx.tenantId, ctx.userId, descricao, body.tipo, chave, `relatorio-financeiro-${nome}`, JSON.stringify({ recurso: fonteDe(nome), filter: { where: params }, branchId: ctx.branchId })],
        ),
      )
      .catch((e) => {
        if ((e as { code?: string }).code === '23505') throw new HttpError(406, ALREADY_PROCESSING);
        throw e;
      });
    worker?.enfileirado();
    return row.rows[0];
  });
}
