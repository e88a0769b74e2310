import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { completeSteps } from '../../application-fixtures.ts';
import { publishCreditPolicy } from '../../credit-line-fixtures.ts';
import type { TestServer } from '../../helper.ts';
import { disbursedLoan, goTo, orderStatus, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * Credit lines (ADR 0068) on both databases, under policy version 1 (migration 0051): a new borrower starts at
 * ₱3,000; each loan repaid in full without falling overdue climbs one rung (₱5,000, ₱8,000, ...); a loan 7
 * days past due goes one rung down. The demo product lends ₱1,000 to ₱10,000 in ₱500 steps. Loans are
 * disbursed on 2 March 2026 and due on 1 June 2026 (Manila).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServicingServer();
}, 60_000);
afterAll(() => server.close());

const choice = (amount: number) => ({
  productId: DEMO_PRODUCT.productId,
  amount,
  tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
});

async function lineEvents(userId: string) {
  return (await server.app.creditLines.history(userId)).map((event) => ({
    reason: event.reason,
    orderId: event.orderId,
    old: event.oldAmount,
    new: event.newAmount,
    frozen: event.frozen,
    version: event.policyVersion,
    replayed: event.replayed,
  }));
}

/** Pays what the loan owes through the servicing core, as a credited collection does. */
async function repayInFull(orderId: string, key = `test-repay:${orderId}`) {
  await server.db.transaction(async (tx) => {
    const order = await server.app.servicing.lockOrder(tx, orderId);
    if (!order) throw new Error('no order');
    const balance = await server.app.ledger.orderBalance(tx, orderId);
    await server.app.servicing.creditRepayment(tx, order, balance.totalDue, key, 'test');
  });
}

/** The first event of a line: opened at version 1's starter, ₱3,000. */
const OPENED_AT_STARTER = {
  reason: 'opened',
  orderId: null,
  old: null,
  new: 300_000,
  frozen: false,
  version: 1,
  replayed: false,
};

describe('a starter borrower', () => {
  it('is offered only amounts within the ₱3,000 starter line, and told so', async () => {
    const { token } = await server.signIn();
    expect((await server.call('creditInfo', {}, { token })).body.data).toEqual({
      creditLimit: 300_000,
      firstLoan: true,
      nextLimit: 500_000,
      frozen: false,
      policyVersion: 1,
    });
    for (const who of [{ token }, {}]) {
      const [product] = (await server.call('productList', {}, who)).body.data;
      expect(product).toMatchObject({
        productId: DEMO_PRODUCT.productId,
        minAmount: 100_000,
        maxAmount: 300_000,
      });
      expect(
        (await server.call('stepAmount', { productId: DEMO_PRODUCT.productId }, who)).body.data.amounts,
      ).toEqual([100_000, 150_000, 200_000, 250_000, 300_000]);
      expect((await server.call('loanProductIndex', {}, who)).body.data).toMatchObject({
        minAmount: 100_000,
        maxAmount: 300_000,
      });
    }
    expect((await server.call('isWhiteList', {}, { token })).body.data).toEqual({ whiteListed: false });
    expect((await server.call('limitExceeded', {}, { token })).body.data).toEqual({ exceeded: false });
  });

  it('is refused an application above the line, with the line named in her language', async () => {
    const { token, userId } = await server.signIn();
    await completeSteps(server, token, 'bankAccount');
    const said: Record<string, string> = {};
    for (const lang of ['en', 'fil', 'es']) {
      const answer = await server.call('applyLoanOrder', choice(350_000), { token, lang });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe(ERRORS.CREDIT_LINE_EXCEEDED.code);
      expect(answer.body.data).toEqual({ creditLimit: 300_000 });
      said[lang] = answer.body.msg;
    }
    expect(said).toEqual({
      en: 'You can borrow up to ₱3,000 for now. Each loan you repay on time raises this limit',
      fil: 'Hanggang ₱3,000 lang ang maaari mong hiramin sa ngayon. Tumataas ang limitasyong ito sa bawat loan na nabayaran mo sa oras',
      es: 'Por ahora puede pedir hasta ₱3,000. Cada préstamo que pague a tiempo aumenta este límite',
    });
    // Refused, nothing was written.
    expect(await server.db.query('select 1 from loan_orders where user_id = $1', [userId])).toEqual([]);
    expect(await lineEvents(userId)).toEqual([]);
    // At the line, she may apply; her line is written with it, opened at the starter of the policy in force.
    expect((await server.call('applyLoanOrder', choice(300_000), { token })).status).toBe(200);
    expect(await lineEvents(userId)).toEqual([OPENED_AT_STARTER]);
    expect((await server.call('limitExceeded', {}, { token })).body.data).toEqual({ exceeded: true });
  });
});

describe('the ladder', () => {
  it('climbs one rung for a loan repaid in full on time, exactly once, in the repayment itself', async () => {
    const loan = await disbursedLoan(server, { amount: 300_000 });
    await repayInFull(loan.orderId);
    expect(await orderStatus(server, loan.orderId)).toBe(S.finished);
    expect(await lineEvents(loan.userId)).toEqual([
      OPENED_AT_STARTER,
      {
        reason: 'repaidOnTime',
        orderId: loan.orderId,
        old: 300_000,
        new: 500_000,
        frozen: false,
        version: 1,
        replayed: false,
      },
    ]);
    // A repeated call climbs no second rung.
    await server.db.transaction((tx) => server.app.creditLines.afterRepaidInFull(tx, loan.orderId));
    expect((await lineEvents(loan.userId)).length).toBe(2);

    const { token } = loan;
    expect((await server.call('creditInfo', {}, { token })).body.data).toMatchObject({
      creditLimit: 500_000,
      firstLoan: false,
      nextLimit: 800_000,
    });
    expect((await server.call('isWhiteList', {}, { token })).body.data).toEqual({ whiteListed: true });
    expect((await server.call('limitExceeded', {}, { token })).body.data).toEqual({ exceeded: false });
    const [product] = (await server.call('productList', {}, { token })).body.data;
    expect(product?.maxAmount).toBe(500_000);
    expect((await server.call('applyLoanOrder', choice(550_000), { token })).body.code).toBe(
      ERRORS.CREDIT_LINE_EXCEEDED.code,
    );
    expect((await server.call('applyLoanOrder', choice(500_000), { token })).status).toBe(200);
  });

  it('gives the rung back when the payment that finished the loan is taken back; paid again, it climbs no more', async () => {
    const loan = await disbursedLoan(server, { amount: 300_000 });
    await repayInFull(loan.orderId);
    expect((await server.app.creditLines.lineOf(loan.userId)).amount).toBe(500_000);
    // A chargeback approved (loan.reverse-credit) reopens the loan with this move.
    await server.db.transaction((tx) => server.app.loanOrders.moveIn(tx, loan.orderId, 'paymentReversed'));
    expect((await lineEvents(loan.userId)).slice(1).map((e) => [e.reason, e.orderId, e.old, e.new])).toEqual([
      ['repaidOnTime', loan.orderId, 300_000, 500_000],
      ['repaymentReversed', loan.orderId, 500_000, 300_000],
    ]);
    const { token } = loan;
    expect((await server.call('creditInfo', {}, { token })).body.data).toMatchObject({
      creditLimit: 300_000,
    });
    expect((await server.call('isWhiteList', {}, { token })).body.data).toEqual({ whiteListed: false });
    // Paid again: the loan climbed once already, and the reversal is once too.
    await server.db.transaction((tx) => server.app.loanOrders.moveIn(tx, loan.orderId, 'repayInFull'));
    await server.db.transaction((tx) => server.app.loanOrders.moveIn(tx, loan.orderId, 'paymentReversed'));
    expect((await lineEvents(loan.userId)).length).toBe(3);
    expect((await server.app.creditLines.lineOf(loan.userId)).amount).toBe(300_000);
  });

  it('does not climb for a loan that fell overdue, and goes a rung down at 7 days past due, once', async () => {
    const loan = await disbursedLoan(server);
    await repayInFull(loan.orderId);
    const { token, userId } = loan;
    // Her next loan, at her new line (₱5,000), falls overdue.
    const { orderId } = await disbursedLoan(server, { amount: 500_000 }, loan);
    // Due 1 June: 6 days past due leaves the line; the 7th lowers it, and later runs do nothing more.
    await goTo(server, '2026-06-07');
    expect(await orderStatus(server, orderId)).toBe(S.overdue);
    expect((await server.app.creditLines.lineOf(userId)).amount).toBe(500_000);
    await goTo(server, '2026-06-08');
    await goTo(server, '2026-06-10');
    const events = await lineEvents(userId);
    expect(events.slice(1).map((e) => [e.reason, e.orderId, e.old, e.new])).toEqual([
      ['repaidOnTime', loan.orderId, 300_000, 500_000],
      ['overduePastDays', orderId, 500_000, 300_000],
    ]);
    await repayInFull(orderId);
    expect(await orderStatus(server, orderId)).toBe(S.finished);
    expect((await lineEvents(userId)).length).toBe(3);
    expect((await server.call('creditInfo', {}, { token })).body.data).toMatchObject({
      creditLimit: 300_000,
    });
    expect((await server.call('isWhiteList', {}, { token })).body.data).toEqual({ whiteListed: false });
  });
});

describe('a borrower from before credit lines', () => {
  it('has the line her loans lead to by the same ladder, written with them as replayed events when she applies', async () => {
    const { token, userId } = await server.signIn();
    await completeSteps(server, token, 'bankAccount');
    // Three loans kept from before migration 0051: on time, 10 days overdue, on time.
    const [quote] = await server.db.query<{ quote: unknown }>('select quote from loan_orders limit 1');
    const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString();
    const loans: string[] = [];
    for (const [start, overdueFrom, paid] of [
      [0, null, 30],
      [40, 131, 141],
      [150, null, 200],
    ] as const) {
      const [row] = await server.db.query<{ order_id: string }>(
        `insert into loan_orders (order_id, user_id, package_name, product_id, principal, tenure_days, status,
           quote, submitted_at, created_at, updated_at)
         values (gen_random_uuid(), $1, $2, $3, 100000, 91, $4, $5, $6, $6, $7) returning order_id`,
        [
          userId,
          DEMO_PRODUCT.packageName,
          DEMO_PRODUCT.productId,
          S.finished,
          quote?.quote,
          day(start),
          day(paid),
        ],
      );
      const orderId = row?.order_id as string;
      loans.push(orderId);
      const events: [number | null, number, string, string][] = [
        [S.lending, S.repaying, 'payoutSucceeded', day(start)],
      ];
      if (overdueFrom !== null) events.push([S.repaying, S.overdue, 'fallOverdue', day(overdueFrom)]);
      events.push([overdueFrom === null ? S.repaying : S.overdue, S.finished, 'repayInFull', day(paid)]);
      for (const [from, to, event, at] of events)
        await server.db.query(
          'insert into loan_order_events (order_id, from_status, to_status, event, at) values ($1, $2, $3, $4, $5)',
          [orderId, from, to, event, at],
        );
    }
    // Read, not written: ₱3,000 → ₱5,000 → ₱3,000 → ₱5,000.
    expect((await server.call('creditInfo', {}, { token })).body.data).toMatchObject({
      creditLimit: 500_000,
    });
    expect(await server.db.query('select 1 from credit_lines where user_id = $1', [userId])).toEqual([]);
    // Her next application writes it, with the loans that made it.
    expect((await server.call('applyLoanOrder', choice(500_000), { token })).status).toBe(200);
    expect((await lineEvents(userId)).map((e) => [e.reason, e.orderId, e.old, e.new, e.replayed])).toEqual([
      ['opened', null, null, 300_000, true],
      ['repaidOnTime', loans[0], 300_000, 500_000, true],
      ['overduePastDays', loans[1], 500_000, 300_000, true],
      ['repaidOnTime', loans[2], 300_000, 500_000, true],
    ]);
  });
});

describe('a newer policy version', () => {
  it('decides the changes made after it, and each change names it: here, 3 days overdue freezes the line', async () => {
    const loan = await disbursedLoan(server, { amount: 300_000 });
    const version = await publishCreditPolicy(server, { overdue: { afterDays: 3, action: 'freeze' } });
    expect(version).toBeGreaterThan(1);
    const due = (await server.call('extensionData', { orderId: loan.orderId }, { token: loan.token })).body
      .data.dueDate as string;
    const after = (days: number) => new Date(Date.parse(due) + days * 86_400_000).toISOString().slice(0, 10);
    await goTo(server, after(3));
    await repayInFull(loan.orderId);
    expect((await lineEvents(loan.userId)).slice(1)).toEqual([
      {
        reason: 'overduePastDays',
        orderId: loan.orderId,
        old: 300_000,
        new: 300_000,
        frozen: true,
        version,
        replayed: false,
      },
    ]);
    expect((await server.call('creditInfo', {}, { token: loan.token })).body.data).toMatchObject({
      creditLimit: 300_000,
      frozen: true,
      nextLimit: null,
      policyVersion: version,
    });
  });
});
