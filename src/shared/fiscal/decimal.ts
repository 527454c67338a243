import Decimal from 'decimal.js';

/** One decimal context for the fiscal engine and the tax rules (shared by server and screens): half-up rounding as the MOC's worked examples use. */
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

export const ZERO = new D(0);

export function dec(v: string | number | Dec | undefined | null): Dec {
  if (v === undefined || v === null || v === '') return ZERO;
  return new D(v);
}

/** Money and other TDec_1302 values: exactly 2 decimals. */
export const fmt2 = (v: Dec): string => v.toFixed(2, D.ROUND_HALF_UP);
/** Rates (TDec_0302a04) and quantities (TDec_1104v): 4 decimals. */
export const fmt4 = (v: Dec): string => v.toFixed(4, D.ROUND_HALF_UP);
/** Unit prices (TDec_1110v): up to 10 decimals; keep the input's precision with at least 2. */
export function fmtUnit(v: Dec): string {
  const dp = Math.min(10, Math.max(2, v.decimalPlaces()));
  return v.toFixed(dp, D.ROUND_HALF_UP);
}

export const round2 = (v: Dec): Dec => v.toDecimalPlaces(2, D.ROUND_HALF_UP);

/** base * rate% rounded to cents. */
export const pct = (base: Dec, rate: string | Dec | undefined): Dec => round2(base.times(dec(rate)).dividedBy(100));

export function sum(values: Iterable<Dec>): Dec {
  let s = ZERO;
  for (const v of values) s = s.plus(v);
  return s;
}
