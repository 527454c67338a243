import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/**
 * A local server speaking the S3 protocol (the s3rver package), started by a test: the storage's S3 backend runs
 * against it exactly as against AWS or MinIO. `url` is a STORAGE_URL for it; the credentials are s3rver's own.
 */
export interface S3Local {
  url: string;
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects (to look for leftovers). */
  directory: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The same variables a deployment sets, for child processes. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Local(opts: { bucket?: string; prefix?: string; redirect?: boolean; port?: number; directory?: string } = {}): Promise<S3Local> {
  const bucket = opts.bucket ?? 'retaguarda';
  const directory = opts.directory ?? mkdtempSync(join(tmpdir(), 's3-local-'));
  const server = new S3rver({ port: opts.port ?? 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const url = `s3://${bucket}/${opts.prefix ?? 'retaguarda'}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1${opts.redirect ? '&redirect=true' : ''}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    url,
    endpoint,
    bucket,
    directory,
    credentials,
    env: { STORAGE_URL: url, AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey, AWS_REGION: 'us-east-1' },
    close: () => server.close(),
  };
}
