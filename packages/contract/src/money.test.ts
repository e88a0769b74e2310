import { describe, expect, it } from 'vitest';
import { formatPeso } from './money.ts';

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
