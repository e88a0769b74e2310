import { z } from 'zod';
import { ASSESSMENT_OUTCOMES, ASSESSMENT_REASONS, type BorrowerReason } from '../assessment.ts';
import { DECISION_VARIANTS, DecisionFactsSchema, FraudHit, RuleResult } from '../credit-policy.ts';
import { opsEndpoint, type StaffRole } from './endpoint.ts';

/**
 * Applications the assessment referred to a person (issue 10; ADR 0031): the queue, one application with the
 * facts a reviewer needs, and the decision, taken once with a reason from the list below.
 */
export const REVIEWER_ROLES: readonly StaffRole[] = ['reviewer', 'admin'];

export const REVIEW_DECISIONS = ['approve', 'reject'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** Why a reviewer decided as they did: each reason belongs to one decision. */
export const REVIEW_REASONS = [
  { value: 'incomeConfirmed', decision: 'approve', label: 'Income confirmed' },
  { value: 'debtsManageable', decision: 'approve', label: 'Other debts are manageable' },
  { value: 'goodHistoryWithUs', decision: 'approve', label: 'Good history with us' },
  { value: 'confirmedByCall', decision: 'approve', label: 'Confirmed with the borrower by phone' },
  { value: 'tooMuchDebt', decision: 'reject', label: 'Too much debt elsewhere' },
  { value: 'incomeNotConfirmed', decision: 'reject', label: 'Income could not be confirmed' },
  { value: 'identityDoubt', decision: 'reject', label: 'Doubt about identity' },
  { value: 'unreachable', decision: 'reject', label: 'Borrower could not be reached' },
] as const satisfies readonly { value: string; decision: ReviewDecision; label: string }[];
export type ReviewReason = (typeof REVIEW_REASONS)[number]['value'];
export const REVIEW_REASON_VALUES = REVIEW_REASONS.map((r) => r.value) as [ReviewReason, ...ReviewReason[]];

/**
 * What a borrower a reviewer refused is told for each reason to reject (ADR 0069): one of the plain reasons an
 * automated refusal uses, never the reviewer's own words.
 */
export const REVIEW_REJECTION_BORROWER_REASON: Record<
  Extract<(typeof REVIEW_REASONS)[number], { decision: 'reject' }>['value'],
  BorrowerReason
> = {
  tooMuchDebt: 'loansElsewhere',
  incomeNotConfirmed: 'income',
  identityDoubt: 'detailsNotConfirmed',
  unreachable: 'detailsNotConfirmed',
};

export function reviewReasonFits(decision: ReviewDecision, reason: string): boolean {
  return REVIEW_REASONS.some((r) => r.value === reason && r.decision === decision);
}

export function reviewReasonLabel(value: string): string {
  return REVIEW_REASONS.find((r) => r.value === value)?.label ?? value;
}

export const REVIEW_NOTE_MAX_LENGTH = 500;

const orderId = z.uuid('invalid');

/** A reviewer's decision on a referred application, as the back office shows it. */
export const ReviewRecord = z.object({
  decision: z.enum(REVIEW_DECISIONS),
  approvedAmount: z
    .number()
    .int()
    .nullable()
    .describe('centavos: the lower amount a reviewer approved instead of the one applied for; null if none'),
  reason: z.string(),
  note: z.string().nullable(),
  reviewerEmail: z.string().nullable(),
  at: z.string(),
});
export type ReviewRecord = z.infer<typeof ReviewRecord>;

export const ReferredApplication = z.object({
  orderId: z.string(),
  userId: z.string(),
  packageName: z.string(),
  name: z.string().nullable(),
  mobile: z.string().describe('masked: 0917 *** 4567'),
  principal: z.number().int().describe('centavos'),
  tenureDays: z.number().int(),
  referredAt: z.string(),
  ageMinutes: z.number().int().describe('since the referral, on the server clock'),
  reasons: z.array(z.enum(ASSESSMENT_REASONS)),
});
export type ReferredApplication = z.infer<typeof ReferredApplication>;

export const ReferredPage = z.object({
  items: z.array(ReferredApplication),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const ApplicationReview = z.object({
  application: ReferredApplication,
  status: z.number().int().describe('the order status now (1 while waiting)'),
  borrower: z.object({
    age: z.number().int().nullable(),
    employmentType: z.string().nullable(),
    monthlySalary: z.string().nullable().describe('the income band saved'),
    registeredAt: z.string(),
    earlierLoans: z.number().int(),
    finishedLoans: z.number().int(),
    everOverdue: z.boolean(),
  }),
  assessment: z.object({
    outcome: z.enum(ASSESSMENT_OUTCOMES),
    assessedAt: z.string(),
    decision: z
      .object({
        policyVersion: z.number().int(),
        variant: z.enum(DECISION_VARIANTS),
        rules: z.array(RuleResult).describe('every rule of the version, in its order: fired or passed'),
        facts: DecisionFactsSchema.describe('the facts the rules were run on'),
        fraudHits: z
          .array(FraudHit)
          .describe('the fraud and duplicate checks that matched, with the other accounts'),
        bureauReport: z.unknown().nullable().describe("the credit bureau's report; null when not asked"),
      })
      .nullable()
      .describe(
        'the automated decision record (ADR 0069); null for an application assessed before records were kept',
      ),
  }),
  identity: z.object({
    state: z.string().nullable(),
    failure: z.string().nullable(),
    updatedAt: z.string().nullable(),
  }),
  answers: z.array(z.object({ code: z.number().int(), answer: z.string() })),
  review: ReviewRecord.nullable().describe('null until decided'),
  creditLine: z
    .object({
      amount: z.number().int().describe('centavos'),
      frozen: z.boolean(),
      policyVersion: z.number().int(),
    })
    .describe("the borrower's credit line now (ADR 0068)"),
  lowerAmounts: z
    .array(z.number().int())
    .describe(
      "centavos, smallest first: the amounts a reviewer may approve instead, on the product's steps, below the amount applied for and within the line",
    ),
});
export type ApplicationReview = z.infer<typeof ApplicationReview>;

export const APPLICATION_ENDPOINTS = {
  opsReferredList: opsEndpoint(
    'GET',
    '/applications',
    REVIEWER_ROLES,
    'Applications waiting for a reviewer, oldest first, paged; a brand-scoped member sees their brand only.',
    z.object({
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    ReferredPage,
  ),
  opsReferredView: opsEndpoint(
    'GET',
    '/applications/view',
    REVIEWER_ROLES,
    'One referred application: borrower facts, the decision record (policy version and variant, every rule, the facts, fraud hits, the bureau report), identity checks, answers, decision.',
    z.object({ orderId }),
    ApplicationReview,
  ),
  opsReferredDecide: opsEndpoint(
    'POST',
    '/applications/decide',
    REVIEWER_ROLES,
    "Approves or rejects a referred application with a reason from the list, once: a second decision answers 409 (40995). An approval may name a lower `amount` (one of the view's `lowerAmounts`: 40026 with a rejection, 40027 not lower, 40028 off the product's steps, 40936 above the credit line): the order is priced again at it, and the borrower reads the new figures and Disclosure Statement before she signs, and is told. Audited.",
    z.object({
      orderId,
      decision: z.enum(REVIEW_DECISIONS),
      reason: z.enum(REVIEW_REASON_VALUES),
      note: z.string().trim().max(REVIEW_NOTE_MAX_LENGTH, 'tooLong').optional(),
      amount: z
        .number()
        .int()
        .positive()
        .optional()
        .describe('centavos: approve this lower amount instead of the one applied for'),
    }),
    z.object({
      orderId: z.string(),
      decision: z.enum(REVIEW_DECISIONS),
      status: z.number().int(),
      amount: z.number().int().describe('centavos: the amount the order now stands at'),
    }),
  ),
} as const;
