import { fieldType } from '../../src/shared/field-types.ts';
import { openDb } from '../../src/server/db/db.ts';
import { migrate, MIGRATIONS_DIR } from '../../src/server/db/migrate.ts';
import { distributabilityProblems, readCatalog } from '../../src/server/db/citus.ts';
import { ResourceRegistry } from '../../src/server/resources/registry.ts';
import { SCHEMAS_DIR } from '../../src/server/catalog/documents.ts';

interface Column {
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
}

/**
 * Every resource document against its table in a fresh database migrated from scratch (PGlite): each field has
 * a column of a type its field type may be stored in, a nullable field a nullable column, the system columns are
 * there, the primary key and every unique key lead with tenant_id, and row-level security is on (a view: read-only
 * document and security_invoker). Then every table of the database, resource or not (notas_fiscais, pdv_vendas, jobs…):
 * a table with tenant_id leads its primary, unique and foreign keys with it, has row-level security on and a policy
 * (the same rules the Citus distribution reads, src/server/db/citus.ts). Returns the problems in Portuguese, one per
 * line (empty when all agree).
 */
export async function checkTables(schemasDir = SCHEMAS_DIR, migrationsDir = MIGRATIONS_DIR): Promise<string[]> {
  const registry = ResourceRegistry.load(schemasDir);
  const db = await openDb({});
  const errors: string[] = [];
  try {
    await migrate(db, migrationsDir);
    for (const def of registry.byName.values()) {
      const where = `resources/${def.name}.json (tabela ${def.table})`;
      const cols = new Map((await db.query<Column>(`SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`, [def.table])).rows.map((c) => [c.column_name, c]));
      if (!cols.size) {
        errors.push(`${where}: a tabela não existe depois das migrações`);
        continue;
      }
      for (const c of ['tenant_id', ...def.scope.map((s) => s.column)]) if (!cols.has(c)) errors.push(`${where}: falta a coluna ${c}`);
      for (const f of def.fields.values()) {
        if (f.virtual) continue;
        const col = cols.get(f.column);
        if (!col) {
          errors.push(`${where}: falta a coluna ${f.column} do campo ${f.name}`);
          continue;
        }
        const sql = f.name === 'id' ? ['integer', 'bigint'] : f.kind === 'datetime' ? ['timestamp with time zone'] : fieldType(f.schema).sql;
        if (!sql.includes(col.data_type)) errors.push(`${where}: a coluna ${f.column} é ${col.data_type}; o campo ${f.name} pede ${sql.join(' ou ')}`);
        const nullable = Array.isArray(f.schema.type) && f.schema.type.includes('null');
        if (nullable && col.is_nullable === 'NO') errors.push(`${where}: o campo ${f.name} aceita vazio, mas a coluna ${f.column} é NOT NULL`);
      }
      // A read-only list may be a view over tenant tables: no keys of its own, and it must run with the
      // caller's rights (security_invoker) so the row-level security of the tables beneath applies.
      const rel = (await db.query<{ relkind: string; invoker: boolean }>(`SELECT relkind, coalesce('security_invoker=true' = ANY(reloptions), false) AS invoker FROM pg_class WHERE oid = $1::regclass`, [def.table])).rows[0];
      if (rel?.relkind === 'v') {
        if (!def.doc.readOnly) errors.push(`${where}: uma visão (view) só serve um documento readOnly`);
        if (!rel.invoker) errors.push(`${where}: a visão precisa de WITH (security_invoker = true) para valer a row-level security`);
        continue;
      }
      const keys = await db.query<{ name: string; first: string; primary: boolean }>(
        `SELECT i.indexrelid::regclass::text AS name, a.attname AS first, i.indisprimary AS primary
           FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
          WHERE i.indrelid = $1::regclass AND (i.indisunique OR i.indisprimary)`,
        [def.table],
      );
      if (!keys.rows.some((k) => k.primary)) errors.push(`${where}: sem chave primária`);
      for (const k of keys.rows) if (k.first !== 'tenant_id') errors.push(`${where}: a chave ${k.name} não começa por tenant_id`);
      const rls = await db.query<{ relrowsecurity: boolean }>(`SELECT relrowsecurity FROM pg_class WHERE oid = $1::regclass`, [def.table]);
      if (!rls.rows[0]?.relrowsecurity) errors.push(`${where}: row-level security desligada (ENABLE ROW LEVEL SECURITY e a política tenant_isolation)`);
    }
    for (const p of distributabilityProblems(await readCatalog(db))) errors.push(`tabela ${p}`);
  } finally {
    await db.close();
  }
  return errors;
}
