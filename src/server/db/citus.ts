import type { Queryable } from './db.ts';

/**
 * Citus (distributed PostgreSQL), derived from the catalog of a migrated database, never from a hand list:
 * - a tenant table is any table of the public schema with a `tenant_id` column: distributed by tenant_id, all
 *   colocated (a tenant's rows of every table live on the same node, so joins and foreign keys stay local);
 * - every other table is brand-level (brands, plans, accounts, IBGE lists, …): a reference table, copied to
 *   every node.
 * distributabilityProblems lists what would stop that (CI runs it over a freshly migrated database);
 * citusPlan writes the SQL for a Citus coordinator (npm run citus:distribute prints it, --apply runs it).
 */

export const DISTRIBUTION_COLUMN = 'tenant_id';
/**
 * Tables other components create in the same database, left as local tables on the coordinator: the migration
 * runner's bookkeeping and the socket.io adapter's attachments (src/server/realtime).
 */
export const NOT_OURS = ['schema_migrations', 'socket_io_attachments'];

/**
 * Unique indexes that span the tenants of a brand on purpose, with why. Citus cannot enforce uniqueness across
 * shards: on a coordinator citusPlan turns each into a plain index, and the rule is then held by the application's
 * check alone. The CI check fails on any other such index, and on one of these that is gone (delete it here).
 */
export const BRAND_WIDE_UNIQUES: Record<string, string> = {
  users_brand_email:
    'um e-mail entra em uma só conta por marca (login sem informar a conta): a unicidade cruza as contas da marca; no Citus ela fica só na verificação do cadastro até migrar para uma tabela de referência de e-mails',
  configuracoes_balanca_terminal_porta:
    'a porta TCP dos terminais de consulta de preço é do servidor, não da conta: duas filiais, de qualquer conta da mesma instalação, não escutam a mesma porta; no Citus ela vira índice comum e o conflito aparece quando o servidor não consegue abrir a porta (a tela de configuração mostra o erro)',
};

export interface CatalogTable {
  name: string;
  tenant: boolean;
  tenantIdType: string | null;
  tenantIdNotNull: boolean;
  rls: boolean;
  policies: number;
  /** Primary key columns in order; null without one. */
  primaryKey: string[] | null;
  /** Unique indexes (constraints included) other than the primary key: name and key columns (null for an expression). */
  uniques: { name: string; columns: (string | null)[]; definition: string }[];
  foreignKeys: { name: string; columns: string[]; references: string; referencedColumns: string[] }[];
}

/** Reads the public schema's tables, keys and row-level security. */
export async function readCatalog(q: Queryable): Promise<CatalogTable[]> {
  const tables = await q.query<{ oid: number; name: string; rls: boolean; policies: number; type: string | null; notnull: boolean | null }>(
    `SELECT c.oid::int AS oid, c.relname AS name, c.relrowsecurity AS rls,
            (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies,
            format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = $1 AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname`,
    [DISTRIBUTION_COLUMN],
  );
  const indexes = await q.query<{ table: string; name: string; primary: boolean; columns: (string | null)[]; definition: string }>(
    `SELECT t.relname AS table, i.relname AS name, x.indisprimary AS primary, pg_get_indexdef(x.indexrelid) AS definition,
            array(SELECT a.attname::text FROM unnest(x.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
                    LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
                   WHERE k.ord <= x.indnkeyatts ORDER BY k.ord) AS columns
       FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND x.indisunique`,
  );
  const fks = await q.query<{ table: string; name: string; columns: string[]; references: string; referenced_columns: string[] }>(
    `SELECT t.relname AS table, c.conname AS name, r.relname AS references,
            array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
            array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(attnum, ord) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS referenced_columns
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND c.contype = 'f'
      ORDER BY t.relname, c.conname`,
  );
  return tables.rows
    .filter((t) => !NOT_OURS.includes(t.name))
    .map((t) => {
      const own = indexes.rows.filter((i) => i.table === t.name);
      return {
        name: t.name,
        tenant: t.type !== null,
        tenantIdType: t.type,
        tenantIdNotNull: !!t.notnull,
        rls: t.rls,
        policies: t.policies,
        primaryKey: own.find((i) => i.primary)?.columns.map((c) => c ?? '(expressão)') ?? null,
        uniques: own.filter((i) => !i.primary).map((i) => ({ name: i.name, columns: i.columns, definition: i.definition })),
        foreignKeys: fks.rows.filter((f) => f.table === t.name).map((f) => ({ name: f.name, columns: f.columns, references: f.references, referencedColumns: f.referenced_columns })),
      };
    });
}

/**
 * Why the schema could not be distributed by tenant_id (empty when it can), one line per problem. The indexes of
 * BRAND_WIDE_UNIQUES are not problems while they exist; one listed there that no longer exists is.
 */
export function distributabilityProblems(tables: CatalogTable[]): string[] {
  const allUniques = new Set(tables.flatMap((t) => t.uniques.map((u) => u.name)));
  const out: string[] = [];
  const byName = new Map(tables.map((t) => [t.name, t]));
  const types = new Set(tables.filter((t) => t.tenant).map((t) => t.tenantIdType));
  if (types.size > 1) out.push(`tenant_id tem tipos diferentes entre as tabelas (${[...types].join(', ')}): tabelas colocalizadas precisam do mesmo tipo`);
  for (const t of tables) {
    if (!t.tenant) {
      // A reference table cannot point at a distributed one.
      for (const f of t.foreignKeys) if (byName.get(f.references)?.tenant) out.push(`${t.name}: tabela sem tenant_id (de referência) com chave estrangeira ${f.name} para a tabela de conta ${f.references}`);
      continue;
    }
    if (!t.tenantIdNotNull) out.push(`${t.name}: tenant_id aceita nulo`);
    if (!t.primaryKey) out.push(`${t.name}: sem chave primária`);
    else if (t.primaryKey[0] !== DISTRIBUTION_COLUMN) out.push(`${t.name}: a chave primária (${t.primaryKey.join(', ')}) não começa por tenant_id`);
    for (const u of t.uniques) if (u.columns[0] !== DISTRIBUTION_COLUMN && !(u.name in BRAND_WIDE_UNIQUES)) out.push(`${t.name}: o índice único ${u.name} (${u.columns.map((c) => c ?? '(expressão)').join(', ')}) não começa por tenant_id`);
    for (const f of t.foreignKeys) {
      const target = byName.get(f.references);
      if (!target?.tenant) continue; // to a reference table (tenants, planos, municipio, …): allowed
      if (f.columns[0] !== DISTRIBUTION_COLUMN || f.referencedColumns[0] !== DISTRIBUTION_COLUMN) {
        out.push(`${t.name}: a chave estrangeira ${f.name} (${f.columns.join(', ')}) -> ${f.references}(${f.referencedColumns.join(', ')}) não começa por tenant_id dos dois lados`);
      }
    }
    if (!t.rls) out.push(`${t.name}: row-level security desligada (ALTER TABLE ${t.name} ENABLE ROW LEVEL SECURITY)`);
    else if (t.policies === 0) out.push(`${t.name}: row-level security sem política tenant_isolation`);
  }
  for (const name of Object.keys(BRAND_WIDE_UNIQUES)) if (!allUniques.has(name)) out.push(`BRAND_WIDE_UNIQUES cita ${name}, que não existe mais: retire-o da lista`);
  return out;
}

/** Tables ordered so that every table comes after those it references (a table referencing itself is fine). */
function referencedFirst(tables: CatalogTable[]): CatalogTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: CatalogTable[] = [];
  const visit = (t: CatalogTable) => {
    if (done.has(t.name)) return;
    if (visiting.has(t.name)) throw new Error(`ciclo de chaves estrangeiras passando por ${t.name}`);
    visiting.add(t.name);
    for (const f of t.foreignKeys) {
      const target = byName.get(f.references);
      if (target && target.name !== t.name) visit(target);
    }
    visiting.delete(t.name);
    done.add(t.name);
    out.push(t);
  };
  tables.forEach(visit);
  return out;
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const qualified = (name: string) => lit(`public.${/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`}`);

/**
 * The SQL that distributes the schema on a Citus coordinator (Citus 12 or later: integer identity columns), in one
 * transaction: brand-level tables become reference tables, then tenant tables are distributed by tenant_id, all
 * colocated with the first one, each after the tables it references.
 */
export function citusPlan(tables: CatalogTable[]): string[] {
  const problems = distributabilityProblems(tables);
  if (problems.length) throw new Error(`o esquema não pode ser distribuído por tenant_id:\n- ${problems.join('\n- ')}`);
  const ordered = referencedFirst(tables);
  const reference = ordered.filter((t) => !t.tenant);
  const tenant = ordered.filter((t) => t.tenant);
  const sql = ['BEGIN;', "SET LOCAL citus.multi_shard_modify_mode TO 'sequential';"];
  for (const t of reference) sql.push(`SELECT create_reference_table(${qualified(t.name)});`);
  for (const t of tenant)
    for (const u of t.uniques.filter((u) => u.name in BRAND_WIDE_UNIQUES)) {
      sql.push(`-- ${u.name}: ${BRAND_WIDE_UNIQUES[u.name]}`);
      sql.push(`DROP INDEX public.${u.name};`, `${u.definition.replace(/^CREATE UNIQUE INDEX/, 'CREATE INDEX')};`);
    }
  tenant.forEach((t, i) =>
    sql.push(`SELECT create_distributed_table(${qualified(t.name)}, ${lit(DISTRIBUTION_COLUMN)}, colocate_with => ${i === 0 ? lit('default') : qualified(tenant[0].name)});`),
  );
  sql.push('COMMIT;');
  return sql;
}
