import { formatBRL, formatDecimal, parseBRL, priceFromMargin, priceFromMarkup, toMoney } from '../../../src/shared/money.ts';
import { formatDate, formatDateTime, parseDateBR } from '../../../src/shared/dates.ts';

describe('money', () => {
  it.each([
    ['1234.56', 'R$ 1.234,56'],
    ['-1234.5', '-R$ 1.234,50'],
    ['0', 'R$ 0,00'],
    ['1234567.891', 'R$ 1.234.567,89'],
    ['0.005', 'R$ 0,01'],
  ])('formatBRL(%s) = %s', (v, s) => expect(formatBRL(v)).toBe(s));

  it.each([
    ['1.234,56', '1234.56'],
    ['R$ 10', '10.00'],
    ['1234,5', '1234.50'],
    ['-0,1', '-0.10'],
    ['abc', null],
    ['', null],
  ])('parseBRL(%s) = %s', (t, v) => expect(parseBRL(t)).toBe(v));

  it('no binary floating point: 0.1 + 0.2 stays 0.30', () => {
    expect(toMoney('0.1') === '0.10').toBe(true);
    expect(formatDecimal('1234.5678', 4)).toBe('1.234,5678');
  });

  it('SPEC 5.8 price formulas', () => {
    expect(priceFromMargin('10.00', '20')).toBe('12.50');
    expect(priceFromMargin('7.35', '33.3')).toBe('11.02');
    expect(priceFromMargin('10', '100')).toBeNull();
    expect(priceFromMarkup('10.00', '20')).toBe('12.00');
    expect(priceFromMarkup('7.35', '35')).toBe('9.92');
  });
});

describe('dates', () => {
  it('shows dd/MM/yyyy without shifting the calendar date', () => {
    expect(formatDate('2024-01-02')).toBe('02/01/2024');
    expect(formatDate('2024-03-01T02:00:00.000Z')).toBe('29/02/2024');
    expect(formatDateTime('2024-03-01T15:04:00.000Z')).toBe('01/03/2024 12:04');
  });
  it('reads only real dates', () => {
    expect(parseDateBR('29/02/2024')).toBe('2024-02-29');
    expect(parseDateBR('29/02/2023')).toBeNull();
    expect(parseDateBR('2024-02-01')).toBeNull();
  });
});
