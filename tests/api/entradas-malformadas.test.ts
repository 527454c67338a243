import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

/**
 * Issue 41, items 9 and 10: every call of the OpenAPI document (and every route with a path parameter) answers a
 * malformed value with a Portuguese 400 and never a 500, and every list reads its filter like the generic API.
 */
type Param = { name: string; in: string; required?: boolean; schema?: { type?: string; enum?: string[] } };
type Operation = { parameters?: Param[] };
type OpenApi = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** Values no id may take: not a number, an injection, beyond int4, zero, negative, a fraction. */
const BAD_IDS = ['abc', '1 OR 1=1', '99999999999999999999', '0', '-1', '1.5'];
/** Values a text parameter gets: broken JSON, a quote, a like wildcard, a very long text. */
const BAD_TEXTS = ['{"where":', "x' OR '1'='1", '%', '[]', 'x'.repeat(3000)];

/** A valid-looking value for a parameter that is not the one under test. */
function sample(p: Param): string {
  if (p.schema?.enum?.length) return String(p.schema.enum[0]);
  if (p.schema?.type === 'integer' || p.schema?.type === 'number') return '1';
  if (/^(de|ate|data|desde|inicio|fim)$/i.test(p.name)) return '2026-01-01';
  if (/Ids$/.test(p.name)) return '1';
  return 'x';
}

const operations = (doc: OpenApi) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ path, method: method.toUpperCase(), params: (op.parameters ?? []) as Param[] })),
  );

function urlOf(path: string, params: Param[], values: Record<string, string>): string {
  let url = path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? '1'));
  const qs = params.filter((p) => p.in === 'query' && values[p.name] !== undefined).map((p) => `${p.name}=${encodeURIComponent(values[p.name])}`);
  if (qs.length) url += `?${qs.join('&')}`;
  return url;
}

/** Every route of the server with its methods, from Fastify's route tree (the calls outside the OpenAPI document too). */
function registeredRoutes(app: FastifyInstance): { url: string; methods: string[] }[] {
  const out: { url: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    if (m[3]) out.push({ url: stack.join(''), methods: m[3].split(', ').filter((x) => x !== 'HEAD' && x !== 'OPTIONS') });
  }
  return out;
}

describe.each(BACKENDS)('malformed input on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let doc: OpenApi;
  const call = (method: string, url: string, payload?: unknown) =>
    app.inject({ method: method as any, url, headers: { host: 'localhost', authorization: admin, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, payload: payload as any });

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    doc = (await call('GET', '/api/openapi.json')).json();
  }, 120_000);
  afterAll(async () => srv?.close());

  /** A 400 whose message is Portuguese and names no server path or internal detail. */
  const expect400 = (r: { statusCode: number; body: string }, what: string) => {
    expect(r.statusCode, `${what}: ${r.body}`).toBe(400);
    const message = JSON.parse(r.body).error.message as string;
    expect(message, what).not.toMatch(/must be|should be|querystring\/|params\/|\/src\/|node_modules|\.ts\b/);
  };

  it('the cases found outside: PDV catalogue, cash-flow and statement reports, the alerts list answer 400', async () => {
    for (const pdvId of ['abc', '1 OR 1=1', '99999999999999999999']) expect400(await call('GET', `/api/Pdv/catalogo?pdvId=${encodeURIComponent(pdvId)}`), `catalogo pdvId=${pdvId}`);
    const missing = await call('GET', '/api/Pdv/catalogo');
    expect400(missing, 'catalogo sem pdvId');
    expect(missing.json().error.message).toBe('Parâmetro inválido na consulta: pdvId: Campo Obrigatório.');
    const huge = await call('GET', '/api/RelatoriosFinanceiros/fluxo-caixa?de=2026-01-01&ate=2026-01-31&contaId=99999999999999999999');
    expect400(huge, 'fluxo-caixa contaId');
    expect(huge.json().error).toMatchObject({ message: 'Parâmetro inválido na consulta: contaId: Valor máximo: 2147483647.', details: [{ path: '/contaId', campo: 'contaId', mensagem: 'Valor máximo: 2147483647' }] });
    expect400(await call('GET', '/api/RelatoriosFinanceiros/extrato?de=2026-01-01&ate=2026-01-31&contaId=99999999999999999999'), 'extrato contaId');
    const abc = await call('GET', '/api/RelatoriosFinanceiros/extrato?de=2026-01-01&ate=2026-01-31&contaId=abc');
    expect400(abc, 'extrato contaId=abc');
    expect(abc.json().error.message).toBe('Parâmetro inválido na consulta: contaId: Informe um número inteiro.');
    const broken = await call('GET', `/api/Alerta?filter=${encodeURIComponent('{"where":')}`);
    expect400(broken, 'Alerta filtro quebrado');
    expect(broken.json().error.message).toBe("O parâmetro 'filter' não é um JSON válido.");
    // A path id beyond int4 on a route written by hand.
    const id = await call('GET', '/api/Pdv/caixas/99999999999999999999');
    expect400(id, 'caixa id');
    expect(id.json().error.message).toBe('Parâmetro inválido no endereço: id: Valor máximo: 2147483647.');
  });

  it('no two resources share a component of the OpenAPI document', () => {
    const owners = new Map<string, Set<string>>();
    for (const [path, item] of Object.entries(doc.paths)) {
      const resource = path.split('/')[2];
      for (const ref of JSON.stringify(item).matchAll(/#\/components\/schemas\/([^"]+)/g)) {
        if (ref[1] === 'Error') continue;
        const name = ref[1].replace(/Entrada$/, '');
        if (!owners.has(name)) owners.set(name, new Set());
        owners.get(name)!.add(resource);
      }
    }
    const shared = [...owners].filter(([, r]) => r.size > 1).map(([c, r]) => `${c}: ${[...r].join(', ')}`);
    expect(shared).toEqual([]);
    const ref = (p: string) => (doc.paths[p].get as any).responses['200'].content['application/json'].schema.items.$ref as string;
    expect(ref('/api/FormasPagamentoFinanceiro')).not.toBe(ref('/api/FormasPagamentoPdv'));
    // Every referenced component exists.
    for (const name of owners.keys()) expect(doc.components.schemas, name).toHaveProperty(name);
  });

  it('every list of the OpenAPI document refuses an unknown field in its filter with the generic API rule', async () => {
    // A list: a GET with a filter and no path parameter (GET /x/{id} reads one record: its filter has no where).
    const lists = operations(doc).filter((o) => o.method === 'GET' && !o.path.includes('{') && o.params.some((p) => p.name === 'filter' && p.in === 'query'));
    expect(lists.map((l) => l.path)).toEqual(expect.arrayContaining(['/api/Lancamentos', '/api/MovimentosFinanceiros', '/api/Clientes', '/api/Alerta', '/api/PedidosVenda']));
    const failures: string[] = [];
    for (const op of lists) {
      const values: Record<string, string> = {};
      for (const p of op.params) if (p.required) values[p.name] = sample(p);
      values.filter = JSON.stringify({ where: { campoQueNaoExiste: 'entradaNota' } });
      const r = await call('GET', urlOf(op.path, op.params, values));
      const message = r.statusCode === 400 ? (r.json().error.message as string) : '';
      if (r.statusCode !== 400 || message !== 'Campo desconhecido no filtro: campoQueNaoExiste') failures.push(`${op.path}: ${r.statusCode} ${r.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('Lançamentos filter by any of their fields (origemTipo), not only tipo and status', async () => {
    const all = (await call('GET', '/api/Lancamentos?filter=' + encodeURIComponent(JSON.stringify({ limit: 1000 })))).json() as { origemTipo: string | null; tipo: number }[];
    const origens = [...new Set(all.map((l) => l.origemTipo))];
    expect(all.length).toBeGreaterThan(1);
    expect(origens.length, JSON.stringify(origens)).toBeGreaterThan(1);
    const origem = origens.find((o) => o !== null)!;
    const only = (await call('GET', '/api/Lancamentos?filter=' + encodeURIComponent(JSON.stringify({ where: { origemTipo: origem }, limit: 1000 })))).json() as { origemTipo: string }[];
    expect(only.length).toBe(all.filter((l) => l.origemTipo === origem).length);
    expect(new Set(only.map((l) => l.origemTipo))).toEqual(new Set([origem]));
    // tipo keeps its own rule beside the generic fields.
    const despesas = (await call('GET', '/api/Lancamentos?filter=' + encodeURIComponent(JSON.stringify({ where: { tipo: 1, origemTipo: origem }, limit: 1000 })))).json() as { tipo: number; origemTipo: string }[];
    expect(despesas.every((l) => l.tipo === 1 && l.origemTipo === origem)).toBe(true);
    expect400(await call('GET', '/api/Lancamentos?filter=' + encodeURIComponent(JSON.stringify({ where: { origemId: 'abc' } }))), 'origemId texto');
  });

  it('every path parameter of every route (OpenAPI document and the rest) refuses a malformed id with a 400', async () => {
    const failures: string[] = [];
    const routes = [
      ...operations(doc).map((o) => ({ url: o.path.replace(/\{([^}]+)\}/g, ':$1'), methods: [o.method] })),
      ...registeredRoutes(app).filter((r) => r.url.startsWith('/api/')),
    ];
    const seen = new Set<string>();
    for (const { url, methods } of routes) {
      const names = [...url.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]);
      const ids = names.filter((n) => /^(id|numero|[a-z][A-Za-z]*Id)$/.test(n));
      for (const method of methods) {
        for (const name of ids) {
          for (const bad of BAD_IDS) {
            const key = `${method} ${url} ${name} ${bad}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const path = url.replace(/:([A-Za-z_]\w*)/g, (_m, n: string) => encodeURIComponent(n === name ? bad : '1'));
            const r = await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
            if (r.statusCode !== 400) failures.push(`${key}: ${r.statusCode} ${r.body.slice(0, 120)}`);
            else expect400(r, key);
          }
        }
      }
    }
    expect(seen.size).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 600_000);

  it('every declared query parameter of the OpenAPI document: malformed values never answer 500, missing required ones answer 400', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const op of operations(doc)) {
      const query = op.params.filter((p) => p.in === 'query');
      const base: Record<string, string> = {};
      for (const p of op.params) if (p.required || p.in === 'path') base[p.name] = sample(p);
      const send = async (values: Record<string, string>, label: string, expected?: number) => {
        tried++;
        const r = await call(op.method, urlOf(op.path, op.params, values), op.method === 'GET' || op.method === 'DELETE' ? undefined : {});
        if (r.statusCode >= 500 || (expected && r.statusCode !== expected)) failures.push(`${op.method} ${op.path} ${label}: ${r.statusCode} ${r.body.slice(0, 160)}`);
        else if (r.statusCode === 400) expect400(r, `${op.method} ${op.path} ${label}`);
      };
      for (const p of query) {
        const numeric = p.schema?.type === 'integer' || p.schema?.type === 'number';
        for (const bad of numeric ? BAD_IDS.filter((b) => p.schema?.type === 'integer' || !/^-?\d/.test(b)) : BAD_TEXTS) {
          // An integer parameter declared as such refuses what is not one (zero and negatives may be valid: not required).
          const mustRefuse = p.schema?.type === 'integer' && ['abc', '1 OR 1=1', '99999999999999999999', '1.5'].includes(bad);
          await send({ ...base, [p.name]: bad }, `${p.name}=${bad.slice(0, 20)}`, mustRefuse ? 400 : undefined);
        }
        if (p.required) {
          const { [p.name]: _omit, ...rest } = base;
          await send(rest, `sem ${p.name}`, 400);
        }
      }
      if (op.method === 'GET' && !query.some((p) => p.name === 'filter')) await send({ ...base }, 'sem filtro');
    }
    expect(tried).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 600_000);
});
