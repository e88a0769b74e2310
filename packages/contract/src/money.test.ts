import { describe, expect, it } from 'vitest';
import { formatPeso, pesosToCentavos } from './money.ts';

describe('formatPeso', () => {
  it.each([
    [0, '₱0'],
    [5, '₱0.05'],
    [100, '₱1'],
    [100_000, '₱1,000'],
    [1_000_000, '₱10,000'],
    [100_050, '₱1,000.50'],
    [123_456_789, '₱1,234,567.89'],
    [-250_000, '-₱2,500'],
  ])('formats %i centavos as %s', (centavos, text) => expect(formatPeso(centavos)).toBe(text));

  it('refuses a fraction of a centavo', () => {
    expect(() => formatPeso(10.5)).toThrow(RangeError);
  });
});

describe('pesosToCentavos', () => {
  it.each([
    ['150', 150_00],
    ['1,500.5', 1_500_50],
    ['₱1,500.50', 1_500_50],
    [' 0.07 ', 7],
    ['19.99', 19_99],
  ])('reads %s as %i centavos, exactly', (text, centavos) => expect(pesosToCentavos(text)).toBe(centavos));

  it.each(['', 'abc', '1.234', '-5', '1e3', '12.'])('refuses %j', (text) => {
    expect(pesosToCentavos(text)).toBeNull();
  });
});
