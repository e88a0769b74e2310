import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DEMO_PRODUCT } from '../src/db/seed.ts';
import type { LoanSetup, Step } from '../src/domain/ledger-sequences.ts';
import type { TestServer } from './helper.ts';

/**
 * What the ledger's database properties share (db/ledger-sequences, db/receivable-spans): an order to post
 * against, and random loans and steps for `play` (src/domain/ledger-sequences.ts).
 */

/** A finished order: any number per borrower, enough for the ledger's foreign key. */
export async function newLedgerOrder(server: TestServer, userId: string): Promise<string> {
  const orderId = randomUUID();
  const now = server.clock.now().toISOString();
  await server.db.query(
    `insert into loan_orders (order_id, user_id, package_name, product_id, principal, tenure_days, status, quote,
       created_at, updated_at) values ($1, $2, 'ph.hiram.app', $3, 100000, 91, 4, '{}', $4, $4)`,
    [orderId, userId, DEMO_PRODUCT.productId, now],
  );
  return orderId;
}

export const loanSetup: fc.Arbitrary<LoanSetup> = fc.record({
  principal: fc.integer({ min: 100_000, max: 1_000_000 }),
  interest: fc.integer({ min: 0, max: 200_000 }),
  processingFee: fc.integer({ min: 0, max: 50_000 }),
  dailyPenaltyBps: fc.integer({ min: 0, max: 16 }),
  extensionFeeBps: fc.integer({ min: 0, max: 600 }),
});

export const loanStep: fc.Arbitrary<Step> = fc.oneof(
  fc.integer({ min: 100, max: 2_000_000 }).map((amount) => ({ kind: 'payment' as const, amount })),
  fc.integer({ min: 1, max: 400 }).map((days) => ({ kind: 'penalty' as const, days })),
  fc.boolean().map((paid) => ({ kind: 'extension' as const, paid })),
  fc.nat(50).map((pick) => ({ kind: 'reversal' as const, pick })),
);
