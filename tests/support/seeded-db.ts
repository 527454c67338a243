import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';
import { openDb, type Db } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';

/**
 * The database most API suites start from (migrated, IBGE tables loaded, demo account seeded), built once and
 * then copied for every test server: a data-directory tarball of PGlite under node_modules/.cache, and a
 * template database on PostgreSQL, cloned with CREATE DATABASE … TEMPLATE. Building it took 5–8 s a server,
 * for some seventy servers a CI run; a copy takes a fraction of a second.
 *
 * The copy is keyed by what builds it: every file of src/server, src/shared, schemas and generated (path,
 * size, mtime) and today's date (the demo's dates are relative to today), so a change of code or day builds
 * it again. Suites that migrate their own documents (a temporary schemas/migrations copy) do not use it.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const INPUTS = ['src/server', 'src/shared', 'schemas', 'generated'];
const CACHE = join(ROOT, 'node_modules/.cache/retaguarda-test-db');

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
};

let memoKey: string | null = null;
function key(): string {
  if (memoKey) return memoKey;
  const h = createHash('sha1');
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const st = statSync(p);
        h.update(`${p}\0${st.size}\0${st.mtimeMs}\n`);
      }
    }
  };
  for (const i of INPUTS) if (existsSync(join(ROOT, i))) walk(join(ROOT, i));
  return (memoKey = `${today()}_${h.digest('hex').slice(0, 12)}`);
}

async function prepare(db: Db): Promise<void> {
  await migrate(db);
  await loadReferenceData(db);
  await seedDemo(db);
}

let pgliteTarball: Promise<Blob> | null = null;

/** A new in-memory PGlite holding the seeded database. */
export async function seededPglite(): Promise<Db> {
  return openDb({ loadDataDir: await seededTarball() });
}

/**
 * The seeded database written into a PGlite data folder (empty or missing): a server process started with it as
 * DATA_DIR/pglite finds its database migrated and seeded, as a PostgreSQL suite finds its template copy, instead of
 * migrating and seeding at its first start (about 5 s of a crash suite's start on PGlite).
 */
export async function seededPgliteIn(dataDir: string): Promise<void> {
  const db = await openDb({ dataDir, loadDataDir: await seededTarball() });
  await db.close();
}

function seededTarball(): Promise<Blob> {
  return (pgliteTarball ??= (async () => {
    const file = join(CACHE, `pglite-${key()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const db = await openDb({});
    await prepare(db);
    const tar = await db.dumpDataDir!();
    await db.close();
    mkdirSync(CACHE, { recursive: true });
    // Written whole, then renamed: another process never reads half a file.
    const tmp = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
    writeFileSync(tmp, Buffer.from(await tar.arrayBuffer()));
    renameSync(tmp, file);
    return tar;
  })());
}

const withDb = (adminUrl: string, name: string) => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

let template: Promise<string> | null = null;

/** The name of the seeded template database on the PostgreSQL server of adminUrl, built when missing. */
export function seededTemplate(adminUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `retaguarda_tpl_${key()}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      // One builder at a time across processes; the others find it built.
      await c.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      const found = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!found.rowCount) {
        const building = `${name}_b`;
        await c.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await c.query(`CREATE DATABASE ${building}`);
        const db = await openDb({ databaseUrl: withDb(adminUrl, building) });
        try {
          await prepare(db);
        } finally {
          await db.close();
        }
        await c.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        // Templates of earlier days: nobody builds from them any more.
        const old = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'retaguarda\\_tpl\\_%' AND substr(datname, 16, 8) < $1`, [today()]);
        for (const r of old.rows) await c.query(`DROP DATABASE IF EXISTS ${r.datname}`).catch(() => {});
      }
      // In use now: the cleanup of another run (limparBancosDeTeste) leaves it for USO_RECENTE_MS.
      await c.query(`COMMENT ON DATABASE ${name} IS '${USADO}${Date.now()}'`);
      return name;
    } finally {
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
      await c.end();
    }
  })();
  return template;
}

const USADO = 'retaguarda-testes usado em ';
/** A test run (global setup to its last file) takes well under this; a database untouched for longer is left over. */
const USO_RECENTE_MS = 3 * 3600_000;

/**
 * Drops what earlier test runs left on the shared PostgreSQL server: seeded templates (retaguarda_tpl_*) of other
 * keys and per-server copies (retaguarda_t_*) of crashed runs. Only databases nobody is connected to and nobody
 * used for USO_RECENTE_MS: a template's last use is written on it (COMMENT) each time a run starts from it, a
 * copy's age is its folder's (pg_stat_file). Several worktrees share the server, each with its own key: their
 * templates in use stay.
 */
export async function limparBancosDeTeste(adminUrl: string): Promise<string[]> {
  const atual = `retaguarda_tpl_${key()}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  const apagados: string[] = [];
  try {
    const r = await c.query<{ datname: string; comentario: string | null; modificado: Date | null }>(
      `SELECT d.datname, shobj_description(d.oid, 'pg_database') AS comentario,
              (SELECT (pg_stat_file('base/' || d.oid, true)).modification) AS modificado
         FROM pg_database d
        WHERE (d.datname LIKE 'retaguarda\\_tpl\\_%' OR d.datname LIKE 'retaguarda\\_t\\_%')
          AND d.datname <> $1
          AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datid = d.oid)`,
      [atual],
    );
    const limite = Date.now() - USO_RECENTE_MS;
    for (const d of r.rows) {
      const usado = d.comentario?.startsWith(USADO) ? Number(d.comentario.slice(USADO.length)) : null;
      const quando = usado ?? (d.modificado ? new Date(d.modificado).getTime() : 0);
      if (quando >= limite) continue;
      // Without FORCE: a connection that arrived meanwhile keeps it.
      const ok = await c.query(`DROP DATABASE IF EXISTS ${d.datname}`).then(() => true, () => false);
      if (ok) apagados.push(d.datname);
    }
  } finally {
    await c.end();
  }
  return apagados;
}
