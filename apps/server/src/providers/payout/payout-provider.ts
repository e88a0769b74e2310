import type { Queryable } from '../../db/database.ts';

/**
 * The payout provider (GUIDE section 7): checks that an account exists and belongs to the named holder
 * before any money is sent to it. Asynchronous: the request is recorded in the caller's transaction and the
 * answer comes later to PayoutAccounts.applyVerification (docs/providers.md).
 */
export interface AccountCheckRequest {
  verificationId: string;
  accountKind: 'bank' | 'wallet';
  bankCode: string;
  holderName: string;
  accountNumber: string;
}

/** Why a check failed, as a key the server words in the borrower's language. */
export const ACCOUNT_CHECK_FAILURES = ['nameMismatch'] as const;
export type AccountCheckFailure = (typeof ACCOUNT_CHECK_FAILURES)[number];

export interface AccountCheckResult {
  /** The provider's id of this answer: applied once, however often it is delivered. */
  eventId: string;
  verificationId: string;
  outcome: 'verified' | 'failed';
  failure?: AccountCheckFailure;
}

export interface PayoutProvider {
  readonly name: string;
  requestAccountCheck(tx: Queryable, request: AccountCheckRequest): Promise<void>;
}
