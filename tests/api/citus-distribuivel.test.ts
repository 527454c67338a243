import { citusPlan, distributabilityProblems, readCatalog } from '../../src/server/db/citus.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { BACKENDS, openTestDb } from '../support/server.ts';

// Every tenant table stays distributable by tenant_id on Citus: a migration that leads a primary, unique or foreign
// key with anything else, or leaves row-level security off, fails here. The Citus SQL is derived from the same
// catalog, so every table is in it once, the right way.
describe.each(BACKENDS)('schema distributable on Citus (%s)', (backend) => {
  it('a freshly migrated database has no problem, and the plan names every table once', async () => {
    const { db, drop } = await openTestDb(backend);
    try {
      await migrate(db);
      const catalog = await readCatalog(db);
      expect(distributabilityProblems(catalog)).toEqual([]);
      const plan = citusPlan(catalog).join('\n');
      // Read independently of the module: which tables have tenant_id.
      const all = (await db.query<{ name: string; tenant: boolean }>(
        `SELECT table_name AS name, bool_or(column_name = 'tenant_id') AS tenant FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name NOT IN ('schema_migrations', 'socket_io_attachments')
            AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE') GROUP BY table_name`,
      )).rows;
      expect(all.length).toBeGreaterThan(15);
      for (const t of all) {
        const distributed = plan.match(new RegExp(`create_distributed_table\\('public\\.${t.name}', 'tenant_id'`, 'g')) ?? [];
        const reference = plan.match(new RegExp(`create_reference_table\\('public\\.${t.name}'\\)`, 'g')) ?? [];
        expect([t.name, distributed.length, reference.length]).toEqual([t.name, t.tenant ? 1 : 0, t.tenant ? 0 : 1]);
      }
      // All colocated with the first; a referenced table before the tables that reference it.
      const order = [...plan.matchAll(/create_(?:distributed|reference)_table\('public\.(\w+)'/g)].map((m) => m[1]);
      expect(order.indexOf('tenants')).toBeLessThan(order.indexOf('users'));
      expect(order.indexOf('branches')).toBeLessThan(order.indexOf('users'));
      expect(order.indexOf('users')).toBeLessThan(order.indexOf('relatorios'));
      const first = order.find((n) => all.find((t) => t.name === n)?.tenant);
      expect(plan.match(/colocate_with => 'default'/g)).toHaveLength(1);
      expect(plan).toContain(`create_distributed_table('public.${first}', 'tenant_id', colocate_with => 'default')`);
    } finally {
      await db.close();
      await drop();
    }
  });

  it('a migration that breaks it is caught, each fault by name', async () => {
    const { db, drop } = await openTestDb(backend);
    try {
      await migrate(db);
      await db.exec(`
        CREATE TABLE notas_ruins (tenant_id integer, id integer PRIMARY KEY, numero text, cliente_id integer);
        CREATE UNIQUE INDEX notas_ruins_numero ON notas_ruins (numero, tenant_id);
        ALTER TABLE notas_ruins ADD FOREIGN KEY (cliente_id, tenant_id) REFERENCES pessoas (id, tenant_id);
        CREATE TABLE tabela_global (codigo integer PRIMARY KEY, tenant_ref integer, pessoa_id integer);
        ALTER TABLE tabela_global ADD FOREIGN KEY (tenant_ref, pessoa_id) REFERENCES pessoas (tenant_id, id);`);
      const problems = distributabilityProblems(await readCatalog(db));
      expect(problems).toEqual([
        'notas_ruins: tenant_id aceita nulo',
        'notas_ruins: a chave primária (id) não começa por tenant_id',
        'notas_ruins: o índice único notas_ruins_numero (numero, tenant_id) não começa por tenant_id',
        'notas_ruins: a chave estrangeira notas_ruins_cliente_id_tenant_id_fkey (cliente_id, tenant_id) -> pessoas(id, tenant_id) não começa por tenant_id dos dois lados',
        'notas_ruins: row-level security desligada (ALTER TABLE notas_ruins ENABLE ROW LEVEL SECURITY)',
        'tabela_global: tabela sem tenant_id (de referência) com chave estrangeira tabela_global_tenant_ref_pessoa_id_fkey para a tabela de conta pessoas',
      ]);
      await expect(readCatalog(db).then(citusPlan)).rejects.toThrow(/não pode ser distribuído por tenant_id/);
    } finally {
      await db.close();
      await drop();
    }
  });
});
