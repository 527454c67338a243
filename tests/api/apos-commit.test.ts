import { AMBOS_BANCOS, openTestDb } from '../support/server.ts';
import { comAposCommit } from '../../src/server/documents/routes.ts';
import { transacaoAberta } from '../../src/server/db/transacao-aberta.ts';

// Issue 34 item 6: a deadlock reruns transaction 1 only. Work a posting leaves for after the commit (the SEFAZ call)
// runs once, for the attempt that committed, with no transaction open; an attempt rolled back leaves nothing behind.
describe.each(AMBOS_BANCOS)('trabalho pós-commit e withRetry (%s)', (backend) => {
  let t: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    t = await openTestDb(backend, { seeded: true });
    await t.db.exec('CREATE TABLE apos_commit_teste (id serial PRIMARY KEY, tentativa integer NOT NULL); GRANT ALL ON apos_commit_teste, apos_commit_teste_id_seq TO retaguarda_app');
  });
  afterAll(async () => {
    await t.db.close();
    await t.drop();
  });

  it('a deadlock victim reruns transaction 1; only the committed attempt\'s work runs, once, after the commit and outside any transaction', async () => {
    let tentativa = 0;
    const executados: { tentativa: number; emTransacao: boolean; linhas: number[] }[] = [];
    const { resultado, houveAposCommit } = await comAposCommit({ db: t.db }, { tenantId: 1 }, async (q, aposCommit) => {
      tentativa++;
      const minha = tentativa;
      await q.query('INSERT INTO apos_commit_teste (tentativa) VALUES ($1)', [minha]);
      aposCommit.push(async () => {
        const linhas = (await t.db.query<{ tentativa: number }>('SELECT tentativa FROM apos_commit_teste ORDER BY id')).rows.map((r) => r.tentativa);
        executados.push({ tentativa: minha, emTransacao: transacaoAberta() !== undefined, linhas });
      });
      // The first two attempts are chosen as deadlock victims (PostgreSQL's 40P01) after registering their work.
      if (minha < 3) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return `tentativa ${minha}`;
    });
    expect(resultado).toBe('tentativa 3');
    expect(houveAposCommit).toBe(true);
    // Run once, for attempt 3, after its commit (its row visible, the rolled-back attempts' rows gone), no transaction.
    expect(executados).toEqual([{ tentativa: 3, emTransacao: false, linhas: [3] }]);
  });

  it('what the work throws is the answer, after transaction 1 committed; without work nothing extra runs', async () => {
    await expect(comAposCommit({ db: t.db }, { tenantId: 1 }, async (q, aposCommit) => {
      await q.query('INSERT INTO apos_commit_teste (tentativa) VALUES (10)');
      aposCommit.push(async () => {
        throw new Error('recusada');
      });
    })).rejects.toThrow('recusada');
    expect((await t.db.query('SELECT 1 FROM apos_commit_teste WHERE tentativa = 10')).rows).toHaveLength(1);
    expect(await comAposCommit({ db: t.db }, { tenantId: 1 }, async () => 'nada')).toEqual({ resultado: 'nada', houveAposCommit: false });
  });
});
