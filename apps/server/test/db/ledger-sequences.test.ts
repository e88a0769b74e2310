import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { play } from '../../src/domain/ledger-sequences.ts';
import { startTestServer, type TestServer } from '../helper.ts';
import { loanSetup, loanStep, newLedgerOrder } from '../ledger-fixtures.ts';

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

const newOrder = () => newLedgerOrder(server, userId);

describe('random loan histories in the database', () => {
  it('post balanced journals whose balance is the borrower’s (25 sequences)', async () => {
    await fc.assert(
      fc.asyncProperty(
        loanSetup,
        fc.array(loanStep, { minLength: 1, maxLength: 15 }),
        async (loan, steps) => {
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
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
