import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { esquecerEstadoDoProcesso } from '../../src/server/estado-do-processo.ts';
import { chaveCertificados } from '../../src/server/cifra.ts';
import { destinoSefaz, sefazLocalEmExecucao } from '../../src/server/fiscal/sefaz-destino.ts';
import { ResourceRegistry } from '../../src/server/resources/registry.ts';
import { sampleBody } from '../support/samples.ts';
import { limparBancosDeTeste } from '../support/seeded-db.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

const marcaDoc = ResourceRegistry.load().byName.get('marca')!.doc;

/**
 * The api files run one after the other in one process (vitest isolate: false). Nothing one server or file keeps
 * may reach another: account 1 of one database is another account than account 1 of the next.
 */
describe.each(BACKENDS)('state between servers on %s', (backend) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    [a, b] = await Promise.all([startTestServer(backend, { reportWorker: false }), startTestServer(backend, { reportWorker: false })]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("an account blocked on one server's database is not blocked on another server's database with the same account id", async () => {
    const tokenA = await login(a.app, 'admin@demo.com.br');
    const tokenB = await login(b.app, 'admin@demo.com.br');
    const tenant = Number((await a.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id);
    expect(Number((await b.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id)).toBe(tenant);
    await a.db.query(`UPDATE tenants SET data_vencimento = current_date - 1 WHERE id = $1`, [tenant]);
    const inject = (srv: TestServer, token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      srv.app.inject({ method, url, payload: payload as never, headers: { host: 'localhost', authorization: token } });
    // Server A reads the account's state (trial over) and keeps it a few seconds.
    expect((await inject(a, tokenA, 'GET', '/api/Clientes')).statusCode).toBe(200);
    // Server B, at once: its own database says the trial goes on, so the write passes.
    const w = await inject(b, tokenB, 'POST', '/api/Marcas', sampleBody(marcaDoc));
    expect(w.statusCode, w.body).toBe(200);
    const blocked = await inject(a, tokenA, 'POST', '/api/Marcas', sampleBody(marcaDoc));
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.message).toBe('Seu período de teste terminou: contrate um plano em Assinatura > Planos para voltar a registrar dados.');
  });
});

describe('what the process keeps between test files', () => {
  it('esquecerEstadoDoProcesso stops the local SEFAZ and forgets the certificate key read from DATA_DIR', async () => {
    const antes = process.env.DATA_DIR;
    try {
      const d1 = mkdtempSync(join(tmpdir(), 'estado-1-'));
      const d2 = mkdtempSync(join(tmpdir(), 'estado-2-'));
      writeFileSync(join(d1, 'certificado.chave'), 'chave-da-pasta-um');
      writeFileSync(join(d2, 'certificado.chave'), 'chave-da-pasta-dois');
      process.env.DATA_DIR = d1;
      await esquecerEstadoDoProcesso();
      const k1 = chaveCertificados();
      await destinoSefaz({ dataDir: d1 });
      expect(await sefazLocalEmExecucao()).not.toBeNull();
      process.env.DATA_DIR = d2;
      expect(chaveCertificados().equals(k1)).toBe(true);
      await esquecerEstadoDoProcesso();
      expect(await sefazLocalEmExecucao()).toBeNull();
      expect(chaveCertificados().equals(k1)).toBe(false);
    } finally {
      if (antes === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = antes;
      await esquecerEstadoDoProcesso();
    }
  });
});

if (process.env.DATABASE_URL) {
  describe('leftover test databases on PostgreSQL', () => {
    const admin = process.env.DATABASE_URL!;
    const sql = async (text: string) => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      try {
        return (await c.query(text)).rows;
      } finally {
        await c.end();
      }
    };
    const existe = async (name: string) => (await sql(`SELECT 1 FROM pg_database WHERE datname = '${name}'`)).length === 1;

    it('drops templates of other keys unused for hours and nobody connected; keeps a recent one and one in use', async () => {
      const sufixo = Math.random().toString(16).slice(2, 10);
      const velho = `retaguarda_tpl_00000000_velho${sufixo}`;
      const recente = `retaguarda_tpl_00000000_recente${sufixo}`;
      const conectado = `retaguarda_tpl_00000000_conectado${sufixo}`;
      for (const n of [velho, recente, conectado]) await sql(`CREATE DATABASE ${n}`);
      await sql(`COMMENT ON DATABASE ${velho} IS 'retaguarda-testes usado em ${Date.now() - 4 * 3600_000}'`);
      await sql(`COMMENT ON DATABASE ${recente} IS 'retaguarda-testes usado em ${Date.now() - 60_000}'`);
      await sql(`COMMENT ON DATABASE ${conectado} IS 'retaguarda-testes usado em ${Date.now() - 4 * 3600_000}'`);
      const u = new URL(admin);
      u.pathname = `/${conectado}`;
      const c = new pg.Client({ connectionString: u.toString() });
      await c.connect();
      try {
        const apagados = await limparBancosDeTeste(admin);
        expect(apagados).toContain(velho);
        expect(await existe(velho)).toBe(false);
        expect(await existe(recente)).toBe(true);
        expect(await existe(conectado)).toBe(true);
      } finally {
        await c.end();
        for (const n of [velho, recente, conectado]) await sql(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
      }
    });
  });
}
