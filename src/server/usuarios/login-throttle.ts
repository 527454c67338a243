import type { Queryable } from '../db/db.ts';

/**
 * Repeated sign-in failures per brand/e-mail and per address: from SLOW_AFTER failures each answer is delayed,
 * from BLOCK_AFTER they are refused with 429 until the window passes. Kept in the table login_tentativas, so
 * every server process on the same database counts together (migration 0030).
 */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const SLOW_AFTER = 3;
export const BLOCK_AFTER = 8;
export const DELAY_STEP_MS = 250;

const WINDOW = `make_interval(secs => ${THROTTLE_WINDOW_MS / 1000})`;

export const emailKey = (brandId: number, email: string) => `e:${brandId}:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** 'block' refuses; a number is how long to wait before answering. */
export function verdictFor(failures: number): 'block' | number {
  if (failures >= BLOCK_AFTER) return 'block';
  return failures >= SLOW_AFTER ? (failures - SLOW_AFTER + 1) * DELAY_STEP_MS : 0;
}

/**
 * The counting is atomic: `reserve` counts the attempt for every key before the password is checked, in one
 * INSERT … ON CONFLICT … RETURNING (the conflicting rows are locked while the statement runs), and judges by
 * the count before it. A burst of parallel wrong passwords thus takes numbers 1, 2, 3… in turn, and only the
 * first BLOCK_AFTER get to try a password; with a separate read and write they would all read the same count.
 * A refused or successful attempt gives its reservation back; a failed one keeps it as its failure.
 */
export class LoginThrottle {
  constructor(private readonly db: Queryable) {}

  /** The verdict for the keys as they stand, counting nothing (the highest failure count in the window). */
  async check(keys: string[]): Promise<'block' | number> {
    const r = await this.db.query<{ n: number | null }>(`SELECT max(falhas)::int AS n FROM login_tentativas WHERE chave = ANY($1) AND inicio > now() - ${WINDOW}`, [keys]);
    return verdictFor(Number(r.rows[0]?.n ?? 0));
  }

  /**
   * Counts this attempt for each key (a window that has passed starts again) and answers the verdict of the
   * failures before it. A 'block' gives the reservation back at once: refusals are not failures.
   */
  async reserve(keys: string[]): Promise<'block' | number> {
    // Sorted, so two statements always lock shared rows in the same order.
    const sorted = [...new Set(keys)].sort();
    const r = await this.db.query<{ falhas: number }>(
      `INSERT INTO login_tentativas AS t (chave, inicio, falhas) SELECT k, now(), 1 FROM unnest($1::text[]) WITH ORDINALITY AS u(k, i) ORDER BY i
       ON CONFLICT (chave) DO UPDATE SET
         falhas = CASE WHEN t.inicio > now() - ${WINDOW} THEN t.falhas + 1 ELSE 1 END,
         inicio = CASE WHEN t.inicio > now() - ${WINDOW} THEN t.inicio ELSE now() END
       RETURNING falhas`,
      [sorted],
    );
    const before = Math.max(0, ...r.rows.map((x) => Number(x.falhas) - 1));
    const verdict = verdictFor(before);
    if (verdict === 'block') await this.release(sorted);
    return verdict;
  }

  /** A reserved attempt that failed: its reservation stays as the failure; rows whose window passed go. */
  async failed(): Promise<void> {
    await this.db.query(`DELETE FROM login_tentativas WHERE inicio < now() - ${WINDOW}`);
  }

  /** A reserved attempt that succeeded: the e-mail's count starts again; the other keys get the reservation back. */
  async succeeded(emailKey: string, otherKeys: string[]): Promise<void> {
    await this.db.query('DELETE FROM login_tentativas WHERE chave = $1', [emailKey]);
    await this.release(otherKeys);
  }

  private async release(keys: string[]): Promise<void> {
    if (!keys.length) return;
    await this.db.query('UPDATE login_tentativas SET falhas = greatest(falhas - 1, 0) WHERE chave = ANY($1)', [[...keys].sort()]);
  }
}
