import { describe, expect, it } from 'vitest';
import { windowRetryAfter } from './limits.ts';
import { type Challenge, judgeCode, sendRetryAfter } from './verify-code-rules.ts';

const now = new Date('2026-03-02T10:00:00Z');
const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000);

describe('sendRetryAfter', () => {
  it('lets the first code go', () => {
    expect(sendRetryAfter({ toMobile: [], fromAddress: [] }, now)).toBeNull();
  });

  it('keeps 60 seconds between two codes to one number', () => {
    expect(sendRetryAfter({ toMobile: [secondsAgo(20)], fromAddress: [] }, now)).toBe(40);
    expect(sendRetryAfter({ toMobile: [secondsAgo(60)], fromAddress: [] }, now)).toBeNull();
  });

  it('sends at most 5 codes an hour to one number', () => {
    const five = [3000, 2500, 2000, 1000, 100].map(secondsAgo);
    // The oldest of the five leaves the hour 600 seconds from now.
    expect(sendRetryAfter({ toMobile: five, fromAddress: [] }, now)).toBe(600);
    expect(sendRetryAfter({ toMobile: five.slice(1), fromAddress: [] }, now)).toBeNull();
  });

  it('sends at most 20 codes an hour from one client address', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => secondsAgo(3500 - i * 10));
    expect(sendRetryAfter({ toMobile: [], fromAddress: twenty }, now)).toBe(100);
    expect(sendRetryAfter({ toMobile: [], fromAddress: twenty.slice(1) }, now)).toBeNull();
  });
});

describe('windowRetryAfter', () => {
  it('waits for the event that must leave the window, at least a second', () => {
    expect(windowRetryAfter([secondsAgo(10)], 2, 60, now)).toBeNull();
    expect(windowRetryAfter([secondsAgo(10), secondsAgo(30)], 2, 60, now)).toBe(30);
    expect(windowRetryAfter([secondsAgo(60), secondsAgo(60)], 2, 60, now)).toBe(1);
  });
});

describe('judgeCode', () => {
  const live: Challenge = {
    expiresAt: new Date(now.getTime() + 1000),
    wrongTries: 0,
    usedAt: null,
    lockedAt: null,
  };

  it('accepts the right code once, before it expires', () => {
    expect(judgeCode(live, true, now)).toEqual({ accepted: true });
    expect(judgeCode({ ...live, usedAt: now }, true, now)).toMatchObject({ error: 'VERIFY_CODE_EXPIRED' });
    expect(judgeCode({ ...live, expiresAt: now }, true, now)).toMatchObject({ error: 'VERIFY_CODE_EXPIRED' });
  });

  it('counts wrong codes and dies on the fifth', () => {
    expect(judgeCode(live, false, now)).toEqual({
      accepted: false,
      error: 'INVALID_VERIFY_CODE',
      countWrongTry: true,
      lock: false,
    });
    expect(judgeCode({ ...live, wrongTries: 4 }, false, now)).toEqual({
      accepted: false,
      error: 'VERIFY_CODE_LOCKED',
      countWrongTry: true,
      lock: true,
    });
    expect(judgeCode({ ...live, wrongTries: 5, lockedAt: now }, true, now)).toMatchObject({
      error: 'VERIFY_CODE_LOCKED',
      countWrongTry: false,
    });
  });

  it('calls a code wrong when none was sent', () => {
    expect(judgeCode(null, false, now)).toMatchObject({ error: 'INVALID_VERIFY_CODE', countWrongTry: false });
  });
});
