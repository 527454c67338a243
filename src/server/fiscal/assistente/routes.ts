import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../app-services.ts';
import { serverAllows } from '../../auth/access.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { LevelName } from '../../../shared/permissions.ts';
import { forbidden } from '../../http/errors.ts';
import { answer, checkedByHandler, INT, objectOf } from '../../http/route-schema.ts';
import { CHAVES_NFE } from '../emissao/routes.ts';
import type { CtxEmissao } from '../emissao/notas.ts';
import { emitirNotaTeste, situacaoAssistente } from './assistente.ts';

function exigir(req: FastifyRequest, nivel: LevelName, acao: string): CtxEmissao & RequestContext {
  const ctx = req.ctx!;
  if (!serverAllows(ctx, CHAVES_NFE.configuracao, nivel)) throw forbidden(`Você não tem permissão para ${acao}.`);
  return ctx as CtxEmissao & RequestContext;
}

/**
 * Assistente fiscal (Configurações > Fiscal): the situation of each step, and the first test note. The steps
 * themselves save through the screens' own APIs (Empresas, CertificadosDigitais, ConfiguracoesNfe).
 */
export default async function assistenteRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const fiscal = { config: { module: 'fiscal' } };
  app.get('/api/AssistenteFiscal', { ...fiscal, schema: { tags: ['NF-e'], summary: 'Assistente fiscal: situação de cada passo (regime, certificado, séries, CSC, nota de teste) da filial', response: { 200: answer('Passos') } } }, async (req) => {
    const ctx = exigir(req, 'view', 'usar o assistente fiscal');
    return services.db.tenant(ctx, (q) => situacaoAssistente(services, q, ctx));
  });
  app.post('/api/AssistenteFiscal/notaTeste', { ...fiscal, schema: { tags: ['NF-e'], summary: 'Emite a nota de teste do assistente em homologação (um item, sem estoque nem financeiro)', body: checkedByHandler(objectOf({ clienteId: INT, produtoId: INT })), response: { 200: answer('Resultado da transmissão'), 409: answer('Situação da nota não permite'), 503: answer('SEFAZ indisponível') } } }, async (req) => {
    const ctx = exigir(req, 'change', 'emitir a nota de teste');
    if (!serverAllows(ctx, CHAVES_NFE.emitir, 'change')) throw forbidden('Você não tem permissão para emitir NF-e.');
    return emitirNotaTeste(services, ctx, (req.body ?? {}) as Record<string, unknown>);
  });
}
