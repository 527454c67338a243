import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { LocalStorage } from '../../src/server/storage/local.ts';
import { STORAGE_MESSAGES } from '../../src/server/storage/storage.ts';
import { AMBOS_BANCOS, login, startTestServer, type TestServer } from '../support/server.ts';

// Readiness for a load balancer, and a graceful shutdown that lets the running report finish.
describe.each(AMBOS_BANCOS)('readiness and graceful shutdown on %s', (backend) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
  });
  afterAll(async () => srv?.close());

  it('ready when the database and the folder storage answer; 503 saying what is down otherwise; ping stays up', async () => {
    const ok = await srv.app.inject({ method: 'GET', url: '/api/pronto/json' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'ok', banco: 'ok', armazenamento: 'ok', armazenamentoTipo: process.env.STORAGE_URL ? 's3' : 'local' });
    const dir = mkdtempSync(join(tmpdir(), 'quebrado-'));
    writeFileSync(join(dir, 'arquivo'), 'não é pasta');
    const { app } = await buildApp({ db: srv.db, serveWeb: false, reportWorker: false, storage: new LocalStorage(join(dir, 'arquivo')), dataDir: dir });
    try {
      const down = await app.inject({ method: 'GET', url: '/api/pronto/json' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'indisponivel', banco: 'ok', armazenamento: STORAGE_MESSAGES.indisponivel });
      expect((await app.inject({ method: 'GET', url: '/api/ping/json' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('closing the server lets the report it is running finish', async () => {
    const tenant = (await srv.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id;
    await srv.db.query(
      `INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj, uf, limite_credito, ativo)
       SELECT $1, 0, 'Cliente encerramento ' || g, lpad(g::text, 11, '0'), 'AM', 1, true FROM generate_series(1, 12000) g`,
      [tenant],
    );
    const token = await login(srv.app, 'admin@demo.com.br');
    const { app } = await buildApp({ db: srv.db, serveWeb: false, storage: srv.services.storage, dataDir: mkdtempSync(join(tmpdir(), 'fechando-')) });
    await app.ready();
    const res = await app.inject({ method: 'POST', url: '/api/Relatorios/exportar', headers: { authorization: token }, payload: { recurso: 'Clientes', tipo: 'pdf', filter: { where: { uf: 'AM' } } } });
    expect(res.statusCode).toBe(200);
    const id = res.json().id;
    const job = async () => (await srv.db.query<{ status: number; executor: string | null }>('SELECT status, executor FROM relatorios WHERE id = $1', [id])).rows[0];
    for (let i = 0; !(await job()).executor; i++) {
      if (i > 1200) throw new Error('o relatório não foi iniciado');
      await new Promise((r) => setTimeout(r, 25));
    }
    expect((await job()).status).toBe(0);
    await app.close();
    expect((await job()).status).toBe(1);
    const file = await srv.app.inject({ method: 'GET', url: `/api/Relatorios/${id}/arquivo`, headers: { authorization: token } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.includes('%%EOF')).toBe(true);
  });
});
