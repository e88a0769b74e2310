import type { LoanQuote } from '@hiram/contract/api/endpoints';
import { addDays, isoDate } from '@hiram/contract/disclosure';
import { type CalendarDate, manilaToday } from '@hiram/contract/profile';

/**
 * What Home and Records say a disbursed loan asks of the borrower next: a due date and an amount, read from
 * the quote the borrower signed, with due days counted from the Manila day the payout succeeded (as the
 * Disclosure Statement counts them). Payments, penalties and extensions are not in the quote: the
 * latest-order route replaces `amountDue` with the ledger's figure (collections.amountDue).
 */
export interface RepaymentDue {
  /** YYYY-MM-DD, Manila calendar. */
  dueDate: string;
  /** Centavos. */
  amountDue: number;
}

function datedSchedule(quote: LoanQuote, disbursedAt: Date) {
  const start: CalendarDate = manilaToday(disbursedAt);
  return quote.schedule.map((line) => ({ dueDate: isoDate(addDays(start, line.dueDay)), total: line.total }));
}

/**
 * Current loan: the first instalment due today or later. Overdue loan: every instalment already past due,
 * from the earliest one's date. (ISO dates compare as text.)
 */
export function repaymentDue(
  quote: LoanQuote,
  disbursedAt: Date,
  now: Date,
  overdue: boolean,
): RepaymentDue | null {
  const lines = datedSchedule(quote, disbursedAt);
  const last = lines.at(-1);
  if (!last) return null;
  const today = isoDate(manilaToday(now));
  const pastDue = lines.filter((line) => line.dueDate < today);
  const [firstPastDue] = pastDue;
  if (overdue && firstPastDue) {
    return { dueDate: firstPastDue.dueDate, amountDue: pastDue.reduce((sum, line) => sum + line.total, 0) };
  }
  const next = lines.find((line) => line.dueDate >= today) ?? last;
  return { dueDate: next.dueDate, amountDue: next.total };
}

/** The day the loan must be repaid in full: the last instalment's date. */
export function finalDueDate(quote: LoanQuote, disbursedAt: Date): string | null {
  return datedSchedule(quote, disbursedAt).at(-1)?.dueDate ?? null;
}
