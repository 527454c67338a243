import type { Readable } from 'node:stream';
import { HttpError } from '../http/errors.ts';

/**
 * One file storage for every module (report files, brand images, and next authorised XMLs, certificates and
 * imports). Two backends behind it: a folder under DATA_DIR (the embedded default, one server) and S3-compatible
 * object storage (AWS, MinIO, Ceph, R2, …) chosen by STORAGE_URL when several servers run.
 *
 * Keys are relative paths of safe segments; a tenant's files start with `t/{tenant}/` (see tenantKey), a brand's
 * with `m/{brand}/`. A write is atomic: a reader sees the whole new file or nothing (temp file + rename in a folder,
 * a single PutObject or a completed multipart upload on S3), so a crash mid-write never leaves a half file visible.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Writes the whole body under key (replacing what was there) atomically. */
  put(key: string, body: Readable | Buffer, opts?: { contentType?: string }): Promise<void>;
  /** The file as a stream; null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A short-lived address the browser can fetch the file from directly, or null when the backend has none (the
   * folder: only this process can read it, so the API streams it).
   */
  signedUrl(key: string, opts?: SignedUrlOptions): Promise<string | null>;
  /** Whether downloads should redirect to signedUrl (STORAGE_URL `redirect=true`) instead of streaming. */
  readonly redirect: boolean;
  /** Readiness: throws StorageUnavailable when the storage cannot be written and read now. */
  check(): Promise<void>;
  /** The keys directly under a folder key (`…/`), files only, sorted: a watched folder (boletos' retornos). */
  list?(prefix: string): Promise<string[]>;
}

export interface SignedUrlOptions {
  /** Seconds the address stays valid (default SIGNED_URL_SECONDS). */
  expiresIn?: number;
  contentType?: string;
  /** Content-Disposition the download gets. */
  disposition?: string;
}

/** Signed download addresses live 5 minutes: enough to start the download, too short to be passed around. */
export const SIGNED_URL_SECONDS = 300;

export const STORAGE_MESSAGES = {
  indisponivel: 'Armazenamento de arquivos indisponível no momento. Tente novamente em instantes.',
  semPermissao: 'O servidor não tem permissão para gravar ou ler no armazenamento de arquivos. Avise o administrador do sistema.',
} as const;

/** The storage could not be reached or refused us: a 503 in Portuguese on the action that needed it. */
export class StorageUnavailable extends HttpError {
  constructor(
    readonly reason: 'indisponivel' | 'semPermissao',
    readonly causeMessage?: string,
  ) {
    super(503, reason === 'semPermissao' ? STORAGE_MESSAGES.semPermissao : STORAGE_MESSAGES.indisponivel);
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Refuses keys that could leave the storage's root or name a temp file: '..', absolute paths, empty segments. */
export function checkKey(key: string): string {
  const parts = key.split('/');
  if (!key || parts.some((p) => !SEGMENT.test(p) || p.includes('..'))) throw new Error(`chave de arquivo inválida: ${JSON.stringify(key)}`);
  return key;
}

/** A tenant's file: `t/{tenant}/{area}/{name}` (e.g. t/7/relatorios/12.xlsx). */
export const tenantKey = (tenantId: number, area: string, name: string) => checkKey(`t/${tenantId}/${area}/${name}`);
/** A brand's file (brand-level data, no account owns it): `m/{brand}/{area}/{name}`. */
export const brandKey = (brandId: number, area: string, name: string) => checkKey(`m/${brandId}/${area}/${name}`);
