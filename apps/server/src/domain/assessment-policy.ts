import {
  ASSESSMENT_REASONS,
  type AssessmentOutcome,
  type AssessmentReason,
  REASON_BAND,
} from '@hiram/contract/assessment';
import { SALARY_BAND_PESOS, type SalaryBand } from '@hiram/contract/options';
import { DAYS_PER_MONTH } from '@hiram/contract/pricing';
import { type CalendarDate, parseBirthday } from '@hiram/contract/profile';
import type { CompletedSteps } from './application-progress.ts';

/**
 * The automated assessment of a submitted order (docs/api.md, "Assessment"): a few plain rules over what the
 * borrower saved, so a decision can be explained and re-checked. Every failed rule adds its reason code; a
 * reason of the reject band rejects, otherwise one of the refer band sends the application to a reviewer
 * (ADR 0031). Pure: the job gathers the facts, this decides.
 */

export const MIN_AGE = 18;
export const MAX_AGE = 65;
/** The repayment, spread per 30 days over the tenure, may take at most this share of the income counted. */
export const AFFORDABLE_SHARE_BPS = 4_000;
const PESO = 100;

export { ASSESSMENT_REASONS, type AssessmentReason };

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
  decision: AssessmentOutcome;
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

/**
 * The questionnaire's thresholds in one place (docs/api.md, "Assessment"): which answers send an application
 * to a reviewer (refer) and which reject it. Every other answer passes.
 */
export const ANSWER_BANDS = {
  /** Question 11 "How many of your loans are overdue right now?" */
  overdueElsewhere: { question: '11', refer: ['1'], reject: ['2', '3plus'] },
  /** Question 9 "How many loans are you still paying right now?" */
  loansBeingPaid: { question: '9', refer: ['3to4'], reject: ['5plus'] },
} as const;

function answerBand(
  answers: Readonly<Record<string, string>>,
  band: (typeof ANSWER_BANDS)[keyof typeof ANSWER_BANDS],
): 'refer' | 'reject' | null {
  const answer = answers[band.question] ?? '';
  if ((band.reject as readonly string[]).includes(answer)) return 'reject';
  if ((band.refer as readonly string[]).includes(answer)) return 'refer';
  return null;
}

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
  const overdue = answerBand(facts.answers, ANSWER_BANDS.overdueElsewhere);
  if (overdue === 'reject') reasons.push('overdueElsewhere');
  if (overdue === 'refer') reasons.push('oneLoanOverdueElsewhere');
  const loans = answerBand(facts.answers, ANSWER_BANDS.loansBeingPaid);
  if (loans === 'reject') reasons.push('tooManyLoans');
  if (loans === 'refer') reasons.push('severalLoansOpen');
  return { decision: outcomeOf(reasons), reasons };
}

/** Any reason of the reject band rejects; otherwise any of the refer band refers; none approves. */
export function outcomeOf(reasons: readonly AssessmentReason[]): AssessmentOutcome {
  if (reasons.some((reason) => REASON_BAND[reason] === 'reject')) return 'reject';
  return reasons.length > 0 ? 'refer' : 'approve';
}
