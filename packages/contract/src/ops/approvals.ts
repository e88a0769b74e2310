import { z } from 'zod';
import { DifferentPaymentReason, ProofAmountReason } from '../payment-reference.ts';
import { PAYMENT_HOLIDAY_MAX_DAYS, RestructurePreview, RestructureTerms } from '../restructure.ts';
import { AML_CHECKERS, AML_MAKERS, AML_ROLES, RedFlagRulePayload, ScreeningDecidePayload } from './aml.ts';
import { BrandChangePayload, BrandCreatePayload } from './brands.ts';
import {
  AGENCY_CHECKERS,
  AGENCY_MAKERS,
  AgencyChangePayload,
  AgencyRegisterPayload,
} from './collection-agencies.ts';
import { CREDIT_LINE_CHECKERS, CREDIT_LINE_MAKERS, CreditLineChangePayload } from './credit-lines.ts';
import {
  CreditPolicyChallengerPayload,
  CreditPolicyPublishPayload,
  POLICY_CHECKERS,
  POLICY_MAKERS,
} from './credit-policy.ts';
import { DUNNING_CHECKERS, DUNNING_MAKERS, DunningRulePayload, DunningTemplatePayload } from './dunning.ts';
import { ADMIN_ONLY, opsEndpoint, STAFF_ROLES, type StaffRole } from './endpoint.ts';
import { PRIVACY_CHECKERS, PRIVACY_MAKERS } from './privacy.ts';
import { ProductChangePayload, ProductCreatePayload } from './products.ts';
import { queueRoles } from './queues.ts';
import {
  SetupLinkHandOver,
  StaffCreatePayload,
  StaffGrantRolePayload,
  StaffReEnablePayload,
  StaffResetSignInPayload,
} from './staff-admin.ts';

/**
 * Maker-checker (GUIDE section 10, docs/decisions/0028-maker-checker.md): what moves money or changes terms is
 * proposed by one staff member and takes effect only when another, with a checker role, approves. Nobody
 * approves their own proposal; the same change cannot wait twice; a proposal whose target changed meanwhile is
 * stale and refused. Each kind of change is listed here once, with who may propose it, who may approve it and
 * the shape of what is proposed; the server holds one handler per kind.
 */

const orderId = z.uuid('invalid');
/** Centavos, positive: every amount a proposal moves. */
const centavos = z.number().int('invalid').positive('invalid').max(100_000_000_00, 'tooLarge');
export const PROPOSAL_REASON_MAX_LENGTH = 500;
const reason = z.string().trim().min(3, 'tooShort').max(PROPOSAL_REASON_MAX_LENGTH, 'tooLong');

const FINANCE: readonly StaffRole[] = ['finance', 'admin'];
const COLLECTIONS_AND_FINANCE: readonly StaffRole[] = ['collections', 'finance', 'admin'];
/** Hardship (ADR 0077): an agent or her supervisor proposes; a supervisor or an admin approves. */
export const HARDSHIP_MAKERS: readonly StaffRole[] = ['collections', 'collectionsSupervisor', 'admin'];
export const HARDSHIP_CHECKERS: readonly StaffRole[] = ['collectionsSupervisor', 'admin'];

export interface ProposalKindRule {
  /** What the inbox calls it. */
  label: string;
  /** Who may propose it. */
  makers: readonly StaffRole[];
  /** Who may approve or reject it (never the maker). */
  checkers: readonly StaffRole[];
  payload: z.ZodType;
  /**
   * Only these roles see proposals of this kind in any list (the inbox, the history, a borrower's page): AML
   * decisions must not reach staff who speak to the borrower (tipping-off, RA 9160 sec. 9(c)). Unset: everyone
   * who reads proposals.
   */
  visibleTo?: readonly StaffRole[];
}

export const PROPOSAL_KINDS = {
  'loan.reverse-credit': {
    label: 'Reverse a credited payment (chargeback)',
    makers: FINANCE,
    checkers: FINANCE,
    payload: z.object({
      orderId,
      /**
       * The credited payment to take back: its repayment journal. Every credit (provider callback, proof of
       * payment, manual credit) is one repayment journal, while an instrument may be paid more than once.
       */
      journalId: z.uuid('invalid'),
    }),
  },
  'loan.waive-penalty': {
    label: 'Waive a penalty',
    makers: COLLECTIONS_AND_FINANCE,
    checkers: FINANCE,
    payload: z.object({ orderId, amount: centavos.describe('centavos of the penalty outstanding to waive') }),
  },
  'loan.manual-credit': {
    label: 'Credit a payment found on a bank statement',
    makers: FINANCE,
    checkers: FINANCE,
    payload: z.object({
      orderId,
      amount: centavos,
      /** The bank statement line's reference: the same reference is credited once. */
      bankReference: z.string().trim().min(3, 'tooShort').max(64, 'tooLong'),
      receivedOn: z.iso.date('invalid'),
      differentPaymentReason: DifferentPaymentReason,
    }),
  },
  'loan.proof-credit': {
    label: 'Credit a proof of payment (above the one-reviewer limit)',
    /** A reviewer of the proofs queue proposes by approving the proof; finance approves it, as a bank credit. */
    makers: queueRoles('proofs'),
    checkers: FINANCE,
    payload: z.object({
      voucherId: z.uuid('invalid'),
      /** What is credited: the borrower's amount, or what the reviewer found on the receipt. */
      amount: centavos,
      /** Why the reviewer credits another amount than the borrower typed (required then). */
      amountReason: ProofAmountReason,
      differentPaymentReason: DifferentPaymentReason,
    }),
  },
  'loan.write-off': {
    label: 'Write a loan off',
    makers: COLLECTIONS_AND_FINANCE,
    checkers: FINANCE,
    payload: z.object({ orderId }),
  },
  'loan.refund-overpayment': {
    label: 'Refund an over-payment to the borrower',
    makers: FINANCE,
    checkers: FINANCE,
    payload: z.object({
      orderId,
      /** Paid to the borrower's verified account through the payout provider; the ledger posts when paid. */
      amount: centavos.describe('centavos of the over-payment to pay back'),
    }),
  },
  'loan.cancel-unpaid': {
    label: 'Cancel a loan whose payout never succeeded',
    makers: FINANCE,
    checkers: FINANCE,
    payload: z.object({ orderId }),
  },
  // Hardship (issue 22; ADR 0077): a new schedule the borrower signs before it takes effect, priced within the
  // caps in force on the day she signs it; a payment holiday pauses penalties from the day it is approved.
  'loan.restructure': {
    label: 'Restructure an overdue loan (a new schedule the borrower signs)',
    makers: HARDSHIP_MAKERS,
    checkers: HARDSHIP_CHECKERS,
    payload: RestructureTerms.extend({ orderId }),
  },
  'loan.payment-holiday': {
    label: 'Pause penalties (a payment holiday)',
    makers: HARDSHIP_MAKERS,
    checkers: HARDSHIP_CHECKERS,
    payload: z.object({
      orderId,
      days: z.number().int('invalid').min(1, 'tooSmall').max(PAYMENT_HOLIDAY_MAX_DAYS, 'tooLarge'),
    }),
  },
  // A borrower's credit line set by hand: unfrozen, or another amount (issue 21; ADR 0068).
  'credit-line.change': {
    label: "Change a borrower's credit line",
    makers: CREDIT_LINE_MAKERS,
    checkers: CREDIT_LINE_CHECKERS,
    payload: CreditLineChangePayload,
  },
  'product.create': {
    label: 'Create a product',
    makers: ADMIN_ONLY,
    checkers: ADMIN_ONLY,
    payload: ProductCreatePayload,
  },
  'product.change': {
    label: "Change a product's terms",
    makers: ADMIN_ONLY,
    checkers: ADMIN_ONLY,
    payload: ProductChangePayload,
  },
  'brand.create': {
    label: 'Add a brand',
    makers: ADMIN_ONLY,
    checkers: ADMIN_ONLY,
    payload: BrandCreatePayload,
  },
  'brand.change': {
    label: "Change a brand's look, lender details, hours, cooling-off or channels",
    makers: ADMIN_ONLY,
    checkers: ADMIN_ONLY,
    payload: BrandChangePayload,
  },
  'staff.create': {
    label: 'Add a member with power over loans, money or staff',
    makers: ADMIN_ONLY,
    checkers: ADMIN_ONLY,
    payload: StaffCreatePayload,
  },
  'staff.grant-role': {
    label: 'Give a member a role with power over loans, money or staff',
    makers: ADMIN_ONLY,
    checkers: ADMIN_ONLY,
    payload: StaffGrantRolePayload,
  },
  'staff.reset-sign-in': {
    label: "Reset a member's password and authenticator",
    makers: ADMIN_ONLY,
    checkers: ADMIN_ONLY,
    payload: StaffResetSignInPayload,
  },
  'staff.re-enable': {
    label: 'Re-enable a disabled member',
    makers: ADMIN_ONLY,
    checkers: ADMIN_ONLY,
    payload: StaffReEnablePayload,
  },
  // Dunning as data (issue 22; ADR 0076): a collections supervisor writes, another or an admin approves. The
  // target is the brand the rule or template belongs to; the server refuses any template MC 18 forbids.
  'dunning.template': {
    label: 'Write or change a dunning message',
    makers: DUNNING_MAKERS,
    checkers: DUNNING_CHECKERS,
    payload: DunningTemplatePayload,
  },
  'dunning.rule': {
    label: 'Write or change a dunning rule',
    makers: DUNNING_MAKERS,
    checkers: DUNNING_CHECKERS,
    payload: DunningRulePayload,
  },
  // The credit policy (ADR 0072): a risk officer proposes, another risk officer or an admin approves.
  'credit-policy.publish': {
    label: 'Publish a credit policy version',
    makers: POLICY_MAKERS,
    checkers: POLICY_CHECKERS,
    payload: CreditPolicyPublishPayload,
  },
  'credit-policy.challenger': {
    label: "Set or end a brand's challenger policy",
    makers: POLICY_MAKERS,
    checkers: POLICY_CHECKERS,
    payload: CreditPolicyChallengerPayload,
  },
  // Collection agencies (issue 22, ADR 0078): a collections supervisor proposes, finance or an admin approves.
  'collection-agency.register': {
    label: 'Register a collection agency',
    makers: AGENCY_MAKERS,
    checkers: AGENCY_CHECKERS,
    payload: AgencyRegisterPayload,
  },
  'collection-agency.change': {
    label: "Change a collection agency's details, commission or standing",
    makers: AGENCY_MAKERS,
    checkers: AGENCY_CHECKERS,
    payload: AgencyChangePayload,
  },
  // Data subjects' requests (issue 23, ADR 0088): a correction's new values wait in privacy_corrections (the
  // privacy desk's eyes only); an erasure redacts all the law does not keep. The target is the borrower.
  'privacy.correction': {
    label: "Correct a borrower's personal data (her request)",
    makers: PRIVACY_MAKERS,
    checkers: PRIVACY_CHECKERS,
    payload: z.object({ requestId: z.uuid('invalid'), correctionId: z.uuid('invalid') }),
  },
  'privacy.erasure': {
    label: "Erase a borrower's data (her request), keeping what the law requires",
    makers: PRIVACY_MAKERS,
    checkers: PRIVACY_CHECKERS,
    payload: z.object({ requestId: z.uuid('invalid') }),
  },
  // Anti-money laundering (issue 23, ADR 0085): a compliance officer proposes, another or an admin approves.
  'screening.decide': {
    label: 'Decide a sanctions screening match (clear or freeze)',
    makers: AML_MAKERS,
    checkers: AML_CHECKERS,
    payload: ScreeningDecidePayload,
    visibleTo: AML_ROLES,
  },
  'aml.red-flag-rule': {
    label: 'Change an anti-money-laundering red-flag rule',
    makers: AML_MAKERS,
    checkers: AML_CHECKERS,
    payload: RedFlagRulePayload,
    visibleTo: AML_ROLES,
  },
} as const satisfies Record<string, ProposalKindRule>;

export type ProposalKind = keyof typeof PROPOSAL_KINDS;

/** The kinds a role may not see in any list of proposals (`visibleTo`). */
export function proposalKindsHiddenFrom(role: StaffRole): ProposalKind[] {
  return (Object.entries(PROPOSAL_KINDS) as [ProposalKind, ProposalKindRule][])
    .filter(([, rule]) => rule.visibleTo !== undefined && !rule.visibleTo.includes(role))
    .map(([kind]) => kind);
}
export const PROPOSAL_KIND_NAMES = Object.keys(PROPOSAL_KINDS) as [ProposalKind, ...ProposalKind[]];
export type ProposalPayload<K extends ProposalKind> = z.output<(typeof PROPOSAL_KINDS)[K]['payload']>;

/** creditPolicy: its id is a brand's package name, or EVERY_BRAND (credit-policy.ts). */
export const PROPOSAL_TARGET_TYPES = [
  'loan',
  'borrower',
  'product',
  'brand',
  'staff',
  'creditPolicy',
  'collectionAgency',
  'amlRule',
] as const;
export type ProposalTargetType = (typeof PROPOSAL_TARGET_TYPES)[number];

/** pending → approved | rejected | withdrawn (by the maker) | stale (its target changed before approval). */
export const PROPOSAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'stale'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Roles that may propose something, and that may decide something: the endpoints' role lists. */
const MAKER_ROLES = STAFF_ROLES.filter((role) =>
  Object.values(PROPOSAL_KINDS).some((kind) => (kind.makers as readonly StaffRole[]).includes(role)),
);
const CHECKER_ROLES = STAFF_ROLES.filter((role) =>
  Object.values(PROPOSAL_KINDS).some((kind) => (kind.checkers as readonly StaffRole[]).includes(role)),
);
/**
 * The roles with power (ADR 0066): each proposes or decides some kind above, so an account with one can be the
 * second person of a two-person rule; an admin hands out the rest. Creating a member with one, or giving one,
 * is itself a proposal another admin approves (`staff.create`, `staff.grant-role`); viewer and support stay
 * direct.
 */
export const ROLES_WITH_POWER: readonly StaffRole[] = STAFF_ROLES.filter(
  (role) => MAKER_ROLES.includes(role) || CHECKER_ROLES.includes(role),
);

/** Everyone but viewers sees proposals (a pending one shows on the page it touches). */
const READER_ROLES: readonly StaffRole[] = STAFF_ROLES.filter((role) => role !== 'viewer');

/**
 * How a changed value is shown: text as words side by side, a colour as a swatch, an image (a logo's URL) as the
 * picture, money as pesos (the value is centavos). Other kinds add one here and one case to the console's
 * ProposalChanges (ADR 0056).
 */
export const PROPOSAL_CHANGE_KINDS = ['text', 'colour', 'image', 'money'] as const;
export type ProposalChangeKind = (typeof PROPOSAL_CHANGE_KINDS)[number];

/**
 * One value a proposal changes, old → new, read against the target as it is now (ADR 0056). `before` is null
 * for what the proposal creates (a new brand's settings) or a setting not set yet; `after` null for one it
 * clears.
 */
export const ProposalChange = z.object({
  field: z.string().describe('the setting\'s path, e.g. "colours.primary"'),
  label: z.string().describe("the setting in the console's words"),
  kind: z.enum(PROPOSAL_CHANGE_KINDS),
  before: z.union([z.string(), z.number()]).nullable(),
  after: z.union([z.string(), z.number()]).nullable(),
});
export type ProposalChange = z.infer<typeof ProposalChange>;

export const Proposal = z.object({
  proposalId: z.string(),
  kind: z.enum(PROPOSAL_KIND_NAMES),
  label: z.string(),
  targetType: z.enum(PROPOSAL_TARGET_TYPES),
  targetId: z.string(),
  targetLabel: z
    .string()
    .nullable()
    .describe("the target in words: a loan's or borrower's name as the borrower view shows it (ADR 0027)"),
  brand: z.string().nullable(),
  summary: z.string().describe('the change in words, e.g. "Waive ₱150.00 of penalty on order …"'),
  /**
   * Each value it changes, old → new: for a pending proposal read against the target now, for a decided one as
   * it was when last read (at proposal or approval). Empty for a kind that lists none (the summary says it).
   */
  changes: z.array(ProposalChange),
  reason: z.string(),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(PROPOSAL_STATUSES),
  proposedBy: z.object({ staffId: z.string(), email: z.string(), name: z.string() }),
  proposedAt: z.string(),
  decidedBy: z.object({ staffId: z.string(), email: z.string(), name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  result: z.unknown().describe('what the approved change did, e.g. the journal posted'),
  /** The signed-in member may approve or reject it: pending, a checker role, and not their own. */
  decidable: z.boolean(),
});
export type Proposal = z.infer<typeof Proposal>;

export const PROPOSAL_DECISIONS = ['approve', 'reject'] as const;
/** The most proposals one bulk decision takes. */
export const PROPOSAL_BULK_MAX = 50;

export const ProposalOutcome = z.object({
  proposalId: z.string(),
  status: z.enum(PROPOSAL_STATUSES).nullable().describe('the proposal after the decision; null when unknown'),
  /** The contract error code when this one was refused (e.g. own proposal, stale), with its message. */
  errorCode: z.number().int().nullable(),
  message: z.string().nullable(),
  /** An approved staff set-up link (a new admin, a reset), for the approving admin's eyes only (ADR 0058). */
  setupLink: SetupLinkHandOver.nullable().optional(),
});

/** A credited payment of a loan, as the reversal form lists it. */
export const CreditedPayment = z.object({
  journalId: z.string(),
  amount: z.number().int().describe('centavos'),
  occurredAt: z.string(),
  memo: z.string().nullable().describe('the channel and reference, or the bank statement line'),
  reversed: z.boolean(),
});

/** What the loan's money actions need to know: where the loan stands in the books and its payments. */
export const LoanMoney = z.object({
  orderId: z.string(),
  brand: z.string(),
  status: z.number().int(),
  writtenOff: z.boolean(),
  balance: z.object({
    principal: z.number().int(),
    interest: z.number().int(),
    penalty: z.number().int(),
    extensionFee: z.number().int(),
    totalDue: z.number().int(),
    overpayment: z.number().int(),
    /** Written off and not recovered since: still owed by the borrower though totalDue is 0 (ADR 0053). */
    owedAfterWriteOff: z.number().int(),
  }),
  payments: z.array(CreditedPayment),
});
export type LoanMoney = z.infer<typeof LoanMoney>;

export const APPROVAL_ENDPOINTS = {
  opsProposalCreate: opsEndpoint(
    'POST',
    '/proposals',
    MAKER_ROLES,
    "Proposes a change under maker-checker; the kind's makers only. A second pending proposal of the same change is refused.",
    z.object({
      kind: z.enum(PROPOSAL_KIND_NAMES),
      payload: z.record(z.string(), z.unknown()),
      reason,
    }),
    Proposal,
  ),
  opsProposalList: opsEndpoint(
    'GET',
    '/proposals',
    READER_ROLES,
    'Proposals newest first, filtered and paged; a brand-scoped member sees their brand only.',
    z.object({
      status: z.enum(PROPOSAL_STATUSES).optional(),
      /** true: decided ones only (the history); false: pending ones only. */
      decided: z.stringbool().optional(),
      kind: z.enum(PROPOSAL_KIND_NAMES).optional(),
      targetType: z.enum(PROPOSAL_TARGET_TYPES).optional(),
      targetId: z.string().max(128).optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    }),
    z.object({
      items: z.array(Proposal),
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
    }),
  ),
  opsProposalDecide: opsEndpoint(
    'POST',
    '/proposals/decide',
    CHECKER_ROLES,
    "Approves or rejects one or more pending proposals, each on its own: the answer lists each one's outcome. A rejection without a note is refused whole (40067): the maker reads why.",
    z.object({
      proposalIds: z.array(z.uuid('invalid')).min(1).max(PROPOSAL_BULK_MAX),
      decision: z.enum(PROPOSAL_DECISIONS),
      /** Kept with the decision; needed to reject. */
      note: z.string().trim().max(PROPOSAL_REASON_MAX_LENGTH, 'tooLong').optional(),
    }),
    z.object({ outcomes: z.array(ProposalOutcome) }),
  ),
  opsRestructurePreview: opsEndpoint(
    'POST',
    '/loans/restructure/preview',
    [...new Set([...HARDSHIP_MAKERS, ...HARDSHIP_CHECKERS])],
    "A restructure's figures before it is proposed: the loan's schedule now and the new one, the total payable, the effective rate and every cap in force today it would break (ADR 0077). Changes nothing.",
    RestructureTerms.extend({ orderId }),
    RestructurePreview,
  ),
  opsLoanMoney: opsEndpoint(
    'GET',
    '/loans/money',
    READER_ROLES,
    "A loan's balances from the ledger and its credited payments, for the forms that propose its money actions.",
    z.object({ orderId }),
    LoanMoney,
  ),
  opsProposalWithdraw: opsEndpoint(
    'POST',
    '/proposals/withdraw',
    MAKER_ROLES,
    'The maker takes back their own pending proposal.',
    z.object({ proposalId: z.uuid('invalid') }),
    Proposal,
  ),
} as const;
