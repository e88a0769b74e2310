import { describe, expect, it } from 'vitest';
import { formatPhMobile, maskPhMobile, normalizePhMobile } from './mobile.ts';

describe('Philippine mobile numbers', () => {
  it.each([
    '09171234567',
    '+639171234567',
    '639171234567',
    '9171234567',
    '0917 123 4567',
    '+63 (917) 123-4567',
  ])('reads %s as +639171234567', (input) => expect(normalizePhMobile(input)).toBe('+639171234567'));

  it.each([
    '',
    '0917123456',
    '091712345678',
    '08171234567',
    '+14155550100',
    '0917abc4567',
    '(02) 8123 4567',
    '1'.repeat(40),
  ])('refuses %s', (input) => expect(normalizePhMobile(input)).toBeNull());

  it('formats and masks for display', () => {
    expect(formatPhMobile('+639171234567')).toBe('0917 123 4567');
    expect(maskPhMobile('+639171234567')).toBe('0917 *** 4567');
  });
});
