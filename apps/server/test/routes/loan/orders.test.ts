import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { quoteLoan } from '@hiram/contract/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import type { LoanOrderEvent } from '../../../src/domain/loan-order-machine.ts';
import { termsOf } from '../../../src/domain/products.ts';
import { completeSteps } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { reapplyMoment } from '../../refusal-fixtures.ts';

/** Loan orders (SPEC sections 3, 4 and 9) on the seeded demo product, on both databases. */
let server: TestServer;
let maria: { mobile: string; token: string; userId: string };
let jose: { mobile: string; token: string; userId: string };
const choice = {
  productId: DEMO_PRODUCT.productId,
  amount: DEMO_PRODUCT.minAmount,
  tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
};

beforeAll(async () => {
  server = await startTestServer();
  maria = await server.signIn();
  await completeSteps(server, maria.token, 'bankAccount');
  jose = await server.signIn();
  await completeSteps(server, jose.token, 'bankAccount');
}, 60_000);
afterAll(() => server.close());

async function orderCount(userId: string): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(
    'select count(*)::int as n from loan_orders where user_id = $1',
    [userId],
  );
  return row?.n ?? 0;
}

function move(orderId: string, event: LoanOrderEvent) {
  return server.app.loanOrders.move(orderId, event, { reason: 'test' });
}

/** YYYY-MM-DD in Manila, `days` after the Manila day of `from`. */
function manilaDateAfter(from: Date, days: number): string {
  const manila = new Date(from.getTime() + 8 * 60 * 60 * 1000);
  manila.setUTCDate(manila.getUTCDate() + days);
  return manila.toISOString().slice(0, 10);
}

async function latest(token: string) {
  const answer = await server.call('latestLoanOrder', {}, { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

describe('POST /loan/loan-order/apply', () => {
  it('needs a complete application, naming the next step', async () => {
    const { token, userId } = await server.signIn();
    const answer = await server.call('applyLoanOrder', choice, { token });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe(ERRORS.APPLICATION_INCOMPLETE.code);
    expect(answer.body.msg).toBe('Please finish your application first. Next step: basic information');
    expect(answer.body.data).toMatchObject({ nextStep: 'personal_infomation' });
    expect(await orderCount(userId)).toBe(0);
  });

  it('refuses a product, amount or tenure the brand does not offer', async () => {
    const unknown = await server.call(
      'applyLoanOrder',
      { ...choice, productId: 'nope' },
      { token: maria.token },
    );
    expect(unknown.status).toBe(400);
    const off = await server.call(
      'applyLoanOrder',
      { ...choice, amount: choice.amount + 1, tenureDays: 17 },
      { token: maria.token },
    );
    expect(off.status).toBe(400);
    expect(
      (off.body.data as unknown as { fields: { field: string }[] }).fields.map((f) => f.field).sort(),
    ).toEqual(['amount', 'tenureDays']);
    const missing = await server.call('applyLoanOrder', {}, { token: maria.token });
    expect(missing.status).toBe(400);
    expect((await server.call('applyLoanOrder', choice)).status).toBe(401);
    expect(await orderCount(maria.userId)).toBe(0);
  });

  it('creates exactly one order when twenty applications arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.call('applyLoanOrder', choice, { token: maria.token })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.body.code).toBe(ERRORS.LOAN_IN_PROGRESS.code);
      expect(answer.body.msg).toBe('You already have a loan in progress');
    }
    expect(await orderCount(maria.userId)).toBe(1);
    const created = answers.find((a) => a.status === 200)?.body.data;
    expect(created).toMatchObject({
      status: S.applying,
      label: 'assessing',
      amount: choice.amount,
      tenureDays: choice.tenureDays,
      submitted: false,
      quote: quoteLoan(termsOf(DEMO_PRODUCT), choice.amount, choice.tenureDays),
    });
    expect((await server.call('limitExceeded', {}, { token: maria.token })).body.data).toEqual({
      exceeded: true,
    });
  });

  it('lets the database refuse a second open order even past the service', async () => {
    const [open] = await server.db.query<{ product_id: string }>(
      'select product_id from loan_orders where user_id = $1',
      [maria.userId],
    );
    await expect(
      server.db.query(
        `insert into loan_orders (order_id, user_id, package_name, product_id, principal, tenure_days, status,
           quote, created_at, updated_at)
         select gen_random_uuid(), user_id, package_name, product_id, principal, tenure_days, 14, quote,
           created_at, updated_at from loan_orders where user_id = $1`,
        [maria.userId],
      ),
    ).rejects.toThrow();
    expect(open?.product_id).toBe(choice.productId);
    expect(await orderCount(maria.userId)).toBe(1);
  });
});

describe('submitOrder, latest and list', () => {
  it('confirms the order once, idempotently; another borrower gets 404', async () => {
    const { order } = await latest(maria.token);
    expect(order?.submitted).toBe(false);
    const orderId = order?.orderId as string;
    const first = await server.call('submitOrder', { orderId }, { token: maria.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ orderId, submitted: true, status: S.applying });
    const again = await server.call('submitOrder', { orderId }, { token: maria.token });
    expect(again.body.data).toEqual(first.body.data);

    for (const [id, token] of [
      [orderId, jose.token],
      ['00000000-0000-4000-8000-000000000000', maria.token],
      ['not-an-order', maria.token],
    ] as const) {
      const answer = await server.call('submitOrder', { orderId: id }, { token });
      expect(answer.status, id).toBe(404);
      expect(answer.body.code).toBe(ERRORS.NOT_FOUND.code);
    }
    expect((await server.call('submitOrder', {}, { token: maria.token })).status).toBe(400);
    const history = await server.app.loanOrders.history(orderId);
    expect(history.map((h) => h.event)).toEqual(['apply', 'submit']);
  });

  it('says when the usual assessment wait ends: ten minutes after submit', async () => {
    const home = await latest(maria.token);
    expect(home.homeState).toBe('assessing');
    const submittedAt = Date.parse(home.order?.updatedAt as string);
    expect(home.assessmentDueAt).toBe(new Date(submittedAt + 10 * 60_000).toISOString());
    expect(home).toMatchObject({ canApplyAgainAt: null, dueDate: null, amountDue: null });
  });

  it('refuses to cancel after submit, changing nothing', async () => {
    const answer = await server.call('cancelAndApplyAgain', {}, { token: maria.token });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe(ERRORS.ALREADY_SUBMITTED.code);
    expect(answer.body.msg).toBe('Your application was already submitted and can no longer be cancelled');
    expect((await latest(maria.token)).order?.status).toBe(S.applying);
  });

  it('answers null and canLoan for a borrower without orders', async () => {
    expect(await latest(jose.token)).toEqual({
      order: null,
      homeState: 'canLoan',
      canApplyAgainAt: null,
      borrowerReasons: [],
      refusedByPerson: false,
      assessmentDueAt: null,
      dueDate: null,
      amountDue: null,
      timeline: null,
    });
    expect((await server.call('loanOrderList', {}, { token: jose.token })).body.data).toEqual([]);
    expect((await server.call('cancelAndApplyAgain', {}, { token: jose.token })).body.data).toBeNull();
    expect((await server.call('cancelOrdersToday', {}, { token: jose.token })).body.data).toEqual([]);
  });
});

describe('the order machine on a real order', () => {
  it('walks a loan to the end, showing each Home state, and refuses steps out of order', async () => {
    const orderId = (await latest(maria.token)).order?.orderId as string;
    const expectState = async (status: number, homeState: string, label: string) => {
      const now = await latest(maria.token);
      expect(now.order?.status).toBe(status);
      expect(now.order?.label).toBe(label);
      expect(now.homeState).toBe(homeState);
    };
    await expectState(S.applying, 'assessing', 'assessing');
    const submittedAt = (await latest(maria.token)).timeline?.appliedAt;
    expect(submittedAt).toEqual(expect.any(String));
    expect((await latest(maria.token)).timeline).toEqual({
      appliedAt: submittedAt,
      approvedAt: null,
      sentAt: null,
      dueDate: null,
      paidAt: null,
    });

    await expect(move(orderId, 'sign')).rejects.toMatchObject({ key: 'LOAN_STEP_NOT_ALLOWED' });
    await expect(move(orderId, 'disburse')).rejects.toMatchObject({ key: 'LOAN_STEP_NOT_ALLOWED' });
    await expectState(S.applying, 'assessing', 'assessing');

    // Two approvals racing: one moves the order, the other changes nothing.
    const raced = await Promise.allSettled([move(orderId, 'approve'), move(orderId, 'approve')]);
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await expectState(S.confirm, 'success', 'incomplete');
    const approvedAt = server.clock.now().toISOString();
    expect((await latest(maria.token)).timeline).toMatchObject({ approvedAt, sentAt: null });
    server.clock.advance(60 * 60);
    await expect(move(orderId, 'disburse')).rejects.toMatchObject({ key: 'LOAN_STEP_NOT_ALLOWED' });

    await move(orderId, 'sign');
    await expectState(S.getMoney, 'success', 'disbursing');
    await move(orderId, 'disburse');
    await expectState(S.lending, 'lending', 'disbursing');
    await expect(move(orderId, 'disburse')).rejects.toMatchObject({ key: 'LOAN_STEP_NOT_ALLOWED' });
    await move(orderId, 'payoutFailed');
    await expectState(S.payFail, 'failed', 'failed');
    await move(orderId, 'accountChanged');
    expect((await latest(maria.token)).dueDate).toBeNull();
    await move(orderId, 'payoutSucceeded');
    await expectState(S.repaying, 'repaying', 'repaying');
    // The single repayment of the quote, due its tenure's days after the Manila day the money was sent.
    const quote = quoteLoan(termsOf(DEMO_PRODUCT), choice.amount, choice.tenureDays);
    const dueDate = manilaDateAfter(server.clock.now(), choice.tenureDays);
    expect(await latest(maria.token)).toMatchObject({
      dueDate,
      amountDue: quote.totalPayable,
      assessmentDueAt: null,
      // Approved an hour before the money went: each milestone keeps its own moment.
      timeline: {
        appliedAt: submittedAt,
        approvedAt,
        sentAt: server.clock.now().toISOString(),
        dueDate,
        paidAt: null,
      },
    });
    const listed = (await server.call('loanOrderList', {}, { token: maria.token })).body.data;
    expect(listed[0]).toMatchObject({ orderId, dueDate });
    server.clock.advance((choice.tenureDays + 1) * 24 * 60 * 60);
    // Sessions last 30 days: both sign in again.
    maria = await server.signIn(maria.mobile);
    jose = await server.signIn(jose.mobile);
    await move(orderId, 'fallOverdue');
    await expectState(S.overdue, 'overdue', 'overdue');
    expect(await latest(maria.token)).toMatchObject({ dueDate, amountDue: quote.totalPayable });
    await move(orderId, 'extend');
    await move(orderId, 'repayInFull');
    await expectState(S.finished, 'canLoan', 'finished');
    // Paid: Home still shows the finished loan's timeline, with its borrow-again offer.
    expect((await latest(maria.token)).timeline).toMatchObject({
      approvedAt,
      paidAt: server.clock.now().toISOString(),
    });
    await expect(move(orderId, 'repayInFull')).rejects.toMatchObject({ key: 'LOAN_STEP_NOT_ALLOWED' });
    expect(await server.app.loanOrders.history(orderId)).toHaveLength(11);
    expect((await server.call('limitExceeded', {}, { token: maria.token })).body.data.exceeded).toBe(false);
  });

  it('cancels an order never submitted and lists it among today’s cancellations', async () => {
    const applied = await server.call('applyLoanOrder', choice, { token: maria.token });
    expect(applied.status).toBe(200);
    const cancelled = await server.call('cancelAndApplyAgain', {}, { token: maria.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ orderId: applied.body.data.orderId, status: S.cancelled });
    const today = await server.call('cancelOrdersToday', {}, { token: maria.token });
    expect(today.body.data.map((o) => o.orderId)).toEqual([applied.body.data.orderId]);
    expect((await latest(maria.token)).homeState).toBe('canLoan');
    // The next Manila day, it is no longer today's.
    server.clock.advance(24 * 60 * 60);
    expect((await server.call('cancelOrdersToday', {}, { token: maria.token })).body.data).toEqual([]);
  });

  it('after a rejection shows the retry date and refuses to apply for 30 days', async () => {
    const applied = await server.call('applyLoanOrder', choice, { token: maria.token });
    const orderId = applied.body.data.orderId;
    await server.call('submitOrder', { orderId }, { token: maria.token });
    const rejected = await move(orderId, 'reject');
    const home = await latest(maria.token);
    expect(home.homeState).toBe('rejected');
    expect(home.order?.label).toBe('rejected');
    const again = reapplyMoment(rejected.updatedAt);
    expect(home.canApplyAgainAt).toBe(again);

    const early = await server.call('applyLoanOrder', choice, { token: maria.token });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(ERRORS.APPLY_AGAIN_LATER.code);
    // The day written out, as the borrower reads dates ("July 3, 2026").
    expect(early.body.msg).toMatch(/^You can apply again on [A-Z][a-z]+ \d{1,2}, \d{4}$/);

    expect((await server.call('loanOrderList', {}, { token: jose.token })).body.data).toEqual([]);
    server.clock.advance(30 * 24 * 60 * 60);
    // Sessions last 30 days: sign in again, as the borrower would.
    maria = await server.signIn(maria.mobile);
    expect((await latest(maria.token)).homeState).toBe('canLoan');
    const later = await server.call('applyLoanOrder', choice, { token: maria.token });
    expect(later.status).toBe(200);

    const list = await server.call('loanOrderList', {}, { token: maria.token });
    expect(list.body.data.map((o) => o.label)).toEqual(['assessing', 'rejected', 'cancelled', 'finished']);
    // Only the loan whose money was sent has a due date.
    expect(list.body.data.map((o) => o.dueDate !== null)).toEqual([false, false, false, true]);
    expect(list.body.data[0]?.orderId).toBe(later.body.data.orderId);
  });
});
