import { randomBytes } from 'node:crypto';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from '../../../../e2e/support/api-borrower.ts';
import { type RunningServer, startServer } from '../../../../e2e/support/server.ts';
import { newMobile } from '../../../../e2e/support/sms.ts';
import { POLICY_V1_LINE } from '../credit-line-fixtures.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../database-target.ts';

/**
 * Issue "Loan lifecycle": two server processes on one PostgreSQL database, as two instances behind a load
 * balancer, each with its own pool and its own job runner. Borrowers sign in and apply over HTTP; bursts of
 * apply, submit and get-money, spread over both processes at once, give one order, one payout, one transfer
 * and one disbursement journal per borrower, and the books balance. (test/db/two-servers.test.ts runs the
 * same race with two apps inside one process, on both databases.)
 */
const BORROWERS = 4;
const BURST = 10;
const AMOUNT = 500_000;
const TENURE_DAYS = 91;

let database: TestPostgresDatabase;
let servers: RunningServer[] = [];
let sql: pg.Client;

beforeAll(async () => {
  database = await createTestPostgresDatabase();
  // One after the other: the first migrates and seeds the new database, the second finds it ready.
  // One CODE_SECRET for both, as in production: a code sent through one process is checked by either.
  const env = { DATABASE_URL: database.url, CODE_SECRET: randomBytes(32).toString('hex') };
  for (let i = 0; i < 2; i++) servers.push(await startServer(env));
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  // Borrows above the ₱3,000 starter line: lines as before credit lines (ADR 0068).
  await sql.query(
    `insert into credit_policy_versions (version, package_name, document, effective_from, published_at,
       created_by, created_at)
     select max(version) + 1, null, $1, now(), now(), 'test', now() from credit_policy_versions`,
    [JSON.stringify({ creditLine: { ...POLICY_V1_LINE, starter: 100_000_000, ladder: [] } })],
  );
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await Promise.all(servers.map((server) => server.stop()));
  servers = [];
  await database?.drop();
});

/** Every borrower sends `BURST` calls at once, alternating between the two processes. */
async function burst(
  borrowers: ApiBorrower[],
  call: (borrower: ApiBorrower, index: number) => Promise<{ status: number; envelope: { code: number } }>,
) {
  const answers = await Promise.all(
    borrowers.flatMap((borrower, index) =>
      Array.from({ length: BURST }, (_, n) => {
        const server = servers[(n + index) % 2] as RunningServer;
        return call(borrower.on(server.url), index);
      }),
    ),
  );
  return answers.map((answer) => [answer.status, answer.envelope.code] as const);
}

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await sql.query(text, values)).rows as T[];
}

describe('two server processes on one PostgreSQL database', () => {
  it('give one order and one disbursement per borrower, whatever the bursts', {
    timeout: 90_000,
  }, async () => {
    const [one, two] = servers as [RunningServer, RunningServer];
    const borrowers = Array.from({ length: BORROWERS }, () => new ApiBorrower(one.url, newMobile()));
    // Signed in (the code from the sandbox SMS outbox) and through the application on either process.
    await Promise.all(
      borrowers.map(async (borrower, i) => {
        await borrower.register('Secret-pass-2026');
        await borrower.on(i % 2 ? two.url : one.url).completeApplication();
      }),
    );
    const products = await (borrowers[0] as ApiBorrower).call<{ productId: string }[]>('productList');
    const choice = { productId: products[0]?.productId, amount: AMOUNT, tenureDays: TENURE_DAYS };

    // Apply: one order per borrower; every other tap is refused with "a loan in progress".
    const applies = await burst(borrowers, (borrower) => borrower.send('applyLoanOrder', choice));
    expect(applies.filter(([status]) => status === 200)).toHaveLength(BORROWERS);
    expect(applies.filter(([status]) => status !== 200)).toEqual(
      Array(BORROWERS * (BURST - 1)).fill([409, 40905]),
    );
    const orderIds: string[] = [];
    for (const borrower of borrowers) {
      const latest = await borrower.call<{ order: { orderId: string } | null }>('latestLoanOrder');
      orderIds.push(latest.order?.orderId as string);
    }

    // Submit: every copy answers the order; it is assessed once, by whichever runner took the job.
    const submits = await burst(borrowers, (borrower, i) =>
      borrower.send('submitOrder', { orderId: orderIds[i] }),
    );
    expect(submits).toEqual(Array(BORROWERS * BURST).fill([200, 0]));
    await Promise.all(
      borrowers.map((borrower) =>
        borrower.until<{ homeState: string }>('latestLoanOrder', (latest) => latest.homeState === 'success'),
      ),
    );
    await Promise.all(borrowers.map((borrower, i) => borrower.on(two.url).sign(orderIds[i] as string)));

    // Get money: a tap while lending answers the same disbursement, a tap after the money arrived is
    // refused as a second disbursement (40911); none pays again.
    const taps = await burst(borrowers, (borrower, i) => borrower.send('getMoney', { orderId: orderIds[i] }));
    expect(taps.filter(([status, code]) => !(status === 200 || code === 40911))).toEqual([]);
    await Promise.all(
      borrowers.map((borrower) =>
        borrower.until<{ homeState: string }>('latestLoanOrder', (latest) => latest.homeState === 'repaying'),
      ),
    );

    // What each borrower sees, from either process: one loan, repaying, paid out by one payout.
    for (const [i, borrower] of borrowers.entries()) {
      for (const server of servers) {
        const records = await borrower
          .on(server.url)
          .call<{ orderId: string; status: number }[]>('loanOrderList');
        expect(records.map((r) => [r.orderId, r.status])).toEqual([[orderIds[i], S.repaying]]);
        const disbursement = await borrower
          .on(server.url)
          .call<{ attempts: number; payout: { state: string } }>('disbursement', { orderId: orderIds[i] });
        expect([disbursement.attempts, disbursement.payout.state]).toEqual([1, 'succeeded']);
      }
    }

    // What the database holds, once both runners have nothing left to do; no job failed.
    await expect
      .poll(
        async () =>
          (
            await rows<{ n: number }>(
              'select count(*)::int as n from jobs where done_at is null and failed_at is null and run_at <= now()',
            )
          )[0]?.n,
        { timeout: 20_000, interval: 200 },
      )
      .toBe(0);
    expect(await rows('select kind, last_error from jobs where failed_at is not null')).toEqual([]);
    const perOrder = await rows<{
      orders: number;
      payouts: number;
      transfers: number;
      journals: number;
      submits: number;
    }>(
      `select
         (select count(*)::int from loan_orders where user_id = o.user_id) as orders,
         (select count(*)::int from payouts where order_id = o.order_id) as payouts,
         (select count(*)::int from sandbox_payouts s join payouts p on p.payout_id::text = s.idempotency_key
           where p.order_id = o.order_id) as transfers,
         (select count(*)::int from ledger_journals where order_id = o.order_id and kind = 'disbursement') as journals,
         (select count(*)::int from loan_order_events where order_id = o.order_id and event = 'submit') as submits
       from loan_orders o where o.order_id = any($1::uuid[]) order by o.seq`,
      [orderIds],
    );
    expect(perOrder).toEqual(
      Array(BORROWERS).fill({ orders: 1, payouts: 1, transfers: 1, journals: 1, submits: 1 }),
    );
    const unbalanced = await rows(
      `select journal_id, sum(amount) as total, count(*) as lines from ledger_entries
       group by journal_id having sum(amount) <> 0 or count(*) < 2`,
    );
    expect(unbalanced).toEqual([]);
    const [books] = await rows<{ journals: number; cash: string; net: string }>(
      `select (select count(*)::int from ledger_journals) as journals,
         (select sum(amount) from ledger_entries where account = 'cash') as cash,
         (select sum((quote->>'netProceeds')::bigint) from loan_orders) as net`,
    );
    // The money that left is the net proceeds of these loans, once each.
    expect(books?.journals).toBe(BORROWERS);
    expect(Number(books?.cash)).toBe(-Number(books?.net));
  });
});
