import { timestamptzIso } from '../../../src/server/db/postgres.ts';

/** PostgreSQL's text of an instant at a given offset (minutes), with `digits` fractional digits of `micros`. */
function pgText(ms: number, micros: number, digits: number, offsetMin: number): string {
  const local = new Date(ms + offsetMin * 60000).toISOString();
  const sign = offsetMin < 0 ? '-' : '+';
  const a = Math.abs(offsetMin);
  const off = `${sign}${String(Math.floor(a / 60)).padStart(2, '0')}${a % 60 ? `:${String(a % 60).padStart(2, '0')}` : ''}`;
  const frac = digits ? `.${String(micros).padStart(6, '0').slice(0, digits)}` : '';
  return `${local.slice(0, 10)} ${local.slice(11, 19)}${frac}${off}`;
}

describe('timestamptz from PostgreSQL to ISO', () => {
  it('gives what new Date(v).toISOString() gave, for UTC and other offsets, every precision', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const offsets = [0, 0, 0, -180, 330, 345, -570, 840];
    for (let i = 0; i < 20000; i++) {
      const ms = Math.floor((next() - 0.5) * 8e12); // about 1716 to 2223
      const v = pgText(Math.floor(ms / 1000) * 1000, Math.floor(next() * 1e6), i % 7, offsets[i % offsets.length]);
      expect(timestamptzIso(v), v).toBe(new Date(v).toISOString());
    }
  });

  it('cuts the microseconds off as Date does, and leaves other shapes to Date', () => {
    expect(timestamptzIso('2026-11-26 14:09:39.999999+00')).toBe('2026-11-26T14:09:39.999Z');
    expect(timestamptzIso('2026-11-26 14:09:39+00')).toBe('2026-11-26T14:09:39.000Z');
    expect(timestamptzIso('2026-11-26 11:09:39.5-03')).toBe('2026-11-26T14:09:39.500Z');
    const outcome = (f: () => string) => {
      try {
        return f();
      } catch (e) {
        return (e as Error).name;
      }
    };
    // Years before 1000, local mean time offsets with seconds, infinity: whatever Date made of them (infinity
    // and the seconds offset throw RangeError, as before).
    for (const v of ['0099-01-01 00:00:00+00', '1890-01-01 00:00:00-03:06:28', 'infinity', '2026-11-26 14:09:39+00 BC']) {
      expect(outcome(() => timestamptzIso(v)), v).toBe(outcome(() => new Date(v).toISOString()));
    }
    expect(outcome(() => timestamptzIso('infinity'))).toBe('RangeError');
  });
});
