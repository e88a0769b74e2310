import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  inQuietHours,
  manilaDay,
  nextDailyRun,
  overdueAmountOn,
  overdueDays,
  penaltyDaysToAccrue,
  reminderFor,
  reminderSendTime,
} from './servicing-rules.ts';

/** Manila is UTC+8: 22:00 Manila is 14:00 UTC. */
const at = (iso: string) => new Date(iso);

describe('Manila days and the quiet hours', () => {
  it('counts days on the Manila calendar', () => {
    expect(manilaDay(at('2026-06-01T15:59:59Z'))).toBe('2026-06-01');
    expect(manilaDay(at('2026-06-01T16:00:00Z'))).toBe('2026-06-02');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(daysBetween('2026-06-01', '2026-06-05')).toBe(4);
  });

  it('never sends between 22:00 and 06:00: a reminder due then goes at 06:00', () => {
    expect(reminderSendTime(at('2026-06-01T13:59:00Z'))).toEqual(at('2026-06-01T13:59:00Z')); // 21:59
    expect(reminderSendTime(at('2026-06-01T14:00:00Z'))).toEqual(at('2026-06-01T22:00:00Z')); // 22:00 → 06:00
    expect(reminderSendTime(at('2026-06-01T16:05:00Z'))).toEqual(at('2026-06-01T22:00:00Z')); // 00:05 → 06:00
    expect(reminderSendTime(at('2026-06-01T21:59:00Z'))).toEqual(at('2026-06-01T22:00:00Z')); // 05:59 → 06:00
    expect(inQuietHours(at('2026-06-01T22:00:00Z'))).toBe(false);
    expect(inQuietHours(at('2026-06-01T15:00:00Z'))).toBe(true);
  });

  it('runs daily five minutes into the Manila day', () => {
    expect(nextDailyRun(at('2026-06-01T10:00:00Z'))).toEqual(at('2026-06-01T16:05:00Z'));
    expect(nextDailyRun(at('2026-06-01T16:05:00Z'))).toEqual(at('2026-06-02T16:05:00Z'));
  });

  it('reminds up to three days before, on the day, and once overdue', () => {
    expect(reminderFor('2026-05-28', '2026-06-01')).toBeNull();
    expect(reminderFor('2026-05-29', '2026-06-01')).toBe('beforeDue');
    expect(reminderFor('2026-06-01', '2026-06-01')).toBe('dueToday');
    expect(reminderFor('2026-06-02', '2026-06-01')).toBe('overdue');
  });
});

describe('what is overdue', () => {
  const instalments = [
    { number: 1, dueDay: 30, principal: 30_000, interest: 3_000, total: 33_000 },
    { number: 2, dueDay: 60, principal: 30_000, interest: 2_000, total: 32_000 },
    { number: 3, dueDay: 91, principal: 40_000, interest: 1_000, total: 41_000 },
  ];
  const dueDates = ['2026-04-01', '2026-05-01', '2026-06-01'];

  it('is the instalments fallen due less what was paid of them, never the whole loan', () => {
    const owedAll = 106_000;
    expect(
      overdueAmountOn({ day: '2026-04-01', dueDates, instalments, principalAndInterestOwed: owedAll }),
    ).toBe(0);
    expect(
      overdueAmountOn({ day: '2026-04-02', dueDates, instalments, principalAndInterestOwed: owedAll }),
    ).toBe(33_000);
    // ₱200 paid: ₱130 of the first instalment is still overdue.
    expect(
      overdueAmountOn({
        day: '2026-04-02',
        dueDates,
        instalments,
        principalAndInterestOwed: owedAll - 20_000,
      }),
    ).toBe(13_000);
    expect(overdueDays({ day: '2026-05-03', dueDates, instalments, principalAndInterestOwed: owedAll })).toBe(
      32,
    );
    // The first instalment paid: days count from the second one's due date.
    expect(
      overdueDays({ day: '2026-05-03', dueDates, instalments, principalAndInterestOwed: owedAll - 33_000 }),
    ).toBe(2);
  });

  it('accrues each missing day once, skips days under review, and stops at the cap', () => {
    const base = {
      today: '2026-06-05',
      firstOverdueDay: '2026-06-02',
      overdueAmount: 109_100,
      dailyPenaltyBps: 10,
      principal: 100_000,
      chargedSoFar: 12_100,
    };
    const days = penaltyDaysToAccrue({
      ...base,
      accruedDays: new Set(['2026-06-02']),
      pausedDays: new Set(['2026-06-04']),
    });
    expect(days).toEqual([
      { day: '2026-06-03', amount: 109 },
      { day: '2026-06-05', amount: 109 },
    ]);
    const capped = penaltyDaysToAccrue({
      ...base,
      chargedSoFar: 100_000 - 150,
      accruedDays: new Set(),
      pausedDays: new Set(),
    });
    expect(capped).toEqual([
      { day: '2026-06-02', amount: 109 },
      { day: '2026-06-03', amount: 41 },
    ]);
  });
});
