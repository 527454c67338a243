import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { parseId } from '../resources/crud.ts';
import { TIPOS, type TipoDocumento } from '../../shared/transmissoes.ts';
import { agirSobreDocumento, listarDocumentosEmTransmissao } from './documentos.ts';

/** The NF-e module's key for the processed notes: who reads the notes sees and settles what is still in transmission. */
export const CHAVE_TRANSMISSOES = 'app.permissao.nota';


export default async function transmissoesRoutes(app: FastifyInstance, opts: { services: AppServices }): Promise<void> {
  const { services } = opts;
  app.get('/api/DocumentosTransmissao', { schema: { summary: 'Documentos fiscais da filial ainda em transmissão' } }, async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, CHAVE_TRANSMISSOES, 'view')) throw forbidden('Você não tem permissão para consultar os documentos em transmissão.');
    return listarDocumentosEmTransmissao(services, ctx);
  });
  for (const acao of ['consultar', 'transmitir'] as const) {
    app.post<{ Params: { tipo: TipoDocumento; id: string } }>(`/api/DocumentosTransmissao/:tipo/:id/${acao}`, { schema: { summary: acao === 'consultar' ? 'Consulta na SEFAZ a situação de um documento em transmissão' : 'Transmite de novo um documento que ficou em transmissão' } }, async (req) => {
      const ctx = req.ctx!;
      if (!(TIPOS as readonly string[]).includes(req.params.tipo)) throw notFound('Documento não encontrado.');
      if (!serverAllows(ctx, CHAVE_TRANSMISSOES, 'change')) throw forbidden('Você não tem permissão para consultar documentos na SEFAZ.');
      return agirSobreDocumento(services, ctx, req.params.tipo, parseId(req.params.id), acao);
    });
  }
}
