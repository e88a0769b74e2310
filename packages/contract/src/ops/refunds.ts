import { z } from 'zod';
import { opsEndpoint, type StaffRole } from './endpoint.ts';

/**
 * Refunds of an over-payment (issue 19 point 3, docs/decisions/0054-refunds-and-cancelling-unpaid-loans.md):
 * proposed and approved as `loan.refund-overpayment` (ops/approvals.ts), then paid to the borrower's verified
 * account through the payout provider. The ledger posts when the provider reports the transfer paid; a
 * failed transfer waits here, visible, until finance sends it again or proposes another refund.
 */

export const REFUND_STATES = ['queued', 'requested', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** Where an over-payment's refund stands, as its queue row and the loan page show it. */
export const REFUND_PROGRESS = ['proposed', 'sending', 'failed'] as const;
export type RefundProgress = (typeof REFUND_PROGRESS)[number];

export const REFUND_PROGRESS_LABELS: Record<RefundProgress, string> = {
  proposed: 'Refund waiting for approval',
  sending: 'Refund being sent',
  failed: 'Refund failed: send again or propose another',
};

const FINANCE: readonly StaffRole[] = ['finance', 'admin'];
/** Who may read a loan's refunds: everyone who reads proposals (not viewers). */
const REFUND_READERS: readonly StaffRole[] = ['support', 'reviewer', 'collections', 'finance', 'admin'];

export const OverpaymentRefund = z.object({
  refundId: z.string().describe("the transfer's id: the provider's idempotency key"),
  proposalId: z.string().describe('the approved proposal it pays'),
  amount: z.number().int().describe('centavos'),
  state: z.enum(REFUND_STATES),
  failure: z.string().nullable().describe("the provider's reason code"),
  failureText: z.string().nullable().describe('the reason in English'),
  accountKind: z.enum(['bank', 'wallet']),
  bankName: z.string().nullable(),
  accountNumber: z.string().describe('masked: the last 4 only'),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Failed and the latest of its loan: finance may send it again, to the same account. */
  retryable: z.boolean(),
});
export type OverpaymentRefund = z.infer<typeof OverpaymentRefund>;

export const LoanRefunds = z.object({
  orderId: z.string(),
  overpayment: z.number().int().describe('centavos owed back now, from the ledger'),
  refunds: z.array(OverpaymentRefund).describe('newest first'),
});
export type LoanRefunds = z.infer<typeof LoanRefunds>;

export const REFUND_ENDPOINTS = {
  opsLoanRefunds: opsEndpoint(
    'GET',
    '/loans/refunds',
    REFUND_READERS,
    "A loan's over-payment owed back and its refunds, newest first (accounts masked).",
    z.object({ orderId: z.uuid('invalid') }),
    LoanRefunds,
  ),
  opsRefundRetry: opsEndpoint(
    'POST',
    '/loans/refund-retry',
    FINANCE,
    'Sends a failed refund again, to the same account, under its approval, once: refused when it did not fail or was already sent again (40991). Audited.',
    z.object({ orderId: z.uuid('invalid'), failedRefundId: z.uuid('invalid') }),
    OverpaymentRefund,
  ),
} as const;
