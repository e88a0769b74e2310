import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../src/db/seed.ts';
import { type LoanSetup, play, type Step } from '../../src/domain/ledger-sequences.ts';
import { startTestServer, type TestServer } from '../helper.ts';

/**
 * The ledger property (src/domain/ledger-sequences.test.ts) against the real database, smaller: random loan
 * histories posted through app.ledger, each in its own transaction, must leave the balance the database
 * derives equal to the borrower's balance kept by hand, and the database must accept every journal.
 */
let server: TestServer;
let userId: string;
beforeAll(async () => {
  server = await startTestServer();
  userId = (await server.signIn()).userId;
}, 60_000);
afterAll(() => server.close());

async function newOrder(): Promise<string> {
  const orderId = randomUUID();
  const now = server.clock.now().toISOString();
  // Finished orders: any number per borrower, enough for the ledger's foreign key.
  await server.db.query(
    `insert into loan_orders (order_id, user_id, package_name, product_id, principal, tenure_days, status, quote,
       created_at, updated_at) values ($1, $2, 'ph.hiram.app', $3, 100000, 91, 4, '{}', $4, $4)`,
    [orderId, userId, DEMO_PRODUCT.productId, now],
  );
  return orderId;
}

const setup: fc.Arbitrary<LoanSetup> = fc.record({
  principal: fc.integer({ min: 100_000, max: 1_000_000 }),
  interest: fc.integer({ min: 0, max: 200_000 }),
  processingFee: fc.integer({ min: 0, max: 50_000 }),
  dailyPenaltyBps: fc.integer({ min: 0, max: 16 }),
  extensionFeeBps: fc.integer({ min: 0, max: 600 }),
});

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.integer({ min: 100, max: 2_000_000 }).map((amount) => ({ kind: 'payment' as const, amount })),
  fc.integer({ min: 1, max: 400 }).map((days) => ({ kind: 'penalty' as const, days })),
  fc.boolean().map((paid) => ({ kind: 'extension' as const, paid })),
  fc.nat(50).map((pick) => ({ kind: 'reversal' as const, pick })),
);

describe('random loan histories in the database', () => {
  it('post balanced journals whose balance is the borrower’s (25 sequences)', async () => {
    await fc.assert(
      fc.asyncProperty(setup, fc.array(step, { minLength: 1, maxLength: 15 }), async (loan, steps) => {
        const played = play(loan, steps);
        const orderId = await newOrder();
        const ids: string[] = [];
        for (const [index, journal] of played.journals.entries()) {
          const posted = await server.db.transaction((tx) =>
            server.app.ledger.post(tx, {
              kind: journal.kind,
              orderId,
              idempotencyKey: `property:${orderId}:${index}`,
              lines: journal.lines,
              ...(journal.reverses === null ? {} : { reverses: ids[journal.reverses] as string }),
            }),
          );
          expect(posted.posted).toBe(true);
          ids.push(posted.journalId);
        }
        const balance = await server.app.ledger.orderBalance(server.db, orderId);
        expect(balance).toEqual(played.ledger);
        expect(balance.totalDue).toBe(
          played.plain.principal + played.plain.interest + played.plain.penalty + played.plain.extensionFee,
        );
        expect(balance.paid).toBe(played.plain.paid);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
