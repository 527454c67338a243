import Decimal from 'decimal.js';
import { dividirEmParcelas, somarMeses } from '../../../src/shared/parcelamento.ts';

describe('dividirEmParcelas', () => {
  it('adds up to the total to the cent over thousands of random totals and counts', () => {
    let seed = 20261124;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const falhas: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const n = 1 + Math.floor(rnd() * 48);
      const centavos = n + Math.floor(rnd() * 10_000_000_00);
      const total = new Decimal(centavos).dividedBy(100).toFixed(2);
      const partes = dividirEmParcelas(total, n, '2026-01-31');
      const soma = partes.reduce((s, p) => s.plus(p.valor), new Decimal(0));
      const diff = new Decimal(partes[n - 1].valor).minus(partes[0].valor);
      // n parts adding up to the total; equal but the last, which is never smaller and differs by less than n cents
      const ok =
        partes.length === n &&
        soma.toFixed(2) === total &&
        partes.slice(0, -1).every((p) => p.valor === partes[0].valor) &&
        diff.gte(0) &&
        diff.lt(new Decimal(n).dividedBy(100)) &&
        partes.every((p) => /^\d+\.\d{2}$/.test(p.valor));
      if (!ok) falhas.push(`${total} em ${n}: ${partes.map((p) => p.valor).join(' + ')}`);
    }
    expect(falhas).toEqual([]);
    // 5,000 splits take a few seconds on a loaded machine: a generous limit for the runner, not a speed check.
  }, 120_000);

  it('puts the rounding cents on the last parcela', () => {
    expect(dividirEmParcelas('100.00', 3, '2026-03-10').map((p) => p.valor)).toEqual(['33.33', '33.33', '33.34']);
    expect(dividirEmParcelas('0.05', 3, '2026-03-10').map((p) => p.valor)).toEqual(['0.01', '0.01', '0.03']);
  });

  it('falls due monthly, clamped to the end of shorter months', () => {
    expect(dividirEmParcelas('90.00', 3, '2026-01-31').map((p) => p.vencimento)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(somarMeses('2028-01-30', 1)).toBe('2028-02-29');
    expect(somarMeses('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('refuses totals that cannot be split', () => {
    expect(() => dividirEmParcelas('0.02', 3, '2026-01-01')).toThrow(RangeError);
    expect(() => dividirEmParcelas('10.001', 2, '2026-01-01')).toThrow(RangeError);
    expect(() => dividirEmParcelas('-5', 2, '2026-01-01')).toThrow(RangeError);
    expect(() => dividirEmParcelas('10', 0, '2026-01-01')).toThrow(RangeError);
  });
});
