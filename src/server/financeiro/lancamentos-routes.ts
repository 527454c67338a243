import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { withRetry } from '../documents/routes.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { JSON_TEXT, withQuery } from '../http/input-schemas.ts';
import { answer, arrayOf, checkedByHandler, INT, objectOf } from '../http/route-schema.ts';
import { listFilter } from '../resources/filter-sql.ts';
import { buildResource, writeSchema } from '../resources/registry.ts';
import { loadLookups } from '../catalog/documents.ts';
import { parseId } from '../resources/crud.ts';
import { cancelarLancamento, criarLancamento, STATUS_PARCELA_SQL } from './lancamentos.ts';
import { BAIXA_SCHEMA, baixaOut, comParcelas, CONFLITO, guard, LANCAMENTO_DOC, LANCAMENTO_SCHEMA, LANCAMENTOS_LISTA, paging, STATUS, TAGS, tipoOf, type Row, type SimpleFilter } from './route-helpers.ts';

/** /api/Lancamentos: receitas and despesas with their parcelas; every write one transaction of lancamentos. */
export default async function lancamentosRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, registry, resources } = services;
  const lancamentoDef = buildResource(LANCAMENTO_DOC, registry.ajv, loadLookups());
  const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);

  app.get('/api/Lancamentos', withQuery({ filter: { ...JSON_TEXT, description: '{"where": {"tipo": 0|1, "status": "aberto|parcial|pago|atrasado|cancelado", ou qualquer campo da resposta}, "order", "limit", "skip"}' } }, [], { schema: { tags: TAGS, summary: 'Lançamentos com as parcelas, mais recentes primeiro', response: { 200: answer('Lançamentos', arrayOf(LANCAMENTO_SCHEMA)) } } }), async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    // The generic API's filter parser over the lançamento's columns; tipo and status keep their own checks
    // (status is the parcelas' situation, not a column).
    const lf = listFilter(LANCAMENTOS_LISTA, (req.query as Row).filter, { own: ['tipo', 'status'], alias: 'l', params: [ctx.tenantId] });
    const { limit, skip } = paging(lf.filter as SimpleFilter);
    const w = lf.own;
    const conds = ['l.tenant_id = $1', lf.sql];
    if (w.tipo !== undefined) conds.push(`l.tipo = ${lf.add(tipoOf(w.tipo))}`);
    if (w.status !== undefined) {
      if (!STATUS.has(String(w.status))) throw badRequest('Status: use aberto, parcial, pago, atrasado ou cancelado.');
      conds.push(`EXISTS (SELECT 1 FROM parcelas p WHERE p.tenant_id = l.tenant_id AND p.lancamento_id = l.id AND ${STATUS_PARCELA_SQL} = ${lf.add(String(w.status))})`);
    }
    const page = `LIMIT ${lf.add(limit)} OFFSET ${lf.add(skip)}`;
    return db.tenant(ctx, async (q) => {
      const r = await q.query(`SELECT * FROM lancamentos l WHERE ${conds.join(' AND ')} ORDER BY ${lf.order ?? 'l.data_emissao DESC, l.id DESC'} ${page}`, lf.values);
      return comParcelas(q, ctx, r.rows);
    });
  });

  app.get('/api/Lancamentos/:id', { schema: { tags: TAGS, summary: 'Um lançamento com parcelas e baixas (estornos inclusive)', response: { 200: answer('Lançamento', { ...LANCAMENTO_SCHEMA, properties: { ...LANCAMENTO_SCHEMA.properties, baixas: arrayOf(BAIXA_SCHEMA) } }) } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const id = idOf(req);
    return db.tenant(ctx, async (q) => {
      const r = await q.query(`SELECT * FROM lancamentos WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id]);
      if (!r.rows.length) throw notFound('Lançamento não encontrado.');
      const [l] = await comParcelas(q, ctx, r.rows);
      const baixas = await q.query(
        `SELECT b.* FROM baixas b JOIN parcelas p ON p.tenant_id = b.tenant_id AND p.id = b.parcela_id WHERE b.tenant_id = $1 AND p.lancamento_id = $2 ORDER BY b.id`,
        [ctx.tenantId, id],
      );
      return { ...l, baixas: baixas.rows.map(baixaOut) };
    });
  });

  app.post('/api/Lancamentos', {
    schema: {
      tags: TAGS,
      summary: 'Lança uma receita ou despesa: numeroParcelas iguais (os centavos do arredondamento na última) ou parcelas próprias que somam o valor total',
      // The form's JSON Schema: the handler validates with it (resources.validate), its messages those of the form.
      body: checkedByHandler(writeSchema(LANCAMENTO_DOC, loadLookups())),
      response: { 200: answer('Lançamento com as parcelas', LANCAMENTO_SCHEMA) },
    },
  }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    // The form's own JSON Schema first (schemas/financeiro/lancamento.json), then the rules of the service.
    const data = resources.validate(lancamentoDef, req.body);
    const created = await withRetry(services, ctx, (q) => criarLancamento(q, ctx, data as any));
    return db.tenant(ctx, async (q) => (await comParcelas(q, ctx, (await q.query(`SELECT * FROM lancamentos WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, created.id])).rows))[0]);
  });

  app.post('/api/Lancamentos/:id/cancelar', { schema: { tags: TAGS, summary: 'Cancela as parcelas (as baixas precisam ser estornadas antes)', response: { 200: answer('Cancelado', objectOf({ id: INT, cancelado: { type: 'boolean' } })), 409: CONFLITO } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'full');
    const id = idOf(req);
    await withRetry(services, ctx, (q) => cancelarLancamento(q, ctx, id));
    return { id, cancelado: true };
  });
}
