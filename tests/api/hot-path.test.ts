import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/server/db/db.ts';
import { estimateMatchesCached, searchTerms } from '../../src/server/resources/text-search.ts';
import { AMBOS_BANCOS, startTestServer, type TestServer } from '../support/server.ts';

// The request's set-up, trimmed to fewer round trips, still scopes every statement to the tenant.
describe.each(AMBOS_BANCOS)('tenant transaction set-up on %s', (backend) => {
  let srv: TestServer;
  let demo: number;
  let vizinha: number;

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    const ids = await srv.db.query<{ id: number; nome: string }>(`SELECT id, nome FROM tenants WHERE nome IN ('Mercadinho Demo', 'Loja Vizinha')`);
    demo = ids.rows.find((r) => r.nome === 'Mercadinho Demo')!.id;
    vizinha = ids.rows.find((r) => r.nome === 'Loja Vizinha')!.id;
  });

  afterAll(async () => {
    await srv?.close();
  });

  it('sets tenant, user, branch and the application role for the transaction, and only for it', async () => {
    const seen = await srv.db.tenant({ tenantId: demo, userId: 7, branchId: 3 }, async (q) =>
      (await q.query(`SELECT current_setting('app.tenant_id') AS t, current_setting('app.user_id') AS u, current_setting('app.branch_id') AS b, current_user AS who`)).rows[0],
    );
    expect(seen).toEqual({ t: String(demo), u: '7', b: '3', who: 'retaguarda_app' });
    const noBranch = await srv.db.tenant({ tenantId: vizinha }, async (q) => (await q.query(`SELECT current_setting('app.branch_id') AS b, current_setting('app.user_id') AS u`)).rows[0]);
    expect(noBranch).toEqual({ b: '', u: '' });
    // Outside the transaction the owner's connection is itself again.
    const after = (await srv.db.query<{ who: string; t: string | null }>(`SELECT current_user AS who, current_setting('app.tenant_id', true) AS t`)).rows[0];
    expect(after.who).not.toBe('retaguarda_app');
    expect(after.t ?? '').toBe('');
  });

  it('row-level security holds: each tenant counts only its own clientes', async () => {
    const count = (tenantId: number) => srv.db.tenant({ tenantId }, async (q) => (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM pessoas')).rows[0].n);
    const own = async (tenantId: number) => (await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pessoas WHERE tenant_id = $1', [tenantId])).rows[0].n;
    expect(await count(demo)).toBe(await own(demo));
    expect(await count(vizinha)).toBe(await own(vizinha));
    expect(await own(demo)).not.toBe(await own(vizinha));
  });

  it('refuses a scope that is not made of integers, running nothing', async () => {
    let ran = false;
    const bad = [{ tenantId: `${demo}; DROP TABLE pessoas` as unknown as number }, { tenantId: demo, userId: 1.5 }, { tenantId: demo, branchId: Number.NaN }];
    for (const scope of bad) {
      await expect(
        srv.db.tenant(scope, async () => {
          ran = true;
        }),
      ).rejects.toThrow(/escopo inválido/);
    }
    expect(ran).toBe(false);
    expect((await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pessoas')).rows[0].n).toBeGreaterThan(0);
  });

  it('a read-only transaction refuses writes, and the next transaction on the pool is its own tenant again', async () => {
    const before = (await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pessoas WHERE tenant_id = $1', [demo])).rows[0].n;
    await expect(
      srv.db.tenant({ tenantId: demo }, (q) => q.query(`INSERT INTO pessoas (tenant_id, tipo, nome) VALUES ($1, 0, 'Somente leitura')`, [demo]), { readOnly: true }),
    ).rejects.toThrow(/read-only/);
    expect((await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pessoas WHERE tenant_id = $1', [demo])).rows[0].n).toBe(before);
    // Many at once, reads (their COMMIT not waited for) and writes that fail mixed, over the same connections:
    // each transaction sees only its own tenant and role, and nothing is left open behind it.
    const seen = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const tenantId = i % 2 ? demo : vizinha;
        const read = srv.db.tenant({ tenantId, userId: i }, async (q) => (await q.query<{ t: string; u: string; who: string }>(`SELECT current_setting('app.tenant_id') AS t, current_setting('app.user_id') AS u, current_user AS who`)).rows[0], { readOnly: i % 3 !== 0 });
        const failing = srv.db.tenant({ tenantId }, (q) => q.query('SELECT 1 / 0'), { readOnly: i % 2 === 0 }).then(
          () => 'ran',
          (e: Error) => e.message,
        );
        return Promise.all([read, failing]).then(([r, f]) => ({ ok: r.t === String(tenantId) && r.u === String(i) && r.who === 'retaguarda_app', f }));
      }),
    );
    expect(seen.every((x) => x.ok)).toBe(true);
    expect(new Set(seen.map((x) => x.f))).toEqual(new Set(['division by zero']));
    const after = (await srv.db.query<{ who: string; t: string | null }>(`SELECT current_user AS who, current_setting('app.tenant_id', true) AS t`)).rows[0];
    expect(after.who).not.toBe('retaguarda_app');
    expect(after.t ?? '').toBe('');
  });

  it("a read-only transaction's COMMIT, sent with what follows on its connection, ends it before anything else runs there", async () => {
    const pid = `SELECT pg_backend_pid() AS pid, current_user AS who, current_setting('app.tenant_id', true) AS t`;
    for (let i = 0; i < 5; i++) {
      const inside = await srv.db.tenant({ tenantId: demo }, async (q) => (await q.query<{ pid: number; who: string }>(pid)).rows[0], { readOnly: true });
      expect(inside.who).toBe('retaguarda_app');
      // Right after it, without waiting for anything: a statement outside any tenant (the pool hands back the
      // connection released last), then a write of another tenant, then a transaction that is not read-only.
      const owner = (await srv.db.query<{ pid: number; who: string; t: string | null }>(pid)).rows[0];
      expect(owner.who).not.toBe('retaguarda_app');
      expect(owner.t ?? '').toBe('');
      await srv.db.tenant({ tenantId: demo }, async (q) => (await q.query<{ pid: number }>(pid)).rows[0], { readOnly: true });
      const wrote = await srv.db.tenant({ tenantId: vizinha }, async (q) => {
        const r = await q.query<{ id: number }>(`INSERT INTO pessoas (tenant_id, tipo, nome) VALUES ($1, 0, 'Depois da leitura') RETURNING id`, [vizinha]);
        await q.query('DELETE FROM pessoas WHERE tenant_id = $1 AND id = $2', [vizinha, r.rows[0].id]);
        return (await q.query<{ t: string }>(`SELECT current_setting('app.tenant_id') AS t`)).rows[0].t;
      });
      expect(wrote).toBe(String(vizinha));
      if (backend === 'postgres') expect(owner.pid).toBe(inside.pid); // the case this checks: the same connection
    }
  });

  it('statements started together settle in order: the error of the first is the one seen', async () => {
    const err = await srv.db
      .tenant({ tenantId: demo }, (q) => Promise.all([q.query('SELECT 1 / 0'), q.query('SELECT 2')]))
      .then(
        () => null,
        (e: Error) => e.message,
      );
    expect(err).toBe('division by zero');
  });

  it('reuses a search estimate per tenant and terms, and asks again for another tenant or pattern', async () => {
    const def = srv.services.registry.get('cliente');
    const terms = (pattern: string) => searchTerms(def, { nome: { ilike: pattern } })!;
    const asked: string[] = [];
    const counting = (q: Queryable): Queryable => ({
      exec: (sql) => q.exec(sql),
      query: (sql, params) => {
        if (sql.includes('tenant_rows_estimate')) asked.push(String(params?.[params.length - 1]));
        return q.query(sql, params);
      },
    });
    const estimate = (tenantId: number, pattern: string) => srv.db.tenant({ tenantId }, (q) => estimateMatchesCached(counting(q), def, terms(pattern), tenantId));
    const first = await estimate(demo, '%cache-teste%');
    expect(await estimate(demo, '%cache-teste%')).toBe(first);
    expect(asked).toEqual(['%cache-teste%']);
    await estimate(vizinha, '%cache-teste%');
    await estimate(demo, '%outro-teste%');
    expect(asked).toEqual(['%cache-teste%', '%cache-teste%', '%outro-teste%']);
  });
});
