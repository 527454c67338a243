import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkKey, SIGNED_URL_SECONDS, StorageUnavailable, type FileStorage, type SignedUrlOptions } from './interface.ts';

export interface S3Options {
  bucket: string;
  /** Prepended to every key ('' or ending in '/'). */
  prefix: string;
  /** S3-compatible endpoint (MinIO, Ceph, R2, …); AWS's own when absent. */
  endpoint?: string;
  region: string;
  /** Path-style addressing (endpoint/bucket/key): the default when an endpoint is given. */
  forcePathStyle: boolean;
  redirect: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * `s3://bucket/prefix?endpoint=http://minio:9000&region=us-east-1&redirect=true&pathStyle=false`.
 * Credentials are not in the address: the SDK's usual chain reads AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY,
 * AWS_PROFILE, the instance's role, …
 */
export function parseS3Url(url: string): Omit<S3Options, 'credentials'> {
  const u = new URL(url);
  if (u.protocol !== 's3:' || !u.hostname) throw new Error(`STORAGE_URL='${url}' não é válido: use s3://bucket/prefixo?endpoint=…&region=…`);
  const prefix = decodeURIComponent(u.pathname).replace(/^\/+/, '').replace(/\/+$/, '');
  const endpoint = u.searchParams.get('endpoint') || undefined;
  const flag = (name: string, dflt: boolean) => {
    const v = u.searchParams.get(name);
    return v === null ? dflt : v === 'true' || v === '1';
  };
  return {
    bucket: u.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: u.searchParams.get('region') || process.env.AWS_REGION || 'us-east-1',
    forcePathStyle: flag('pathStyle', !!endpoint),
    redirect: flag('redirect', false),
  };
}

/** Bodies up to this size go up in one PutObject; larger ones as a multipart upload, visible only once completed. */
const PART_SIZE = 8 * 1024 * 1024;

/** S3-compatible object storage through the official AWS SDK. */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  readonly redirect: boolean;
  readonly client: S3Client;

  constructor(private readonly o: S3Options) {
    this.redirect = o.redirect;
    this.client = new S3Client({
      region: o.region,
      endpoint: o.endpoint,
      forcePathStyle: o.forcePathStyle,
      credentials: o.credentials,
      // Checksums only where the operation requires them: S3-compatible servers do not all accept the trailing ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable storage fails the action quickly (a 503) instead of holding the request.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 3000, requestTimeout: 60000 },
    });
  }

  private key(key: string): string {
    return this.o.prefix + checkKey(key);
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType?: string } = {}): Promise<void> {
    const Key = this.key(key);
    // A body that fails (its source broke) is that failure, whatever the SDK then says about the aborted upload.
    let bodyError: unknown = null;
    if (!Buffer.isBuffer(body)) body.once('error', (e) => (bodyError = e));
    try {
      if (Buffer.isBuffer(body)) {
        await this.client.send(new PutObjectCommand({ Bucket: this.o.bucket, Key, Body: body, ContentType: opts.contentType }));
        return;
      }
      // One PutObject when the stream is smaller than a part; otherwise a multipart upload, aborted on failure,
      // so no half object is ever visible under the key.
      const upload = new Upload({ client: this.client, params: { Bucket: this.o.bucket, Key, Body: body, ContentType: opts.contentType }, partSize: PART_SIZE, queueSize: 2, leavePartsOnError: false });
      await upload.done();
    } catch (e) {
      if (bodyError) throw bodyError;
      throw fault(e);
    }
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.o.bucket, Key: this.key(key) }));
      return r.Body as Readable;
    } catch (e) {
      if (isMissing(e)) return null;
      throw fault(e);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.o.bucket, Key: this.key(key) }));
    } catch (e) {
      if (isMissing(e)) return;
      throw fault(e);
    }
  }

  async list(prefix: string): Promise<string[]> {
    const base = this.key(prefix.replace(/\/+$/, '')) + '/';
    const out: string[] = [];
    let ContinuationToken: string | undefined;
    try {
      do {
        const r = await this.client.send(new ListObjectsV2Command({ Bucket: this.o.bucket, Prefix: base, Delimiter: '/', ContinuationToken }));
        for (const o of r.Contents ?? []) if (o.Key && o.Key !== base) out.push(o.Key.slice(this.o.prefix.length));
        ContinuationToken = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (ContinuationToken);
    } catch (e) {
      throw fault(e);
    }
    return out.sort();
  }

  async signedUrl(key: string, opts: SignedUrlOptions = {}): Promise<string> {
    const cmd = new GetObjectCommand({ Bucket: this.o.bucket, Key: this.key(key), ResponseContentType: opts.contentType, ResponseContentDisposition: opts.disposition });
    return getSignedUrl(this.client, cmd, { expiresIn: opts.expiresIn ?? SIGNED_URL_SECONDS });
  }

  /** Readiness: writes, reads back and removes a small object (proves reach and permission, not just the bucket). */
  async check(): Promise<void> {
    const key = `pronto/${process.pid}-${randomBytes(4).toString('hex')}`;
    await this.put(key, Buffer.from('ok'));
    const body = await this.get(key);
    if (!body) throw new StorageUnavailable('indisponivel', 'objeto de teste não encontrado após gravar');
    for await (const _ of body) {
      /* drain */
    }
    await this.delete(key);
  }
}

function isMissing(e: unknown): boolean {
  const name = (e as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || (e as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;
}

/** Every storage failure becomes a 503 in Portuguese; a refused permission or a missing bucket says so. */
function fault(e: unknown): Error {
  if (e instanceof StorageUnavailable) return e;
  const status = (e as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  const name = (e as { name?: string })?.name ?? '';
  const denied = status === 403 || name === 'AccessDenied' || name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch' || name === 'NoSuchBucket';
  if (e instanceof S3ServiceException || status || /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|TimeoutError|socket hang up/i.test(`${name} ${(e as Error)?.message} ${(e as { code?: string })?.code}`)) {
    return new StorageUnavailable(denied ? 'semPermissao' : 'indisponivel', (e as Error)?.message);
  }
  return e instanceof Error ? e : new Error(String(e));
}
