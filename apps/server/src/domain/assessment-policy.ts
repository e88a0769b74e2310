import { SALARY_BAND_PESOS, type SalaryBand } from '@hiram/contract/options';
import { DAYS_PER_MONTH } from '@hiram/contract/pricing';
import type { CalendarDate } from '@hiram/contract/profile';

/**
 * The figures behind the assessment's facts (docs/api.md, "Assessment"). The rules themselves are data since
 * ADR 0069: the credit policy's versions (packages/contract/src/credit-policy.ts, version 1 is ASSESSMENT_V1),
 * run by json-rules-engine on facts services/risk/decision-facts.ts gathers with these pure helpers.
 */

const PESO = 100;

/** Whole years from the birthday to `today`; a 29 February birthday counts from 1 March in other years. */
export function ageOn(birthday: CalendarDate, today: CalendarDate): number {
  const beforeBirthday =
    today.month < birthday.month || (today.month === birthday.month && today.day < birthday.day);
  return today.year - birthday.year - (beforeBirthday ? 1 : 0);
}

/**
 * The monthly income the affordability rule counts, in centavos: the band's lower bound, so nobody is assumed
 * richer than they said; the lowest band (from ₱0) counts as half its upper bound, ₱5,000.
 */
export function countedMonthlyIncome(band: string | null): number | null {
  const bounds = band && band in SALARY_BAND_PESOS ? SALARY_BAND_PESOS[band as SalaryBand] : null;
  if (!bounds) return null;
  const pesos = bounds.min > 0 ? bounds.min : Math.floor(((bounds.max ?? 0) + 1) / 2);
  return pesos * PESO;
}

/** The total payable spread per 30 days over the tenure (a single repayment too: the borrower saves up for it). */
export function monthlyRepayment(totalPayable: number, tenureDays: number): number {
  return Math.ceil((totalPayable * DAYS_PER_MONTH) / Math.max(DAYS_PER_MONTH, tenureDays));
}
