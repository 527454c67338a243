import { openTestDb, BACKENDS } from '../support/server.ts';
import { SefazCliente, SefazIndisponivelError } from '../../src/server/fiscal/sefaz-cliente.ts';

// The guard of issue 34: no call to SEFAZ while the calling context holds an open database transaction (on in the
// test suites), so a path that regresses to calling SEFAZ inside a posting transaction fails its tests. The client
// points at a closed port: a call the guard lets through fails as "SEFAZ unreachable", a refused one never leaves.
describe.each(BACKENDS)('guarda: SEFAZ com transação aberta (%s)', (backend) => {
  let t: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    t = await openTestDb(backend, { seeded: true });
  });
  afterAll(async () => {
    await t.db.close();
    await t.drop();
  });
  const cliente = () =>
    new SefazCliente({ certificado: { privateKeyPem: '', certPem: '', cnpj: '11222333000181' }, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: 'https://127.0.0.1:9', ca: '' }, timeoutMs: 2000 });
  const GUARDA = /^Chamada à SEFAZ \(NFeStatusServico4\) com uma transação do banco aberta/;

  it('refused inside db.tenant and db.transaction, before anything is sent', async () => {
    const c = cliente();
    try {
      await expect(t.db.tenant({ tenantId: 1 }, () => c.statusServico())).rejects.toThrow(GUARDA);
      await expect(t.db.transaction(() => c.statusServico())).rejects.toThrow(GUARDA);
      // Also from work the transaction started that is still running in its context.
      await expect(t.db.transaction(async () => new Promise((r) => setTimeout(r, 1)).then(() => c.statusServico()))).rejects.toThrow(GUARDA);
    } finally {
      c.fechar();
    }
  });

  it('let through with no transaction open and after the commit; no path is exempt', async () => {
    const c = cliente();
    try {
      await expect(c.statusServico()).rejects.toBeInstanceOf(SefazIndisponivelError);
      const depois = await t.db.transaction(async () => 'commit');
      expect(depois).toBe('commit');
      await expect(c.statusServico()).rejects.toBeInstanceOf(SefazIndisponivelError);
    } finally {
      c.fechar();
    }
  });
});
