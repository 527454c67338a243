import { createReadStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { FUSO_PADRAO } from '../../shared/dates.ts';
import type { Filter } from '../../shared/filter.ts';
import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { KEYSET_FIELD } from '../resources/crud.ts';
import { StorageUnavailable, tenantKey } from '../storage/storage.ts';
import { reportColumns } from './columns.ts';
import { reportSource, type TipoArquivo } from './sources.ts';
import type { ReportHeader } from './exporters.ts';
import { periodoDoFiltro } from './periodo.ts';

export const STATUS = { PROCESSANDO: 0, FINALIZADO: 1, ERRO: 2 } as const;
/**
 * Rows read per chunk. Each chunk is its own short tenant transaction (keyset pagination), so the database
 * (PGlite has a single connection) serves other requests between chunks, and memory stays flat.
 */
export const CHUNK_ROWS = 4000;
/**
 * A job whose process died is taken again after this long without a sign of life (RELATORIOS_RETOMAR_APOS, seconds).
 * A running job renews its start time after every chunk, so only a dead process's job gets this old.
 */
export const STALE_AFTER_SECONDS = Number(process.env.RELATORIOS_RETOMAR_APOS) > 0 ? Number(process.env.RELATORIOS_RETOMAR_APOS) : 120;

const readdirSafe = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** The job was taken over by another process (this one was presumed dead): stop without touching it. */
class TakenOver extends Error {}
/** A job whose file could not be stored (storage unreachable) is tried again, up to this many times in all. */
export const MAX_ATTEMPTS = 5;
/** Seconds before a job that met an unreachable storage is tried again (times the attempts made). */
export const RETRY_AFTER_SECONDS = 15;

export const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  txt: 'text/plain; charset=iso-8859-1',
} as const;
/** Where a report's file is kept in the file storage. */
export const reportKey = (tenantId: number, id: number, tipo: TipoArquivo) => tenantKey(tenantId, 'relatorios', `${id}.${tipo}`);

interface JobRow {
  tenant_id: number;
  id: number;
  user_id: number;
  descricao: string;
  tipo: TipoArquivo;
  evento: string;
  tentativas: number;
  parametros: { recurso: string; filter: Filter; branchId: number | null; ocultos?: string[] };
}

/**
 * Runs report jobs: claims one pending row with FOR UPDATE SKIP LOCKED (so any number of processes share the
 * table and each job runs once), reads the rows in keyset chunks (each its own short tenant transaction) into
 * the file, then marks the row and tells the user's socket.io room '{evento}-{tipo}'.
 */
export class ReportWorker {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private stopped = false;
  private started = false;
  private current: Promise<void> = Promise.resolve();
  readonly executor = `${process.pid}-${randomBytes(4).toString('hex')}`;

  /**
   * `dir` is a scratch folder: the file is built there, then put in the file storage (services.storage) as a
   * whole and removed from the folder.
   */
  constructor(
    private readonly services: AppServices,
    private readonly dir: string,
    /** Longest sleep of an idle worker (it is woken on enqueue, by the jobs' NOTIFY, and when a claimed job goes stale). */
    private readonly pollMs = 60_000,
    private readonly chunkRows = CHUNK_ROWS,
    private readonly retryAfterSeconds = RETRY_AFTER_SECONDS,
  ) {}

  start(): void {
    this.sweepScratch();
    this.started = true;
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current;
  }

  /** Scratch files left by a process killed mid-export (a day old or more): the job itself was taken again. */
  private sweepScratch(): void {
    const old = Date.now() - 24 * 3600 * 1000;
    for (const tenant of readdirSafe(this.dir)) {
      const folder = join(this.dir, tenant);
      for (const name of readdirSafe(folder)) {
        const file = join(folder, name);
        if (name.endsWith('.part') && (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < old) rmSync(file, { force: true });
      }
    }
  }

  /** A job was just queued (committed): this worker looks now, the other servers' workers are told (NOTIFY). */
  enfileirado(): void {
    this.kick();
    void this.services.jobs?.avisar().catch(() => {});
  }

  /** Looks for work now (after a job is queued, when woken, and when a claimed job may have gone stale). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.current = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.runOne())) {
            /* keep draining */
          }
        } while (this.again && !this.stopped);
        if (this.started && !this.stopped) await this.armTimer();
      } finally {
        this.running = false;
      }
    })();
  }

  /**
   * No polling every few seconds: sleep until the earliest pending job can be claimed (one another process claimed
   * goes stale, a retry's wait ends), at most pollMs; an enqueue or NOTIFY wakes the worker sooner.
   */
  private async armTimer(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let wait = this.pollMs;
    try {
      const r = await this.services.db.query<{ ms: string | null }>(
        `SELECT extract(epoch FROM (min(coalesce(iniciado_em + make_interval(secs => $1), now())) - now())) * 1000 AS ms FROM relatorios WHERE status = 0`,
        [STALE_AFTER_SECONDS],
      );
      const ms = r.rows[0]?.ms;
      if (ms !== null && ms !== undefined) wait = Math.min(Math.max(Math.ceil(Number(ms)) + 50, 50), this.pollMs);
    } catch {
      /* the database is away: the long wait */
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => this.kick(), wait);
    this.timer.unref();
  }

  /** Claims and runs one job; false when there was none. */
  async runOne(): Promise<boolean> {
    const { db } = this.services;
    const claimed = await db.query<JobRow>(
      `UPDATE relatorios r SET iniciado_em = now(), executor = $1, tentativas = tentativas + 1
        FROM (SELECT tenant_id, id FROM relatorios WHERE status = 0 AND (iniciado_em IS NULL OR iniciado_em < now() - make_interval(secs => $2))
               ORDER BY data_inclusao LIMIT 1 FOR UPDATE SKIP LOCKED) j
        WHERE r.tenant_id = j.tenant_id AND r.id = j.id
        RETURNING r.tenant_id, r.id, r.user_id, r.descricao, r.tipo, r.evento, r.tentativas, r.parametros`,
      [this.executor, STALE_AFTER_SECONDS],
    );
    const job = claimed.rows[0];
    if (!job) return false;
    await this.run(job);
    return true;
  }

  private async run(job: JobRow): Promise<void> {
    const { db, registry, resources, realtime, storage } = this.services;
    const event = `${job.evento}-${job.tipo}`;
    const url = `/api/Relatorios/${job.id}/arquivo`;
    try {
      const def = registry.byEndpoint.get(job.parametros.recurso);
      const source = def ? undefined : reportSource(job.parametros.recurso);
      if (!def && !source) throw new Error(`Cadastro desconhecido: ${job.parametros.recurso}`);
      const ctx = { tenantId: job.tenant_id, userId: job.user_id, branchId: job.parametros.branchId } as RequestContext;
      const folder = join(this.dir, String(job.tenant_id));
      mkdirSync(folder, { recursive: true });
      // The scratch file carries the executor: a process that takes over a stale job never writes into the file
      // of the process it replaces.
      const file = join(folder, `${job.id}.${job.tipo}.${this.executor}.part`);
      const who = await db.tenant(ctx, (q) =>
        q.query<{ usuario: string; empresa: string; cpf_cnpj: string | null; fuso: string | null }>(
          `SELECT u.nome AS usuario, coalesce(b.nome, t.nome) AS empresa, coalesce(b.cpf_cnpj, t.cpf_cnpj) AS cpf_cnpj, b.fuso_horario AS fuso
             FROM users u JOIN tenants t ON t.id = u.tenant_id LEFT JOIN branches b ON b.tenant_id = u.tenant_id AND b.id = $3
            WHERE u.tenant_id = $1 AND u.id = $2`,
          [job.tenant_id, job.user_id, job.parametros.branchId],
        ),
      );
      const header: ReportHeader = { titulo: job.descricao, empresa: who.rows[0]?.empresa ?? '', cpfCnpj: who.rows[0]?.cpf_cnpj ?? null, usuario: who.rows[0]?.usuario ?? '', data: new Date(), fusoHorario: who.rows[0]?.fuso ?? FUSO_PADRAO };
      const filter = { where: job.parametros.filter?.where, order: job.parametros.filter?.order };
      const chunkRows = this.chunkRows;
      const executor = this.executor;
      // Each chunk: one short transaction that reads the rows after the previous chunk's last one. The file is
      // written between chunks, outside any transaction.
      const services = this.services;
      const parametros = source?.parametros(filter.where);
      async function* batches() {
        let after: unknown = null;
        for (;;) {
          const rows = await db.tenant(ctx, async (q) => {
            if (source) {
              const chunk = await source.chunk(q, ctx, parametros!, after, chunkRows, services);
              after = chunk.after;
              return chunk.rows;
            }
            const { sql, params, fields } = resources.exportChunk(def!, ctx, filter, after as (string | null)[] | null, chunkRows);
            const r = await q.query<Record<string, unknown>>(sql, params);
            if (r.rows.length) after = r.rows[r.rows.length - 1][KEYSET_FIELD] as (string | null)[];
            for (const row of r.rows) delete row[KEYSET_FIELD];
            await resources.decorateRows(q, def!, ctx, r.rows, fields);
            return r.rows;
          });
          if (rows.length) yield rows;
          if (rows.length < chunkRows) return;
          // Sign of life, and a check that no other process took the job over meanwhile.
          const alive = await db.query(`UPDATE relatorios SET iniciado_em = now() WHERE tenant_id = $1 AND id = $2 AND executor = $3 AND status = 0`, [job.tenant_id, job.id, executor]);
          if (!alive.rowCount) throw new TakenOver();
        }
      }
      const ocultos = new Set(job.parametros.ocultos ?? []);
      const columns = (source ? (source.arquivo ? [] : source.columns(services, parametros!)) : reportColumns(def!)).filter((c) => !ocultos.has(c.field));
      header.periodo = periodoDoFiltro(filter.where, new Map(columns.map((c) => [c.field, c.title])));
      let linhas: number;
      const key = reportKey(job.tenant_id, job.id, job.tipo);
      try {
        // exceljs and pdfkit are loaded by the first export, not at start (an idle server does not hold them).
        if (source?.arquivo) {
          // A module's own file (a ZIP of XMLs, a fiscal text file): it writes the file, the queue does the rest.
          // Progress goes to '{evento}-{tipo}-progresso'; each step is also the job's sign of life.
          const progresso = async (feitos: number, total: number) => {
            const alive = await db.query(`UPDATE relatorios SET iniciado_em = now() WHERE tenant_id = $1 AND id = $2 AND executor = $3 AND status = 0`, [job.tenant_id, job.id, executor]);
            if (!alive.rowCount) throw new TakenOver();
            realtime?.toUser(job.tenant_id, job.user_id, `${event}-progresso`, { status: 'progress', data: { id: job.id, feitos, total } });
          };
          linhas = await source.arquivo.escrever(file, ctx, parametros!, services, progresso);
        } else {
          const { writePdf, writeXlsx } = await import('./exporters.ts');
          linhas = job.tipo === 'xlsx' ? await writeXlsx(file, header, columns, batches()) : await writePdf(file, header, columns, batches());
        }
        await storage.put(key, createReadStream(file), { contentType: CONTENT_TYPES[job.tipo] });
      } finally {
        rmSync(file, { force: true });
      }
      const done = await db.query(
        `UPDATE relatorios SET status = 1, arquivo = $4, linhas = $5, finalizado_em = now() WHERE tenant_id = $1 AND id = $2 AND executor = $3 AND status = 0`,
        [job.tenant_id, job.id, this.executor, key, linhas],
      );
      if (done.rowCount) realtime?.toUser(job.tenant_id, job.user_id, event, { status: 'success', data: { id: job.id, file: `${job.id}.${job.tipo}`, url } });
    } catch (err) {
      if (err instanceof TakenOver) return;
      if (err instanceof StorageUnavailable && job.tentativas < MAX_ATTEMPTS) {
        // Storage unreachable: the job stays Processando and is claimed again (by any process) once its start time
        // is old enough: the claim takes jobs started more than STALE_AFTER_SECONDS ago, so moving the start back
        // leaves retryAfterSeconds × attempts to wait.
        await db.query(
          `UPDATE relatorios SET executor = NULL, iniciado_em = now() - make_interval(secs => $4) WHERE tenant_id = $1 AND id = $2 AND executor = $3 AND status = 0`,
          [job.tenant_id, job.id, this.executor, Math.max(STALE_AFTER_SECONDS - this.retryAfterSeconds * job.tentativas, 0)],
        );
        return;
      }
      const message = err instanceof Error && err.message ? err.message : 'Falha ao gerar o relatório.';
      await db.query(`UPDATE relatorios SET status = 2, erro = $4, finalizado_em = now() WHERE tenant_id = $1 AND id = $2 AND executor = $3`, [job.tenant_id, job.id, this.executor, JSON.stringify({ message })]);
      realtime?.toUser(job.tenant_id, job.user_id, event, { status: 'error', data: { id: job.id, message } });
    }
  }
}
