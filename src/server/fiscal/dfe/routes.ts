import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../app-services.ts';
import { serverAllows } from '../../auth/access.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { LevelName } from '../../../shared/permissions.ts';
import { forbidden } from '../../http/errors.ts';
import { TEXT, withQuery } from '../../http/input-schemas.ts';
import { answer, checkedByHandler, fileAnswer } from '../../http/route-schema.ts';
import { parseId } from '../../resources/crud.ts';
import type { CtxEmissao } from '../emissao/notas.ts';
import { consultarDfe, eventosDfe, JOB_MANIFESTACAO, listarDfe, manifestar, resolverManifestacoesPendentes, situacaoDfe, xmlCompleto } from './manifestacoes.ts';

/** Permission of pages/nfe/manifestacoes (SPEC 2.6). */
export const CHAVE_MANIFESTACAO = 'app.permissao.manifestacao';

function exigir(req: FastifyRequest, nivel: LevelName, acao: string): CtxEmissao & RequestContext {
  const ctx = req.ctx!;
  if (!serverAllows(ctx, CHAVE_MANIFESTACAO, nivel)) throw forbidden(`Você não tem permissão para ${acao}.`);
  return ctx as CtxEmissao & RequestContext;
}
const idDe = (req: FastifyRequest) => parseId((req.params as { id: string }).id);
const config = { module: 'nfe' };
const tags = ['Manifestação do destinatário'];
const obj = { type: 'object', additionalProperties: true };
const nota = { type: 'object', properties: { id: { type: 'integer' }, chave: { type: 'string' }, emitenteCnpj: { type: 'string' }, emitenteNome: { type: 'string' }, valor: { type: 'string' }, dataEmissao: { type: ['string', 'null'] }, situacaoNfe: { enum: ['autorizada', 'denegada', 'cancelada'] }, manifestacao: { enum: ['pendente', 'ciencia', 'confirmada', 'desconhecida', 'nao_realizada'] }, transmitindo: { enum: ['ciencia', 'confirmacao', 'desconhecimento', 'naoRealizada', null] }, xmlCompleto: { type: 'boolean' }, entradaId: { type: ['integer', 'null'] } } };
/** The answers every call here may give beside its own: the note's state, the SEFAZ asking to wait, the SEFAZ down. */
const sefaz = { 409: answer('Situação da nota não permite'), 429: answer('A SEFAZ pediu para aguardar (137/656): a mensagem diz o horário liberado'), 503: answer('SEFAZ indisponível') };
const op = (summary: string, resposta: Record<string, unknown> = obj, extra: Record<string, unknown> = {}) => ({ config, schema: { tags, summary, ...extra, response: { 200: answer('OK', resposta), ...sefaz } } });

/** /api/Manifestacoes: the NF-e issued against the branch (distribution DF-e) and the manifestação on each. */
export default async function dfeRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db } = services;
  // The job of each manifestação (enqueued by its transaction 1): settled by the note's key when its own call did not
  // record an answer; still unreachable, it fails and the queue tries again later (backoff; the admin list shows it).
  services.jobs?.register<{ tenantId: number; id: number }>(JOB_MANIFESTACAO, async (p) => {
    const r = await resolverManifestacoesPendentes(services, -60_000, { tenantId: Number(p.tenantId), id: Number(p.id) });
    if (r.aguardando) throw new Error('A SEFAZ ainda não respondeu sobre a manifestação: nova consulta pela chave da nota mais tarde.');
  });
  // Once at start: manifestações a crash left 'transmitindo' (this process has none in flight yet) are settled by the
  // note's key: adopted when SEFAZ registered them, sent again with the same XML when unknown there.
  app.addHook('onReady', async () => {
    void resolverManifestacoesPendentes(services, 0).catch((e) => app.log.warn(`resolverManifestacoesPendentes: ${(e as Error).message}`));
  });
  app.get('/api/Manifestacoes', withQuery({ manifestacao: TEXT, emitente: TEXT }, [], op('Notas emitidas contra a filial (query: manifestacao, emitente)', { type: 'array', items: nota })), async (req) => {
    const ctx = exigir(req, 'view', 'consultar as notas emitidas contra a empresa');
    const qs = req.query as Record<string, string | undefined>;
    return db.tenant(ctx, (q) => listarDfe(q, ctx, { manifestacao: qs.manifestacao || undefined, emitente: qs.emitente?.trim() || undefined }));
  });
  app.get('/api/Manifestacoes/situacao', op('Último NSU lido, maior NSU e até quando a SEFAZ pediu para aguardar'), async (req) => {
    const ctx = exigir(req, 'view', 'consultar as notas emitidas contra a empresa');
    return db.tenant(ctx, (q) => situacaoDfe(q, ctx));
  });
  app.post('/api/Manifestacoes/consultar-sefaz', op('Distribuição DF-e por NSU para o CNPJ da filial, respeitando a espera pedida pela SEFAZ (137/656)'), async (req) => consultarDfe(services, exigir(req, 'change', 'consultar a SEFAZ')));
  app.post('/api/Manifestacoes/:id/manifestar', op('Ciência, confirmação, desconhecimento ou operação não realizada (justificativa de 15 a 255), assinada e enviada ao Ambiente Nacional', obj, { body: checkedByHandler({ type: 'object', required: ['tipo'], properties: { tipo: { enum: ['ciencia', 'confirmacao', 'desconhecimento', 'naoRealizada'] }, justificativa: { type: 'string', minLength: 15, maxLength: 255 } } }) }), async (req) => manifestar(services, exigir(req, 'change', 'manifestar notas fiscais'), idDe(req), req.body));
  app.get('/api/Manifestacoes/:id/eventos', op('Manifestações registradas na nota', { type: 'array', items: obj }), async (req) => {
    const ctx = exigir(req, 'view', 'consultar as notas emitidas contra a empresa');
    return db.tenant(ctx, (q) => eventosDfe(q, ctx, idDe(req)));
  });
  app.get('/api/Manifestacoes/:id/xml', { config, schema: { tags, summary: 'XML completo (nfeProc), depois da ciência', response: { 200: fileAnswer('XML', 'application/xml'), ...sefaz } } }, async (req, reply) => {
    const ctx = exigir(req, 'view', 'baixar o XML das notas emitidas contra a empresa');
    const x = await xmlCompleto(services, ctx, idDe(req));
    return reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${x.nome}"`).send(x.xml);
  });
}
