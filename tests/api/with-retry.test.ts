import { openTestDb, AMBOS_BANCOS } from '../support/server.ts';
import { comAposCommit, withRetry } from '../../src/server/documents/routes.ts';
import { transacaoAberta } from '../../src/server/db/transacao-aberta.ts';
import { SefazCliente } from '../../src/server/fiscal/sefaz-cliente.ts';

// Issue 34 item 6: withRetry runs a writing transaction again when PostgreSQL picked it as a deadlock victim, and only
// that transaction: the work that talks to the outside world (SEFAZ, after-commit work) runs once, after the commit
// of the attempt that won, with no transaction open; the work of a rolled-back attempt never runs. A call to SEFAZ
// inside the transaction itself is refused by the guard (and not retried).
describe.each(AMBOS_BANCOS)('withRetry e o trabalho pós-commit (%s)', (backend) => {
  let t: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    t = await openTestDb(backend, { seeded: true });
    await t.db.query('CREATE TABLE retry_teste (id integer PRIMARY KEY, v integer NOT NULL DEFAULT 0)');
    await t.db.query('INSERT INTO retry_teste (id) VALUES (1), (2)');
  });
  afterAll(async () => {
    await t.db.close();
    await t.drop();
  });

  it('a deadlock victim reruns transaction 1 only; the after-commit work of the attempt that committed runs once, outside any transaction', async () => {
    const services = { db: t.db };
    let tentativas = 0;
    const feitos: { tentativa: number; semTransacao: boolean }[] = [];
    const { resultado, houveAposCommit } = await comAposCommit(services, { tenantId: 1 }, async (q, aposCommit) => {
      const tentativa = ++tentativas;
      await q.query('UPDATE retry_teste SET v = v + 1 WHERE id = 1');
      // What the posting leaves for after the commit (the SEFAZ send): recorded per attempt.
      aposCommit.push(async () => void feitos.push({ tentativa, semTransacao: transacaoAberta() === undefined }));
      if (tentativa === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return tentativa;
    });
    expect(resultado).toBe(2);
    expect(houveAposCommit).toBe(true);
    expect(tentativas).toBe(2);
    // Once, the committed attempt's, with no transaction open; the rolled-back attempt's work never ran.
    expect(feitos).toEqual([{ tentativa: 2, semTransacao: true }]);
    // The rolled-back attempt left nothing: one increment.
    expect((await t.db.query<{ v: number }>('SELECT v FROM retry_teste WHERE id = 1')).rows[0].v).toBe(1);
  });

  it('a SEFAZ call inside the retried transaction is refused by the guard and not retried', async () => {
    const c = new SefazCliente({ certificado: { privateKeyPem: '', certPem: '', cnpj: '11222333000181' }, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: 'https://127.0.0.1:9', ca: '' }, timeoutMs: 2000 });
    let tentativas = 0;
    try {
      await expect(withRetry({ db: t.db }, { tenantId: 1 }, async () => {
        tentativas++;
        return c.statusServico();
      })).rejects.toThrow(/com uma transação do banco aberta/);
    } finally {
      c.fechar();
    }
    expect(tentativas).toBe(1);
  });

  // A real deadlock needs two connections: PostgreSQL only (PGlite has one, it never deadlocks).
  if (backend === 'postgres') it('a real deadlock between two transitions: the victim reruns its transaction, each after-commit work runs once', async () => {
    const services = { db: t.db };
    let aTem!: () => void;
    let bTem!: () => void;
    const aTrancou = new Promise<void>((r) => (aTem = r));
    const bTrancou = new Promise<void>((r) => (bTem = r));
    const tentativas = { a: 0, b: 0 };
    const feitos: string[] = [];
    const transicao = (nome: 'a' | 'b', primeiro: number, segundo: number, eu: () => void, outro: Promise<void>) =>
      comAposCommit(services, { tenantId: 1 }, async (q, aposCommit) => {
        const k = ++tentativas[nome];
        await q.query('UPDATE retry_teste SET v = v + 1 WHERE id = $1', [primeiro]);
        if (k === 1) {
          eu();
          await outro;
        }
        await q.query('UPDATE retry_teste SET v = v + 1 WHERE id = $1', [segundo]);
        aposCommit.push(async () => void feitos.push(`${nome}${k}`));
        return k;
      });
    const antes = (await t.db.query<{ v: number }>('SELECT sum(v)::int AS v FROM retry_teste')).rows[0].v;
    const [ra, rb] = await Promise.all([transicao('a', 1, 2, aTem, bTrancou), transicao('b', 2, 1, bTem, aTrancou)]);
    // PostgreSQL chose one victim: it ran twice, the other once; each committed attempt's work ran exactly once.
    expect([ra.resultado, rb.resultado].sort()).toEqual([1, 2]);
    expect(tentativas.a + tentativas.b).toBe(3);
    expect(feitos.sort()).toEqual([`a${tentativas.a}`, `b${tentativas.b}`].sort());
    expect((await t.db.query<{ v: number }>('SELECT sum(v)::int AS v FROM retry_teste')).rows[0].v).toBe(antes + 4);
  });
});
