import ExcelJS from 'exceljs';
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { buildApp } from '../../src/server/app.ts';
import { ReportWorker } from '../../src/server/relatorios/worker.ts';
import { S3Storage } from '../../src/server/storage/s3.ts';
import { openStorage, STORAGE_MESSAGES } from '../../src/server/storage/storage.ts';
import { tinyPng } from '../support/png.ts';
import { startS3Local, type S3Local } from '../../src/server/stand-ins/s3-local.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

const dataUrl = (mime: string, b: Buffer) => `data:${mime};base64,${b.toString('base64')}`;

// Report files and brand images in S3-compatible storage (a local S3-protocol server): stored under tenant and
// brand keys, downloaded as a stream or through a signed address; with the storage down, the actions that need
// it answer a 503 in Portuguese and change nothing, the rest of the app keeps working, and a report job retries.
describe.each(BACKENDS)('files in S3-compatible storage on %s', (backend) => {
  let s3: S3Local;
  let srv: TestServer;
  let storage: S3Storage;
  let token: string;
  let master: string;
  let tenant: number;
  let worker: ReportWorker;
  const call = (method: string, url: string, payload?: unknown, t = token) => srv.app.inject({ method: method as any, url, payload: payload as any, headers: t ? { authorization: t } : {} });
  const objects = async (prefix: string) => ((await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `retaguarda/${prefix}` }))).Contents ?? []).map((o) => o.Key!.slice('retaguarda/'.length));
  const job = async (id: number) => (await srv.db.query<{ status: number; tentativas: number; executor: string | null; arquivo: string | null }>('SELECT status, tentativas, executor, arquivo FROM relatorios WHERE id = $1', [id])).rows[0];

  beforeAll(async () => {
    s3 = await startS3Local();
    storage = (await openStorage({ url: s3.url, dataDir: '/nao-usado', credentials: s3.credentials })) as S3Storage;
    srv = await startTestServer(backend, { reportWorker: false, storage });
    token = await login(srv.app, 'admin@demo.com.br');
    master = await login(srv.app, 'master@demo.com.br');
    tenant = (await srv.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id;
    // Retries after 1 s (the default waits longer between attempts).
    worker = new ReportWorker(srv.services, mkdtempSync(join(tmpdir(), 'rel-')), 2000, 4000, 1);
  });
  afterAll(async () => {
    await srv?.close();
    await s3?.close();
  });

  it('readiness checks the database and the storage', async () => {
    const r = await call('GET', '/api/pronto/json', undefined, '');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'ok', banco: 'ok', armazenamento: 'ok', armazenamentoTipo: 's3' });
  });

  it("an exported report is stored under the tenant's key and streamed back; deleting it removes the object", async () => {
    const grid = (await call('GET', `/api/Clientes?filter=${encodeURIComponent(JSON.stringify({ where: { uf: 'SP' }, limit: 1000 }))}`)).json();
    const res = await call('POST', '/api/Relatorios/exportar', { recurso: 'Clientes', tipo: 'xlsx', filter: { where: { uf: 'SP' } } });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id;
    expect(await worker.runOne()).toBe(true);
    expect(await job(id)).toMatchObject({ status: 1, arquivo: `t/${tenant}/relatorios/${id}.xlsx` });
    expect(await objects(`t/${tenant}/`)).toContain(`t/${tenant}/relatorios/${id}.xlsx`);
    const file = await call('GET', `/api/Relatorios/${id}/arquivo`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as any);
    expect(wb.worksheets[0].rowCount).toBe(grid.length + 1);

    // With redirect=true the download is a 302 to a short-lived signed address that serves the same bytes.
    const redirecting = await openStorage({ url: `${s3.url}&redirect=true`, dataDir: '/nao-usado', credentials: s3.credentials });
    const { app: second } = await buildApp({ db: srv.db, serveWeb: false, reportWorker: false, storage: redirecting, dataDir: mkdtempSync(join(tmpdir(), 'second-')) });
    try {
      const r = await second.inject({ method: 'GET', url: `/api/Relatorios/${id}/arquivo`, headers: { authorization: token } });
      expect(r.statusCode).toBe(302);
      expect(r.headers.location).toMatch(/X-Amz-Signature=/);
      const direct = await fetch(r.headers.location as string);
      expect(direct.status).toBe(200);
      expect(Buffer.from(await direct.arrayBuffer()).equals(file.rawPayload)).toBe(true);
      expect(direct.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.xlsx"$/);
    } finally {
      await second.close();
    }

    // Another account cannot reach it.
    const viz = await login(srv.app, 'admin@vizinha.com.br');
    expect((await call('GET', `/api/Relatorios/${id}/arquivo`, undefined, viz)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/Relatorios/${id}`)).statusCode).toBe(200);
    expect(await objects(`t/${tenant}/relatorios/${id}.`)).toEqual([]);
  });

  it('a brand image is stored under the brand key, not in the database, and served from the storage', async () => {
    const image = tinyPng();
    const up = await call('POST', '/api/ConfigWhiteLabels/upload', { tipo: 'logo', arquivo: dataUrl('image/png', image) }, master);
    expect(up.statusCode, up.body).toBe(200);
    const row = (await srv.db.query<{ conteudo: unknown; chave: string; brand_id: number }>(`SELECT conteudo, chave, brand_id FROM marca_imagens WHERE tipo = 'logo'`)).rows[0];
    expect(row.conteudo).toBeNull();
    expect(row.chave).toMatch(new RegExp(`^m/${row.brand_id}/imagens/logo-[0-9a-f]{16}\\.png$`));
    expect(await objects(`m/${row.brand_id}/imagens/`)).toEqual([row.chave]);
    const served = await call('GET', up.json().url, undefined, '');
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    // Replacing it removes the old file.
    const other = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    expect((await call('POST', '/api/ConfigWhiteLabels/upload', { tipo: 'logo', arquivo: dataUrl('image/svg+xml', other) }, master)).statusCode).toBe(200);
    const keys = await objects(`m/${row.brand_id}/imagens/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/\.svg$/);
  });

  it('storage down: 503 in Portuguese on the actions that need it, nothing changed, the rest works; a report job retries and finishes once', async () => {
    const done = await call('POST', '/api/Relatorios/exportar', { recurso: 'Clientes', tipo: 'pdf', filter: { where: { uf: 'RJ' } } });
    expect(await worker.runOne()).toBe(true);
    const doneId = done.json().id;
    const logoBefore = (await srv.db.query(`SELECT chave, sha256 FROM marca_imagens WHERE tipo = 'logo'`)).rows[0];
    const port = Number(new URL(s3.endpoint).port);
    await s3.close();
    try {
      const ready = await call('GET', '/api/pronto/json', undefined, '');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'indisponivel', banco: 'ok', armazenamento: STORAGE_MESSAGES.indisponivel });
      expect((await call('GET', '/api/ping/json', undefined, '')).statusCode).toBe(200);
      expect((await call('GET', '/api/Clientes?filter={"limit":3}')).json()).toHaveLength(3);

      const dl = await call('GET', `/api/Relatorios/${doneId}/arquivo`);
      expect(dl.statusCode).toBe(503);
      expect(dl.json().error).toMatchObject({ statusCode: 503, name: 'ServiceUnavailableError', message: STORAGE_MESSAGES.indisponivel });
      const del = await call('DELETE', `/api/Relatorios/${doneId}`);
      expect(del.statusCode).toBe(503);
      expect((await job(doneId)).status).toBe(1);
      const up = await call('POST', '/api/ConfigWhiteLabels/upload', { tipo: 'logo', arquivo: dataUrl('image/png', tinyPng()) }, master);
      expect(up.statusCode).toBe(503);
      expect(up.json().error.message).toBe(STORAGE_MESSAGES.indisponivel);
      expect((await srv.db.query(`SELECT chave, sha256 FROM marca_imagens WHERE tipo = 'logo'`)).rows[0]).toEqual(logoBefore);

      // Queuing still works; the job meets the storage down and stays Processando, released for a retry.
      const res = await call('POST', '/api/Relatorios/exportar', { recurso: 'Clientes', tipo: 'xlsx', filter: { where: { uf: 'MG' } } });
      expect(res.statusCode).toBe(200);
      const id = res.json().id;
      expect(await worker.runOne()).toBe(true);
      expect(await job(id)).toMatchObject({ status: 0, tentativas: 1, executor: null, arquivo: null });
      // Not claimed again before its retry time.
      expect(await worker.runOne()).toBe(false);

      s3 = await startS3Local({ port, directory: s3.directory });
      // Retry time is 1 s after the attempt: claimed again once it has passed.
      let ran = false;
      for (let i = 0; i < 100 && !ran; i++) {
        ran = await worker.runOne();
        if (!ran) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ran).toBe(true);
      expect(await job(id)).toMatchObject({ status: 1, tentativas: 2, arquivo: `t/${tenant}/relatorios/${id}.xlsx` });
      expect((await call('GET', `/api/Relatorios/${id}/arquivo`)).statusCode).toBe(200);
      expect((await call('GET', '/api/pronto/json', undefined, '')).statusCode).toBe(200);
    } finally {
      if (!(await fetch(s3.endpoint).then(() => true, () => false))) s3 = await startS3Local({ port, directory: s3.directory });
    }
  });

  it("a killed export's scratch file (a day old) is removed when a worker starts; a recent one is left alone", async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'rel-'));
    mkdirSync(join(scratch, String(tenant)));
    const old = join(scratch, String(tenant), '91.pdf.morto.part');
    const recent = join(scratch, String(tenant), '92.pdf.vivo.part');
    writeFileSync(old, '%PDF-1.4 pela metade');
    writeFileSync(recent, '%PDF-1.4 sendo escrito');
    const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000);
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    const w = new ReportWorker(srv.services, scratch);
    w.start();
    await w.stop();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });
});
