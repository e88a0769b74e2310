/**
 * The assessment's outcomes and reason codes (docs/api.md, "Assessment"; ADR 0031). The rules are the credit
 * policy's versions (credit-policy.ts, ADR 0069), each rule naming one of these reasons; the codes travel to
 * the back office, which shows them with these labels, and to a refused borrower as her plain reasons.
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
  'oneLoanOverdueElsewhere',
  'severalLoansOpen',
  // Fraud and duplicate checks (services/risk/fraud-checks.ts).
  'sameIdElsewhere',
  'sameTaxNumberElsewhere',
  'samePayoutAccountElsewhere',
  'sameDeviceElsewhere',
  'samePhotoElsewhere',
  'payoutNameMismatch',
  'manyApplicationsFromDevice',
  'manyApplicationsFromAddress',
  // The credit bureau's report (providers/bureau).
  'bureauLowScore',
  'bureauOverdueElsewhere',
  'bureauManyOpenLoans',
  'bureauUnavailable',
] as const;
export type AssessmentReason = (typeof ASSESSMENT_REASONS)[number];

/**
 * Which band a failed rule puts the application in: any reject reason rejects; else any refer reason refers.
 * Since the policy became data (ADR 0069) each rule of a version carries its own band; this is the band a
 * reason gets when a risk officer adds its rule to a draft.
 */
export type ReasonBand = Exclude<AssessmentOutcome, 'approve'>;
export const REASON_BAND: Record<AssessmentReason, ReasonBand> = {
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
  sameIdElsewhere: 'refer',
  sameTaxNumberElsewhere: 'refer',
  samePayoutAccountElsewhere: 'refer',
  sameDeviceElsewhere: 'refer',
  samePhotoElsewhere: 'refer',
  payoutNameMismatch: 'refer',
  manyApplicationsFromDevice: 'refer',
  manyApplicationsFromAddress: 'refer',
  bureauLowScore: 'reject',
  bureauOverdueElsewhere: 'reject',
  bureauManyOpenLoans: 'refer',
  bureauUnavailable: 'refer',
};

/** The staff's words for each reason (the back office is in English, ADR 0026). */
export const ASSESSMENT_REASON_LABELS: Record<AssessmentReason, string> = {
  age: 'Age outside the lending range',
  profileIncomplete: 'Profile incomplete',
  identityNotVerified: 'Identity not verified',
  payoutAccountNotVerified: 'Receiving account not verified',
  questionnaireUnanswered: 'Questionnaire unanswered',
  incomeTooLow: 'Repayment too large a share of income',
  overdueWithUs: 'An earlier loan with us fell overdue',
  overdueElsewhere: 'Two or more loans overdue elsewhere',
  tooManyLoans: 'Paying five or more loans',
  oneLoanOverdueElsewhere: 'One loan overdue elsewhere',
  severalLoansOpen: 'Paying three or four loans',
  sameIdElsewhere: 'National ID number used by another account',
  sameTaxNumberElsewhere: 'TIN or SSS number used by another account',
  samePayoutAccountElsewhere: 'Receiving account used by another account',
  sameDeviceElsewhere: 'Phone (device) used by another account',
  samePhotoElsewhere: 'ID photo or face matches another borrower',
  payoutNameMismatch: "Receiving account in another person's name",
  manyApplicationsFromDevice: 'Too many applications from one phone',
  manyApplicationsFromAddress: 'Too many applications from one address',
  bureauLowScore: 'Credit bureau score below the policy',
  bureauOverdueElsewhere: 'Credit bureau: past due elsewhere',
  bureauManyOpenLoans: 'Credit bureau: many open loans',
  bureauUnavailable: 'Credit bureau did not answer',
};

/**
 * What a refused borrower is told (RA 9510 gives her the right to know why): a few plain reasons, in her
 * language (the web app's texts, one per code). Several staff reasons share one: a borrower is never told which
 * fraud check matched, only that her details could not be confirmed.
 */
export const BORROWER_REASONS = [
  'age',
  'profileIncomplete',
  'detailsNotConfirmed',
  'income',
  'pastLoanWithUs',
  'loansElsewhere',
  'creditRecord',
] as const;
export type BorrowerReason = (typeof BORROWER_REASONS)[number];

export const BORROWER_REASON_OF: Record<AssessmentReason, BorrowerReason> = {
  age: 'age',
  profileIncomplete: 'profileIncomplete',
  identityNotVerified: 'detailsNotConfirmed',
  payoutAccountNotVerified: 'detailsNotConfirmed',
  questionnaireUnanswered: 'profileIncomplete',
  incomeTooLow: 'income',
  overdueWithUs: 'pastLoanWithUs',
  overdueElsewhere: 'loansElsewhere',
  tooManyLoans: 'loansElsewhere',
  oneLoanOverdueElsewhere: 'loansElsewhere',
  severalLoansOpen: 'loansElsewhere',
  sameIdElsewhere: 'detailsNotConfirmed',
  sameTaxNumberElsewhere: 'detailsNotConfirmed',
  samePayoutAccountElsewhere: 'detailsNotConfirmed',
  sameDeviceElsewhere: 'detailsNotConfirmed',
  samePhotoElsewhere: 'detailsNotConfirmed',
  payoutNameMismatch: 'detailsNotConfirmed',
  manyApplicationsFromDevice: 'detailsNotConfirmed',
  manyApplicationsFromAddress: 'detailsNotConfirmed',
  bureauLowScore: 'creditRecord',
  bureauOverdueElsewhere: 'creditRecord',
  bureauManyOpenLoans: 'creditRecord',
  bureauUnavailable: 'creditRecord',
};

/** The borrower's reasons for staff reasons, each once, in the order of BORROWER_REASONS. */
export function borrowerReasonsOf(reasons: readonly AssessmentReason[]): BorrowerReason[] {
  const wanted = new Set(reasons.map((reason) => BORROWER_REASON_OF[reason]));
  return BORROWER_REASONS.filter((reason) => wanted.has(reason));
}

/** Stored reason codes, keeping only known ones (a code retired later is not shown as something else). */
export function knownReasons(stored: unknown): AssessmentReason[] {
  const list = typeof stored === 'string' ? JSON.parse(stored) : stored;
  return Array.isArray(list)
    ? list.filter((r): r is AssessmentReason => (ASSESSMENT_REASONS as readonly string[]).includes(r))
    : [];
}
