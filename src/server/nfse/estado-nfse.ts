// The NFS-e's state machine (schemas/lifecycles/nfse.json) and its one sender per DPS across every server process.
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { maquina, transitar, type Colunas } from '../documents/estados.ts';

type Row = Record<string, any>;
/** Who acts (the note's account, the person recorded in estado_eventos). */
type CtxNfse = { tenantId: number; userId: number; branchId?: number | null };
type ComBanco = { db: Db };

/**
 * Runs the declared transition `transicao` of the note (row locked) when `condicao` holds for it (the state and DPS
 * the caller's answer is about), writing `colunas` with the state and recording who and when in estado_eventos; null
 * (nothing changed) when it does not hold: the answer was already recorded. No other code of nfse/ writes situacao.
 */
export async function moverNfse(q: Queryable, ctx: Pick<CtxNfse, 'tenantId' | 'userId'>, notaId: number, transicao: string, condicao: (n: Row) => boolean, colunas: Colunas = {}): Promise<Row | null> {
  const n = (await q.query(`SELECT * FROM notas_servico WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, notaId])).rows[0];
  if (!n || !condicao(n)) return null;
  await transitar(q, { tenantId: ctx.tenantId, userId: ctx.userId }, maquina('nfse'), notaId, transicao, undefined, { colunas });
  return (await q.query(`SELECT * FROM notas_servico WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId])).rows[0];
}

/**
 * How long a claim to send a DPS holds without its sender renewing it (NFSE_ENVIO_PRAZO_S, seconds; default 20): the
 * sender renews it every third of that while the ADN is on the line, so only a dead sender's claim lapses.
 */
export const PRAZO_ENVIO_MS = (Number(process.env.NFSE_ENVIO_PRAZO_S) > 0 ? Number(process.env.NFSE_ENVIO_PRAZO_S) : 20) * 1000;
/** The claim's columns cleared (written with the answer's transition). */
export const SEM_ENVIO: Colunas = { envio_token: null, envio_ate: null };

/** A new claim's token: one per send, never per process (the same server's recovery and request are two senders). */
export const novoTokenEnvio = (): string => randomUUID();

/**
 * The claim to send a DPS, in a short transaction of its own (nothing outside the database called in it): the note
 * 'transmitindo' is taken by this token when it is unclaimed, its claim lapsed, or already this token's. A conditional
 * UPDATE under the row lock: of two servers on one database only one gets it. Returns whether this token holds it and,
 * when another does, until when its claim runs.
 */
export async function reivindicarEnvio(services: ComBanco, ctx: CtxNfse, notaId: number, token: string): Promise<{ dono: boolean; ate: Date | null }> {
  return services.db.tenant(ctx, async (q) => {
    const r = await q.query(
      `UPDATE notas_servico SET envio_token = $3, envio_ate = now() + ($4::int * interval '1 millisecond')
        WHERE tenant_id = $1 AND id = $2 AND situacao = 'transmitindo' AND (envio_token IS NULL OR envio_token = $3 OR envio_ate < now()) RETURNING id`,
      [ctx.tenantId, notaId, token, PRAZO_ENVIO_MS],
    );
    if (r.rows.length) return { dono: true, ate: null };
    const n = (await q.query(`SELECT envio_ate, now() AS agora FROM notas_servico WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId])).rows[0];
    // Measured on the database's clock, given back on this one's.
    const restante = n?.envio_ate ? new Date(n.envio_ate).getTime() - new Date(n.agora).getTime() : null;
    return { dono: false, ate: restante === null ? null : new Date(Date.now() + Math.max(restante, 0)) };
  });
}

/** The sender keeps its claim while the ADN is on the line (a short UPDATE every third of the term); returns the stop. */
export function manterEnvio(services: ComBanco, ctx: CtxNfse, notaId: number, token: string): () => Promise<void> {
  const renovar = () =>
    services.db.tenant(ctx, (q) => q.query(`UPDATE notas_servico SET envio_ate = now() + ($4::int * interval '1 millisecond') WHERE tenant_id = $1 AND id = $2 AND envio_token = $3`, [ctx.tenantId, notaId, token, PRAZO_ENVIO_MS]));
  // A renewal lives only as long as this one ADN call (no background work: that runs on the jobs table); each renewal
  // is scheduled after the previous one ended, so a slow database never stacks them.
  const passo = Math.max(Math.floor(PRAZO_ENVIO_MS / 3), 250);
  let parado = false;
  let t: ReturnType<typeof setTimeout>;
  const agendar = () => {
    t = setTimeout(() => void renovar().catch(() => {}).finally(() => { if (!parado) agendar(); }), passo);
    t.unref?.();
  };
  agendar();
  return async () => {
    parado = true;
    clearTimeout(t);
    await services.db.tenant(ctx, (q) => q.query(`UPDATE notas_servico SET envio_token = NULL, envio_ate = NULL WHERE tenant_id = $1 AND id = $2 AND envio_token = $3`, [ctx.tenantId, notaId, token])).catch(() => {});
  };
}
