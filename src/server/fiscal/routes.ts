import type { FastifyInstance } from 'fastify';
import { serverAllows } from '../auth/access.ts';
import { HttpError, badRequest, forbidden } from '../http/errors.ts';

const UM_MB = 1024 * 1024;

/**
 * SPEC 6 key of the XML validation: it serves the purchase-entry screen (Compras > Entrada de nota fiscal),
 * which imports the supplier's NF-e, so it asks what registering an entry asks (app.nfeentrada, change).
 */
export const CHAVE_VALIDAR_XML = 'app.nfeentrada';
export const SEM_PERMISSAO_VALIDAR_XML = 'Você não tem permissão para validar XML de nota fiscal.';

/** Fiscal routes. Authentication is added globally by the app, not here. */
export default async function fiscalRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string', bodyLimit: UM_MB }, (_req, body, done) => done(null, body));

  app.post(
    '/api/NotasFiscais/validar-xml',
    {
      bodyLimit: UM_MB,
      schema: {
        tags: ['NF-e'],
        summary: 'Valida um XML de NF-e/NFC-e (corpo application/xml, até 1 MB) contra o XSD oficial e a assinatura; erros por caminho',
        response: {
          200: {
            type: 'object',
            required: ['valido', 'modelo', 'chave', 'erros'],
            properties: {
              valido: { type: 'boolean' },
              modelo: { type: ['string', 'null'] },
              chave: { type: ['string', 'null'] },
              tipo: { type: ['string', 'null'] },
              erros: {
                type: 'array',
                items: { type: 'object', required: ['caminho', 'mensagem'], properties: { caminho: { type: 'string' }, mensagem: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
    async (req) => {
      if (!req.ctx || !serverAllows(req.ctx, CHAVE_VALIDAR_XML, 'change')) throw forbidden(SEM_PERMISSAO_VALIDAR_XML);
      const ct = String(req.headers['content-type'] ?? '');
      if (!/^(application|text)\/xml\b/.test(ct)) throw new HttpError(415, 'Envie o XML com Content-Type application/xml.');
      const xml = typeof req.body === 'string' ? req.body : '';
      // The XML engine (parser, XSD, signatures) is loaded by the first validation, not at start.
      const { validarXmlFiscal, XmlMalFormadoError } = await import('./validar-xml.ts');
      try {
        return await validarXmlFiscal(xml);
      } catch (e) {
        if (e instanceof XmlMalFormadoError) {
          throw badRequest(e.message, [{ path: '', mensagem: e.message, linha: e.linha, coluna: e.coluna }]);
        }
        throw e;
      }
    },
  );
}
