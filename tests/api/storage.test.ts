import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { LocalStorage } from '../../src/server/storage/local.ts';
import { S3Storage } from '../../src/server/storage/s3.ts';
import { openStorage, StorageUnavailable, STORAGE_MESSAGES, tenantKey, type FileStorage } from '../../src/server/storage/storage.ts';
import { startS3Local, type S3Local } from '../../src/server/stand-ins/s3-local.ts';

const text = async (s: Readable | null) => {
  if (!s) return null;
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c));
  return Buffer.concat(parts);
};

/** A stream that sends `size` bytes then fails: a crash in the middle of a write. */
function failingStream(size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.destroy(new Error('conexão perdida no meio do envio'));
      const n = Math.min(1024 * 1024, size - sent);
      sent += n;
      this.push(Buffer.alloc(n, 1));
    },
  });
}

// The same contract for both backends: the folder under DATA_DIR and S3 (against a local S3-protocol server).
describe.each(['local', 's3'] as const)('file storage: %s backend', (kind) => {
  let s3: S3Local | null = null;
  let storage: FileStorage;
  let root = '';

  beforeAll(async () => {
    if (kind === 's3') {
      s3 = await startS3Local();
      storage = await openStorage({ url: s3.url, dataDir: '/nao-usado', credentials: s3.credentials });
    } else {
      root = mkdtempSync(join(tmpdir(), 'arquivos-'));
      storage = await openStorage({ url: '', dataDir: root });
    }
  });
  afterAll(async () => s3?.close());

  it('puts, reads back as a stream, replaces and deletes; a missing file is null; deleting twice is fine', async () => {
    const key = tenantKey(7, 'relatorios', '1.xlsx');
    expect(key).toBe('t/7/relatorios/1.xlsx');
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('primeira versão'));
    expect((await text(await storage.get(key)))!.toString()).toBe('primeira versão');
    await storage.put(key, Readable.from([Buffer.from('segunda '), Buffer.from('versão')]));
    expect((await text(await storage.get(key)))!.toString()).toBe('segunda versão');
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.check();
  });

  it('lists the files directly under a folder (a watched folder), sorted; an empty or missing folder is []', async () => {
    expect(await storage.list!('t/8/boletos-retornos/1')).toEqual([]);
    await storage.put('t/8/boletos-retornos/1/B.RET', Buffer.from('b'));
    await storage.put('t/8/boletos-retornos/1/A.RET', Buffer.from('a'));
    await storage.put('t/8/boletos-retornos/1/sub/C.RET', Buffer.from('c'));
    await storage.put('t/8/boletos-retornos/10/D.RET', Buffer.from('d'));
    expect(await storage.list!('t/8/boletos-retornos/1/')).toEqual(['t/8/boletos-retornos/1/A.RET', 't/8/boletos-retornos/1/B.RET']);
    for (const k of ['1/A.RET', '1/B.RET', '1/sub/C.RET', '10/D.RET']) await storage.delete(`t/8/boletos-retornos/${k}`);
  });

  it('a large stream is stored whole (multipart on S3)', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024 + 123);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    const key = tenantKey(7, 'relatorios', 'grande.pdf');
    await storage.put(key, Readable.from([big.subarray(0, 5e6), big.subarray(5e6)]), { contentType: 'application/pdf' });
    expect((await text(await storage.get(key)))!.equals(big)).toBe(true);
  });

  it('a write that fails midway leaves nothing visible, not even a half file, and keeps the previous version', async () => {
    const key = tenantKey(8, 'relatorios', '2.xlsx');
    await expect(storage.put(key, failingStream(9 * 1024 * 1024))).rejects.toThrow(/conexão perdida/);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('inteiro'));
    await expect(storage.put(key, failingStream(3 * 1024 * 1024))).rejects.toThrow(/conexão perdida/);
    expect((await text(await storage.get(key)))!.toString()).toBe('inteiro');
    if (kind === 'local') {
      // No temp file left behind, and the folder holds only the whole file.
      expect(readdirSync(join(root, 'arquivos', '.tmp'))).toEqual([]);
      expect(readdirSync(join(root, 'arquivos', 't', '8', 'relatorios'))).toEqual(['2.xlsx']);
    } else {
      const c = (storage as S3Storage).client;
      const listed = await c.send(new ListObjectsV2Command({ Bucket: s3!.bucket, Prefix: 'retaguarda/t/8/' }));
      expect((listed.Contents ?? []).map((o) => o.Key)).toEqual(['retaguarda/t/8/relatorios/2.xlsx']);
    }
  });

  it('refuses keys that leave the root', async () => {
    for (const bad of ['../x', 't/1/../../x', '/etc/passwd', 't//x', '.tmp/x', '']) await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/chave de arquivo inválida/);
  });

  it('signed address: S3 gives a short-lived URL the browser downloads from; the folder has none (the API streams)', async () => {
    const key = tenantKey(9, 'relatorios', '3.pdf');
    await storage.put(key, Buffer.from('%PDF-1.4 conteúdo'));
    const url = await storage.signedUrl(key, { contentType: 'application/pdf', disposition: 'inline; filename="r.pdf"', expiresIn: 60 });
    if (kind === 'local') {
      expect(url).toBeNull();
      return;
    }
    expect(url).toMatch(/X-Amz-Expires=60/);
    const r = await fetch(url!);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toBe('inline; filename="r.pdf"');
    expect(await r.text()).toBe('%PDF-1.4 conteúdo');
  });
});

describe('file storage faults', () => {
  it('S3 unreachable: a StorageUnavailable (503, Portuguese) on put, get, delete and check, quickly', async () => {
    const s3 = await startS3Local();
    const url = s3.url;
    await s3.close();
    const storage = await openStorage({ url, dataDir: '/nao-usado', credentials: s3.credentials });
    const started = Date.now();
    for (const op of [() => storage.put('t/1/x', Buffer.from('x')), () => storage.get('t/1/x'), () => storage.delete('t/1/x'), () => storage.check()]) {
      const e = await op().then(() => null, (err) => err);
      expect(e).toBeInstanceOf(StorageUnavailable);
      expect(e.statusCode).toBe(503);
      expect(e.message).toBe(STORAGE_MESSAGES.indisponivel);
    }
    expect(Date.now() - started).toBeLessThan(30000);
  });

  it('a bucket that does not exist or refuses us: a 503 that says the storage refused access', async () => {
    const s3 = await startS3Local();
    try {
      const storage = await openStorage({ url: s3.url.replace('s3://retaguarda/', 's3://outro-bucket/'), dataDir: '/nao-usado', credentials: s3.credentials });
      const e = await storage.put('t/1/x', Buffer.from('x')).then(() => null, (err) => err);
      expect(e).toBeInstanceOf(StorageUnavailable);
      expect(e.message).toBe(STORAGE_MESSAGES.semPermissao);
      await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailable);
    } finally {
      await s3.close();
    }
  });

  it('the folder backend on a path it cannot use: a 503, not a crash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arquivos-'));
    writeFileSync(join(dir, 'ocupado'), 'um arquivo onde deveria haver uma pasta');
    const storage = new LocalStorage(join(dir, 'ocupado'));
    await expect(storage.put('t/1/x', Buffer.from('x'))).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailable);
  });

  it('STORAGE_URL is read as documented', async () => {
    const { parseS3Url } = await import('../../src/server/storage/s3.ts');
    expect(parseS3Url('s3://arquivos/prod/retaguarda?endpoint=http%3A%2F%2Fminio%3A9000&region=sa-east-1&redirect=true')).toEqual({
      bucket: 'arquivos',
      prefix: 'prod/retaguarda/',
      endpoint: 'http://minio:9000',
      region: 'sa-east-1',
      forcePathStyle: true,
      redirect: true,
    });
    expect(parseS3Url('s3://arquivos')).toMatchObject({ bucket: 'arquivos', prefix: '', endpoint: undefined, forcePathStyle: false, redirect: false });
    await expect(openStorage({ url: 'ftp://x', dataDir: '/tmp' })).rejects.toThrow(/STORAGE_URL='ftp:\/\/x' não é válido/);
  });
});
