import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import type { LevelName } from '../../shared/permissions.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { JSON_TEXT, query } from '../http/input-schemas.ts';
import { answer, checkedByHandler, fileAnswer, INT, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { parseId } from '../resources/crud.ts';
import { condicoesDaFilial, filtroDaConsulta } from '../resources/filter-sql.ts';
import { configurarNfse, danfseDaNotaServico, lerNotaServico, notaServicoOut, xmlDaNotaServico, type CtxNfse } from './notas-servico.ts';
import { cancelarNfse, resolverNfseTransmitindo } from './transmissao.ts';

/** Service notes are the sales orders' (SPEC 2.6: the NFS-e menu lives under pedido-vendas). */
const PERMISSAO = 'app.pedidoVenda';
const nfse = { config: { module: 'nfse' } };

// What each call says about itself in /api/openapi.json (route-schema.ts); the cancellation's body is checked by its handler.
const tags = ['NFS-e'];
const nota = objectOf({
  id: INT, numero: { type: ['integer', 'null'] }, chave: { type: ['string', 'null'], pattern: '^[0-9]{50}$' },
  situacao: { enum: ['transmitindo', 'autorizada', 'rejeitada', 'cancelando', 'cancelada'], description: 'transmitindo: DPS assinada a caminho do ADN (sem chave nem número ainda); rejeitada: recusada pela Sefin (rejeicao), o faturamento do pedido estornado; cancelando: evento e101101 assinado a caminho do ADN' },
  rejeicao: { type: ['array', 'null'], items: objectOf({ codigo: { type: 'string' }, descricao: { type: 'string' }, complemento: { type: 'string' } }) }, serieDps: { type: 'string' }, numeroDps: INT,
  idDps: { type: 'string' }, ambiente: INT, pedidoId: { type: ['integer', 'null'] }, tomador: TEXT_OR_NULL, codigoTributacaoNacional: { type: 'string' }, descricao: { type: 'string' },
  valorServico: { type: 'string' }, aliquotaIss: TEXT_OR_NULL, valorIss: TEXT_OR_NULL, issRetido: { type: 'boolean' }, valorLiquido: { type: 'string' }, dataEmissao: { type: 'string' }, dataAutorizacao: TEXT_OR_NULL,
});
const adn = { 409: answer('Já cancelada, ainda transmitindo ou rejeitada'), 503: answer('Sefin Nacional indisponível') };
const filtroQuery = query({ filter: { ...JSON_TEXT, description: 'filtro LoopBack em JSON: where com situacao, numero, chave, pedidoId, tomador, dataEmissao {gte, lte}; limit; skip' }, where: { ...JSON_TEXT, description: 'só o where, sem filter' } });
/** The route's options with its description: summary, the JSON answered and other schema parts. */
const op = (summary: string, resposta: Record<string, unknown> = nota, extra: Record<string, unknown> = {}) => ({ ...nfse, schema: { tags, summary, response: { 200: answer('OK', resposta), ...adn }, ...extra } });

function exigir(req: FastifyRequest, nivel: LevelName, acao: string): CtxNfse & RequestContext {
  const ctx = req.ctx!;
  if (!serverAllows(ctx, PERMISSAO, nivel)) throw forbidden(`Você não tem permissão para ${acao}.`);
  if (!ctx.branchId) throw badRequest('Selecione uma filial.');
  return ctx as CtxNfse & RequestContext;
}

/** The list's filter: LoopBack-style `filter={where,limit,skip}` with situacao, numero, chave, tomador, dates. */
const FILTRO_NFSE = ['situacao', 'numero', 'chave', 'pedidoId', 'tomador', 'dataEmissao'];
function filtro(req: FastifyRequest, ctx: CtxNfse) {
  const f = filtroDaConsulta(req.query, FILTRO_NFSE);
  const where = f.where;
  const { conds, params, add } = condicoesDaFilial(ctx.tenantId, ctx.branchId!);
  if (typeof where.situacao === 'string' && ['transmitindo', 'autorizada', 'rejeitada', 'cancelando', 'cancelada'].includes(where.situacao)) add('situacao = ?', where.situacao);
  if (where.numero != null && /^\d+$/.test(String(where.numero))) add('numero_nfse = ?', Number(where.numero));
  if (typeof where.chave === 'string' && where.chave.replace(/\D/g, '')) add('chave = ?', where.chave.replace(/\D/g, ''));
  if (where.pedidoId != null && /^\d+$/.test(String(where.pedidoId))) add('pedido_id = ?', Number(where.pedidoId));
  if (typeof where.tomador === 'string' && where.tomador) add('tomador ILIKE ?', `%${where.tomador.replace(/[%_\\]/g, '\\$&')}%`);
  const d = where.dataEmissao ?? {};
  if (typeof d.gte === 'string') add('data_emissao >= ?::timestamptz', d.gte);
  if (typeof d.lte === 'string') add('data_emissao <= ?::timestamptz', d.lte);
  return { where: conds.join(' AND '), params, limit: Math.min(Math.max(Number(f.limit) || 50, 1), 500), skip: Math.max(Number(f.skip) || 0, 0) };
}

/** NFS-e of the branch: list, one note, its XML and DANFSe, cancellation (issue happens on faturar of a service order). */
export default async function nfseRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  configurarNfse(services);
  // Once at start: the NFS-e a crash left 'transmitindo' are settled by their DPS id: adopted when the ADN generated
  // the note, sent again (same signed DPS) when it does not know it — by this server only when no live sender of
  // another server holds the DPS's claim (estado-nfse.ts; a dead one's lapses and is then taken).
  app.addHook('onReady', async () => {
    void resolverNfseTransmitindo(services, 0).catch((e) => app.log.warn(`resolverNfseTransmitindo: ${(e as Error).message}`));
  });
  const idDe = (req: FastifyRequest) => parseId((req.params as { id: string }).id);

  app.get('/api/NotasServico', op('NFS-e da filial, emitidas ao faturar pedidos de serviço (limit até 500)', { type: 'array', items: nota }, { querystring: filtroQuery }), async (req) => {
    const ctx = exigir(req, 'view', 'consultar notas de serviço');
    const f = filtro(req, ctx);
    return db.tenant(ctx, async (q) => (await q.query(`SELECT * FROM notas_servico WHERE ${f.where} ORDER BY data_emissao DESC, id DESC LIMIT ${f.limit} OFFSET ${f.skip}`, f.params)).rows.map(notaServicoOut));
  });
  app.get('/api/NotasServico/count', op('Quantas NFS-e o filtro encontra', objectOf({ count: INT }), { querystring: filtroQuery }), async (req) => {
    const ctx = exigir(req, 'view', 'consultar notas de serviço');
    const f = filtro(req, ctx);
    return db.tenant(ctx, async (q) => ({ count: Number((await q.query(`SELECT count(*)::int AS n FROM notas_servico WHERE ${f.where}`, f.params)).rows[0].n) }));
  });
  app.get('/api/NotasServico/:id', op('Uma NFS-e, com seus eventos'), async (req) => {
    const ctx = exigir(req, 'view', 'consultar notas de serviço');
    return db.tenant(ctx, async (q) => {
      const nota = notaServicoOut(await lerNotaServico(q, ctx, idDe(req)));
      const ev = await q.query(`SELECT tipo, codigo_motivo, motivo, created_at FROM notas_servico_eventos WHERE tenant_id = $1 AND nota_id = $2 ORDER BY id`, [ctx.tenantId, nota.id]);
      return { ...nota, eventos: ev.rows.map((e) => ({ tipo: e.tipo, codigoMotivo: e.codigo_motivo, motivo: e.motivo, data: new Date(e.created_at).toISOString() })) };
    });
  });
  app.get('/api/NotasServico/:id/xml', op('XML da NFS-e autorizada', nota, { response: { 200: fileAnswer('XML', 'application/xml'), ...adn } }), async (req, reply) => {
    const ctx = exigir(req, 'view', 'consultar notas de serviço');
    const { nome, xml } = await db.tenant(ctx, (q) => xmlDaNotaServico(services, q, ctx, idDe(req)));
    return reply.header('Content-Type', 'application/xml; charset=utf-8').header('Content-Disposition', `attachment; filename="${nome}"`).send(xml);
  });
  app.get('/api/NotasServico/:id/danfse', op('DANFSe em PDF', nota, { response: { 200: fileAnswer('PDF', 'application/pdf'), ...adn } }), async (req, reply) => {
    const ctx = exigir(req, 'view', 'consultar notas de serviço');
    const { nome, pdf } = await db.tenant(ctx, (q) => danfseDaNotaServico(services, q, ctx, idDe(req)));
    return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${nome}"`).send(pdf);
  });
  app.post('/api/NotasServico/:id/cancelar', op('Cancela (evento e101101): motivo 1 erro na emissão, 2 serviço não prestado, 9 outros; justificativa de 15 a 255 caracteres', nota, { body: checkedByHandler(objectOf({ motivo: { enum: [1, 2, 9] }, justificativa: { type: 'string', minLength: 15, maxLength: 255 } }, ['justificativa'])) }), async (req) => {
    const ctx = exigir(req, 'full', 'cancelar notas de serviço');
    return cancelarNfse(services, ctx, idDe(req), req.body);
  });
}
