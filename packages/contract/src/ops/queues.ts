import { z } from 'zod';
import type { Localized } from '../languages.ts';
import { DifferentPaymentReason, ProofAmountReason } from '../payment-reference.ts';
import { ALL_STAFF_ROLES, opsEndpoint, type StaffRole } from './endpoint.ts';
import { RECONCILIATION_ROLES } from './reconciliation.ts';
import { REFUND_PROGRESS } from './refunds.ts';

/**
 * The work queues and their dashboard (issue 10, docs/decisions/0030-work-queues.md). Each queue is one entry
 * of `QUEUES`: its id, its title and the roles that may open it. The dashboard's one call counts every queue
 * the member's role may open; adding a queue is one entry here and one count query on the server.
 */
export const QUEUES = [
  // Its list and decisions are the Applications screen's (ops/applications.ts, ADR 0031).
  { id: 'referredApplications', title: 'Referred applications', roles: ['reviewer', 'admin'] },
  { id: 'proofs', title: 'Proofs of payment', roles: ['reviewer', 'finance', 'admin'] },
  { id: 'failedPayouts', title: 'Failed payouts', roles: ['finance', 'admin'] },
  { id: 'paymentExceptions', title: 'Unmatched and over-payments', roles: ['finance', 'admin'] },
  { id: 'extensions', title: 'Extension orders', roles: ['collections', 'finance', 'admin'] },
  { id: 'dueSoon', title: 'Due in the next 3 days', roles: ['collections', 'support', 'admin'] },
  { id: 'overdue', title: 'Overdue', roles: ['collections', 'admin'] },
  // Proposals the member may decide (a checker, not their own): their list is the Approvals screen. The roles
  // are the checkers of PROPOSAL_KINDS (approvals.ts imports this file; queues.test.ts holds them equal).
  {
    id: 'pendingApprovals',
    title: 'Waiting for your approval',
    roles: ['collectionsSupervisor', 'finance', 'risk', 'compliance', 'admin'],
  },
  // Open reconciliation differences: their list is the Reconciliation screen.
  { id: 'reconciliationDifferences', title: 'Reconciliation differences', roles: RECONCILIATION_ROLES },
] as const satisfies readonly { id: string; title: string; roles: readonly StaffRole[] }[];

export type QueueId = (typeof QUEUES)[number]['id'];
export const QUEUE_IDS = QUEUES.map((queue) => queue.id) as [QueueId, ...QueueId[]];

/** The roles that may open a queue. */
export function queueRoles(id: QueueId): readonly StaffRole[] {
  return QUEUES.find((queue) => queue.id === id)?.roles ?? [];
}

/** Due soon: due today or within this many days. */
export const DUE_SOON_DAYS = 3;
/** Extension orders paid or expired stay in their queue this many days. */
export const RECENT_EXTENSION_DAYS = 30;

/** Days past the due date, in buckets; `max` null is open-ended. */
export const OVERDUE_BUCKETS = [
  { id: '1-7', min: 1, max: 7 },
  { id: '8-30', min: 8, max: 30 },
  { id: '31-60', min: 31, max: 60 },
  { id: '61-90', min: 61, max: 90 },
  { id: '90+', min: 91, max: null },
] as const;
export type OverdueBucketId = (typeof OVERDUE_BUCKETS)[number]['id'];
export const OVERDUE_BUCKET_IDS = OVERDUE_BUCKETS.map((bucket) => bucket.id) as [
  OverdueBucketId,
  ...OverdueBucketId[],
];

/** Why a proof of payment is refused; the borrower reads the text in their language. */
export const PROOF_REJECT_REASONS = {
  referenceNotFound: {
    en: 'We found no payment with this reference number',
    fil: 'Walang bayad na may ganitong reference number',
    es: 'No encontramos ningún pago con este número de referencia',
  },
  amountDiffers: {
    en: 'The amount on the receipt is not the amount we received',
    fil: 'Hindi tugma ang halaga sa resibo sa halagang natanggap namin',
    es: 'El importe del recibo no es el que recibimos',
  },
  unreadable: {
    en: 'The receipt cannot be read. Please send a clearer photo',
    fil: 'Hindi mabasa ang resibo. Magpadala ng mas malinaw na larawan',
    es: 'No se puede leer el recibo. Envíe una foto más clara',
  },
  otherAccount: {
    en: 'The payment went to an account that is not ours',
    fil: 'Ang bayad ay napunta sa account na hindi sa amin',
    es: 'El pago se hizo a una cuenta que no es nuestra',
  },
  duplicate: {
    en: 'This receipt was already sent for another payment',
    fil: 'Naipadala na ang resibong ito para sa ibang bayad',
    es: 'Este recibo ya se envió para otro pago',
  },
} as const satisfies Record<string, Localized>;
export type ProofRejectReason = keyof typeof PROOF_REJECT_REASONS;
export const PROOF_REJECT_REASON_IDS = Object.keys(PROOF_REJECT_REASONS) as [
  ProofRejectReason,
  ...ProofRejectReason[],
];

const id = z.uuid('invalid');
const centavos = z.number().int();
const paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** A page of a queue: `asOf` is the server's time, from which the console shows ages and time left. */
function queuePage<Row extends z.ZodType>(row: Row) {
  return z.object({
    items: z.array(row),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    asOf: z.string(),
  });
}

/** Who a row is about, masked as in the borrower view (ADR 0027). */
const borrowerColumns = {
  userId: z.string(),
  packageName: z.string(),
  name: z.string().nullable(),
  mobile: z.string().describe('masked: 0917 *** 4567'),
};

export const QueueCount = z.object({
  queue: z.enum(QUEUE_IDS),
  count: z.number().int(),
  oldestAt: z
    .string()
    .nullable()
    .describe('when the oldest item entered the queue (for Due soon: the nearest due day); null when empty'),
  breakdown: z
    .array(z.object({ key: z.string(), count: z.number().int() }))
    .describe('Overdue: one count per bucket; empty for the others'),
});
export type QueueCount = z.infer<typeof QueueCount>;

export const ProofRow = z.object({
  voucherId: z.string(),
  orderId: z.string(),
  ...borrowerColumns,
  status: z.enum(['reviewing', 'approved', 'rejected']),
  amount: centavos,
  reference: z.string().nullable(),
  channel: z.string().nullable(),
  submittedAt: z.string(),
  reviewDueAt: z.string().describe('submitted + 48 hours: the promise made to the borrower'),
  overdue: z.boolean().describe('still under review after its promised time'),
  orderTotalDue: centavos.nullable().describe('what the loan owes now, from the ledger'),
  rejectReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  creditedAmount: centavos
    .nullable()
    .describe('what was credited, when the reviewer credited another amount'),
  amountReason: z.string().nullable().describe('why another amount was credited'),
  differentPaymentReason: z.string().nullable(),
  pendingProposalId: z
    .string()
    .nullable()
    .describe('the credit proposed for a second member (loan.proof-credit), while it waits'),
  needsSecondMember: z.boolean().describe('its amount is above the one-reviewer limit (ADR 0052)'),
});
export type ProofRow = z.infer<typeof ProofRow>;

export const FailedPayoutRow = z.object({
  orderId: z.string(),
  ...borrowerColumns,
  payoutId: z.string(),
  amount: centavos,
  bankCode: z.string(),
  accountNumber: z.string().describe('masked: the last 4 only'),
  failure: z.string().nullable().describe("the provider's reason code"),
  failureText: z.string().nullable().describe('the reason as the borrower was told it, in English'),
  failedAt: z.string(),
});

export const PAYMENT_EXCEPTION_KINDS = ['unmatched', 'overpayment'] as const;

export const PaymentExceptionRow = z.object({
  kind: z.enum(PAYMENT_EXCEPTION_KINDS),
  key: z.string().describe("the provider's event id (unmatched) or the order id (overpayment)"),
  orderId: z.string().nullable(),
  userId: z.string().nullable(),
  packageName: z.string().nullable().describe('null for an unmatched payment: no order, so no brand'),
  name: z.string().nullable(),
  mobile: z.string().nullable(),
  amount: centavos.describe('unmatched: what was paid; overpayment: what is owed back to the borrower'),
  reference: z.string().nullable(),
  at: z.string(),
  refund: z
    .object({
      progress: z.enum(REFUND_PROGRESS),
      proposalId: z.string(),
      refundId: z.string().nullable().describe('null while the refund waits for approval'),
    })
    .nullable()
    .describe('overpayment: its refund under way (ADR 0054); the row leaves the queue once it is paid'),
});

export const EXTENSION_STATUSES = ['pending', 'paid', 'expired'] as const;

export const ExtensionRow = z.object({
  extensionId: z.string(),
  orderId: z.string(),
  ...borrowerColumns,
  status: z.enum(EXTENSION_STATUSES),
  fee: centavos,
  extensionDays: z.number().int(),
  dueDate: z.string(),
  newDueDate: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
});

const Reminder = z.object({ kind: z.string(), dueDate: z.string(), sentAt: z.string() });

export const DueLoanRow = z.object({
  orderId: z.string(),
  ...borrowerColumns,
  status: z.number().int(),
  principal: centavos,
  totalDue: centavos.describe('what the loan owes now, from the ledger'),
  dueDate: z.string().describe('the Manila day the loan is due'),
  daysPastDue: z.number().int().describe('negative: days left before the due day'),
  reminders: z.array(Reminder).describe('the reminders already sent for this loan, newest first'),
});

export const QUEUE_ENDPOINTS = {
  opsQueueCounts: opsEndpoint(
    'GET',
    '/queues/counts',
    ALL_STAFF_ROLES,
    "The dashboard: every queue the member's role may open, with its count and the time its oldest item entered; brand-scoped.",
    z.object({}),
    z.object({ asOf: z.string(), queues: z.array(QueueCount) }),
  ),
  opsProofQueue: opsEndpoint(
    'GET',
    '/queues/proofs',
    queueRoles('proofs'),
    'Proofs of payment: under review oldest first (with the 48-hour promise), or decided newest first.',
    z.object({
      status: z.enum(['reviewing', 'approved', 'rejected']).default('reviewing'),
      overdueOnly: z.enum(['true', 'false']).optional().describe('only proofs past their promised time'),
      ...paging,
    }),
    queuePage(ProofRow),
  ),
  opsProofImage: opsEndpoint(
    'GET',
    '/queues/proofs/image',
    queueRoles('proofs'),
    'The image of a proof of payment (image/jpeg); another brand’s answers 404.',
    z.object({ voucherId: id }),
    z.null().describe('the image bytes, not an envelope'),
  ),
  opsProofReview: opsEndpoint(
    'POST',
    '/queues/proofs/review',
    queueRoles('proofs'),
    'Approves a proof under review (credits its amount through the ledger, exactly once; above PROOF_TWO_PERSON_ABOVE it is proposed for a second member, `loan.proof-credit`, and the proof waits) or rejects it with a reason from the list, which the borrower reads in their language. A payment already credited: 40981, or 40982 without differentPaymentReason. Audited. A second decision: 40942.',
    z
      .object({
        voucherId: id,
        decision: z.enum(['approve', 'reject']),
        reason: z.enum(PROOF_REJECT_REASON_IDS).optional(),
        /** Approve: the amount to credit when the receipt shows another than the borrower typed. */
        creditAmount: centavos.optional(),
        /** Why another amount is credited: required with one (the checker and the audit read it). */
        amountReason: ProofAmountReason,
        /** The reviewer's word that it is not the look-alike payment already credited, and why (ADR 0052). */
        differentPaymentReason: DifferentPaymentReason,
      })
      .refine((input) => input.decision === 'approve' || input.reason !== undefined, {
        message: 'required',
        path: ['reason'],
      }),
    ProofRow,
  ),
  opsFailedPayoutQueue: opsEndpoint(
    'GET',
    '/queues/failed-payouts',
    queueRoles('failedPayouts'),
    'Loans whose payout failed and that wait for a retry or a new account, oldest failure first.',
    z.object(paging),
    queuePage(FailedPayoutRow),
  ),
  opsPaymentExceptionQueue: opsEndpoint(
    'GET',
    '/queues/payment-exceptions',
    queueRoles('paymentExceptions'),
    'Payments no order matched (lender-wide staff only: they have no brand) and loans holding an overpayment owed back, oldest first.',
    z.object({ kind: z.enum(PAYMENT_EXCEPTION_KINDS).optional(), ...paging }),
    queuePage(PaymentExceptionRow),
  ),
  opsExtensionQueue: opsEndpoint(
    'GET',
    '/queues/extensions',
    queueRoles('extensions'),
    `Extension orders: pending ones (oldest first), or those paid or expired in the last ${RECENT_EXTENSION_DAYS} days (newest first).`,
    z.object({ status: z.enum(EXTENSION_STATUSES).default('pending'), ...paging }),
    queuePage(ExtensionRow),
  ),
  opsDueSoonQueue: opsEndpoint(
    'GET',
    '/queues/due-soon',
    queueRoles('dueSoon'),
    `Loans being repaid that fall due today or in the next ${DUE_SOON_DAYS} days (Manila days), soonest first, with the reminders sent.`,
    z.object(paging),
    queuePage(DueLoanRow),
  ),
  opsOverdueQueue: opsEndpoint(
    'GET',
    '/queues/overdue',
    queueRoles('overdue'),
    'Loans past their due day, in a bucket of days past due (all buckets when none is given), most overdue first, with the reminders sent.',
    z.object({ bucket: z.enum(OVERDUE_BUCKET_IDS).optional(), ...paging }),
    queuePage(DueLoanRow),
  ),
} as const;
