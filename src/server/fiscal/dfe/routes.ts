import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../app-services.ts';
import { serverAllows } from '../../auth/access.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { LevelName } from '../../../shared/permissions.ts';
import { forbidden } from '../../http/errors.ts';
import { TEXT, withQuery } from '../../http/input-schemas.ts';
import { parseId } from '../../resources/resource-service.ts';
import type { CtxEmissao } from '../emissao/notas.ts';
import { consultarDfe, eventosDfe, listarDfe, manifestar, situacaoDfe, xmlCompleto } from './manifestacoes.ts';

/** Permission of pages/nfe/manifestacoes (SPEC 2.6). */
export const CHAVE_MANIFESTACAO = 'app.permissao.manifestacao';

function exigir(req: FastifyRequest, nivel: LevelName, acao: string): CtxEmissao & RequestContext {
  const ctx = req.ctx!;
  if (!serverAllows(ctx, CHAVE_MANIFESTACAO, nivel)) throw forbidden(`Você não tem permissão para ${acao}.`);
  return ctx as CtxEmissao & RequestContext;
}
const idDe = (req: FastifyRequest) => parseId((req.params as { id: string }).id);
const nfe = { config: { module: 'nfe' } };

/** /api/Manifestacoes: the NF-e issued against the branch (distribution DF-e) and the manifestação on each. */
export default async function dfeRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  app.get('/api/Manifestacoes', withQuery({ manifestacao: TEXT, emitente: TEXT }, [], nfe), async (req) => {
    const ctx = exigir(req, 'view', 'consultar as notas emitidas contra a empresa');
    const qs = req.query as Record<string, string | undefined>;
    return db.tenant(ctx, (q) => listarDfe(q, ctx, { manifestacao: qs.manifestacao || undefined, emitente: qs.emitente?.trim() || undefined }));
  });
  app.get('/api/Manifestacoes/situacao', nfe, async (req) => {
    const ctx = exigir(req, 'view', 'consultar as notas emitidas contra a empresa');
    return db.tenant(ctx, (q) => situacaoDfe(q, ctx));
  });
  app.post('/api/Manifestacoes/consultar-sefaz', nfe, async (req) => consultarDfe(services, exigir(req, 'change', 'consultar a SEFAZ')));
  app.post('/api/Manifestacoes/:id/manifestar', nfe, async (req) => manifestar(services, exigir(req, 'change', 'manifestar notas fiscais'), idDe(req), req.body));
  app.get('/api/Manifestacoes/:id/eventos', nfe, async (req) => {
    const ctx = exigir(req, 'view', 'consultar as notas emitidas contra a empresa');
    return db.tenant(ctx, (q) => eventosDfe(q, ctx, idDe(req)));
  });
  app.get('/api/Manifestacoes/:id/xml', nfe, async (req, reply) => {
    const ctx = exigir(req, 'view', 'baixar o XML das notas emitidas contra a empresa');
    const x = await xmlCompleto(services, ctx, idDe(req));
    return reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${x.nome}"`).send(x.xml);
  });
}
