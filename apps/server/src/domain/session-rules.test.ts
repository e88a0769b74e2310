import { describe, expect, it } from 'vitest';
import { sessionProblem, tokenFromAuthorization } from './session-rules.ts';

const now = new Date('2026-03-02T10:00:00Z');
const later = new Date(now.getTime() + 60_000);

describe('sessionProblem', () => {
  const use = { now, idleSeconds: 3600, packageName: 'ph.hiram.app' };
  const open = { expiresAt: later, endReason: null, lastSeenAt: now, packageName: 'ph.hiram.app' };

  it('judges a token by what happened to its session', () => {
    expect(sessionProblem(open, use)).toBeNull();
    expect(sessionProblem(null, use)).toBe('TOKEN_INVALID');
    expect(sessionProblem({ ...open, endReason: 'replaced' }, use)).toBe('LOGGED_IN_ELSEWHERE');
    expect(sessionProblem({ ...open, endReason: 'logout' }, use)).toBe('TOKEN_INVALID');
    expect(sessionProblem({ ...open, endReason: 'password_reset' }, use)).toBe('TOKEN_INVALID');
    expect(sessionProblem({ ...open, expiresAt: now }, use)).toBe('TOKEN_EXPIRED');
  });

  it('ends a session unused for the idle limit', () => {
    const lastSeenAt = new Date(now.getTime() - 3600_000);
    expect(sessionProblem({ ...open, lastSeenAt }, use)).toBe('TOKEN_EXPIRED');
    expect(sessionProblem({ ...open, lastSeenAt: new Date(lastSeenAt.getTime() + 1) }, use)).toBeNull();
  });

  it('opens calls of its own brand only', () => {
    expect(sessionProblem(open, { ...use, packageName: 'ph.other.app' })).toBe('TOKEN_INVALID');
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
