import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import type { CollectionProvider } from '../../providers/collection/collection-provider.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { LoanOrders } from '../loans/loan-orders.ts';
import type { VerifyCodes } from '../security/verify-codes.ts';

export interface CollectionsOptions {
  /** PUBLIC_URL: the hosted checkout sends the borrower back to the web app there. */
  publicUrl: string;
  /** The brand's cooling-off period in days (ADR 0038), for loans whose statement did not state one. */
  coolingOffDaysOf?: (packageName: string) => number;
}

/**
 * Applies a credited collection for an extension order (the servicing side's `creditExtension`), inside the
 * transaction that records it; answers the repayment journal, if one was posted.
 */
export type ExtensionCreditHook = (
  tx: Queryable,
  credit: { extensionId: string; amount: number; idempotencyKey: string; occurredAt: Date },
) => Promise<{ journalId: string | null }>;

/** What every part of collections works with: the Collections service hands its own to each. */
export interface CollectionsDeps {
  db: Database;
  clock: Clock;
  provider: CollectionProvider;
  ledger: Ledger;
  loanOrders: LoanOrders;
  codes: VerifyCodes;
  options: CollectionsOptions;
  /** Set by the servicing side (`Collections.onExtensionCredited`). */
  extensionHook: ExtensionCreditHook | null;
}
