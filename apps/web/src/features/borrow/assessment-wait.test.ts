import { describe, expect, it } from 'vitest';
import {
  assessmentStartedAt,
  formatCountdown,
  USUAL_ASSESSMENT_MS,
  usualWaitLeftMs,
} from './assessment-wait.ts';

describe('assessment countdown', () => {
  it('starts at the submit, or at creation before it', () => {
    const order = { createdAt: '2026-11-21T00:00:00Z', updatedAt: '2026-11-21T00:01:00Z' };
    expect(assessmentStartedAt({ ...order, submitted: true })).toBe(Date.parse(order.updatedAt));
    expect(assessmentStartedAt({ ...order, submitted: false })).toBe(Date.parse(order.createdAt));
  });

  it('counts down the usual wait and stops at zero', () => {
    expect(usualWaitLeftMs(0, 0)).toBe(USUAL_ASSESSMENT_MS);
    expect(usualWaitLeftMs(0, 4 * 60_000)).toBe(6 * 60_000);
    expect(usualWaitLeftMs(0, USUAL_ASSESSMENT_MS + 1)).toBe(0);
  });

  it('formats minutes and seconds, rounding up', () => {
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(61_001)).toBe('1:02');
    expect(formatCountdown(999)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
