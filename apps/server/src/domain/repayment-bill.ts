import type { Instalment } from '@hiram/contract/pricing';
import { manilaToday } from '@hiram/contract/profile';

/**
 * The bill a borrower pays now (SPEC sections 3 and 5: `payOrderId`): the first instalment of the schedule
 * that what was paid does not cover yet, its due date in Manila and how many days it is late. A single
 * repayment loan has one instalment, so its payOrderId is always "1".
 */
export interface CurrentBill {
  payOrderId: string;
  /** YYYY-MM-DD in Asia/Manila; null before the loan was paid out. */
  dueDate: string | null;
  daysOverdue: number;
}

const DAY_MS = 86_400_000;

function dayNumber(date: { year: number; month: number; day: number }): number {
  return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
}

function isoDay(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

export function currentBill(input: {
  schedule: readonly Pick<Instalment, 'number' | 'dueDay' | 'total'>[];
  /** When the payout succeeded; null before. */
  disbursedAt: Date | null;
  /** Paid toward the schedule so far (centavos). */
  paid: number;
  now: Date;
  /** Days an extension moved every due date (0 without one). */
  extensionDays?: number;
}): CurrentBill {
  let covered = 0;
  let due = input.schedule[input.schedule.length - 1];
  for (const instalment of input.schedule) {
    covered += instalment.total;
    if (covered > input.paid) {
      due = instalment;
      break;
    }
  }
  if (!due) return { payOrderId: '1', dueDate: null, daysOverdue: 0 };
  if (!input.disbursedAt) return { payOrderId: String(due.number), dueDate: null, daysOverdue: 0 };
  const dueDay = dayNumber(manilaToday(input.disbursedAt)) + due.dueDay + (input.extensionDays ?? 0);
  const today = dayNumber(manilaToday(input.now));
  return {
    payOrderId: String(due.number),
    dueDate: isoDay(dueDay),
    daysOverdue: Math.max(0, today - dueDay),
  };
}

/** What the borrower owes by now: the parts of the schedule due (all past-due ones, or the next one). */
export interface AmountDueInput {
  schedule: readonly Pick<Instalment, 'dueDay' | 'total'>[];
  disbursedAt: Date;
  now: Date;
  /** Overdue: every instalment already past due; otherwise the next one due too. */
  overdue: boolean;
  /** Days an extension moved every due date (0 without one). */
  extensionDays?: number;
  /** From the ledger. */
  balance: ScheduleBalance & { totalDue: number; penalty: number; extensionFee: number };
}

/** The ledger's principal and interest still owed (receivable balances). */
export interface ScheduleBalance {
  principal: number;
  interest: number;
}

/**
 * What the borrower has paid of the schedule's principal and interest: the schedule less what is still owed
 * of them. Money that paid a penalty or an extension fee, or that was paid beyond the balance, is not in it.
 */
export function paidTowardSchedule(
  schedule: readonly Pick<Instalment, 'total'>[],
  balance: ScheduleBalance,
): number {
  const scheduled = schedule.reduce((sum, line) => sum + line.total, 0);
  return Math.max(0, scheduled - (balance.principal + balance.interest));
}

/**
 * The amount due now, from the ledger: the schedule's instalments due by now (as Home counts them), less
 * what was paid of the schedule, plus penalty and extension fees; never more than the whole balance.
 * For a single repayment it is the whole balance.
 */
export function amountDueNow(input: AmountDueInput): number {
  const start = dayNumber(manilaToday(input.disbursedAt)) + (input.extensionDays ?? 0);
  const today = dayNumber(manilaToday(input.now));
  const days = input.schedule.map((line) => start + line.dueDay);
  const next = days.findIndex((day) => day >= today);
  const pastDue = days.filter((day) => day < today).length;
  const included = input.overdue && pastDue > 0 ? pastDue : next === -1 ? days.length : next + 1;
  const scheduled = input.schedule.slice(0, included).reduce((sum, line) => sum + line.total, 0);
  const { balance } = input;
  const paid = paidTowardSchedule(input.schedule, balance);
  const owed = Math.max(0, scheduled - paid) + balance.penalty + balance.extensionFee;
  return Math.max(0, Math.min(owed, balance.totalDue));
}
