import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDb } from '../../src/server/db/db.ts';
import { startServerProcess, type ServerProcess } from './processo-servidor.ts';
import { openTestDb, type Backend } from './server.ts';
import { seededPgliteIn } from './seeded-db.ts';

/**
 * What every crash suite (a real server process killed and started again, issue 34) sets up the same way; registers
 * its beforeAll/afterAll. A DATA_DIR of its own (the local SEFAZ and ADN keep their state there, PGlite its files);
 * on PostgreSQL a seeded database of its own, dropped after the suite, on PGlite the seeded copy in DATA_DIR/pglite; the process's environment with SEFAZ's
 * transaction guard on and the demo's start-up invoicing off (it would take note and DPS numbers between the
 * test's documents) unless `notasDaDemo` (the suite needs the demo suppliers' notes issued against the Matriz). The last process started is killed after the suite.
 */
export function suiteDeQueda(backend: Backend, prefixo: string, o: { notasDaDemo?: boolean } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), prefixo));
  let env: Record<string, string>;
  let dbUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  let srv: ServerProcess | null = null;

  beforeAll(async () => {
    if (backend === 'postgres') {
      const t = await openTestDb('postgres', { seeded: true });
      await t.db.close();
      dbUrl = t.url;
      drop = t.drop;
    } else await seededPgliteIn(join(dataDir, 'pglite'));
    env = { DATA_DIR: dataDir, DATABASE_URL: dbUrl ?? '', SEFAZ_GUARDA_TRANSACAO: '1', LOG_LEVEL: 'warn', ...(o.notasDaDemo ? {} : { DEMO_NOTAS: 'off' }) };
  }, 240_000);
  afterAll(async () => {
    await srv?.kill();
    await drop?.();
  });

  return {
    dataDir,
    /** The PostgreSQL database's address (undefined on PGlite). */
    get dbUrl() {
      return dbUrl;
    },
    /** A server process on the suite's database and DATA_DIR; `extra` are this start's own variables. */
    iniciar: async (extra: Record<string, string> = {}) => (srv = await startServerProcess({ ...env, ...extra }, 240_000)),
    /** Stops the process for good (the books are read with it down). */
    parar: async (s: ServerProcess) => {
      await s.stop();
      srv = null;
    },
    /** The notes the local SEFAZ or ADN holds (its state file under DATA_DIR; none before it first answered). */
    notasDoLocal: (quem: 'sefaz-local' | 'adn-local'): Record<string, any>[] => {
      const arq = join(dataDir, quem, 'estado.json');
      return existsSync(arq) ? JSON.parse(readFileSync(arq, 'utf8')).notas : [];
    },
    /** The suite's database opened directly, the server stopped: to read the books. */
    abrirBanco: () => openDb(dbUrl ? { databaseUrl: dbUrl } : { dataDir: join(dataDir, 'pglite') }),
  };
}
