import { describe, expect, it } from 'vitest';
import { ERRORS, errorKeyOfCode, isSessionEndCode } from './errors.ts';
import { LANGUAGES } from './languages.ts';

describe('error catalogue', () => {
  const entries = Object.entries(ERRORS);

  it('keeps the spec session codes', () => {
    expect(ERRORS.NOT_LOGGED_IN.code).toBe(10010301);
    expect(ERRORS.TOKEN_EXPIRED.code).toBe(10010303);
    expect(ERRORS.LOGGED_IN_ELSEWHERE.code).toBe(10010304);
    expect(ERRORS.TOKEN_INVALID.code).toBe(100103);
    for (const code of [10010301, 10010303, 10010304, 100103]) expect(isSessionEndCode(code)).toBe(true);
    expect(isSessionEndCode(ERRORS.VALIDATION_FAILED.code)).toBe(false);
  });

  it('gives every code once, a real HTTP status and a message in every language', () => {
    const codes = entries.map(([, e]) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [key, entry] of entries) {
      expect(entry.code).not.toBe(0);
      expect([400, 401, 403, 404, 409, 413, 415, 429, 431, 500, 503]).toContain(entry.status);
      expect(errorKeyOfCode(entry.code)).toBe(key);
      for (const lang of LANGUAGES) expect(entry.message[lang].length, `${key} ${lang}`).toBeGreaterThan(3);
    }
  });

  it('puts our own codes in the band of their HTTP status', () => {
    for (const [, entry] of entries) {
      if (entry.status === 401) continue;
      expect(Math.floor(entry.code / 100)).toBe(entry.status);
    }
  });
});
