import { describe, expect, it } from 'vitest';
import { maskAddress, maskBirthday, maskEmail, maskLastFour, maskMobile } from './masking.ts';

describe('masking', () => {
  it('shows a mobile as 0917 *** 4567', () => {
    expect(maskMobile('+639171234567')).toBe('0917 *** 4567');
  });

  it('keeps the last four of an ID, the year of a birthday, the domain of an e-mail', () => {
    expect(maskLastFour('123456789012')).toBe('*** 9012');
    expect(maskBirthday('05-09-1990')).toBe('** ** 1990');
    expect(maskEmail('maria@example.ph')).toBe('m***@example.ph');
    expect(maskEmail('no-at-sign')).toBe('***');
    expect(maskAddress('12 Rizal St')).toBe('***');
  });

  it('answers null for a field never given', () => {
    expect([maskLastFour(null), maskBirthday(null), maskEmail(null), maskAddress(null)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
