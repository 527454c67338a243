import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { resourceSuite } from '../support/resource-suite.ts';
import { MIGRATIONS_DIR } from '../../src/server/db/migrate.ts';
import { checkSchemas } from '../../scripts/schemas-check/documents.ts';
import { checkTables } from '../../scripts/schemas-check/tables.ts';
import { loadMenus, loadRoutes, readDocuments, SCHEMAS_DIR } from '../../src/server/catalog/documents.ts';
import type { ResourceDoc } from '../../generated/schema-types.ts';
import { filterMenu, flattenMenu, routeAccess } from '../../src/shared/menu-filter.ts';

/**
 * "Adding a cadastro = one document + one migration, no other file": a throw-away vehicle register
 * (tests/fixtures/novo-cadastro) is dropped into a temporary copy of schemas/ and of the migrations, and the
 * generic suites run on it: schemas:check, menu, route guard, API CRUD, tenancy, row-level security, OpenAPI.
 * (tests/web/novo-cadastro.test.tsx renders its form and grid.)
 */
const FIXTURE = join(import.meta.dirname, '../fixtures/novo-cadastro');
const work = mkdtempSync(join(tmpdir(), 'novo-cadastro-'));
const schemasDir = join(work, 'schemas');
const migrationsDir = join(work, 'migrations');
cpSync(SCHEMAS_DIR, schemasDir, { recursive: true });
cpSync(MIGRATIONS_DIR, migrationsDir, { recursive: true });
cpSync(join(FIXTURE, 'veiculo.json'), join(schemasDir, 'resources/veiculo.json'));
cpSync(join(FIXTURE, 'veiculos.sql'), join(migrationsDir, '9999_veiculos.sql'));
const doc = readDocuments<ResourceDoc>('resources', schemasDir).find((d) => d.name === 'veiculo')!.doc;
// A second view of the same table that allows only reading, for the "verbs" switch.
const consulta: ResourceDoc = { ...doc, name: 'veiculoConsulta', endpoint: 'VeiculosConsulta', route: 'pages/compras/veiculos-consulta', menu: false, verbs: ['list', 'read'] };
writeFileSync(join(schemasDir, 'resources/veiculoConsulta.json'), JSON.stringify(consulta));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const view = { permissoes: { 'app.transportadora': 2 } };
const change = { permissoes: { 'app.transportadora': 3 } };

describe('a new cadastro from one document and one migration', () => {
  it('passes schemas:check with no other file touched', () => {
    expect(checkSchemas(schemasDir)).toEqual([]);
  });

  it('its migration agrees with the document; a migration that disagrees is named column by column', async () => {
    expect(await checkTables(schemasDir, migrationsDir)).toEqual([]);
    const broken = join(work, 'broken');
    cpSync(MIGRATIONS_DIR, broken, { recursive: true });
    // The same table written out by hand (what create_tenant_table does), broken five ways.
    const sql = readFileSync(join(FIXTURE, 'veiculos-explicito.sql'), 'utf8')
      .replace('renavam text,', 'renavam text NOT NULL,')
      .replace('capacidade_kg numeric(15,4),', 'capacidade_kg text,')
      .replace('  uf text,\n', '')
      .replace('UNIQUE (tenant_id, placa)', 'UNIQUE (placa)')
      .replace('ALTER TABLE veiculos ENABLE ROW LEVEL SECURITY;', '');
    // And a tenant table no document describes (like notas_fiscais or pdv_vendas), left without row-level security.
    writeFileSync(join(broken, '9999_veiculos.sql'), `${sql}\nCREATE TABLE vistorias (tenant_id integer NOT NULL REFERENCES tenants (id), id integer NOT NULL, PRIMARY KEY (tenant_id, id));\n`);
    const errors = await checkTables(schemasDir, broken);
    expect(errors).toContain('tabela vistorias: row-level security desligada (ALTER TABLE vistorias ENABLE ROW LEVEL SECURITY)');
    const about = (text: string) => errors.filter((e) => e.startsWith('resources/veiculo.json (tabela veiculos)') && e.includes(text));
    expect(about('o campo renavam aceita vazio, mas a coluna renavam é NOT NULL')).toHaveLength(1);
    expect(about('a coluna capacidade_kg é text; o campo capacidadeKg pede numeric')).toHaveLength(1);
    expect(about('falta a coluna uf do campo uf')).toHaveLength(1);
    expect(about('não começa por tenant_id')).toHaveLength(1);
    expect(about('row-level security desligada')).toHaveLength(1);
  }, 240_000);

  it('gets its menu entry in its module group, shown only to who may view it', () => {
    const main = loadMenus(schemasDir).main;
    const entry = flattenMenu(main).find((i) => i.link === doc.route)!;
    expect(entry).toMatchObject({ key: 'COMPRAS_VEICULOS', title: 'Veículos', permission: 'app.transportadora' });
    expect(main.find((g) => g.key === 'COMPRAS')!.children!.map((c) => c.key)).toContain('COMPRAS_VEICULOS');
    const keys = (user: object) => flattenMenu(filterMenu(main, { user })).map((i) => i.key);
    expect(keys(view)).toContain('COMPRAS_VEICULOS');
    expect(keys({ permissoes: { 'app.cliente': 4 } })).not.toContain('COMPRAS_VEICULOS');
    // the real schemas/ knows nothing of it
    expect(flattenMenu(loadMenus().main).map((i) => i.key)).not.toContain('COMPRAS_VEICULOS');
  });

  it('gets its routes, guarded by its permission key: view for the list, change for the forms', () => {
    const routes = loadRoutes(schemasDir);
    const opts = { accountantKeys: new Set<string>(), accountantHome: 'pages/nfe/exportar-xml-nfe' };
    expect(routeAccess(routes, 'pages/compras/veiculos', view, opts)).toEqual({ allowed: true });
    expect(routeAccess(routes, 'pages/compras/veiculos/cadastrar', view, opts)).toEqual({ allowed: false });
    expect(routeAccess(routes, 'pages/compras/veiculos/editar/7', view, opts)).toEqual({ allowed: false });
    expect(routeAccess(routes, 'pages/compras/veiculos/editar/7', change, opts)).toEqual({ allowed: true });
    expect(routeAccess(routes, 'pages/compras/veiculos', { permissoes: {} }, opts)).toEqual({ allowed: false });
    expect(readFileSync(join(schemasDir, 'routes/routes.json'), 'utf8')).not.toContain('veiculos');
  });
});

describe.each(BACKENDS)('the new cadastro on the generic API (%s)', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let demo: string;
  let vizinha: string;

  beforeAll(async () => {
    srv = await startTestServer(backend, { schemasDir, migrationsDir });
    app = srv.app;
    demo = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
  });
  afterAll(async () => srv?.close());

  describe('Veiculos', () => resourceSuite(doc, () => ({ app, demo, vizinha })));

  it('its table is behind row-level security', async () => {
    const r = await srv.db.query<{ relrowsecurity: boolean }>(`SELECT relrowsecurity FROM pg_class WHERE relname = 'veiculos'`);
    expect(r.rows).toEqual([{ relrowsecurity: true }]);
  });

  it('is described in the OpenAPI document', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/Veiculos', '/api/Veiculos/{id}', '/api/Veiculos/count']));
    expect(spec.components.schemas[`${doc.singular}Entrada`].required).toEqual(['placa', 'descricao']);
    expect(spec.components.schemas[`${doc.singular}Entrada`].properties.placa.pattern).toBe(doc.schema.properties.placa.pattern);
  });

  it('a document that allows only reading answers 405 in Portuguese to writes, and OpenAPI leaves them out', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/VeiculosConsulta', headers: { authorization: demo } });
    expect(list.statusCode).toBe(200);
    for (const [method, url] of [['POST', '/api/VeiculosConsulta'], ['PUT', '/api/VeiculosConsulta/1'], ['PATCH', '/api/VeiculosConsulta/1'], ['DELETE', '/api/VeiculosConsulta/1']] as const) {
      const r = await app.inject({ method, url, headers: { authorization: demo }, payload: {} });
      expect(r.statusCode, `${method} ${url}`).toBe(405);
      expect(r.json().error.message).toMatch(/^Operação não permitida em veículos: /);
    }
    const vendedor = await login(app, 'vendedor@demo.com.br');
    expect((await app.inject({ method: 'DELETE', url: '/api/VeiculosConsulta/1', headers: { authorization: vendedor } })).statusCode).toBe(403);
    const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths['/api/VeiculosConsulta'])).toEqual(['get']);
    expect(Object.keys(spec.paths['/api/VeiculosConsulta/{id}'])).toEqual(['get']);
  });

  it('a user without the permission key gets 403', async () => {
    const vendedor = await login(app, 'vendedor@demo.com.br');
    const r = await app.inject({ method: 'GET', url: '/api/Veiculos', headers: { authorization: vendedor } });
    expect(r.statusCode).toBe(403);
  });
});
