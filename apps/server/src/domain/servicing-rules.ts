import type { Instalment, LoanQuote } from '@hiram/contract/pricing';
import { penaltyFor } from '@hiram/contract/pricing';

/**
 * Loan servicing without a database (issue "Repayment"): Manila calendar days, due dates, what is overdue,
 * which penalty days are still to accrue, which reminders are due and the quiet hours. A day is a Manila
 * calendar day written `YYYY-MM-DD`; Manila is UTC+8 all year (no daylight saving).
 */

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Manila calendar day of an instant. */
export function manilaDay(instant: Date): string {
  return new Date(instant.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The instant a Manila day starts at, plus some hours and minutes. */
export function manilaTime(day: string, hours = 0, minutes = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - MANILA_OFFSET_MS + (hours * 60 + minutes) * 60_000);
}

export function manilaHour(instant: Date): number {
  return new Date(instant.getTime() + MANILA_OFFSET_MS).getUTCHours();
}

/** No reminder is sent from 22:00 to 06:00 Manila time (GUIDE: borrowers are never texted at night). */
export const QUIET_HOURS = { from: 22, to: 6 } as const;

/** When a reminder due at `instant` may go out: then, or 06:00 when it falls in the quiet hours. */
export function reminderSendTime(instant: Date): Date {
  const hour = manilaHour(instant);
  if (hour >= QUIET_HOURS.to && hour < QUIET_HOURS.from) return instant;
  const day = manilaDay(instant);
  return manilaTime(hour >= QUIET_HOURS.from ? addDays(day, 1) : day, QUIET_HOURS.to);
}

export function inQuietHours(instant: Date): boolean {
  return reminderSendTime(instant).getTime() !== instant.getTime();
}

/** The daily run starts five minutes into the Manila day; this is the next start after `now`. */
export const DAILY_RUN_MINUTE = 5;

/** The next start after `now` of a run at `minute` minutes into the Manila day (the servicing run by default). */
export function nextDailyRun(now: Date, minute = DAILY_RUN_MINUTE): Date {
  const today = manilaTime(manilaDay(now), 0, minute);
  return today > now ? today : manilaTime(addDays(manilaDay(now), 1), 0, minute);
}

export interface Schedule {
  disbursedOn: string;
  shiftDays: number;
}

/** Each instalment's due date: its day after disbursement, moved by the paid extensions. */
export function instalmentDueDates(schedule: Schedule, instalments: readonly Instalment[]): string[] {
  return instalments.map((line) => addDays(schedule.disbursedOn, line.dueDay + schedule.shiftDays));
}

export function finalDueDate(schedule: Schedule, quote: Pick<LoanQuote, 'tenureDays'>): string {
  return addDays(schedule.disbursedOn, quote.tenureDays + schedule.shiftDays);
}

/**
 * What is overdue on a day: the instalments (principal and interest) that fell due before it, less what
 * the borrower has already paid of principal and interest. Penalties accrue on this amount only.
 */
export function overdueAmountOn(input: {
  day: string;
  dueDates: readonly string[];
  instalments: readonly Instalment[];
  /** Principal and interest still owed (receivable balances). */
  principalAndInterestOwed: number;
}): number {
  const scheduledTotal = input.instalments.reduce((sum, line) => sum + line.total, 0);
  const paid = Math.max(0, scheduledTotal - input.principalAndInterestOwed);
  const fallenDue = input.instalments.reduce(
    (sum, line, i) => (daysBetween(input.dueDates[i] as string, input.day) > 0 ? sum + line.total : sum),
    0,
  );
  return Math.max(0, Math.min(fallenDue - paid, input.principalAndInterestOwed));
}

/** Days overdue on `day`: since the earliest instalment that fell due and is not paid, 0 when none is. */
export function overdueDays(input: {
  day: string;
  dueDates: readonly string[];
  instalments: readonly Instalment[];
  principalAndInterestOwed: number;
}): number {
  const scheduledTotal = input.instalments.reduce((sum, line) => sum + line.total, 0);
  let paid = Math.max(0, scheduledTotal - input.principalAndInterestOwed);
  for (let i = 0; i < input.instalments.length; i++) {
    const line = input.instalments[i] as Instalment;
    if (paid >= line.total) {
      paid -= line.total;
      continue;
    }
    return Math.max(0, daysBetween(input.dueDates[i] as string, input.day));
  }
  return 0;
}

export interface PenaltyDay {
  day: string;
  amount: number;
}

/**
 * The penalty of each overdue day up to `today` not yet accrued, in order, stopped at the total-cost cap:
 * days already posted (`accruedDays`) and days a proof of payment was under review (`pausedDays`) are
 * skipped. Days whose penalty the cap brings to 0 are left out.
 */
export function penaltyDaysToAccrue(input: {
  today: string;
  firstOverdueDay: string | null;
  overdueAmount: number;
  dailyPenaltyBps: number;
  principal: number;
  chargedSoFar: number;
  accruedDays: ReadonlySet<string>;
  pausedDays: ReadonlySet<string>;
}): PenaltyDay[] {
  const days: PenaltyDay[] = [];
  if (!input.firstOverdueDay || input.overdueAmount <= 0) return days;
  let charged = input.chargedSoFar;
  for (let day = input.firstOverdueDay; daysBetween(day, input.today) >= 0; day = addDays(day, 1)) {
    if (input.accruedDays.has(day) || input.pausedDays.has(day)) continue;
    const amount = penaltyFor({
      overdueAmount: input.overdueAmount,
      dailyPenaltyBps: input.dailyPenaltyBps,
      days: 1,
      principal: input.principal,
      chargedSoFar: charged,
    });
    if (amount <= 0) break;
    charged += amount;
    days.push({ day, amount });
  }
  return days;
}

export type ReminderKind = 'beforeDue' | 'dueToday' | 'overdue';

/** Reminders start this many days before the due date. */
export const REMINDER_DAYS_BEFORE = 3;

/** The reminder a loan's borrower gets today, if any: each kind once per due date. */
export function reminderFor(today: string, dueDate: string): ReminderKind | null {
  const daysLeft = daysBetween(today, dueDate);
  if (daysLeft < 0) return 'overdue';
  if (daysLeft === 0) return 'dueToday';
  if (daysLeft <= REMINDER_DAYS_BEFORE) return 'beforeDue';
  return null;
}

/** The Manila days an interval touches, from its first to its last (an open interval runs to `until`). */
export function daysTouched(from: Date, to: Date | null, until: Date): string[] {
  const days: string[] = [];
  const last = manilaDay(to ?? until);
  for (let day = manilaDay(from); daysBetween(day, last) >= 0; day = addDays(day, 1)) days.push(day);
  return days;
}
