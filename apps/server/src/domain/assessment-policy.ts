import { SALARY_BAND_PESOS, type SalaryBand } from '@hiram/contract/options';
import { DAYS_PER_MONTH } from '@hiram/contract/pricing';
import { type CalendarDate, parseBirthday } from '@hiram/contract/profile';
import type { CompletedSteps } from './application-progress.ts';

/**
 * The automated assessment of a submitted order (docs/api.md, "Assessment"): a few plain rules over what the
 * borrower saved, so a decision can be explained and re-checked. Every failed rule adds its reason code; any
 * reason rejects. Pure: the job gathers the facts, this decides.
 */

export const MIN_AGE = 18;
export const MAX_AGE = 65;
/** The repayment, spread per 30 days over the tenure, may take at most this share of the income counted. */
export const AFFORDABLE_SHARE_BPS = 4_000;
const PESO = 100;

export const ASSESSMENT_REASONS = [
  'age',
  'profileIncomplete',
  'identityNotVerified',
  'payoutAccountNotVerified',
  'questionnaireUnanswered',
  'incomeTooLow',
  'overdueWithUs',
  'overdueElsewhere',
  'tooManyLoans',
] as const;
export type AssessmentReason = (typeof ASSESSMENT_REASONS)[number];

export interface AssessmentFacts {
  /** Today in Manila. */
  today: CalendarDate;
  /** `inputBirthday` as saved (MM-DD-YYYY). */
  birthday: string | null;
  completed: CompletedSteps;
  /** The monthly income band saved with the work details. */
  monthlySalary: string | null;
  /** Questionnaire answers by question code. */
  answers: Readonly<Record<string, string>>;
  /** What the order costs if paid on time, in centavos, and over how many days. */
  totalPayable: number;
  tenureDays: number;
  /** Any earlier order of this borrower with us fell overdue. */
  earlierOrderFellOverdue: boolean;
}

export interface AssessmentDecision {
  decision: 'approve' | 'reject';
  reasons: AssessmentReason[];
}

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

export function isAffordable(totalPayable: number, tenureDays: number, band: string | null): boolean {
  const income = countedMonthlyIncome(band);
  if (income === null) return false;
  return monthlyRepayment(totalPayable, tenureDays) * 10_000 <= income * AFFORDABLE_SHARE_BPS;
}

/** Question 11 "How many of your loans are overdue right now?": two or more rejects. */
const OVERDUE_ELSEWHERE_ANSWERS = ['2', '3plus'];
/** Question 9 "How many loans are you still paying right now?": five or more rejects. */
const TOO_MANY_LOANS_ANSWERS = ['5plus'];

export function assessOrder(facts: AssessmentFacts): AssessmentDecision {
  const reasons: AssessmentReason[] = [];
  const birthday = facts.birthday ? parseBirthday(facts.birthday) : null;
  const age = birthday ? ageOn(birthday, facts.today) : null;
  if (age === null || age < MIN_AGE || age > MAX_AGE) reasons.push('age');
  if (!facts.completed.basicInfo || !facts.completed.additionInfo) reasons.push('profileIncomplete');
  if (!facts.completed.identity) reasons.push('identityNotVerified');
  if (!facts.completed.bankAccount) reasons.push('payoutAccountNotVerified');
  if (!facts.completed.questionnaire) reasons.push('questionnaireUnanswered');
  if (!isAffordable(facts.totalPayable, facts.tenureDays, facts.monthlySalary)) reasons.push('incomeTooLow');
  if (facts.earlierOrderFellOverdue) reasons.push('overdueWithUs');
  if (OVERDUE_ELSEWHERE_ANSWERS.includes(facts.answers['11'] ?? '')) reasons.push('overdueElsewhere');
  if (TOO_MANY_LOANS_ANSWERS.includes(facts.answers['9'] ?? '')) reasons.push('tooManyLoans');
  return { decision: reasons.length === 0 ? 'approve' : 'reject', reasons };
}
