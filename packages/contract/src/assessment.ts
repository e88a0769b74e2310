/**
 * The assessment's outcomes and reason codes (docs/api.md, "Assessment"; ADR 0031). The rules live in the
 * server's policy (apps/server/src/domain/assessment-policy.ts); the codes travel to the back office, which
 * shows them with these labels.
 */
export const ASSESSMENT_OUTCOMES = ['approve', 'refer', 'reject'] as const;
export type AssessmentOutcome = (typeof ASSESSMENT_OUTCOMES)[number];

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
  // The refer band: a person decides.
  'oneLoanOverdueElsewhere',
  'severalLoansOpen',
] as const;
export type AssessmentReason = (typeof ASSESSMENT_REASONS)[number];

/** Which band a failed rule puts the application in: any reject reason rejects; else any refer reason refers. */
export const REASON_BAND: Record<AssessmentReason, Exclude<AssessmentOutcome, 'approve'>> = {
  age: 'reject',
  profileIncomplete: 'reject',
  identityNotVerified: 'reject',
  payoutAccountNotVerified: 'reject',
  questionnaireUnanswered: 'reject',
  incomeTooLow: 'reject',
  overdueWithUs: 'reject',
  overdueElsewhere: 'reject',
  tooManyLoans: 'reject',
  oneLoanOverdueElsewhere: 'refer',
  severalLoansOpen: 'refer',
};

/** The staff's words for each reason (the back office is in English, ADR 0026). */
export const ASSESSMENT_REASON_LABELS: Record<AssessmentReason, string> = {
  age: 'Age outside 18–65',
  profileIncomplete: 'Profile incomplete',
  identityNotVerified: 'Identity not verified',
  payoutAccountNotVerified: 'Receiving account not verified',
  questionnaireUnanswered: 'Questionnaire unanswered',
  incomeTooLow: 'Repayment above 40% of income',
  overdueWithUs: 'An earlier loan with us fell overdue',
  overdueElsewhere: 'Two or more loans overdue elsewhere',
  tooManyLoans: 'Paying five or more loans',
  oneLoanOverdueElsewhere: 'One loan overdue elsewhere',
  severalLoansOpen: 'Paying three or four loans',
};

/** Stored reason codes, keeping only known ones (a code retired later is not shown as something else). */
export function knownReasons(stored: unknown): AssessmentReason[] {
  const list = typeof stored === 'string' ? JSON.parse(stored) : stored;
  return Array.isArray(list)
    ? list.filter((r): r is AssessmentReason => (ASSESSMENT_REASONS as readonly string[]).includes(r))
    : [];
}
