/**
 * Repeated sign-in failures per e-mail and per address: from SLOW_AFTER failures each answer is delayed,
 * from BLOCK_AFTER they are refused with 429 until the window passes. Kept in this process's memory.
 */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const SLOW_AFTER = 3;
export const BLOCK_AFTER = 8;
export const DELAY_STEP_MS = 250;

interface Entry {
  failures: number[];
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly now: () => number = Date.now) {}

  private recent(key: string): number[] {
    const e = this.entries.get(key);
    if (!e) return [];
    const since = this.now() - THROTTLE_WINDOW_MS;
    e.failures = e.failures.filter((t) => t > since);
    if (!e.failures.length) this.entries.delete(key);
    return e.failures;
  }

  /** 'block' refuses; a number is how long to wait before answering. */
  check(keys: string[]): 'block' | number {
    const worst = Math.max(0, ...keys.map((k) => this.recent(k).length));
    if (worst >= BLOCK_AFTER) return 'block';
    return worst >= SLOW_AFTER ? (worst - SLOW_AFTER + 1) * DELAY_STEP_MS : 0;
  }

  fail(keys: string[]): void {
    for (const k of keys) {
      const e = this.entries.get(k) ?? { failures: [] };
      e.failures.push(this.now());
      this.entries.set(k, e);
    }
  }

  succeed(key: string): void {
    this.entries.delete(key);
  }
}
