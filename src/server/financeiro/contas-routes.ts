import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import { withRetry } from '../documents/routes.ts';
import { forbidden } from '../http/errors.ts';
import { JSON_TEXT, withQuery } from '../http/input-schemas.ts';
import { answer, arrayOf, checkedByHandler, DATE, INT, INT_OR_NULL, MONEY, objectOf } from '../http/route-schema.ts';
import { listFilter } from '../resources/filter-sql.ts';
import { writeSchema } from '../resources/registry.ts';
import { loadLookups } from '../catalog/documents.ts';
import { saldosContas, transferir } from './lancamentos.ts';
import { guard, isoDate, money, MOVIMENTOS_LISTA, paging, TAGS, type Row, type SimpleFilter } from './route-helpers.ts';

/** The contas: their balances, a transferência between two of them, and their ledger (movimentos, read-only). */
export default async function contasRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, registry, resources } = services;
  const transferenciaDef = () => registry.byName.get('transferenciaFinanceira')!;

  app.get('/api/ContasFinanceiras/saldos', { schema: { tags: TAGS, summary: 'Saldo de cada conta: saldo inicial + movimentos', response: { 200: answer('Saldos', arrayOf(objectOf({ contaId: INT, descricao: { type: 'string' }, tipo: INT, ativo: { type: 'boolean' }, saldoInicial: MONEY, movimentado: MONEY, saldo: MONEY }))) } } }, async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, 'app.conta', 'view') && !serverAllows(ctx, 'app.lancamento', 'view')) throw forbidden('Você não tem permissão para consultar as contas.');
    return db.tenant(ctx, (q) => saldosContas(q, ctx));
  });

  app.post('/api/TransferenciasFinanceiras', {
    schema: {
      tags: TAGS,
      summary: 'Transfere entre duas contas: dois movimentos numa transação',
      // The transferência document's JSON Schema: the handler validates with it (resources.validate).
      body: checkedByHandler(writeSchema(transferenciaDef().doc, loadLookups())),
      response: { 200: answer('Transferência gravada', { type: 'object', additionalProperties: true }) },
    },
  }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const data = resources.validate(transferenciaDef(), req.body);
    return withRetry(services, ctx, (q) => transferir(q, ctx, data as any));
  });

  app.get('/api/MovimentosFinanceiros', withQuery({ filter: { ...JSON_TEXT, description: '{"where": {"contaId", ou qualquer campo da resposta}, "order", "limit", "skip"}' } }, [], { schema: { tags: TAGS, summary: 'Movimentos das contas (somente leitura), por data', response: { 200: answer('Movimentos', arrayOf(objectOf({ id: INT, contaId: INT, data: DATE, valor: MONEY, baixaId: INT_OR_NULL, transferenciaId: INT_OR_NULL, descricao: { type: 'string' } }))) } } }), async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const lf = listFilter(MOVIMENTOS_LISTA, (req.query as Row).filter, { params: [ctx.tenantId] });
    const { limit, skip } = paging(lf.filter as SimpleFilter);
    const page = `LIMIT ${lf.add(limit)} OFFSET ${lf.add(skip)}`;
    return db.tenant(ctx, async (q) =>
      (await q.query(`SELECT * FROM movimentos_financeiros t WHERE t.tenant_id = $1 AND ${lf.sql} ORDER BY ${lf.order ?? 't.data, t.id'} ${page}`, lf.values)).rows.map((r) => ({
        id: Number(r.id),
        contaId: Number(r.conta_id),
        data: isoDate(r.data),
        valor: money(r.valor),
        baixaId: r.baixa_id == null ? null : Number(r.baixa_id),
        transferenciaId: r.transferencia_id == null ? null : Number(r.transferencia_id),
        descricao: r.descricao,
      })),
    );
  });
}
