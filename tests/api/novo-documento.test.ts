import Decimal from 'decimal.js';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { checkSchemas } from '../../scripts/schemas-check/documents.ts';
import { loadMenus, loadPermissionKeys, loadRoutes, SCHEMAS_DIR } from '../../src/server/catalog/documents.ts';
import { SERVER_DIR } from '../../src/server/module-ref.ts';
import { DIRECAO_MOVIMENTO } from '../../src/server/estoque/movimentos.ts';
import { filterMenu, flattenMenu, routeAccess } from '../../src/shared/menu-filter.ts';

type Row = Record<string, any>;

/**
 * "Adding a business document = its JSON + its posting file, no other file": a throw-away "Requisição interna de
 * material" (tests/fixtures/novo-documento: takes stock out of a depósito on efetivar, puts it back on cancelar) is
 * dropped into a temporary copy of the tree — its JSON in schemas/documents, its posting file as a new module
 * src/server/requisicoes/ — and gets, with nothing else edited: schemas:check, its menu entry, its guarded routes,
 * its permission key (on the profile screen's list, not in permissions.json), the document API with its postings
 * and tenancy, its name on the stock ledger, and its OpenAPI paths.
 */
const ROOT = resolve(SERVER_DIR, '../..');
const FIXTURE = join(import.meta.dirname, '../fixtures/novo-documento');
const work = mkdtempSync(join(tmpdir(), 'novo-documento-'));
const schemasDir = join(work, 'schemas');
const serverDir = join(work, 'src/server');
cpSync(SCHEMAS_DIR, schemasDir, { recursive: true });
cpSync(join(FIXTURE, 'requisicaoMaterial.json'), join(schemasDir, 'documents/requisicaoMaterial.json'));
// The server's modules as they are (linked, so the posting file shares their instances with the running server),
// and the new module folder beside them; generated/ and node_modules where the tree has them.
mkdirSync(serverDir, { recursive: true });
for (const entry of readdirSync(SERVER_DIR)) symlinkSync(join(SERVER_DIR, entry), join(serverDir, entry));
for (const entry of ['generated', 'node_modules']) symlinkSync(join(ROOT, entry), join(work, entry));
mkdirSync(join(serverDir, 'requisicoes'));
// The fixture sits one folder deeper than src/server/requisicoes/ (tests/fixtures/novo-documento/requisicoes/).
writeFileSync(join(serverDir, 'requisicoes/requisicao-material.ts'), readFileSync(join(FIXTURE, 'requisicoes/requisicao-material.ts'), 'utf8').replaceAll(`'../../../../src/server/`, `'../`).replaceAll(`'../../../../`, `'../../../`));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const KEY = 'app.requisicaoMaterial';
const ROUTE = 'pages/estoque/requisicao-material';
const view = { permissoes: { [KEY]: 1 } };
const change = { permissoes: { [KEY]: 3 } };

describe('a new business document from its JSON and its posting file', () => {
  it('passes schemas:check with no other file touched', () => {
    expect(checkSchemas(schemasDir, serverDir)).toEqual([]);
    // Without its posting file it does not.
    const semArquivo = checkSchemas(schemasDir);
    expect(semArquivo).toEqual(["documents/requisicaoMaterial.json: service 'requisicoes/requisicao-material' não existe (src/server/requisicoes/requisicao-material.ts)"]);
  });

  it('declares its permission key: on the profile screen, in its module, not in permissions.json', () => {
    const key = loadPermissionKeys(schemasDir).find((k) => k.key === KEY);
    expect(key).toEqual({ key: KEY, title: 'Requisição interna de material', module: 'estoque', type: 'level' });
    expect(readFileSync(join(schemasDir, 'permissions/permissions.json'), 'utf8')).not.toContain(KEY);
    expect(loadPermissionKeys().map((k) => k.key)).not.toContain(KEY);
    // A key neither listed nor declared is an error.
    const bad = join(work, 'bad-schemas');
    cpSync(schemasDir, bad, { recursive: true });
    const doc = JSON.parse(readFileSync(join(bad, 'documents/requisicaoMaterial.json'), 'utf8'));
    writeFileSync(join(bad, 'documents/requisicaoMaterial.json'), JSON.stringify({ ...doc, declaresPermission: false }));
    expect(checkSchemas(bad, serverDir)).toContain(`documents/requisicaoMaterial.json: permissão '${KEY}' não existe em permissions.json (ou diga "declaresPermission": true)`);
  });

  it('gets its menu entry in its module group, shown only to who may view it', () => {
    const main = loadMenus(schemasDir).main;
    const entry = flattenMenu(main).find((i) => i.link === ROUTE);
    expect(entry).toMatchObject({ key: 'ESTOQUE_REQUISICAOMATERIAL', title: 'Requisições internas de material', permission: KEY });
    expect(main.find((g) => g.key === 'ESTOQUE')!.children!.map((c) => c.key)).toContain('ESTOQUE_REQUISICAOMATERIAL');
    const keys = (user: object) => flattenMenu(filterMenu(main, { user })).map((i) => i.key);
    expect(keys(view)).toContain('ESTOQUE_REQUISICAOMATERIAL');
    expect(keys({ permissoes: { 'app.acertoestoque': 4 } })).not.toContain('ESTOQUE_REQUISICAOMATERIAL');
    expect(readFileSync(join(schemasDir, 'menus/main.json'), 'utf8')).not.toContain(ROUTE);
    expect(flattenMenu(loadMenus().main).map((i) => i.link)).not.toContain(ROUTE);
  });

  it('gets its screen routes, guarded by its key: view for the list and a document, change for a new one', () => {
    const routes = loadRoutes(schemasDir);
    expect(routes.filter((r) => r.path.startsWith(ROUTE)).map((r) => r.path)).toEqual([ROUTE, `${ROUTE}/cadastrar`, `${ROUTE}/editar/:id`]);
    const opts = { accountantKeys: new Set<string>(), accountantHome: 'pages/nfe/exportar-xml-nfe' };
    expect(routeAccess(routes, ROUTE, view, opts)).toEqual({ allowed: true });
    expect(routeAccess(routes, `${ROUTE}/editar/7`, view, opts)).toEqual({ allowed: true });
    expect(routeAccess(routes, `${ROUTE}/cadastrar`, view, opts)).toEqual({ allowed: false });
    expect(routeAccess(routes, `${ROUTE}/cadastrar`, change, opts)).toEqual({ allowed: true });
    // The salesperson of the issue: without the key, not even the list.
    expect(routeAccess(routes, ROUTE, { permissoes: { 'app.pedidoVenda': 4 } }, opts)).toEqual({ allowed: false });
    expect(readFileSync(join(schemasDir, 'routes/routes.json'), 'utf8')).not.toContain(ROUTE);
  });
});

describe('a new stock movement type is data', () => {
  it('the stock service reads each type\'s direction from the lookup (one item there, no code)', () => {
    const lookup = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'lookups/tipoMovimentacao.json'), 'utf8'));
    expect(DIRECAO_MOVIMENTO).toEqual(Object.fromEntries(lookup.items.map((i: Row) => [i.value, i.direcao])));
    expect(new Set(Object.values(DIRECAO_MOVIMENTO))).toEqual(new Set(['entrada', 'saida', 'ambas']));
  });
});

describe.each(BACKENDS)('the new business document on the API (%s)', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  let deposito: number;
  let produto: number;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const ok = async (token: string, method: string, url: string, payload?: unknown) => {
    const r = await call(token, method, url, payload);
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
    return r.json();
  };
  const saldo = async (): Promise<string> => {
    const rows = await ok(admin, 'GET', `/api/SaldosEstoque?filter=${q({ where: { produtoId: produto, depositoId: deposito } })}`);
    return rows.length ? new Decimal(rows[0].quantidade).toFixed(4) : '0.0000';
  };

  beforeAll(async () => {
    srv = await startTestServer(backend, { schemasDir, serverDir });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    vendedor = await login(app, 'vendedor@demo.com.br');
    deposito = (await ok(admin, 'POST', '/api/Depositos', { descricao: 'Almoxarifado' })).id;
    produto = (await ok(admin, 'POST', '/api/Produtos', { descricao: 'Luva de proteção', codigo: 'REQ1', tipoProduto: 0, precoCusto: '3.00' })).id;
    // Ten in stock, counted by an acerto.
    const acerto = await ok(admin, 'POST', '/api/AcertosEstoque', { depositoId: deposito, motivo: 'Contagem do almoxarifado', itens: [{ produtoId: produto, quantidade: '10' }] });
    await ok(admin, 'POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);
  });
  afterAll(async () => srv?.close());

  it('efetivar takes the material out of the depósito, cancelar puts it back; the ledger names the requisição', async () => {
    const created = await ok(admin, 'POST', '/api/RequisicoesMaterial', { depositoId: deposito, setor: 'Manutenção', itens: [{ produtoId: produto, quantidade: '3.5' }] });
    expect(created).toMatchObject({ estado: 'rascunho', setor: 'Manutenção', transicoes: ['efetivar', 'cancelar'] });
    expect(created.numero).toBeGreaterThan(0);
    expect(await saldo()).toBe('10.0000');
    const posted = await ok(admin, 'POST', `/api/RequisicoesMaterial/${created.id}/efetivar`);
    expect(posted).toMatchObject({ estado: 'efetivado', transicoes: ['cancelar'] });
    expect(await saldo()).toBe('6.5000');

    const extrato = await ok(admin, 'GET', `/api/MovimentosEstoque/extrato?produtoId=${produto}`);
    const daRequisicao = extrato.filter((m: Row) => m.origemTipo === 'requisicaoMaterial');
    expect(daRequisicao.map((m: Row) => [m.origemRotulo, m.origemNumero, new Decimal(m.quantidade).toFixed(4)])).toEqual([['Requisição', created.numero, '-3.5000']]);
    // The older documents keep their short names.
    expect(extrato.find((m: Row) => m.origemTipo === 'acertoEstoque').origemRotulo).toBe('Acerto');

    const cancelled = await ok(admin, 'POST', `/api/RequisicoesMaterial/${created.id}/cancelar`);
    expect(cancelled.estado).toBe('cancelado');
    expect(await saldo()).toBe('10.0000');
    const depois = (await ok(admin, 'GET', `/api/MovimentosEstoque/extrato?produtoId=${produto}`)).filter((m: Row) => m.origemTipo === 'requisicaoMaterial');
    expect(depois.map((m: Row) => [m.origemRotulo, new Decimal(m.quantidade).toFixed(4), m.estornoDe != null])).toEqual([['Requisição', '-3.5000', false], ['Requisição', '3.5000', true]]);
  });

  it('refuses more than the depósito holds, in Portuguese, and nothing is posted', async () => {
    const doc = await ok(admin, 'POST', '/api/RequisicoesMaterial', { depositoId: deposito, setor: 'Limpeza', itens: [{ produtoId: produto, quantidade: '50' }] });
    const r = await call(admin, 'POST', `/api/RequisicoesMaterial/${doc.id}/efetivar`);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toMatch(/^Estoque insuficiente: Luva de proteção tem saldo 10/);
    expect((await ok(admin, 'GET', `/api/RequisicoesMaterial/${doc.id}`)).estado).toBe('rascunho');
    expect(await saldo()).toBe('10.0000');
    const semSetor = await call(admin, 'POST', '/api/RequisicoesMaterial', { depositoId: deposito, itens: [{ produtoId: produto, quantidade: '1' }] });
    expect(semSetor.statusCode).toBe(400);
  });

  it('is guarded by its own key and kept to its account', async () => {
    const mine = await ok(admin, 'POST', '/api/RequisicoesMaterial', { depositoId: deposito, setor: 'Cozinha', itens: [{ produtoId: produto, quantidade: '1' }] });
    expect((await call(vendedor, 'GET', '/api/RequisicoesMaterial')).statusCode).toBe(403);
    expect((await call(vendedor, 'POST', `/api/RequisicoesMaterial/${mine.id}/efetivar`)).statusCode).toBe(403);
    expect((await call(vizinha, 'GET', `/api/RequisicoesMaterial/${mine.id}`)).statusCode).toBe(404);
    expect(await ok(vizinha, 'GET', '/api/RequisicoesMaterial')).toEqual([]);
  });

  it('the ledger table fixes no range of movement types (a new type needs no migration)', async () => {
    const checks = (await srv.db.query<{ def: string }>(`SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c WHERE c.conrelid = 'movimentos_estoque'::regclass AND c.contype = 'c' AND pg_get_constraintdef(c.oid) LIKE '%tipo%'`)).rows.map((r) => r.def);
    expect(checks).toEqual(['CHECK ((tipo >= 0))']);
  });

  it('is described in the OpenAPI document, transitions included', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/RequisicoesMaterial', '/api/RequisicoesMaterial/{id}', '/api/RequisicoesMaterial/count', '/api/RequisicoesMaterial/{id}/efetivar', '/api/RequisicoesMaterial/{id}/cancelar']));
    const entrada = spec.components.schemas['RequisiçãointernadematerialEntrada'];
    expect(entrada.required).toEqual(['depositoId', 'setor', 'itens']);
    expect(entrada.properties.itens.items.required).toEqual(['produtoId', 'quantidade']);
    expect(spec.paths['/api/RequisicoesMaterial/{id}/cancelar'].post.summary).toBe('Cancelar: rascunho, efetivado → cancelado');
  });
});
