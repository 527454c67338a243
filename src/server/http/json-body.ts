import type { FastifyInstance } from 'fastify';

/**
 * SPEC 7: every request carries a JSON content type, whatever its verb. A DELETE (or a GET, or a PATCH with
 * nothing to change) sends that header with no body: an empty body is "no body", never a 400, so the route
 * answers as it would without the header (and a caller without the permission gets the 403, not a 400).
 * Anything else goes to Fastify's own parser (prototype-poisoning checks included).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const standard = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    return standard(req, String(body), done);
  });
}
