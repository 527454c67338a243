import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { openDb, type Db } from '../../src/server/db/db.ts';
import { esperaAntesDe, type JobQueue } from '../../src/server/jobs/index.ts';
import { AMBOS_BANCOS, login, openTestDb, startTestServer, type TestServer } from '../support/server.ts';
import { startServerProcess } from '../support/processo-servidor.ts';

const ROOT = resolve(import.meta.dirname, '../..');

interface Linha {
  id: number;
  situacao: string;
  tentativas: number;
  ultimo_erro: string | null;
  executor: string | null;
  executar_em: string;
}
const linha = async (db: Db, id: number) => (await db.query<Linha>('SELECT id, situacao, tentativas, ultimo_erro, executor, executar_em FROM jobs WHERE id = $1', [id])).rows[0];
/** Waits (without a fixed sleep) until the job reaches the state, up to `ms`. */
const esperarSituacao = async (db: Db, id: number, situacao: string, ms = 30_000) => {
  await vi.waitFor(async () => expect((await linha(db, id))?.situacao).toBe(situacao), { timeout: ms, interval: 50 });
  return linha(db, id);
};

// Background work has one home: no module runs its own timer (the jobs' worker and the PGlite maintenance are the
// infrastructure allowed to).
describe('no setInterval in the server outside the infrastructure', () => {
  it('only the allow-listed files call setInterval', () => {
    const allow = new Set(['src/server/jobs/queue.ts']);
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.(ts|js|mjs)$/.test(name) && /\bsetInterval\s*\(/.test(readFileSync(p, 'utf8'))) found.push(relative(ROOT, p));
      }
    };
    walk(join(ROOT, 'src/server'));
    expect(found.filter((f) => !allow.has(f))).toEqual([]);
    // The guard itself sees the calls it allows (it would pass on an empty tree otherwise).
    expect(found.sort()).toEqual([...allow].sort());
  });
  it('backoff doubles at each attempt', () => {
    expect([1, 2, 3, 4].map((n) => esperaAntesDe(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(esperaAntesDe(40, 1000)).toBe(24 * 3600_000);
  });
});

describe.each(AMBOS_BANCOS)('jobs table (%s)', (backend) => {
  let srv: TestServer;
  let jobs: JobQueue;
  let admin: string;
  let master: string;
  let vizinha: string;
  let vendedor: string;
  let demo: number;
  const api = (method: 'GET' | 'POST', url: string, token: string) => srv.app.inject({ method, url, headers: { authorization: token } });

  beforeAll(async () => {
    srv = await startTestServer(backend);
    jobs = srv.services.jobs!;
    [admin, master, vizinha, vendedor] = await Promise.all(['admin@demo.com.br', 'master@demo.com.br', 'admin@vizinha.com.br', 'vendedor@demo.com.br'].map((e) => login(srv.app, e)));
    demo = (await srv.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id;
  });
  afterAll(async () => srv?.close());

  it('the periodic work of the modules is on the queue, one pending instance per kind', async () => {
    const r = await srv.db.query<{ tipo: string; n: number }>(`SELECT tipo, count(*)::int AS n FROM jobs WHERE chave = 'periodico' AND situacao = 'pendente' GROUP BY tipo ORDER BY tipo`);
    expect(r.rows).toEqual([
      { tipo: 'boletos.lembretes', n: 1 },
      { tipo: 'boletos.varrerAutomacao', n: 1 },
      // The embedded database's ANALYZE (PGlite has no autovacuum); a server PostgreSQL needs none.
      ...(backend === 'pglite' ? [{ tipo: 'db.analyze', n: 1 }] : []),
      { tipo: 'financeiro.gerarRecorrentes', n: 1 },
      { tipo: 'nfe.alertarVencimentoCertificados', n: 1 },
      { tipo: 'nfe.transmitirPendentes', n: 1 },
      { tipo: 'nfse.resolverTransmitindo', n: 1 },
      { tipo: 'vendas.alertarRetornos', n: 1 },
    ]);
  });

  it('enqueue runs the handler once with its payload, outside any transaction; a key is idempotent while the job is active', async () => {
    const vistos: { payload: unknown; abertas: number | null }[] = [];
    jobs.register<{ n: number }>('teste.eco', async (payload) => {
      // PostgreSQL: no connection of this database sits in an open transaction while the handler runs.
      const abertas =
        backend === 'postgres' ? (await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`)).rows[0].n : null;
      vistos.push({ payload, abertas });
    });
    const id = await jobs.enqueue('teste.eco', { n: 7 }, { contaId: demo });
    const fim = await esperarSituacao(srv.db, id, 'concluido');
    expect(fim).toMatchObject({ tentativas: 1, ultimo_erro: null, executor: null });
    expect(vistos).toEqual([{ payload: { n: 7 }, abertas: backend === 'postgres' ? 0 : null }]);

    // Scheduled for later: the same key gives the same job, nothing runs before its time.
    const depois = new Date(Date.now() + 3600_000);
    const a = await jobs.enqueue('teste.eco', { n: 1 }, { key: 'k1', runAt: depois });
    const b = await jobs.enqueue('teste.eco', { n: 2 }, { key: 'k1', runAt: depois });
    expect(b).toBe(a);
    expect((await linha(srv.db, a)).situacao).toBe('pendente');
    // Due now under another key: runs; k1 stays pending.
    const c = await jobs.enqueue('teste.eco', { n: 3 }, { key: 'k2' });
    await esperarSituacao(srv.db, c, 'concluido');
    expect((await linha(srv.db, a)).situacao).toBe('pendente');
    expect(vistos.map((v) => v.payload)).toEqual([{ n: 7 }, { n: 3 }]);
    // Once a keyed job is done, the key may be used again.
    const d = await jobs.enqueue('teste.eco', { n: 4 }, { key: 'k2' });
    expect(d).not.toBe(c);
    await esperarSituacao(srv.db, d, 'concluido');
  });

  it('enqueue inside a tenant transaction: only for that account, committed with it', async () => {
    const id = await srv.db.tenant({ tenantId: demo }, (q) => jobs.enqueue('teste.eco', { n: 8 }, { contaId: demo }, q));
    await esperarSituacao(srv.db, id, 'concluido');
    const outra = (await srv.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Loja Vizinha'`)).rows[0].id;
    await expect(srv.db.tenant({ tenantId: demo }, (q) => jobs.enqueue('teste.eco', { n: 9 }, { contaId: outra }, q))).rejects.toThrow(/outra conta/);
    await expect(srv.db.tenant({ tenantId: demo }, (q) => q.query('SELECT * FROM jobs'))).rejects.toThrow();
  });

  it('a failing job is retried with exponential backoff, records its last error, and fails after its last attempt', async () => {
    const tempos: number[] = [];
    jobs.register(
      'teste.instavel',
      async () => {
        tempos.push(Date.now());
        if (tempos.length < 3) throw new Error(`falha número ${tempos.length}`);
      },
      { maxTentativas: 4, esperaBaseMs: 300 },
    );
    const id = await jobs.enqueue('teste.instavel', {});
    await vi.waitFor(async () => expect((await linha(srv.db, id)).ultimo_erro).toBe('falha número 1'), { timeout: 30_000, interval: 20 });
    const fim = await esperarSituacao(srv.db, id, 'concluido');
    expect(fim.tentativas).toBe(3);
    expect(fim.ultimo_erro).toBe('falha número 2');
    expect(tempos[1] - tempos[0]).toBeGreaterThanOrEqual(300 - 20);
    expect(tempos[2] - tempos[1]).toBeGreaterThanOrEqual(600 - 20);

    jobs.register('teste.quebrado', async () => Promise.reject(new Error('Banco recusou: sem saldo')), { maxTentativas: 2, esperaBaseMs: 100 });
    const q = await jobs.enqueue('teste.quebrado', {}, { contaId: demo });
    expect(await esperarSituacao(srv.db, q, 'falhou')).toMatchObject({ tentativas: 2, ultimo_erro: 'Banco recusou: sem saldo' });
  });

  it('a job claimed by a process that stopped beating goes back to the queue and runs', async () => {
    let rodou = 0;
    jobs.register('teste.orfao', async () => void rodou++);
    const id = (
      await srv.db.query<{ id: number }>(
        `INSERT INTO jobs (tipo, situacao, executor, tentativas, iniciado_em, sinal_em) VALUES ('teste.orfao', 'executando', 'processo-morto', 1, now() - interval '1 hour', now() - interval '1 hour') RETURNING id`,
      )
    ).rows[0].id;
    jobs.kick();
    const fim = await esperarSituacao(srv.db, id, 'concluido');
    expect(fim.tentativas).toBe(2);
    expect(fim.ultimo_erro).toContain('parou de responder');
    expect(rodou).toBe(1);
  });

  it('admin list: the account admin sees its own jobs, the brand administration the system ones; others are refused', async () => {
    const falha = await jobs.enqueue('teste.quebrado', {}, { contaId: demo, maxTentativas: 1 });
    await esperarSituacao(srv.db, falha, 'falhou');
    const sistema = (await srv.db.query<{ id: number }>(`INSERT INTO jobs (tipo, situacao, tentativas, ultimo_erro, concluido_em) VALUES ('teste.sistema', 'falhou', 5, 'SEFAZ fora do ar', now()) RETURNING id`)).rows[0].id;
    const travado = (
      await srv.db.query<{ id: number }>(`INSERT INTO jobs (tipo, conta_id, situacao, executor, tentativas, sinal_em) VALUES ('teste.nenhum', $1, 'executando', 'x', 1, now() - interval '1 hour') RETURNING id`, [demo])
    ).rows[0].id;

    const r = await api('GET', '/api/Jobs', admin);
    expect(r.statusCode, r.body).toBe(200);
    const doAdmin = r.json() as { id: number; situacao: string; ultimoErro: string; conta: string; contaId: number }[];
    expect(doAdmin.find((j) => j.id === falha)).toMatchObject({ situacao: 'falhou', ultimoErro: 'Banco recusou: sem saldo', conta: 'Mercadinho Demo', tentativas: 1 });
    expect(doAdmin.map((j) => j.id)).not.toContain(sistema);
    expect(doAdmin.every((j) => j.contaId === demo)).toBe(true);
    // Stuck: claimed, no heartbeat (it may have been released to pendente by a tick meanwhile).
    expect(['travado', 'pendente']).toContain(doAdmin.find((j) => j.id === travado)?.situacao);

    const doMaster = (await api('GET', '/api/Jobs?situacao=falhou', master)).json() as { id: number; conta: string }[];
    expect(doMaster.find((j) => j.id === sistema)).toMatchObject({ conta: 'Sistema' });
    expect(doMaster.map((j) => j.id)).toContain(falha);

    const daVizinha = (await api('GET', '/api/Jobs?situacao=todos', vizinha)).json() as { id: number }[];
    expect(daVizinha.map((j) => j.id)).not.toContain(falha);
    expect((await api('POST', `/api/Jobs/${falha}/reexecutar`, vizinha)).statusCode).toBe(404);
    expect((await api('POST', `/api/Jobs/${sistema}/reexecutar`, admin)).statusCode).toBe(404);

    const negado = await api('GET', '/api/Jobs', vendedor);
    expect(negado.statusCode).toBe(403);
    expect(negado.json().error.message).toBe('Somente o administrador da conta pode consultar os jobs em segundo plano.');
    const ruim = await api('GET', '/api/Jobs?situacao=qualquer', admin);
    expect(ruim.statusCode).toBe(400);
    expect((await api('POST', '/api/Jobs/abc/reexecutar', admin)).statusCode).toBe(400);
  });

  it('retry via the API: a failed job goes back to pendente with its attempts reset and runs; a finished one is refused', async () => {
    let ok = false;
    jobs.register('teste.depois', async () => {
      if (!ok) throw new Error('Certificado vencido');
    }, { maxTentativas: 1 });
    const id = await jobs.enqueue('teste.depois', {}, { contaId: demo });
    await esperarSituacao(srv.db, id, 'falhou');
    ok = true;
    const r = await api('POST', `/api/Jobs/${id}/reexecutar`, admin);
    expect(r.statusCode, r.body).toBe(200);
    expect(['pendente', 'executando', 'concluido']).toContain(r.json().situacao);
    const fim = await esperarSituacao(srv.db, id, 'concluido');
    expect(fim.tentativas).toBe(1);
    const de_novo = await api('POST', `/api/Jobs/${id}/reexecutar`, admin);
    expect(de_novo.statusCode).toBe(400);
    expect(de_novo.json().error.message).toBe('Este job já foi concluído: não há o que executar de novo.');
  });

  if (backend !== 'postgres') return;

  it('two servers on one PostgreSQL: each job runs once, and an enqueue on one wakes the other (NOTIFY)', { timeout: 120_000 }, async () => {
    const db2 = await openDb({ databaseUrl: srv.databaseUrl });
    const { app: app2, services: s2 } = await buildApp({ db: db2, serveWeb: false, databaseUrl: srv.databaseUrl, reportWorker: false });
    try {
      await app2.ready();
      const execucoes = new Map<number, string[]>();
      const h = (quem: string) => async (_p: unknown, job: { id: number }) => {
        execucoes.set(job.id, [...(execucoes.get(job.id) ?? []), quem]);
        await new Promise((r) => setImmediate(r));
      };
      jobs.register('teste.dois', h('a'));
      s2.jobs!.register('teste.dois', h('b'));
      const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? jobs : s2.jobs!).enqueue('teste.dois', { i })));
      for (const id of ids) await esperarSituacao(srv.db, id, 'concluido', 60_000);
      expect(ids.map((id) => execucoes.get(id)?.length)).toEqual(ids.map(() => 1));

      // A kind only the second server runs, enqueued through the first: woken by NOTIFY, long before the 60 s tick.
      const so2: number[] = [];
      s2.jobs!.register('teste.so-no-segundo', async (_p, job) => void so2.push(job.id));
      const inicio = Date.now();
      const id = await jobs.enqueue('teste.so-no-segundo', {});
      await esperarSituacao(srv.db, id, 'concluido', 60_000);
      expect(so2).toEqual([id]);
      expect(Date.now() - inicio).toBeLessThan(30_000);
    } finally {
      await app2.close();
      await db2.close();
    }
  });

  it('a server killed (SIGKILL) in the middle of a job: another process takes it up and finishes it; SIGTERM lets a running job finish', { timeout: 300_000 }, async () => {
    const base = await openTestDb('postgres', { seeded: true });
    const env = { DATABASE_URL: base.url!, DEMO_DATA: 'off', JOBS_DIAGNOSTICO: 'on', JOBS_TRAVADO_APOS: '2' };
    try {
      const a = await startServerProcess(env, 180_000, 'src/server/main.ts');
      let id: number;
      try {
        id = (await base.db.query<{ id: number }>(`SELECT jobs_enfileirar('diagnostico.espera', '{"esperarMs": 600000, "somenteNaPrimeira": true}', NULL, NULL, NULL, 3) AS id`)).rows[0].id;
        await vi.waitFor(async () => expect((await linha(base.db, id)).executor ?? '').toMatch(new RegExp(`^${a.pid}-`)), { timeout: 60_000, interval: 50 });
      } finally {
        await a.kill();
      }
      expect((await linha(base.db, id)).situacao).toBe('executando');
      const b = await startServerProcess(env, 180_000, 'src/server/main.ts');
      try {
        const fim = await esperarSituacao(base.db, id, 'concluido', 90_000);
        expect(fim.tentativas).toBe(2);
        expect(fim.ultimo_erro).toContain('parou de responder');

        // Graceful: SIGTERM while a 2 s job runs; the process ends (code 0) after the job concluded.
        const curto = (await base.db.query<{ id: number }>(`SELECT jobs_enfileirar('diagnostico.espera', '{"esperarMs": 2000}', NULL, NULL, NULL, 3) AS id`)).rows[0].id;
        await esperarSituacao(base.db, curto, 'executando', 60_000);
      } finally {
        expect(await b.stop()).toBe(0);
      }
      const ultimo = (await base.db.query<Linha>(`SELECT situacao, tentativas FROM jobs WHERE tipo = 'diagnostico.espera' ORDER BY id DESC LIMIT 1`)).rows[0];
      expect(ultimo).toMatchObject({ situacao: 'concluido', tentativas: 1 });
    } finally {
      await base.db.close();
      await base.drop();
    }
  });
});
