import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { resourceSuite } from '../support/resource-suite.ts';
import { standaloneCrudDocs } from '../support/samples.ts';
import { ResourceRegistry } from '../../src/server/resources/registry.ts';

/** One CRUD suite generated from every resource document, on every backend. */
const registry = ResourceRegistry.load();
// Read-only documents and those whose records need a parent record first have suites of their own.
const docs = standaloneCrudDocs([...registry.byName.values()].map((d) => d.doc));

describe.each(BACKENDS)('generic resource API on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let demo: string;
  let vizinha: string;

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    demo = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
  });
  afterAll(async () => srv?.close());

  describe.each(docs)('$endpoint', (doc) => resourceSuite(doc, () => ({ app, demo, vizinha })));
});
