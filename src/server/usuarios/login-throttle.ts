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

export class LoginThrottle {
  constructor(private readonly db: Queryable) {}

  async check(keys: string[]): Promise<'block' | number> {
    const r = await this.db.query<{ n: number | null }>(`SELECT max(falhas)::int AS n FROM login_tentativas WHERE chave = ANY($1) AND inicio > now() - ${WINDOW}`, [keys]);
    return verdictFor(Number(r.rows[0]?.n ?? 0));
  }

  /** One more failure for each key, atomically: a window that has passed starts again at one. */
  async fail(keys: string[]): Promise<void> {
    for (const k of keys) {
      await this.db.query(
        `INSERT INTO login_tentativas AS t (chave, inicio, falhas) VALUES ($1, now(), 1)
         ON CONFLICT (chave) DO UPDATE SET
           falhas = CASE WHEN t.inicio > now() - ${WINDOW} THEN t.falhas + 1 ELSE 1 END,
           inicio = CASE WHEN t.inicio > now() - ${WINDOW} THEN t.inicio ELSE now() END`,
        [k],
      );
    }
    // Rows whose window has passed say nothing any more.
    await this.db.query(`DELETE FROM login_tentativas WHERE inicio < now() - ${WINDOW}`);
  }

  async succeed(key: string): Promise<void> {
    await this.db.query('DELETE FROM login_tentativas WHERE chave = $1', [key]);
  }
}
