import { z } from 'zod';
import { CREDIT_LINE_REASONS } from '../credit-policy.ts';
import type { StaffRole } from './endpoint.ts';

/**
 * A borrower's credit line in the back office (issue 21; docs/decisions/0068): the line and its history on the
 * borrower page, and the staff change of it (unfreeze, or another amount) under maker-checker, applied as one
 * more event of the history ('staffChange') and told to the borrower.
 */

/** Who proposes a line change: the people who decide applications, and the risk officers. */
export const CREDIT_LINE_MAKERS: readonly StaffRole[] = ['reviewer', 'risk', 'admin'];
/** Who approves one: a risk officer or an admin, never the maker. */
export const CREDIT_LINE_CHECKERS: readonly StaffRole[] = ['risk', 'admin'];

/** The most a line may be set to by hand: ₱1,000,000, above any product's maximum. */
export const CREDIT_LINE_MAX = 100_000_000;

export const CreditLineChangePayload = z.object({
  userId: z.uuid('invalid'),
  /** The line's new amount, in centavos (the same as now to only unfreeze it). */
  amount: z.number().int('invalid').positive('invalid').max(CREDIT_LINE_MAX, 'tooLarge'),
  /** false: it climbs again with each loan repaid on time; true: it keeps its amount. */
  frozen: z.boolean(),
});
export type CreditLineChangePayload = z.infer<typeof CreditLineChangePayload>;

/** One change of the line, as the borrower page lists it. */
export const CreditLineHistoryEvent = z.object({
  at: z.string(),
  reason: z.enum(CREDIT_LINE_REASONS),
  oldAmount: z.number().int().nullable().describe('centavos; null when the line opened'),
  newAmount: z.number().int().describe('centavos'),
  frozen: z.boolean(),
  policyVersion: z.number().int(),
  orderId: z.string().nullable().describe('the loan that changed it'),
  proposalId: z.string().nullable().describe('the approved staff change'),
  replayed: z.boolean().describe('worked out from loans that came before lines were kept'),
});

export const BorrowerCreditLine = z.object({
  amount: z.number().int().describe('centavos'),
  frozen: z.boolean(),
  policyVersion: z.number().int(),
  history: z.array(CreditLineHistoryEvent).describe('newest first'),
});
export type BorrowerCreditLine = z.infer<typeof BorrowerCreditLine>;

/** Why a line changed, in the console's words. */
export const CREDIT_LINE_REASON_LABELS: Record<(typeof CREDIT_LINE_REASONS)[number], string> = {
  opened: 'Opened at the starter line',
  repaidOnTime: 'Loan repaid on time',
  overduePastDays: 'Loan overdue past the policy’s days',
  staffChange: 'Changed by staff (approved proposal)',
  repaymentReversed: 'Repayment taken back: the rung it climbed given back',
};
