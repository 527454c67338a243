import type { BrandResolver } from './http/brand-resolver.ts';
import type { Db } from './db/db.ts';
import type { DocumentRegistry } from './documents/registry.ts';
import type { Mailer } from './email/mailer.ts';
import type { JobQueue } from './jobs/index.ts';
import type { Realtime } from './realtime/realtime.ts';
import type { ResourceRegistry } from './resources/registry.ts';
import type { ResourceService } from './resources/crud.ts';
import type { EventosDeDominio } from './resources/eventos.ts';
import type { FileStorage } from './storage/storage.ts';

/** Work started after an answer (CRM leads): tracked so tests and shutdown can wait for it. */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<unknown>>();
  add(p: Promise<unknown>): void {
    const tracked = p.catch(() => {}).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}

/** What every module plugin receives: one database, the brand resolver, the resource documents, e-mail. */
export interface AppServices {
  db: Db;
  brands: BrandResolver;
  registry: ResourceRegistry;
  resources: ResourceService;
  mailer: Mailer;
  /** Base address of the external CRM's API (SPEC 7.8), when a brand does not name its own. */
  crmBaseUrl: string;
  background: BackgroundTasks;
  /** Files (report outputs, brand images, …): DATA_DIR/arquivos or S3-compatible object storage (STORAGE_URL). */
  storage: FileStorage;
  /** Business document types (schemas/documents) with their posting modules. */
  documents?: DocumentRegistry;
  /** Domain events (document transitions) for webhooks; set by integracoes. */
  eventos?: EventosDeDominio;
  /** socket.io rooms; set once the HTTP server exists. */
  realtime?: Realtime;
  /** The jobs table (background work): enqueue, register kinds. */
  jobs?: JobQueue;
}
