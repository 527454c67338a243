import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Where } from '../../shared/filter.ts';
import type { AppServices } from '../app-services.ts';
import { withRetry } from '../documents/routes.ts';
import { JSON_TEXT, withQuery } from '../http/input-schemas.ts';
import { answer, arrayOf, checkedByHandler, DATE, INT, MONEY, objectOf } from '../http/route-schema.ts';
import { parseJsonParam, SqlParams, whereToSql } from '../resources/filter-sql.ts';
import { parseId } from '../resources/crud.ts';
import { baixarParcelas, estornarBaixa, type ItemBaixa } from './lancamentos.ts';
import { BAIXA_SCHEMA, CONFLITO, guard, money, TAGS, type Row } from './route-helpers.ts';

const itemBaixa = { type: 'object', required: ['parcelaId'], properties: { parcelaId: INT, valor: { ...MONEY, description: 'dinheiro que entrou ou saiu; sem ele, todo o valor em aberto + juros + multa - desconto' }, juros: MONEY, multa: MONEY, desconto: MONEY } };
const baixaFeita = answer('Baixas gravadas', objectOf({ baixas: arrayOf(objectOf({ id: INT, parcelaId: INT, valor: MONEY, principal: MONEY })) }));

/** Parcelas and baixas: a parcela paid (one or many at once), a baixa reversed, the grid's totals. */
export default async function parcelasRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, registry } = services;
  const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);

  app.post('/api/Parcelas/:id/baixar', {
    schema: {
      tags: TAGS,
      summary: 'Baixa total ou parcial de uma parcela; o que passa do valor em aberto só com juros ou multa',
      body: checkedByHandler(objectOf({ contaId: INT, data: DATE, valor: itemBaixa.properties.valor, juros: MONEY, multa: MONEY, desconto: MONEY }, ['contaId', 'data'])),
      response: { 200: baixaFeita },
    },
  }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const id = idOf(req);
    const b = (req.body ?? {}) as Row;
    const item: ItemBaixa = { parcelaId: id, valor: b.valor, juros: b.juros, multa: b.multa, desconto: b.desconto };
    return withRetry(services, ctx, (q) => baixarParcelas(q, ctx, { contaId: b.contaId, data: b.data, itens: [item] }));
  });

  app.post('/api/Parcelas/baixar', { schema: { tags: TAGS, summary: 'Baixa várias parcelas numa conta e data, numa transação só', body: checkedByHandler(objectOf({ contaId: INT, data: DATE, itens: { type: 'array', minItems: 1, maxItems: 1000, items: itemBaixa } }, ['contaId', 'data', 'itens'])), response: { 200: baixaFeita } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    return withRetry(services, ctx, (q) => baixarParcelas(q, ctx, req.body as any));
  });

  app.post('/api/Baixas/:id/estornar', { schema: { tags: TAGS, summary: 'Estorna uma baixa: grava a baixa inversa e o movimento inverso, nada é apagado', body: checkedByHandler(objectOf({ data: DATE })), response: { 200: answer('Estorno gravado', BAIXA_SCHEMA), 409: CONFLITO } } }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'full');
    const id = idOf(req);
    return withRetry(services, ctx, (q) => estornarBaixa(q, ctx, id, (req.body as Row | undefined)?.data));
  });

  /**
   * The sums of the grid's filtered parcelas (the same LoopBack where as GET /api/Parcelas and its count): what
   * is open and not yet due, what is overdue, and what was paid.
   */
  app.get('/api/Parcelas/totais', withQuery({ where: { ...JSON_TEXT, description: 'a condição LoopBack da lista de parcelas' } }, [], { schema: { tags: TAGS, summary: 'Totais das parcelas filtradas (a mesma condição da lista): em aberto, atrasado, pago', response: { 200: answer('Totais', objectOf({ quantidade: INT, total: MONEY, aberto: MONEY, atrasado: MONEY, pago: MONEY })) } } }), async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const def = registry.byName.get('parcela')!;
    const where = parseJsonParam<Where>((req.query as Row).where, 'where');
    const p = new SqlParams();
    const conds = [`t.tenant_id = ${p.add(ctx.tenantId)}`, whereToSql(def, where, p)];
    return db.tenant(ctx, async (q) => {
      const r = await q.query(
        `SELECT count(*)::int AS quantidade,
                coalesce(sum(t.valor) FILTER (WHERE t.status <> 'cancelado'), 0) AS total,
                coalesce(sum(t.valor_aberto) FILTER (WHERE t.status IN ('aberto', 'parcial')), 0) AS aberto,
                coalesce(sum(t.valor_aberto) FILTER (WHERE t.status = 'atrasado'), 0) AS atrasado,
                coalesce(sum(t.valor_baixado) FILTER (WHERE t.status <> 'cancelado'), 0) AS pago
           FROM parcelas_lista t WHERE ${conds.join(' AND ')}`,
        p.values,
      );
      const x = r.rows[0];
      return { quantidade: Number(x.quantidade), total: money(x.total), aberto: money(x.aberto), atrasado: money(x.atrasado), pago: money(x.pago) };
    });
  });
}
