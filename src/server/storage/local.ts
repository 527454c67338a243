import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, StorageUnavailable, type FileStorage } from './interface.ts';

/** Temp files live beside the files (same file system, so rename is atomic) in a folder no key can name. */
const TEMP = '.tmp';
/** A temp file older than this was left by a crash: removed when the storage opens. */
const STALE_TEMP_MS = 24 * 3600 * 1000;

/** The folder backend (embedded mode, one server): DATA_DIR/arquivos/{key}. */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  readonly redirect = false;
  private readonly temp: string;
  private swept = false;

  constructor(readonly root: string) {
    this.temp = join(root, TEMP);
  }

  private path(key: string): string {
    return join(this.root, checkKey(key));
  }

  private async sweep(): Promise<void> {
    if (this.swept) return;
    this.swept = true;
    const names = await readdir(this.temp).catch(() => [] as string[]);
    const now = Date.now();
    for (const n of names) {
      const p = join(this.temp, n);
      const s = await stat(p).catch(() => null);
      if (s && now - s.mtimeMs > STALE_TEMP_MS) await rm(p, { force: true });
    }
  }

  async put(key: string, body: Readable | Buffer): Promise<void> {
    const target = this.path(key);
    try {
      await mkdir(this.temp, { recursive: true });
      await this.sweep();
      await mkdir(dirname(target), { recursive: true });
    } catch (e) {
      throw unavailable(e);
    }
    const tmp = join(this.temp, `${randomBytes(8).toString('hex')}.part`);
    try {
      if (Buffer.isBuffer(body)) await writeFile(tmp, body);
      else await pipeline(body, createWriteStream(tmp));
      await rename(tmp, target);
    } catch (e) {
      await rm(tmp, { force: true });
      throw isFsFault(e) ? unavailable(e) : e;
    }
  }

  async get(key: string): Promise<Readable | null> {
    const path = this.path(key);
    try {
      await stat(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw unavailable(e);
    }
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true }).catch((e) => {
      throw unavailable(e);
    });
  }

  async signedUrl(): Promise<string | null> {
    return null;
  }

  async list(prefix: string): Promise<string[]> {
    const dir = join(this.root, checkKey(prefix.replace(/\/+$/, '')));
    const entries = await readdir(dir, { withFileTypes: true }).catch((e) => {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw unavailable(e);
    });
    return entries.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => `${prefix.replace(/\/+$/, '')}/${e.name}`).sort();
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.temp, { recursive: true });
      const probe = join(this.temp, `pronto-${randomBytes(4).toString('hex')}`);
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
    } catch (e) {
      throw unavailable(e);
    }
  }
}

const isFsFault = (e: unknown) => typeof (e as NodeJS.ErrnoException)?.code === 'string' && /^E[A-Z]+$/.test((e as NodeJS.ErrnoException).code!);

function unavailable(e: unknown): StorageUnavailable {
  const code = (e as NodeJS.ErrnoException)?.code;
  return new StorageUnavailable(code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? 'semPermissao' : 'indisponivel', (e as Error)?.message);
}
