import type { ENDPOINTS } from '@hiram/contract/api/endpoints';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import type { SettlementReports } from '../settlement-report.ts';

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
  /**
   * The account holder's name as the bank or wallet holds it, when the provider tells it (a name enquiry):
   * the fraud checks compare it with the borrower's own name (ADR 0070). Absent when the provider does not.
   */
  holderName?: string;
}

/**
 * A transfer of a loan's net proceeds. `payoutId` is the idempotency key: the provider makes at most one
 * transfer per key, however often it is asked (our job may run again after a crash).
 */
export interface PayoutRequest {
  payoutId: string;
  /** Centavos. */
  amount: number;
  accountKind: 'bank' | 'wallet';
  bankCode: string;
  accountNumber: string;
  holderName: string;
  /** The brand whose callback endpoint hears the result. */
  packageName: string;
}

/** The provider's signed result of a transfer, as our callback receives it. */
export type PayoutResultEvent = z.input<(typeof ENDPOINTS)['payoutResult']['request']>;

/** Every provider also publishes a daily settlement report, which reconciliation reads (ADR 0035). */
export interface PayoutProvider extends SettlementReports {
  readonly name: string;
  requestAccountCheck(tx: Queryable, request: AccountCheckRequest): Promise<void>;
  /**
   * Asks for a transfer; resolves once the provider has accepted it. The result comes later, signed, to our
   * callback (POST /callback/payout/result).
   */
  requestPayout(request: PayoutRequest): Promise<void>;
  /** How long a transfer usually takes, in seconds: the lending screen's countdown. */
  readonly expectedPayoutSeconds: number;
}
