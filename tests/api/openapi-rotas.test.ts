import Fastify, { type FastifyInstance } from 'fastify';
import { installParamSchemas, type DeclaredRoute } from '../../src/server/http/input-schemas.ts';
import { answer, checkedByHandler } from '../../src/server/http/route-schema.ts';
import { addDeclaredRoutes, openApiPath } from '../../src/server/openapi/routes.ts';
import { BACKENDS, startTestServer, type TestServer } from '../support/server.ts';

/**
 * Issue 35 item 6: a route carries its own description (its `schema`, route-schema.ts) and /api/openapi.json is
 * read from the routes, so no route is missing from the document and none is described by a file beside it.
 */
type Paths = Record<string, Record<string, { summary?: string; parameters?: { name: string; in: string }[]; requestBody?: unknown; responses?: Record<string, unknown> }>>;

/** Every route of the server with its methods, from Fastify's own route tree (not from the hook the document reads). */
function registeredRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    stack.length = m[1].length / 4;
    stack.push(m[2]);
    if (m[3]) for (const method of m[3].split(', ')) if (method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, url: stack.join('') });
  }
  return out.filter((r) => r.url.startsWith('/api/'));
}

/**
 * Routes of modules whose calls do not describe themselves yet (no summary on their routes): each prefix must still
 * have one such route (so the list only shrinks), and no route outside them may lack its description.
 */
const AINDA_SEM_DESCRICAO = [
  '/api/Admin/', '/api/Boletos/', '/api/ConfigWhiteLabels', '/api/contabil/',
  '/api/Usuarios', '/api/pix/',
  '/api/reset-password',
];

/**
 * What the document lacks: routes of the server missing from it (method and path) and operations without a summary
 * outside the listed prefixes. Hidden routes (schema.hide) stay out; a route with pathValues is one path per value.
 */
function faltas(paths: Paths, registered: { method: string; url: string }[], declared: DeclaredRoute[], pendentes: string[]) {
  const declaredOf = new Map(declared.map((r) => [`${r.method} ${r.url}`, r]));
  const ausentes: string[] = [];
  const semDescricao: string[] = [];
  for (const { method, url } of registered) {
    const d = declaredOf.get(`${method} ${url}`);
    if (d?.schema.hide) continue;
    let urls = [url];
    for (const [name, values] of Object.entries(d?.schema.pathValues ?? {})) urls = urls.flatMap((u) => values.map((v) => u.replace(`:${name}`, v)));
    for (const u of urls) {
      const op = paths[openApiPath(u)]?.[method.toLowerCase()];
      if (!op) ausentes.push(`${method} ${u}`);
      else if (!op.summary && !pendentes.some((p) => u.startsWith(p))) semDescricao.push(`${method} ${u}`);
    }
  }
  return { ausentes, semDescricao };
}

describe('the check itself', () => {
  it('names a route missing from the document and a route without its description', async () => {
    const app = Fastify();
    installParamSchemas(app);
    app.get('/api/Teste/descrita/:id', { schema: { summary: 'Uma rota descrita', response: { 200: answer('Ok') } } }, async () => ({}));
    app.post('/api/Teste/sem-descricao', async () => ({}));
    app.post('/api/Teste/oculta', { schema: { hide: true } }, async () => ({}));
    await app.ready();
    const paths: Paths = {};
    addDeclaredRoutes(paths, app.declaredRoutes);
    expect(faltas(paths, registeredRoutes(app), app.declaredRoutes, [])).toEqual({ ausentes: [], semDescricao: ['POST /api/Teste/sem-descricao'] });
    // A route the document does not hold (a module's own list of paths that forgot one) is named.
    delete paths['/api/Teste/descrita/{id}'];
    expect(faltas(paths, registeredRoutes(app), app.declaredRoutes, []).ausentes).toEqual(['GET /api/Teste/descrita/:id']);
    await app.close();
  });

  it('a body the handler checks is described but not validated by Fastify; an unmarked body is validated', async () => {
    const app = Fastify();
    installParamSchemas(app);
    const corpo = { type: 'object', required: ['nome'], properties: { nome: { type: 'string' } } };
    app.post('/api/Teste/handler', { schema: { summary: 'O handler confere', body: checkedByHandler(corpo) } }, async (req) => ({ recebido: req.body }));
    app.post('/api/Teste/fastify', { schema: { summary: 'O Fastify confere', body: corpo } }, async (req) => ({ recebido: req.body }));
    await app.ready();
    expect((await app.inject({ method: 'POST', url: '/api/Teste/handler', payload: { outro: 1 } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/Teste/fastify', payload: { outro: 1 } })).statusCode).toBe(400);
    const paths: Paths = {};
    addDeclaredRoutes(paths, app.declaredRoutes);
    expect(paths['/api/Teste/handler'].post.requestBody).toEqual({ required: true, content: { 'application/json': { schema: corpo } } });
    await app.close();
  });
});

describe.each(BACKENDS)('OpenAPI from the routes on %s', (backend) => {
  let srv: TestServer;
  let paths: Paths;

  beforeAll(async () => {
    srv = await startTestServer(backend);
    paths = (await srv.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
  }, 120_000);
  afterAll(async () => srv?.close());

  it('every registered /api route is in the document with its method, and described outside the modules still to convert', () => {
    const registered = registeredRoutes(srv.app);
    expect(registered.length).toBeGreaterThan(600);
    const { ausentes, semDescricao } = faltas(paths, registered, srv.app.declaredRoutes, AINDA_SEM_DESCRICAO);
    expect(ausentes).toEqual([]);
    expect(semDescricao).toEqual([]);
    // The list of modules still to convert only shrinks: each prefix still has an undescribed route.
    const hidden = new Set(srv.app.declaredRoutes.filter((r) => r.schema.hide).map((r) => `${r.method} ${r.url}`));
    const semResumo = registered.filter((r) => !hidden.has(`${r.method} ${r.url}`) && !paths[openApiPath(r.url)]?.[r.method.toLowerCase()]?.summary).map((r) => r.url);
    const convertidos = AINDA_SEM_DESCRICAO.filter((p) => !semResumo.some((u) => u.startsWith(p)));
    expect(convertidos, 'prefixos já descritos: tire-os de AINDA_SEM_DESCRICAO').toEqual([]);
  });

  it('a converted route shows what it declares: summary, query values, body and answers', () => {
    const baixar = paths['/api/Parcelas/{id}/baixar'].post;
    expect(baixar.summary).toMatch(/^Baixa total ou parcial/);
    expect(baixar.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(baixar.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { required: ['contaId', 'data'] } } } });
    expect(Object.keys(baixar.responses!)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    const disponibilidade = paths['/api/PedidosVenda/disponibilidade'].get;
    expect(disponibilidade.parameters).toEqual([expect.objectContaining({ name: 'produtoIds', in: 'query', required: true, description: 'ids separados por vírgula (até 1000)' })]);
    // A report route with a name in its path: one path per report.
    for (const nome of ['fluxo-caixa', 'contas-pagar', 'contas-receber', 'extrato', 'dre']) expect(paths[`/api/RelatoriosFinanceiros/${nome}`]?.get?.summary, nome).toBeTruthy();
    // Hidden: the verbs a read-only resource refuses and the generic transition route.
    expect(Object.keys(paths['/api/PrecosHistorico/{id}'])).toEqual(['get']);
    expect(paths['/api/PedidosVenda/{id}/{transicao}']).toBeUndefined();
  });
});
