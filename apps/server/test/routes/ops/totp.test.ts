import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
} from '../../../src/services/staff/totp.ts';

/** RFC 6238 appendix B: the SHA-1 seed and its 8-digit codes at the listed times. */
const SEED = Buffer.from('12345678901234567890', 'ascii');
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s the code is %s', (seconds, code) => {
    expect(hotp(SEED, totpStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it('base32 round-trips a secret', () => {
    expect(base32Encode(SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(base32Encode(SEED)).equals(SEED)).toBe(true);
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts one step either side, refuses two, and never the same step twice', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-03-02T01:00:10Z');
    const code = totpCode(secret, at);
    const step = matchTotp(secret, code, at, null);
    expect(step).toBe(totpStep(at));
    expect(matchTotp(secret, code, new Date(at.getTime() + 30_000), null)).toBe(step);
    expect(matchTotp(secret, code, new Date(at.getTime() + 60_000), null)).toBeNull();
    expect(matchTotp(secret, code, at, step)).toBeNull();
    expect(matchTotp(secret, 'abcdef', at, null)).toBeNull();
    expect(matchTotp(secret, '1234567', at, null)).toBeNull();
  });

  it('writes an otpauth URI', () => {
    expect(otpauthUri('Hiram', 'a@b.ph', 'ABC')).toBe(
      'otpauth://totp/Hiram%3Aa%40b.ph?secret=ABC&issuer=Hiram&algorithm=SHA1&digits=6&period=30',
    );
  });
});
