import { describe, expect, it } from 'vitest';
import { sessionProblem, tokenFromAuthorization } from './session-rules.ts';

const now = new Date('2026-03-02T10:00:00Z');
const later = new Date(now.getTime() + 60_000);

describe('sessionProblem', () => {
  it('judges a token by what happened to its session', () => {
    expect(sessionProblem({ expiresAt: later, endReason: null }, now)).toBeNull();
    expect(sessionProblem(null, now)).toBe('TOKEN_INVALID');
    expect(sessionProblem({ expiresAt: later, endReason: 'replaced' }, now)).toBe('LOGGED_IN_ELSEWHERE');
    expect(sessionProblem({ expiresAt: later, endReason: 'logout' }, now)).toBe('TOKEN_INVALID');
    expect(sessionProblem({ expiresAt: later, endReason: 'password_reset' }, now)).toBe('TOKEN_INVALID');
    expect(sessionProblem({ expiresAt: now, endReason: null }, now)).toBe('TOKEN_EXPIRED');
  });
});

describe('tokenFromAuthorization', () => {
  it('reads a bearer token or a bare one', () => {
    expect(tokenFromAuthorization('Bearer abc')).toBe('abc');
    expect(tokenFromAuthorization('bearer   abc ')).toBe('abc');
    expect(tokenFromAuthorization('abc')).toBe('abc');
  });

  it('treats an empty header, or the words null and undefined, as no token', () => {
    for (const header of [undefined, '', '  ', 'Bearer null', 'Bearer undefined', 'null']) {
      expect(tokenFromAuthorization(header)).toBeNull();
    }
  });
});
