import { mkdtempSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
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
  keepFolders(server);
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

type Store = { deleteObject(bucket: string, key: string): Promise<void>; getResourcePath(bucket: string, key: string, resource: string): string };

/**
 * s3rver keeps each object as files in folders named after its key and, on a delete, removes the folders the delete
 * left empty. A put into one of those folders at the same moment (two server processes' readiness checks, each
 * writing and deleting its own pronto/<pid>-… object) can then open its file in a folder just removed, and s3rver
 * writes a small object through a stream with no error listener: an uncaught ENOENT in the process holding the
 * stand-in (seen once in CI, varios-servidores). S3 itself has no folders; here a delete removes the object's
 * files and leaves the folders (listing walks files, so an empty folder lists nothing).
 */
function keepFolders(server: S3rver): void {
  const store = (server as unknown as { store: Store }).store;
  store.deleteObject = async (bucket, key) => {
    await Promise.all(
      ['object', 'object.md5', 'metadata.json'].map((resource) =>
        unlink(store.getResourcePath(bucket, key, resource)).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
        }),
      ),
    );
  };
}
