import { describe, expect, it } from 'vitest';
import { paymentReferenceKey } from './payment-reference.ts';

describe('paymentReferenceKey', () => {
  it('reads a reference the same whatever hyphens, spaces, case and punctuation a bank prints', () => {
    const credited = paymentReferenceKey('sandbox-c3fe9502-849b-4c1e-9d2a-0b6f3a1e7c55');
    for (const printed of [
      'sandbox-c3fe9502849b-4c1e-9d2a-0b6f3a1e7c55',
      'SANDBOX C3FE9502 849B 4C1E 9D2A 0B6F3A1E7C55',
      'sandbox_c3fe9502.849b/4c1e:9d2a#0b6f3a1e7c55',
      ' Sandbox-C3FE9502-849B-4C1E-9D2A-0B6F3A1E7C55 ',
    ]) {
      expect(paymentReferenceKey(printed), printed).toBe(credited);
    }
    expect(credited).toBe('SANDBOXC3FE9502849B4C1E9D2A0B6F3A1E7C55');
  });

  it('drops the zeros a channel pads a reference with', () => {
    expect(paymentReferenceKey('000123')).toBe(paymentReferenceKey('123'));
    expect(paymentReferenceKey('00-0123')).toBe('123');
  });

  it('keeps references that differ in a letter or digit apart', () => {
    expect(paymentReferenceKey('BDO-2026-0303-77')).not.toBe(paymentReferenceKey('BDO-2026-0303-78'));
    expect(paymentReferenceKey('1230')).not.toBe(paymentReferenceKey('123'));
    // Zeros inside a reference are part of it: only the padding at the start goes.
    expect(paymentReferenceKey('REF-1003')).not.toBe(paymentReferenceKey('REF-13'));
  });
});
