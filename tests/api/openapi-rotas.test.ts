import Fastify, { type FastifyInstance } from 'fastify';
import { installParamSchemas, type DeclaredRoute } from '../../src/server/http/input-schemas.ts';
import { answer, checkedByHandler, exactAnswer } from '../../src/server/http/route-schema.ts';
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
 * What the document lacks: routes of the server missing from it (method and path) and operations without a summary.
 * Hidden routes (schema.hide) stay out; a route with pathValues is one path per value.
 */
function faltas(paths: Paths, registered: { method: string; url: string }[], declared: DeclaredRoute[]) {
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
      else if (!op.summary) semDescricao.push(`${method} ${u}`);
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
    expect(faltas(paths, registeredRoutes(app), app.declaredRoutes)).toEqual({ ausentes: [], semDescricao: ['POST /api/Teste/sem-descricao'] });
    // A route the document does not hold (a module's own list of paths that forgot one) is named.
    delete paths['/api/Teste/descrita/{id}'];
    expect(faltas(paths, registeredRoutes(app), app.declaredRoutes).ausentes).toEqual(['GET /api/Teste/descrita/:id']);
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

describe('an exact answer (exactAnswer)', () => {
  it('is serialised by Fastify with its schema: a property it does not declare is dropped, a declared one kept; answer() leaves the body alone', async () => {
    const app = Fastify();
    installParamSchemas(app);
    const usuario = { type: 'object', required: ['id', 'nome'], properties: { id: { type: 'integer' }, nome: { type: 'string' }, telefone: { type: ['string', 'null'] } } };
    const linha = { id: 7, nome: 'Ana', telefone: null, senha_hash: 'scrypt$segredo' };
    app.get('/api/Teste/exata', { schema: { summary: 'Resposta exata', response: { 200: exactAnswer('O usuário', usuario) } } }, async () => linha);
    app.get('/api/Teste/descrita', { schema: { summary: 'Resposta só descrita', response: { 200: answer('O usuário', usuario) } } }, async () => linha);
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/Teste/exata' })).json()).toEqual({ id: 7, nome: 'Ana', telefone: null });
    expect((await app.inject({ method: 'GET', url: '/api/Teste/descrita' })).json()).toEqual(linha);
    // The document shows both the same way.
    const paths: Paths = {};
    addDeclaredRoutes(paths, app.declaredRoutes);
    expect(paths['/api/Teste/exata'].get.responses!['200']).toEqual({ description: 'O usuário', content: { 'application/json': { schema: usuario } } });
    expect(paths['/api/Teste/exata'].get.responses!['200']).toEqual(paths['/api/Teste/descrita'].get.responses!['200']);
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

  it('every registered /api route is in the document with its method and its description', () => {
    const registered = registeredRoutes(srv.app);
    expect(registered.length).toBeGreaterThan(600);
    expect(faltas(paths, registered, srv.app.declaredRoutes)).toEqual({ ausentes: [], semDescricao: [] });
  });

  it('a route declared with an exact answer is serialised by its schema: the user record carries exactly its declared fields', async () => {
    const usuarios = paths['/api/Usuarios/{id}'].get.responses!['200'] as { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    const declarados = Object.keys(usuarios.content['application/json'].schema.properties).sort();
    const login = await srv.app.inject({ method: 'POST', url: '/api/Usuarios/login', payload: { email: 'admin@demo.com.br', password: 'demo1234' } });
    expect(login.statusCode).toBe(200);
    const token = login.json().id as string;
    const res = await srv.app.inject({ method: 'GET', url: `/api/Usuarios/${login.json().userId}`, headers: { authorization: token } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(declarados);
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
