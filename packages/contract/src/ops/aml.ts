import { z } from 'zod';
import { opsEndpoint, type StaffRole } from './endpoint.ts';

/**
 * Anti-money laundering in the back office (issue 23; ADR 0081 screening, ADR 0085 decisions, red flags and
 * reports; RA 9160 as amended, SEC MC 4 s.2021). The compliance officer works the screening queue, imports the
 * sanctions lists, decides candidates under maker-checker, proposes red-flag thresholds, makes the finding on a
 * case, drafts its STR or CTR and records the filing reference. Admins see and approve; nobody else sees any of
 * it: telling a borrower, or staff who talk to her, that she is screened or reported is tipping-off.
 */
export const AML_ROLES: readonly StaffRole[] = ['compliance', 'admin'];
/** A screening decision or a red-flag rule: a compliance officer proposes, another or an admin approves. */
export const AML_MAKERS: readonly StaffRole[] = ['compliance'];
export const AML_CHECKERS: readonly StaffRole[] = ['compliance', 'admin'];

export const SCREENING_STATUSES = ['pending', 'cleared', 'confirmed'] as const;
export const SCREENING_DECISIONS = ['cleared', 'confirmed'] as const;
export const SCREENING_FOUND_ON = ['signUp', 'payout', 'refund', 'listImport'] as const;
export const SANCTIONS_LIST_FORMATS = ['unsc', 'opensanctions'] as const;
/** The UN consolidated list's XML is about 2 MB; room for growth, and a bound on what the server reads. */
export const SANCTIONS_FILE_MAX_CHARS = 12_000_000;

/** `screening.decide`: clear a false positive (her money may go) or confirm a match (a freeze). */
export const ScreeningDecidePayload = z.object({
  candidateId: z.uuid('invalid'),
  decision: z.enum(SCREENING_DECISIONS),
});

// Red-flag rules (ADR 0085): thresholds as data, one shape per rule, each version in force from a day.
const count = (min: number, max: number) =>
  z.number().int('invalid').min(min, 'tooSmall').max(max, 'tooLarge');
/** Centavos. */
const amount = z.number().int('invalid').min(1, 'tooSmall').max(100_000_000_00, 'tooLarge');

export const RED_FLAG_THRESHOLDS = {
  /** Several loans within a few days: borrowing and repaying to move money through the lender. */
  repeatBorrowing: z.object({ loans: count(2, 50), withinDays: count(1, 365) }),
  /** A payment whose payer the provider names, and the name is not close enough to hers (0-100). */
  thirdPartyPayment: z.object({ nameScoreBelow: count(1, 100) }),
  /** A refund of an over-payment of at least this much. */
  overpaymentRefund: z.object({ minAmount: amount }),
  /** The payout account changed this many days or fewer before a loan was submitted. */
  payoutAccountChange: z.object({ withinDays: count(0, 90) }),
  /** One ID number or device behind at least this many accounts (the fraud checks' fingerprints). */
  sharedIdentity: z.object({ minAccounts: count(2, 100) }),
  /** A covered transaction: cash paid over this much in one Manila day (counter channels only). */
  cashTransaction: z.object({ overAmount: amount }),
} as const;
export type RedFlagRule = keyof typeof RED_FLAG_THRESHOLDS;
export const RED_FLAG_RULES = Object.keys(RED_FLAG_THRESHOLDS) as [RedFlagRule, ...RedFlagRule[]];

export const RED_FLAG_LABELS: Record<RedFlagRule, string> = {
  repeatBorrowing: 'Repeat borrowing in a short window',
  thirdPartyPayment: 'Payment from a third party',
  overpaymentRefund: 'Over-payment refunded',
  payoutAccountChange: 'Payout account changed just before a loan',
  sharedIdentity: 'One ID or device across accounts',
  cashTransaction: 'Cash over the covered-transaction threshold in a day',
};

/** Each threshold in the console's words; the amounts (`minAmount`, `overAmount`) are centavos. */
export const THRESHOLD_LABELS: Record<string, string> = {
  loans: 'Loans at least',
  withinDays: 'Within days',
  nameScoreBelow: "Payer's name alike below (of 100)",
  minAmount: 'Refund of at least',
  minAccounts: 'Accounts at least',
  overAmount: 'Cash in one day over',
};
export const AMOUNT_THRESHOLDS: readonly string[] = ['minAmount', 'overAmount'];

/** `aml.red-flag-rule`: a new version of one rule, in force from a day (today or later). */
export const RedFlagRulePayload = z
  .object({
    rule: z.enum(RED_FLAG_RULES),
    enabled: z.boolean(),
    effectiveFrom: z.iso.date('invalid'),
    thresholds: z.record(z.string(), z.number()),
  })
  .superRefine((value, context) => {
    const parsed = RED_FLAG_THRESHOLDS[value.rule].safeParse(value.thresholds);
    if (parsed.success) {
      const expected = Object.keys(RED_FLAG_THRESHOLDS[value.rule].shape);
      for (const key of Object.keys(value.thresholds))
        if (!expected.includes(key))
          context.addIssue({ code: 'custom', path: ['thresholds', key], message: 'invalid' });
      return;
    }
    for (const issue of parsed.error.issues)
      context.addIssue({
        code: 'custom',
        path: ['thresholds', ...issue.path.map(String)],
        message: issue.message,
      });
  });

export const ScreeningCandidate = z.object({
  candidateId: z.string(),
  status: z.enum(SCREENING_STATUSES),
  score: z.number().int(),
  reasons: z
    .record(z.string(), z.unknown())
    .describe('the listed name that came closest, the name score, the birth-date finding'),
  foundOn: z.enum(SCREENING_FOUND_ON),
  foundAt: z.string(),
  listName: z.string(),
  listVersion: z.string(),
  entry: z.object({
    reference: z.string(),
    name: z.string(),
    aliases: z.array(z.string()),
    birthDates: z.array(z.string()),
  }),
  borrower: z.object({
    userId: z.string(),
    /** Initials only until revealed (a logged action). */
    maskedName: z.string(),
    birthYear: z.string().nullable(),
    brand: z.string().nullable(),
  }),
  /** The maker's proposal waiting for a checker, if any. */
  proposal: z
    .object({
      proposalId: z.string(),
      decision: z.enum(SCREENING_DECISIONS),
      reason: z.string(),
      proposedBy: z.string(),
      decidable: z.boolean(),
    })
    .nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type ScreeningCandidate = z.infer<typeof ScreeningCandidate>;

export const SanctionsListVersion = z.object({
  listId: z.string(),
  listName: z.string(),
  format: z.enum(SANCTIONS_LIST_FORMATS),
  version: z.string(),
  entries: z.number().int(),
  isCurrent: z.boolean(),
  importedBy: z.string(),
  importedAt: z.string(),
  /** Candidates found among the borrowers by this version (at its import or since). */
  candidates: z.number().int(),
});
export type SanctionsListVersion = z.infer<typeof SanctionsListVersion>;

export const RedFlagRuleVersion = z.object({
  rule: z.enum(RED_FLAG_RULES),
  label: z.string(),
  version: z.number().int(),
  effectiveFrom: z.string(),
  enabled: z.boolean(),
  thresholds: z.record(z.string(), z.number()),
  inForce: z.boolean().describe('the version in force today'),
  approvedBy: z.string().nullable(),
});

export const AML_CASE_STATUSES = ['open', 'reportable', 'dismissed', 'filed'] as const;
export const AML_REPORT_KINDS = ['str', 'ctr'] as const;
export const AML_NOTE_MAX_LENGTH = 4000;

export const AmlTransaction = z.object({
  kind: z.string().describe('loan, payment, refund, payoutAccountChange, sharedIdentity'),
  reference: z.string(),
  on: z.string().describe('YYYY-MM-DD, Manila'),
  amount: z.number().int().nullable().describe('centavos'),
  detail: z.string().nullable(),
});

export const AmlCase = z.object({
  caseId: z.string(),
  userId: z.string(),
  maskedName: z.string(),
  reportKind: z.enum(AML_REPORT_KINDS),
  rule: z.enum(RED_FLAG_RULES),
  ruleLabel: z.string(),
  ruleVersion: z.number().int(),
  summary: z.string(),
  transactions: z.array(AmlTransaction),
  transactionOn: z.string(),
  openedAt: z.string(),
  findingDueOn: z
    .string()
    .nullable()
    .describe('the finding is due within 10 calendar days of the transaction'),
  status: z.enum(AML_CASE_STATUSES),
  finding: z.string().nullable(),
  foundBy: z.string().nullable(),
  foundAt: z.string().nullable(),
  reportDueOn: z
    .string()
    .nullable()
    .describe('STR: 5 working days after the finding; CTR: after the transaction'),
  draftedAt: z.string().nullable(),
  filingReference: z.string().nullable(),
  filedOn: z.string().nullable(),
  filedBy: z.string().nullable(),
});
export type AmlCase = z.infer<typeof AmlCase>;

export const AML_REPORT_FORMATS = ['csv', 'json'] as const;

const candidateId = z.uuid('invalid');
const caseId = z.uuid('invalid');

export const AML_ENDPOINTS = {
  opsScreeningQueue: opsEndpoint(
    'GET',
    '/aml/screening',
    AML_ROLES,
    'Screening candidates, oldest first: the list entry, why it matched, the borrower masked, the pending proposal.',
    z.object({ status: z.enum(SCREENING_STATUSES).default('pending') }),
    z.object({ items: z.array(ScreeningCandidate) }),
  ),
  opsScreeningReveal: opsEndpoint(
    'POST',
    '/aml/screening/reveal',
    AML_ROLES,
    "A candidate borrower's names and birthday in clear, for a reason; audited (`sanctions.reveal`).",
    z.object({ candidateId, reason: z.string().trim().min(3, 'tooShort').max(200, 'tooLong') }),
    z.object({ names: z.array(z.string()), birthday: z.string().nullable() }),
  ),
  opsSanctionsLists: opsEndpoint(
    'GET',
    '/aml/lists',
    AML_ROLES,
    'Every imported version of every sanctions list, newest first, with its entries and candidates.',
    z.object({}),
    z.object({ items: z.array(SanctionsListVersion) }),
  ),
  opsSanctionsImport: {
    ...opsEndpoint(
      'POST',
      '/aml/lists',
      AML_ROLES,
      "Imports a list file (the UN consolidated list's XML, an OpenSanctions-style CSV) as the list's new current version, then screens every borrower against it. Audited (`sanctions.import`).",
      z.object({
        listName: z.string().trim().min(1, 'tooShort').max(100, 'tooLong'),
        format: z.enum(SANCTIONS_LIST_FORMATS),
        text: z.string().min(1, 'tooShort').max(SANCTIONS_FILE_MAX_CHARS, 'tooLong'),
        version: z.string().trim().max(100, 'tooLong').optional(),
      }),
      z.object({
        listId: z.string(),
        listName: z.string(),
        version: z.string(),
        entries: z.number().int(),
        candidates: z.number().int(),
      }),
    ),
    bodyLimitBytes: SANCTIONS_FILE_MAX_CHARS * 2,
  },
  opsRedFlagRules: opsEndpoint(
    'GET',
    '/aml/red-flag-rules',
    AML_ROLES,
    'Every version of every red-flag rule, newest first; changed by proposal (`aml.red-flag-rule`).',
    z.object({}),
    z.object({ items: z.array(RedFlagRuleVersion) }),
  ),
  opsAmlCases: opsEndpoint(
    'GET',
    '/aml/cases',
    AML_ROLES,
    'AML cases, soonest due first; by status (open and reportable by default).',
    z.object({ status: z.enum(AML_CASE_STATUSES).optional() }),
    z.object({ items: z.array(AmlCase) }),
  ),
  opsAmlCaseFinding: opsEndpoint(
    'POST',
    '/aml/cases/finding',
    AML_ROLES,
    'The finding on an open case: suspicious (an STR is due 5 working days later) or not (dismissed), with the reasons. Audited (`aml.case.finding`).',
    z.object({
      caseId,
      suspicious: z.boolean(),
      finding: z.string().trim().min(10, 'tooShort').max(AML_NOTE_MAX_LENGTH, 'tooLong'),
    }),
    AmlCase,
  ),
  opsAmlCaseReport: opsEndpoint(
    'POST',
    '/aml/cases/report',
    AML_ROLES,
    "The case's STR or CTR drafted with the ARRG's data fields, as CSV or JSON (the AMLC portal's own file layout is not public). Audited (`aml.case.report`).",
    z.object({ caseId, format: z.enum(AML_REPORT_FORMATS) }),
    z.object({ fileName: z.string(), contentType: z.string(), content: z.string() }),
  ),
  opsAmlCaseFile: opsEndpoint(
    'POST',
    '/aml/cases/file',
    AML_ROLES,
    "Closes a reportable case with the AMLC portal's filing reference and day. Audited (`aml.case.file`).",
    z.object({
      caseId,
      filingReference: z.string().trim().min(3, 'tooShort').max(100, 'tooLong'),
      filedOn: z.iso.date('invalid'),
    }),
    AmlCase,
  ),
} as const;
