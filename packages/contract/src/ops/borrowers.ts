import { z } from 'zod';
import {
  ASSESSMENT_OUTCOMES,
  ASSESSMENT_REASONS,
  BORROWER_REASONS,
  type BorrowerReason,
} from '../assessment.ts';
import { REVIEWER_ROLES, ReviewRecord } from './applications.ts';
import { BorrowerCreditLine } from './credit-lines.ts';
import { ALL_STAFF_ROLES, opsEndpoint, PAGE_QUERY, pageOf, type StaffRole } from './endpoint.ts';

/**
 * Borrower search and the borrower view (issue 10). Personal data is masked in every answer; one field of one
 * borrower is shown in clear only through `opsBorrowerReveal`, which writes its audit row in the same request.
 * Every role may search and read masked; every role but viewer may reveal and act
 * (docs/decisions/0027-borrower-view-masking.md).
 */
export const SUPPORT_AND_ABOVE: readonly StaffRole[] = ALL_STAFF_ROLES.filter((role) => role !== 'viewer');

/**
 * Who may end a refused borrower's wait after reviewing the refusal (issue 21; ADR 0073): the people who decide
 * applications and the risk officers. Her next application is assessed by the policy as any other.
 */
export const REVIEW_REFUSAL_ROLES: readonly StaffRole[] = ['reviewer', 'risk', 'admin'];

/** What a refused borrower was told, in the console's words (the app says it in hers: refusal-text.ts). */
export const BORROWER_REASON_LABELS: Record<BorrowerReason, string> = {
  age: 'Age outside the ages we lend to',
  profileIncomplete: 'Details or answers missing',
  detailsNotConfirmed: 'Some details could not be confirmed',
  income: 'Repayments too high for the income',
  pastLoanWithUs: 'An earlier loan with us was paid late',
  loansElsewhere: 'Paying or behind on other loans',
  creditRecord: 'What the credit bureau reports',
};

/** Who may stop (and allow again) a borrower's new applications. */
export const STOP_APPLICATIONS_ROLES: readonly StaffRole[] = ['support', 'reviewer', 'admin'];

export const REVEALABLE_FIELDS = [
  'nationalId',
  'mobile',
  'birthday',
  'email',
  'address',
  // What the CIC file needs (ADR 0083): her TIN, SSS or GSIS number and her permanent address.
  'identificationNumber',
  'permanentAddress',
] as const;
export type RevealableField = (typeof REVEALABLE_FIELDS)[number];

export const BORROWER_NOTE_MAX_LENGTH = 1000;
export const STOP_REASON_MAX_LENGTH = 300;

/** The identity photos a borrower uploads; only reviewers and admins see them, each view audited. */
export const IDENTITY_PHOTO_KINDS = ['front', 'back', 'face'] as const;
export type IdentityPhotoKind = (typeof IDENTITY_PHOTO_KINDS)[number];
export const REVEAL_REASON_MAX_LENGTH = 300;

const userId = z.uuid('invalid');

export const BorrowerSearch = z.object({
  /** Digits of the mobile (any part), a name, a full order number, or a payment reference. */
  q: z.string().trim().min(2, 'tooShort').max(100, 'tooLong'),
  ...PAGE_QUERY,
});

export const BorrowerHit = z.object({
  userId: z.string(),
  packageName: z.string(),
  name: z.string().nullable().describe('first and last name as the borrower typed them'),
  mobile: z.string().describe('masked: 0917 *** 4567'),
  createdAt: z.string(),
  latestOrderStatus: z.number().int().nullable(),
});
export type BorrowerHit = z.infer<typeof BorrowerHit>;

export const BorrowerPage = pageOf(BorrowerHit);

export const BorrowerView = z.object({
  userId: z.string(),
  packageName: z.string(),
  createdAt: z.string(),
  profile: z.object({
    name: z.string().nullable(),
    mobile: z.string().describe('masked'),
    nationalId: z.string().nullable().describe('masked: the last 4 only'),
    birthday: z.string().nullable().describe('masked'),
    email: z.string().nullable().describe('masked'),
    address: z.string().nullable().describe('masked'),
    identificationNumber: z
      .string()
      .nullable()
      .describe('masked: its type and the last 4 only, e.g. "TIN *** 9000"'),
    permanentAddress: z.string().nullable().describe('masked; null when it is the present address'),
    employerName: z.string().nullable().describe("the employer's name she typed, in clear"),
  }),
  applicationSubmittedAt: z.string().nullable(),
  identityState: z.string().nullable(),
  identity: z.object({
    state: z.string().nullable(),
    failure: z.string().nullable().describe('why the last check failed: blurry, glare, faceMismatch...'),
    requestedAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
    photos: z
      .array(z.enum(IDENTITY_PHOTO_KINDS))
      .describe('the kinds uploaded; shown through opsBorrowerPhoto'),
  }),
  questionnaire: z
    .object({
      savedAt: z.string(),
      answers: z.array(z.object({ code: z.number().int(), answer: z.string() })),
    })
    .nullable(),
  accounts: z
    .array(
      z.object({
        kind: z.string(),
        bankCode: z.string(),
        accountNumber: z.string().describe('masked: the last 4 only'),
        state: z.string(),
        createdAt: z.string().describe('when this account (or its state) was recorded'),
        current: z.boolean(),
      }),
    )
    .describe('every receiving account and state change, newest first'),
  applications: z.array(
    z.object({
      orderId: z.string(),
      outcome: z.enum(ASSESSMENT_OUTCOMES),
      reasons: z.array(z.enum(ASSESSMENT_REASONS)),
      assessedAt: z.string(),
      review: ReviewRecord.nullable(),
    }),
  ),
  creditLine: BorrowerCreditLine.describe(
    'the most she may borrow now, and every change of it (issue 21; ADR 0068): a line never written yet is worked out from her loans and has no history',
  ),
  refusal: z
    .object({
      orderId: z.string(),
      reapplyAt: z.string().describe('when she may apply again'),
      borrowerReasons: z.array(z.enum(BORROWER_REASONS)).describe('what she was told'),
      byReviewer: z.boolean(),
      waived: z
        .object({ at: z.string(), reason: z.string(), staffEmail: z.string().nullable() })
        .nullable()
        .describe('a person reviewed the refusal and let her apply again now'),
    })
    .nullable()
    .describe(
      'her latest application was refused and she is (or was, until a review) waiting to apply again',
    ),
  applicationsStopped: z
    .object({ at: z.string(), reason: z.string(), staffEmail: z.string().nullable() })
    .nullable()
    .describe('set while the borrower may not apply for a new loan'),
  loans: z.array(
    z.object({
      orderId: z.string(),
      status: z.number().int(),
      principal: z.number().int().describe('centavos'),
      tenureDays: z.number().int(),
      createdAt: z.string(),
      submittedAt: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
  sms: z.array(
    z
      .object({ at: z.string(), purpose: z.string(), status: z.string() })
      .describe('never the text: it holds codes'),
  ),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      lastSeenAt: z.string(),
      open: z.boolean(),
      endReason: z.string().nullable(),
    }),
  ),
  notes: z.array(z.object({ at: z.string(), staffEmail: z.string().nullable(), text: z.string() })),
});
export type BorrowerView = z.infer<typeof BorrowerView>;

export const BORROWER_ENDPOINTS = {
  opsBorrowerSearch: opsEndpoint(
    'GET',
    '/borrowers',
    ALL_STAFF_ROLES,
    'Borrowers by mobile digits, name or order number, paged; a brand-scoped member sees their brand only.',
    BorrowerSearch,
    BorrowerPage,
  ),
  opsBorrowerView: opsEndpoint(
    'GET',
    '/borrowers/view',
    ALL_STAFF_ROLES,
    'One borrower, personal data masked: profile, status, accounts, loans, SMS sent, sessions, notes.',
    z.object({ userId }),
    BorrowerView,
  ),
  opsBorrowerReveal: opsEndpoint(
    'POST',
    '/borrowers/reveal',
    SUPPORT_AND_ABOVE,
    'One field of one borrower in clear, for a reason; writes an audit row (who, when, field, reason, from where).',
    z.object({
      userId,
      field: z.enum(REVEALABLE_FIELDS),
      reason: z.string().trim().min(3, 'tooShort').max(REVEAL_REASON_MAX_LENGTH, 'tooLong'),
    }),
    z.object({ field: z.enum(REVEALABLE_FIELDS), value: z.string().nullable() }),
  ),
  opsBorrowerEndSessions: opsEndpoint(
    'POST',
    '/borrowers/end-sessions',
    SUPPORT_AND_ABOVE,
    "Ends the borrower's open sessions: their next call is told the session expired. Audited.",
    z.object({ userId }),
    z.object({ ended: z.number().int() }),
  ),
  opsBorrowerAddNote: opsEndpoint(
    'POST',
    '/borrowers/note',
    SUPPORT_AND_ABOVE,
    'Adds a note to the borrower. Audited.',
    z.object({ userId, text: z.string().trim().min(1).max(BORROWER_NOTE_MAX_LENGTH, 'tooLong') }),
    z.null(),
  ),
  opsBorrowerPhoto: opsEndpoint(
    'POST',
    '/borrowers/photo',
    REVIEWER_ROLES,
    'One identity photo (ID front, back or face) as a data: URL, for the roles that decide on it. Audited.',
    z.object({ userId, kind: z.enum(IDENTITY_PHOTO_KINDS) }),
    z.object({
      kind: z.enum(IDENTITY_PHOTO_KINDS),
      dataUrl: z.string().describe('data:image/jpeg;base64,...'),
    }),
  ),
  opsBorrowerStopApplications: opsEndpoint(
    'POST',
    '/borrowers/stop-applications',
    STOP_APPLICATIONS_ROLES,
    'Stops new applications (the borrower who applies is told so in their language); stop: false allows them again. Audited.',
    z.object({
      userId,
      stop: z.boolean(),
      reason: z.string().trim().min(3, 'tooShort').max(STOP_REASON_MAX_LENGTH, 'tooLong'),
    }),
    z.object({ stopped: z.boolean() }),
  ),
  opsBorrowerAllowReapply: opsEndpoint(
    'POST',
    '/borrowers/allow-reapply',
    REVIEW_REFUSAL_ROLES,
    "After a person's review of a refusal: the borrower may apply again now rather than on the day the decision named; told in her inbox, audited. 40924 when her latest application is not a refusal she is waiting out.",
    z.object({
      userId,
      reason: z.string().trim().min(3, 'tooShort').max(STOP_REASON_MAX_LENGTH, 'tooLong'),
    }),
    z.object({ orderId: z.string(), reapplyAt: z.string() }),
  ),
} as const;
