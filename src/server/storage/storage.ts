import type { FileStorage } from './interface.ts';

// The storage contract, keys and errors are in interface.ts (the backends import that, not this file).
export * from './interface.ts';

export interface OpenStorageOptions {
  /** STORAGE_URL: empty for the folder under dataDir; `s3://bucket/prefix?endpoint=…&region=…` for object storage. */
  url?: string;
  /** DATA_DIR: the folder backend keeps files in DATA_DIR/arquivos. */
  dataDir: string;
  /** Explicit credentials (tests); otherwise the usual AWS variables and files. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** The storage STORAGE_URL names: the folder under DATA_DIR when unset. */
export async function openStorage(opts: OpenStorageOptions): Promise<FileStorage> {
  const url = opts.url?.trim();
  if (!url || url.startsWith('file:')) {
    const { LocalStorage } = await import('./local.ts');
    const { resolve, join } = await import('node:path');
    const { fileURLToPath } = await import('node:url');
    return new LocalStorage(url ? fileURLToPath(url) : join(resolve(opts.dataDir), 'arquivos'));
  }
  if (url.startsWith('s3:')) {
    const { S3Storage, parseS3Url } = await import('./s3.ts');
    return new S3Storage({ ...parseS3Url(url), credentials: opts.credentials });
  }
  throw new Error(`STORAGE_URL='${url}' não é válido: use s3://bucket/prefixo?endpoint=…&region=… ou deixe vazio para a pasta DATA_DIR/arquivos.`);
}
