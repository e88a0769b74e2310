import { findInstitution } from '@hiram/contract/banks';
import { QUESTIONNAIRE } from '@hiram/contract/questionnaire';

// How the back office writes times, durations, rates and the borrower's answers, in English (the staff's
// language). Money is the contract's formatPeso, as the borrower reads it.

/**
 * How the console writes a moment ("27 Nov 2026, 15:08") and a day ("27 Nov 2026"): one way on every screen,
 * on Manila's clock whatever the desk's (the contract's, so the server's words agree).
 */
export { consoleDateTime as dateTime, consoleDay as day } from '@hiram/contract/ops/labels';

/** Basis points as a percentage: 300 → "3.00%". */
export function percentOfBps(bps: number): string {
  return `${(bps / 100).toFixed(2)}%`;
}

/** A receiving account as staff read it: kind, the bank's or e-wallet's name, the masked number. */
export function accountLabel(account: {
  accountKind: string;
  bankCode: string;
  accountNumber: string;
}): string {
  return `${account.accountKind} ${findInstitution(account.bankCode)?.name ?? account.bankCode} ${account.accountNumber}`;
}

/** A questionnaire answer as the borrower saw it: the question's and the option's English text. */
export function questionAndAnswer(code: number, answer: string): { question: string; answer: string } {
  const question = QUESTIONNAIRE.find((q) => q.code === code);
  return {
    question: question?.text.en ?? `Question ${code}`,
    answer: question?.options.find((o) => o.value === answer)?.label.en ?? answer,
  };
}

/**
 * "4 d 3 h", "47 h 5 min", "4 min": a duration as staff read it at a glance; hours up to 3 days, so the
 * 48-hour promise reads in hours.
 */
export function durationText(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor(minutes / 60);
  if (days >= 3) return hours % 24 > 0 ? `${days} d ${hours % 24} h` : `${days} d`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}

/** How long ago `since` was, at the server's time `asOf` (the server's clock, not the desk's). */
export function ageText(since: string, asOf: string): string {
  const ms = Date.parse(asOf) - Date.parse(since);
  return ms >= 0 ? durationText(ms) : `in ${durationText(ms)}`;
}
