import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago.ts';

const NOW = new Date('2026-11-27T08:00:00Z');
const before = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('timeAgo', () => {
  it('reads as words a checker says: never "just now ago"', () => {
    expect(timeAgo(before(0), NOW)).toBe('just now');
    expect(timeAgo(before(59_999), NOW)).toBe('just now');
    expect(timeAgo(before(MINUTE), NOW)).toBe('1 minute ago');
    expect(timeAgo(before(3 * MINUTE + 30_000), NOW)).toBe('3 minutes ago');
    expect(timeAgo(before(59 * MINUTE), NOW)).toBe('59 minutes ago');
    expect(timeAgo(before(HOUR), NOW)).toBe('1 hour ago');
    expect(timeAgo(before(47 * HOUR), NOW)).toBe('47 hours ago');
    expect(timeAgo(before(48 * HOUR), NOW)).toBe('2 days ago');
    expect(timeAgo(before(30 * 24 * HOUR), NOW)).toBe('30 days ago');
  });

  it('reads a time ahead of the clock as just now', () => {
    expect(timeAgo(before(-5 * MINUTE), NOW)).toBe('just now');
  });
});
