import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { DEMO_PRODUCT } from '../../src/db/seed.ts';
import { completeSteps } from '../application-fixtures.ts';
import { lendUpToProductMaximum } from '../credit-line-fixtures.ts';
import { createTestPostgresDatabase, testDatabaseKind } from '../database-target.ts';
import { openTestDatabase, startTestServer, type TestServer } from '../helper.ts';

/**
 * Two servers on one database, each with its own connections and its own job runner, as two processes
 * behind a load balancer (on PostgreSQL each opens its own pool; the embedded database, owned by one
 * process, is shared by two apps). A burst of applies and of get-money calls for the same borrowers,
 * spread over both, gives one order, one payout, one transfer and one disbursement journal per borrower.
 */
let one: TestServer;
let two: TestServer;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  const config: Partial<Config> = { assessmentDelaySeconds: 0 };
  if (testDatabaseKind() === 'postgres') {
    const database = await createTestPostgresDatabase();
    config.databaseUrl = database.url;
    one = await startTestServer({ config, database: 'from-config', backgroundJobs: true });
    two = await startTestServer({ config, database: 'from-config', backgroundJobs: true });
    cleanUp = database.drop;
  } else {
    const opened: { db: Database; dispose: () => Promise<void> } = await openTestDatabase();
    one = await startTestServer({ config, database: opened.db, backgroundJobs: true });
    two = await startTestServer({ config, database: opened.db, backgroundJobs: true });
    cleanUp = opened.dispose;
  }
  // Borrows above the ₱3,000 starter line: lines as before credit lines (ADR 0068).
  await lendUpToProductMaximum(one);
}, 90_000);
afterAll(async () => {
  await one?.close();
  await two?.close();
  await cleanUp?.();
});

const choice = { productId: DEMO_PRODUCT.productId, amount: 500_000, tenureDays: 91 };
const BORROWERS = 4;
const BURST = 10;

/** Both servers' clocks at the same time, so both runners find the same jobs due. */
function alignClocks() {
  const ahead = one.clock.now().getTime() - two.clock.now().getTime();
  if (ahead > 0) two.clock.advance(ahead / 1000);
  else one.clock.advance(-ahead / 1000);
}

async function statusOf(orderId: string): Promise<number | undefined> {
  const [row] = await one.db.query<{ status: number }>('select status from loan_orders where order_id = $1', [
    orderId,
  ]);
  return row?.status;
}

async function waitForStatus(orderId: string, status: number): Promise<void> {
  await expect.poll(() => statusOf(orderId), { timeout: 30_000, interval: 100 }).toBe(status);
}

describe(`two servers on one database (${testDatabaseKind()})`, () => {
  it('gives one order and one disbursement per borrower, whatever the burst', {
    timeout: 180_000,
  }, async () => {
    const borrowers: { token: string; userId: string }[] = [];
    for (let i = 0; i < BORROWERS; i++) {
      const signedIn = await one.signIn();
      await completeSteps(one, signedIn.token, 'bankAccount');
      borrowers.push(signedIn);
    }
    alignClocks();

    // Applies: every borrower taps ten times, half on each server, all at once.
    const applies = await Promise.all(
      borrowers.flatMap(({ token }) =>
        Array.from({ length: BURST }, (_, n) =>
          (n % 2 ? two : one).call('applyLoanOrder', choice, { token }),
        ),
      ),
    );
    expect(applies.filter((a) => a.status === 200)).toHaveLength(BORROWERS);
    expect(applies.every((a) => a.status === 200 || a.body.code === 40905)).toBe(true);

    const orders: string[] = [];
    for (const { token, userId } of borrowers) {
      const rows = await one.db.query<{ order_id: string }>(
        'select order_id from loan_orders where user_id = $1',
        [userId],
      );
      expect(rows).toHaveLength(1);
      const orderId = rows[0]?.order_id as string;
      orders.push(orderId);
      expect((await one.call('submitOrder', { orderId }, { token })).status).toBe(200);
    }
    // Either runner assesses; each order once.
    for (const orderId of orders) await waitForStatus(orderId, S.confirm);
    for (const [i, { token }] of borrowers.entries()) {
      const orderId = orders[i] as string;
      const { documentHash } = (await two.call('loanAgreement', { orderId }, { token })).body.data;
      expect(
        (
          await two.call(
            'signAgreement',
            { orderId, documentHash, agreed: true, code: await two.ownCode(token, 'signAgreement') },
            { token },
          )
        ).status,
      ).toBe(200);
    }
    // Each signing code moved `two`'s clock.
    alignClocks();

    // Get money: ten taps per borrower over both servers at once.
    const taps = await Promise.all(
      borrowers.flatMap(({ token }, i) =>
        Array.from({ length: BURST }, (_, n) =>
          (n % 2 ? one : two).call('getMoney', { orderId: orders[i] as string }, { token }),
        ),
      ),
    );
    // A tap after the money arrived is refused as a second disbursement; none pays again.
    expect(taps.every((t) => t.status === 200 || t.body.code === 40911)).toBe(true);
    for (const orderId of orders) await waitForStatus(orderId, S.repaying);

    for (const orderId of orders) {
      const payouts = await one.db.query<{ payout_id: string; state: string }>(
        'select payout_id, state from payouts where order_id = $1',
        [orderId],
      );
      expect(payouts.map((p) => p.state)).toEqual(['succeeded']);
      const [transfers] = await one.db.query<{ n: number }>(
        'select count(*)::int as n from sandbox_payouts where idempotency_key = $1',
        [payouts[0]?.payout_id],
      );
      expect(transfers?.n).toBe(1);
      const journals = await one.app.ledger.journals(one.db, orderId);
      expect(journals.map((j) => j.kind)).toEqual(['disbursement']);
    }
    const [books] = await one.db.query<{ total: number; cash: number }>(
      `select coalesce(sum(amount), 0)::bigint as total,
         coalesce(sum(amount) filter (where account = 'cash'), 0)::bigint as cash from ledger_entries`,
    );
    expect(Number(books?.total)).toBe(0);
    const [quote] = await one.db.query<{ net: number }>(
      `select sum((quote->>'netProceeds')::bigint)::bigint as net from loan_orders`,
    );
    // The money that left is the net proceeds of these loans, once each.
    expect(Number(books?.cash)).toBe(-Number(quote?.net));
  });
});
