import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable } from '../db/interface.ts';

/** The NOTIFY channel jobs_enfileirar signals on commit: every server's worker wakes up. */
export const CANAL_JOBS = 'retaguarda_jobs';
/**
 * An idle server looks for due jobs this often at most (JOBS_VERIFICAR_A_CADA, seconds): new work wakes it at once
 * (in-process on enqueue, LISTEN/NOTIFY across PostgreSQL servers); this only catches what nothing announced.
 */
export const VERIFICAR_A_CADA_MS = (Number(process.env.JOBS_VERIFICAR_A_CADA) > 0 ? Number(process.env.JOBS_VERIFICAR_A_CADA) : 60) * 1000;
/** A job 'executando' without a heartbeat for this long (JOBS_TRAVADO_APOS, seconds) was left by a dead process: back to pendente. */
export const TRAVADO_APOS_S = Number(process.env.JOBS_TRAVADO_APOS) > 0 ? Number(process.env.JOBS_TRAVADO_APOS) : 120;
export const MAX_TENTATIVAS = 5;
/** First wait before a retry; each further attempt waits twice as long (exponential backoff), at most a day. */
export const ESPERA_BASE_MS = 30_000;
const ESPERA_MAXIMA_MS = 24 * 3600_000;

export type Situacao = 'pendente' | 'executando' | 'concluido' | 'falhou';

export interface Job<P = Record<string, unknown>> {
  id: number;
  tipo: string;
  chave: string | null;
  contaId: number | null;
  payload: P;
  tentativas: number;
  maxTentativas: number;
}

export type JobHandler<P = any> = (payload: P, job: Job<P>) => Promise<void>;

export interface KindOptions {
  /** Attempts before the job is marked falhou (default 5). */
  maxTentativas?: number;
  /** Wait before the first retry, doubled at each attempt (default 30 s). */
  esperaBaseMs?: number;
}

export interface EnqueueOptions {
  /** When to run it (default now). */
  runAt?: Date;
  /** Idempotency: while a job of this kind with this key is pending or running, enqueue returns its id. */
  key?: string;
  /** The account the job concerns (NULL: a system job). Inside a tenant transaction it must be that tenant. */
  contaId?: number | null;
  maxTentativas?: number;
}

export interface PeriodicKind {
  tipo: string;
  /** Interval between the end of one run and the next. */
  aCadaMs: number;
  /** First run after the server starts (default aCadaMs). */
  primeiraAposMs?: number;
  executar: () => Promise<void>;
}

interface JobRow {
  id: number;
  tipo: string;
  chave: string | null;
  conta_id: number | null;
  payload: Record<string, unknown>;
  tentativas: number;
  max_tentativas: number;
}

const errorText = (err: unknown): string => {
  const m = err instanceof Error ? err.message : String(err);
  return (m || 'Falha sem mensagem.').slice(0, 2000);
};

/** Wait before attempt n+1 after n failed attempts: base × 2^(n-1), at most a day. */
export const esperaAntesDe = (tentativas: number, baseMs = ESPERA_BASE_MS) => Math.min(baseMs * 2 ** Math.max(tentativas - 1, 0), ESPERA_MAXIMA_MS);

/**
 * The jobs table's queue and worker (one per server process). enqueue inserts a row (idempotent by key) and wakes
 * the workers; the worker claims one due job at a time with FOR UPDATE SKIP LOCKED (so any number of processes share
 * the table and each job runs once), runs its handler with no transaction open, beats a heartbeat while it runs,
 * then marks it concluido, or pendente again after a backoff, or falhou after its last attempt. Periodic kinds are
 * kept at one active instance each (key 'periodico'), the next enqueued when one ends.
 */
export class JobQueue {
  private readonly handlers = new Map<string, { run: JobHandler; opts: KindOptions }>();
  private readonly periodic = new Map<string, PeriodicKind>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private started = false;
  private stopped = false;
  private current: Promise<void> = Promise.resolve();
  private listener: pg.Client | null = null;
  private readonly wakeListeners: (() => void)[] = [];
  readonly executor = `${process.pid}-${randomBytes(4).toString('hex')}`;

  constructor(
    private readonly db: Db,
    private readonly opts: { databaseUrl?: string; verificarACadaMs?: number; travadoAposS?: number } = {},
  ) {}

  /** A kind of job this process can run. */
  register<P>(tipo: string, run: JobHandler<P>, opts: KindOptions = {}): void {
    if (this.handlers.has(tipo)) throw new Error(`job já registrado: ${tipo}`);
    this.handlers.set(tipo, { run: run as JobHandler, opts });
  }

  /** A periodic kind: the scheduler keeps one active instance of it; each run enqueues the next. */
  schedule(kind: PeriodicKind): void {
    this.register(kind.tipo, () => kind.executar(), { maxTentativas: 1 });
    this.periodic.set(kind.tipo, kind);
    if (this.started) void this.ensurePeriodic(kind, kind.primeiraAposMs ?? kind.aCadaMs).catch(() => {});
  }

  /** Something else to wake with the jobs (the report worker): on enqueue here, NOTIFY from another server, the fallback tick. */
  onWake(fn: () => void): void {
    this.wakeListeners.push(fn);
  }

  /** Enqueues a job; returns its id (the existing one's when the key is already active). `q`: the caller's transaction. */
  async enqueue(tipo: string, payload: Record<string, unknown> = {}, o: EnqueueOptions = {}, q: Queryable = this.db): Promise<number> {
    const id = await this.insert(tipo, payload, o, q);
    // In this process at once (PGlite has only this one); other servers by NOTIFY. Inside the caller's transaction
    // the row is not visible yet: the NOTIFY on commit (PostgreSQL) or the next tick finds it.
    setImmediate(() => this.kick());
    return id;
  }

  private async insert(tipo: string, payload: Record<string, unknown>, o: EnqueueOptions, q: Queryable = this.db): Promise<number> {
    const max = o.maxTentativas ?? this.handlers.get(tipo)?.opts.maxTentativas ?? MAX_TENTATIVAS;
    const r = await q.query<{ id: number }>(`SELECT jobs_enfileirar($1, $2::jsonb, $3, $4, $5, $6) AS id`, [tipo, JSON.stringify(payload), o.key ?? null, o.contaId ?? null, o.runAt ? o.runAt.toISOString() : null, max]);
    return Number(r.rows[0].id);
  }

  /**
   * Wakes every server's workers (this one's and, on PostgreSQL, the others' by NOTIFY): for work queued elsewhere
   * than the jobs table (the report exports).
   */
  async avisar(): Promise<void> {
    if (this.db.kind === 'postgres') await this.db.query(`SELECT pg_notify('${CANAL_JOBS}', 'aviso')`);
    else this.kick();
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.listen();
    for (const k of this.periodic.values()) await this.ensurePeriodic(k, k.primeiraAposMs ?? k.aCadaMs).catch(() => {});
    this.kick();
  }

  /** Stops taking jobs and waits for the running one to finish (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const l = this.listener;
    this.listener = null;
    await l?.end().catch(() => {});
    await this.current;
  }

  /** LISTEN on PostgreSQL (a direct connection: behind PgBouncer in transaction mode LISTEN does not hold). */
  private async listen(): Promise<void> {
    if (this.db.kind !== 'postgres' || !this.opts.databaseUrl || this.stopped) return;
    const c = new pg.Client({ connectionString: this.opts.databaseUrl });
    c.on('error', () => {
      // The connection is gone: the fallback tick reconnects.
      if (this.listener === c) this.listener = null;
    });
    c.on('notification', () => this.kick());
    try {
      await c.connect();
      await c.query(`LISTEN ${CANAL_JOBS}`);
      if (this.stopped) await c.end();
      else this.listener = c;
    } catch {
      await c.end().catch(() => {});
    }
  }

  private async ensurePeriodic(k: PeriodicKind, afterMs: number): Promise<void> {
    await this.insert(k.tipo, {}, { key: 'periodico', runAt: new Date(Date.now() + afterMs), maxTentativas: 1 });
  }

  /** Looks for due work now (enqueue, NOTIFY, the timer). */
  kick(): void {
    if (this.stopped || !this.started) return;
    for (const fn of this.wakeListeners) fn();
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.current = (async () => {
      try {
        do {
          this.again = false;
          await this.releaseStuck().catch(() => {});
          while (!this.stopped && (await this.runOne().catch(() => false))) {
            /* keep draining */
          }
        } while (this.again && !this.stopped);
        if (!this.stopped) await this.armTimer();
      } finally {
        this.running = false;
      }
    })();
  }

  /** Sleeps until the next due job, at most the fallback interval; reconnects LISTEN if it dropped. */
  private async armTimer(): Promise<void> {
    const fallback = this.opts.verificarACadaMs ?? VERIFICAR_A_CADA_MS;
    let wait = fallback;
    try {
      for (const k of this.periodic.values()) await this.ensurePeriodic(k, k.aCadaMs);
      const tipos = [...this.handlers.keys()];
      // The next due job of a kind this process runs, or the moment a running job goes without a heartbeat too long.
      const r = await this.db.query<{ ms: string | null }>(
        `SELECT extract(epoch FROM (min(quando) - now())) * 1000 AS ms FROM (
           SELECT min(executar_em) AS quando FROM jobs WHERE situacao = 'pendente' AND tipo = ANY($1::text[])
           UNION ALL SELECT min(sinal_em) + make_interval(secs => $2) FROM jobs WHERE situacao = 'executando') x`,
        [tipos, this.opts.travadoAposS ?? TRAVADO_APOS_S],
      );
      if (r.rows[0]?.ms !== null && r.rows[0]?.ms !== undefined) wait = Math.min(Math.max(Math.ceil(Number(r.rows[0].ms)), 10), fallback);
      if (!this.listener) await this.listen();
    } catch {
      /* the database is away: try again at the fallback interval */
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => this.kick(), wait);
    this.timer.unref();
  }

  /** Jobs claimed by a process that stopped beating (killed mid-run): back to pendente, or falhou after the last attempt. */
  async releaseStuck(): Promise<number> {
    const r = await this.db.query(
      `UPDATE jobs SET situacao = CASE WHEN tentativas >= max_tentativas THEN 'falhou' ELSE 'pendente' END, executor = NULL,
              executar_em = now(), ultimo_erro = 'O processo que executava o job parou de responder (encerrado no meio da execução).'
        WHERE situacao = 'executando' AND sinal_em < now() - make_interval(secs => $1)`,
      [this.opts.travadoAposS ?? TRAVADO_APOS_S],
    );
    return r.rowCount;
  }

  /** Claims and runs one due job of a registered kind; false when there was none. */
  async runOne(): Promise<boolean> {
    const tipos = [...this.handlers.keys()];
    if (!tipos.length) return false;
    const claimed = await this.db.query<JobRow>(
      `UPDATE jobs j SET situacao = 'executando', executor = $1, tentativas = j.tentativas + 1, iniciado_em = now(), sinal_em = now()
         FROM (SELECT id FROM jobs WHERE situacao = 'pendente' AND executar_em <= now() AND tipo = ANY($2::text[])
                ORDER BY executar_em, id LIMIT 1 FOR UPDATE SKIP LOCKED) c
        WHERE j.id = c.id
        RETURNING j.id, j.tipo, j.chave, j.conta_id, j.payload, j.tentativas, j.max_tentativas`,
      [this.executor, tipos],
    );
    const row = claimed.rows[0];
    if (!row) return false;
    await this.run(row);
    return true;
  }

  private async run(row: JobRow): Promise<void> {
    const h = this.handlers.get(row.tipo)!;
    const job: Job = { id: row.id, tipo: row.tipo, chave: row.chave, contaId: row.conta_id, payload: row.payload ?? {}, tentativas: row.tentativas, maxTentativas: row.max_tentativas };
    const travado = (this.opts.travadoAposS ?? TRAVADO_APOS_S) * 1000;
    const beat = setInterval(() => void this.db.query(`UPDATE jobs SET sinal_em = now() WHERE id = $1 AND executor = $2 AND situacao = 'executando'`, [row.id, this.executor]).catch(() => {}), Math.max(Math.floor(travado / 3), 200));
    beat.unref();
    let erro: unknown = null;
    try {
      // No transaction is open here: the handler opens its own short ones and makes its outside calls between them.
      await h.run(job.payload, job);
    } catch (err) {
      erro = err ?? new Error('Falha sem mensagem.');
    } finally {
      clearInterval(beat);
    }
    if (erro === null) {
      await this.db.query(`UPDATE jobs SET situacao = 'concluido', concluido_em = now(), executor = NULL WHERE id = $1 AND executor = $2 AND situacao = 'executando'`, [row.id, this.executor]);
    } else {
      const espera = esperaAntesDe(row.tentativas, h.opts.esperaBaseMs);
      await this.db.query(
        `UPDATE jobs SET situacao = CASE WHEN tentativas >= max_tentativas THEN 'falhou' ELSE 'pendente' END, executor = NULL, ultimo_erro = $3,
                executar_em = CASE WHEN tentativas >= max_tentativas THEN executar_em ELSE now() + make_interval(secs => $4) END,
                concluido_em = CASE WHEN tentativas >= max_tentativas THEN now() END
          WHERE id = $1 AND executor = $2 AND situacao = 'executando'`,
        [row.id, this.executor, errorText(erro), espera / 1000],
      );
    }
    const k = this.periodic.get(row.tipo);
    if (k && !this.stopped) await this.ensurePeriodic(k, k.aCadaMs).catch(() => {});
  }
}
