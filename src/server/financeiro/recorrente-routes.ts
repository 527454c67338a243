import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { PeriodicKind } from '../jobs/index.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import { withRetry } from '../documents/routes.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { answer, checkedByHandler, DATE, MONEY } from '../http/route-schema.ts';
import { parseId } from '../resources/crud.ts';
import { STATUS_PARCELA_SQL } from './lancamentos.ts';
import { alterarDaquiEmDiante, alterarSoEsta, criarRecorrencia, encerrar, gerarTodas, recorrenciaOut } from './recorrente.ts';

type Row = Record<string, any>;
// The calls as /api/openapi.json shows them (route-schema.ts).
const tags = ['Lançamentos recorrentes'];
const obj = { type: 'object', additionalProperties: true };
const recorrencia = {
  type: 'object',
  required: ['tipo', 'descricao', 'valor', 'frequencia', 'dataInicio'],
  properties: {
    tipo: { enum: [0, 1], description: '0 receita, 1 despesa' },
    descricao: { type: 'string', minLength: 2, maxLength: 200 },
    valor: MONEY,
    frequencia: { enum: [0, 1, 2], description: '0 mensal, 1 semanal, 2 a cada N dias' },
    intervalo: { type: 'integer', minimum: 1, maximum: 366, default: 1 },
    dataInicio: DATE,
    dataFim: { type: ['string', 'null'], format: 'date' },
    ocorrencias: { type: ['integer', 'null'], minimum: 1, maximum: 1000 },
    diasAntecedencia: { type: 'integer', minimum: 0, maximum: 730, default: 60 },
    categoriaId: { type: ['integer', 'null'] },
    pessoaId: { type: ['integer', 'null'] },
    centroCustoId: { type: ['integer', 'null'] },
    documento: { type: ['string', 'null'], maxLength: 60 },
  },
};
const MODULE = { module: 'financeiro' };

function guard(ctx: RequestContext, level: 'view' | 'change' | 'full'): void {
  if (!serverAllows(ctx, 'app.recorrente', level)) throw forbidden(level === 'view' ? 'Você não tem permissão para consultar lançamentos recorrentes.' : 'Você não tem permissão para alterar lançamentos recorrentes.');
}

const LISTA_SQL = `SELECT r.*,
    (SELECT count(*) FROM lancamentos l WHERE l.tenant_id = r.tenant_id AND l.recorrente_id = r.id AND NOT l.cancelado) AS geradas,
    (SELECT min(p.vencimento) FROM lancamentos l JOIN parcelas p ON p.tenant_id = l.tenant_id AND p.lancamento_id = l.id
      WHERE l.tenant_id = r.tenant_id AND l.recorrente_id = r.id AND NOT l.cancelado AND p.valor_baixado < p.valor) AS proximo_vencimento
  FROM lancamentos_recorrentes r`;

/** Lançamentos recorrentes: the schedule, its occurrences, "esta e as seguintes" and "só esta". */
export default async function recorrenteRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);
  const um = async (ctx: RequestContext, id: number) =>
    db.tenant(ctx, async (q) => {
      const r = await q.query(`${LISTA_SQL} WHERE r.tenant_id = $1 AND r.id = $2`, [ctx.tenantId, id]);
      if (!r.rows[0]) throw notFound('Lançamento recorrente não encontrado.');
      const oc = await q.query(
        `SELECT l.id, l.recorrencia_numero, l.descricao, l.valor_total, l.cancelado, p.id AS parcela_id, p.vencimento, p.valor_baixado, ${STATUS_PARCELA_SQL} AS status
           FROM lancamentos l JOIN parcelas p ON p.tenant_id = l.tenant_id AND p.lancamento_id = l.id
          WHERE l.tenant_id = $1 AND l.recorrente_id = $2 ORDER BY l.recorrencia_numero`,
        [ctx.tenantId, id],
      );
      return {
        ...recorrenciaOut(r.rows[0]),
        lancamentos: oc.rows.map((o) => ({
          numero: Number(o.recorrencia_numero),
          lancamentoId: Number(o.id),
          parcelaId: Number(o.parcela_id),
          descricao: o.descricao,
          vencimento: o.vencimento instanceof Date ? o.vencimento.toISOString().slice(0, 10) : String(o.vencimento).slice(0, 10),
          valor: String(o.valor_total),
          valorBaixado: String(o.valor_baixado),
          status: o.status as string,
        })),
      };
    });

  app.get('/api/LancamentosRecorrentes', { config: MODULE, schema: { tags, summary: 'As recorrências da conta', response: { 200: answer('Recorrências', { type: 'array', items: recorrencia }) } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    return db.tenant(ctx, async (q) => (await q.query(`${LISTA_SQL} WHERE r.tenant_id = $1 ORDER BY r.ativo DESC, r.descricao, r.id LIMIT 500`, [ctx.tenantId])).rows.map(recorrenciaOut));
  });

  app.get('/api/LancamentosRecorrentes/:id', { config: MODULE, schema: { tags, summary: 'Uma recorrência com os lançamentos gerados', response: { 200: answer('Recorrência com os lançamentos', obj) } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    return um(ctx, idOf(req));
  });

  app.post('/api/LancamentosRecorrentes', { config: MODULE, schema: { tags, summary: 'Cria e gera os lançamentos até hoje + diasAntecedencia', body: checkedByHandler(recorrencia), response: { 200: answer('Recorrência com os lançamentos', obj) } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const id = await withRetry(services, ctx, (q) => criarRecorrencia(q, ctx, req.body as any));
    return um(ctx, id);
  });

  /** Esta e as seguintes (body.aPartirDe: the occurrence number; default 1, the whole schedule). */
  app.put('/api/LancamentosRecorrentes/:id', { config: MODULE, schema: { tags, summary: 'Esta e as seguintes: a partir da ocorrência aPartirDe (as baixadas não mudam)', body: checkedByHandler({ ...recorrencia, required: [], properties: { ...recorrencia.properties, aPartirDe: { type: 'integer', minimum: 1 } } }), response: { 200: answer('Alterada', obj) } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const id = idOf(req);
    const r = await withRetry(services, ctx, (q) => alterarDaquiEmDiante(q, ctx, id, req.body as any));
    return { ...(await um(ctx, id)), alteradas: r.alteradas, canceladas: r.canceladas, geradas: r.geradas };
  });

  /** Só esta ocorrência. */
  app.put('/api/LancamentosRecorrentes/:id/ocorrencias/:numero', { config: MODULE, schema: { tags, summary: 'Só esta ocorrência', body: checkedByHandler({ type: 'object', properties: { valor: MONEY, vencimento: DATE, descricao: { type: 'string' } } }), response: { 200: answer('Alterada', obj), 409: answer('Já baixada') } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const id = idOf(req);
    const numero = parseId((req.params as Row).numero);
    await withRetry(services, ctx, (q) => alterarSoEsta(q, ctx, id, numero, req.body as any));
    return um(ctx, id);
  });

  app.post('/api/LancamentosRecorrentes/:id/encerrar', { config: MODULE, schema: { tags, summary: 'Encerra a recorrência (não gera mais lançamentos)', response: { 200: answer('Encerrada') } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'full');
    const id = idOf(req);
    return withRetry(services, ctx, (q) => encerrar(q, ctx, id));
  });

  /** Brings every schedule of the account up to its horizon now (the server also does it every hour). */
  app.post('/api/LancamentosRecorrentes/gerar', { config: MODULE, schema: { tags, summary: 'Gera agora os lançamentos que faltam até o horizonte de cada recorrência', response: { 200: answer('Geradas', { type: 'object', properties: { geradas: { type: 'integer' } } }) } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    return { geradas: await withRetry(services, ctx, (q) => gerarTodas(q, ctx)) };
  });
}

/** Hourly periodic job: each account with active schedules brought up to its horizon, in its own tenant transaction. */
export const jobsRecorrentes = (services: AppServices): PeriodicKind[] => [
  {
    tipo: 'financeiro.gerarRecorrentes',
    aCadaMs: 3600 * 1000,
    executar: async () => {
      const tenants = await services.db.query<{ tenant_id: number }>(`SELECT DISTINCT tenant_id FROM lancamentos_recorrentes WHERE ativo`);
      const falhas: string[] = [];
      for (const { tenant_id } of tenants.rows) {
        await withRetry(services, { tenantId: Number(tenant_id) }, (q) => gerarTodas(q, { tenantId: Number(tenant_id) })).catch((e) => falhas.push(`conta ${tenant_id}: ${e instanceof Error ? e.message : String(e)}`));
      }
      if (falhas.length) throw new Error(`Lançamentos recorrentes não gerados (${falhas.join('; ')})`);
    },
  },
];
