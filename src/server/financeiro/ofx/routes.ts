import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../app-services.ts';
import { serverAllows } from '../../auth/access.ts';
import type { RequestContext } from '../../auth/context.ts';
import { withRetry } from '../../documents/routes.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { listDef, listFilter, parseJsonParam } from '../../resources/filter-sql.ts';
import { JSON_TEXT, withQuery } from '../../http/input-schemas.ts';
import { answer, checkedByHandler, DATE, MONEY } from '../../http/route-schema.ts';
import { parseId } from '../../resources/crud.ts';
import { conciliar, desfazer, importarOfx, STATUS_TRANSACAO, sugerir, transacaoOut, type AcaoConciliacao } from './conciliacao.ts';

type Row = Record<string, any>;
const MODULE = { module: 'financeiro' };
/** The columns GET /api/TransacoesOfx filters by (status by its name: pendente, conciliada, ignorada). */
const TRANSACOES_LISTA = listDef('TransacoesOfx', 'transacoes_ofx', [
  ['id', 'integer'], ['contaId', 'integer'], ['extratoId', 'integer'], ['fitid', 'text'], ['data', 'date'], ['valor', 'number'], ['tipo', 'text'],
  ['descricao', 'text'], ['documento', 'text'], ['movimentoId', 'integer'], ['conciliacao', 'text'], ['lancamentoId', 'integer'], ['conciliadoEm', 'datetime'],
]);

function guard(ctx: RequestContext, level: 'view' | 'change'): void {
  if (!serverAllows(ctx, 'app.lancamento', level)) throw forbidden(level === 'view' ? 'Você não tem permissão para consultar extratos.' : 'Você não tem permissão para importar e conciliar extratos.');
}

// The calls as /api/openapi.json shows them (route-schema.ts).
const tags = ['Conciliação OFX'];
const obj = { type: 'object', additionalProperties: true };
const sugestao = { type: 'object', properties: { tipo: { enum: ['movimento', 'parcela'] }, id: { type: 'integer' }, data: DATE, valor: MONEY, descricao: { type: 'string' }, pessoa: { type: ['string', 'null'] }, pontos: { type: 'integer' }, motivos: { type: 'array', items: { enum: ['valor', 'data', 'pessoa', 'documento'] } } } };
const transacao = { type: 'object', properties: { id: { type: 'integer' }, contaId: { type: 'integer' }, extratoId: { type: 'integer' }, fitid: { type: 'string' }, data: DATE, valor: MONEY, tipo: { type: ['string', 'null'] }, descricao: { type: ['string', 'null'] }, documento: { type: ['string', 'null'] }, status: { enum: ['pendente', 'conciliada', 'ignorada'] }, conciliacao: { enum: ['movimento', 'parcela', 'novo', null] }, movimentoId: { type: ['integer', 'null'] }, lancamentoId: { type: ['integer', 'null'] }, sugestoes: { type: 'array', items: sugestao } } };
const acao = {
  type: 'object',
  description: 'Uma ação: movimentoId (movimento já lançado), parcelaId (baixa a parcela; juros, multa, desconto opcionais), novo (lançamento novo com a categoria) ou ignorar',
  properties: { transacaoId: { type: 'integer' }, movimentoId: { type: 'integer' }, parcelaId: { type: 'integer' }, juros: MONEY, multa: MONEY, desconto: MONEY, novo: { type: 'object', required: ['categoriaId'], properties: { categoriaId: { type: 'integer' }, descricao: { type: 'string' }, pessoaId: { type: 'integer' }, centroCustoId: { type: 'integer' } } }, ignorar: { type: 'boolean' } },
};

/** Conciliação OFX: import a statement into a conta, list its lines with suggestions, reconcile them. */
export default async function ofxRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);

  app.post('/api/ContasFinanceiras/:id/ofx', {
    bodyLimit: 30 * 1024 * 1024,
    config: MODULE,
    schema: {
      tags,
      summary: 'Importa um arquivo OFX 1.x (SGML) ou 2.x (XML), UTF-8 ou latin-1: só as transações novas (FITID por conta; sem FITID, uma chave de data, valor, texto e posição); cada extrato do arquivo vai para a conta que o seu <BANKACCTFROM> informa (ou o arquivo é recusado dizendo qual extrato não tem conta); o mesmo arquivo de novo responde 409 e nada grava',
      body: checkedByHandler({ type: 'object', required: ['conteudo'], properties: { conteudo: { type: 'string', contentEncoding: 'base64' }, nome: { type: 'string' } } }),
      response: {
        200: answer('Importado', { type: 'object', properties: { extratoId: { type: 'integer' }, transacoes: { type: 'integer' }, novas: { type: 'integer' }, repetidas: { type: 'integer' }, ignoradas: { type: 'integer' }, comSugestao: { type: 'integer' }, saldo: MONEY, mensagem: { type: 'string' } } }),
        409: answer('Extrato já importado'),
      },
    },
  }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const contaId = idOf(req);
    const b = (req.body ?? {}) as Row;
    if (typeof b.conteudo !== 'string' || !b.conteudo) throw badRequest('Envie o arquivo OFX.', [{ path: '/conteudo', campo: 'conteudo', mensagem: 'Campo Obrigatório!' }]);
    // base64 of the file's bytes: the encoding (UTF-8 or latin-1) is read from the bytes themselves
    if (!/^[A-Za-z0-9+/=\r\n]+$/.test(b.conteudo)) throw badRequest('O conteúdo do arquivo deve vir em base64.', [{ path: '/conteudo', campo: 'conteudo', mensagem: 'Campo inválido!' }]);
    const bytes = Buffer.from(b.conteudo, 'base64');
    const nome = typeof b.nome === 'string' ? b.nome : null;
    return withRetry(services, ctx, (q) => importarOfx(q, ctx, contaId, bytes, nome));
  });

  app.get('/api/ContasFinanceiras/:id/ofx', { config: MODULE, schema: { tags, summary: 'Extratos importados na conta', response: { 200: answer('Extratos', { type: 'array', items: obj }) } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const contaId = idOf(req);
    return db.tenant(ctx, async (q) => {
      const r = await q.query(
        `SELECT e.*, (SELECT count(*)::int FROM transacoes_ofx t WHERE t.tenant_id = e.tenant_id AND t.extrato_id = e.id AND t.status = 0) AS pendentes
           FROM extratos_ofx e WHERE e.tenant_id = $1 AND e.conta_id = $2 ORDER BY e.id DESC LIMIT 100`,
        [ctx.tenantId, contaId],
      );
      return r.rows.map((e) => ({
        id: Number(e.id),
        contaId: Number(e.conta_id),
        arquivoNome: e.arquivo_nome,
        banco: e.banco,
        agencia: e.agencia,
        conta: e.conta_ofx,
        dataInicio: e.data_inicio ? new Date(e.data_inicio).toISOString().slice(0, 10) : null,
        dataFim: e.data_fim ? new Date(e.data_fim).toISOString().slice(0, 10) : null,
        saldo: e.saldo,
        transacoes: Number(e.transacoes),
        novas: Number(e.novas),
        pendentes: Number(e.pendentes),
        criadoEm: e.created_at,
      }));
    });
  });

  // The generic API's filter parser over the line's columns (a bare `where` too); status keeps its names.
  const where = (req: FastifyRequest) => {
    const qs = req.query as Row;
    const raw = qs.filter ?? (qs.where === undefined ? undefined : { where: parseJsonParam<Row>(qs.where, 'where') });
    const lf = listFilter(TRANSACOES_LISTA, raw, { own: ['status'], params: [req.ctx!.tenantId] });
    const f = lf.filter;
    const w = lf.own;
    const conds = ['t.tenant_id = $1', lf.sql];
    if (w.status !== undefined) {
      const s = STATUS_TRANSACAO[w.status as keyof typeof STATUS_TRANSACAO];
      if (s === undefined) throw badRequest('Status: use pendente, conciliada ou ignorada.');
      conds.push(`t.status = ${lf.add(s)}`);
    }
    const params = lf.values;
    const limit = f.limit == null ? 50 : Number(f.limit);
    const skip = f.skip == null ? 0 : Number(f.skip);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw badRequest('filter.limit: informe de 1 a 1000.');
    if (!Number.isInteger(skip) || skip < 0) throw badRequest('filter.skip: informe um número inteiro a partir de 0.');
    return { params, conds, limit, skip };
  };

  /** Lines of statements; pending ones carry their suggestions (computed now, so never stale). */
  app.get('/api/TransacoesOfx', withQuery({ filter: { ...JSON_TEXT, description: '{"where": {"contaId", "extratoId", "status": "pendente|conciliada|ignorada"}, "limit", "skip"}' }, where: JSON_TEXT }, [], { config: MODULE, schema: { tags, summary: 'Transações dos extratos; as pendentes trazem as sugestões', response: { 200: answer('Transações', { type: 'array', items: transacao }) } } }), async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const { params, conds, limit, skip } = where(req);
    return db.tenant(ctx, async (q) => {
      // estornada: the baixa this line was reconciled with was undone since (undo the line and reconcile it again)
      const r = await q.query(
        `SELECT t.*, EXISTS (SELECT 1 FROM movimentos_financeiros m JOIN baixas e ON e.tenant_id = m.tenant_id AND e.estorno_de = m.baixa_id
                              WHERE m.tenant_id = t.tenant_id AND m.id = t.movimento_id) AS estornada
           FROM transacoes_ofx t WHERE ${conds.join(' AND ')} ORDER BY t.data, t.id LIMIT ${limit} OFFSET ${skip}`,
        params,
      );
      const out = r.rows.map((x) => ({ ...transacaoOut(x), estornada: x.estornada === true, sugestoes: [] as unknown[] }));
      const pendentesPorConta = new Map<number, number[]>();
      for (const t of out) if (t.status === 'pendente') pendentesPorConta.set(t.contaId, [...(pendentesPorConta.get(t.contaId) ?? []), t.id]);
      for (const [contaId, ids] of pendentesPorConta) {
        const s = await sugerir(q, ctx, contaId, { ids });
        for (const t of out) if (s.has(t.id)) t.sugestoes = s.get(t.id)!;
      }
      return out;
    });
  });

  app.get('/api/TransacoesOfx/count', withQuery({ filter: JSON_TEXT, where: JSON_TEXT }, [], { config: MODULE, schema: { tags, summary: 'Quantas transações atendem à condição', response: { 200: answer('Quantidade', { type: 'object', properties: { count: { type: 'integer' } } }) } } }), async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const { params, conds } = where(req);
    return db.tenant(ctx, async (q) => ({ count: Number((await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM transacoes_ofx t WHERE ${conds.join(' AND ')}`, params)).rows[0].n) }));
  });

  app.post('/api/TransacoesOfx/conciliar', { config: MODULE, schema: { tags, summary: 'Concilia várias transações numa transação só (tudo ou nada)', body: checkedByHandler({ type: 'object', properties: { itens: { type: 'array', items: acao } } }), response: { 200: answer('Conciliadas', obj), 409: answer('Já conciliada') } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const itens = ((req.body ?? {}) as Row).itens as AcaoConciliacao[];
    return withRetry(services, ctx, (q) => conciliar(q, ctx, itens));
  });

  app.post('/api/TransacoesOfx/:id/conciliar', { config: MODULE, schema: { tags, summary: 'Concilia uma transação (movimento, parcela, lançamento novo ou ignorar)', body: checkedByHandler(acao), response: { 200: answer('Conciliada', obj), 409: answer('Já conciliada') } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const transacaoId = idOf(req);
    const r = await withRetry(services, ctx, (q) => conciliar(q, ctx, [{ ...((req.body ?? {}) as AcaoConciliacao), transacaoId }]));
    return r.itens[0];
  });

  app.post('/api/TransacoesOfx/:id/desfazer', { config: MODULE, schema: { tags, summary: 'Volta a transação a pendente (a baixa feita por ela continua: estorne-a em Baixas)', response: { 200: answer('Pendente') } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const id = idOf(req);
    return withRetry(services, ctx, (q) => desfazer(q, ctx, id));
  });
}
