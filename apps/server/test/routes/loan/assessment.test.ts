import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { ASSESSMENT_JOB } from '../../../src/services/loans/loan-orders.ts';
import { ADDITION_INFO, completeSteps } from '../../application-fixtures.ts';
import { lendUpToProductMaximum } from '../../credit-line-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { reapplyMoment } from '../../refusal-fixtures.ts';

/**
 * The automated assessment (docs/api.md, "Assessment"): queued at submit, run after ASSESSMENT_DELAY_SECONDS,
 * deciding once with its reasons recorded, on both databases. The fixture borrower earns under ₱10,000.
 */
const DELAY_SECONDS = 300;
let server: TestServer;

const small = {
  productId: DEMO_PRODUCT.productId,
  amount: DEMO_PRODUCT.minAmount,
  tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
};
const large = { ...small, amount: DEMO_PRODUCT.maxAmount };

beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: DELAY_SECONDS } });
  // Borrows above the ₱3,000 starter line: lines as before credit lines (ADR 0068).
  await lendUpToProductMaximum(server);
}, 60_000);
afterAll(() => server.close());

async function borrower() {
  const signedIn = await server.signIn();
  await completeSteps(server, signedIn.token, 'bankAccount');
  return signedIn;
}

async function applyAndSubmit(token: string, choice = small): Promise<string> {
  const applied = await server.call('applyLoanOrder', choice, { token });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const orderId = applied.body.data.orderId;
  expect((await server.call('submitOrder', { orderId }, { token })).status).toBe(200);
  return orderId;
}

async function latest(token: string) {
  return (await server.call('latestLoanOrder', {}, { token })).body.data;
}

async function decisions(orderId: string) {
  return (await server.app.loanOrders.history(orderId)).filter(
    (h) => h.event === 'approve' || h.event === 'reject',
  );
}

describe('the assessment job', () => {
  it('waits for the configured delay, then approves a borrower who passes every rule', async () => {
    const { token } = await borrower();
    const orderId = await applyAndSubmit(token);
    // A repeated submit queues nothing more.
    await server.call('submitOrder', { orderId }, { token });

    await server.settle();
    expect((await latest(token)).homeState).toBe('assessing');
    server.clock.advance(DELAY_SECONDS - 1);
    await server.settle();
    expect((await latest(token)).homeState).toBe('assessing');

    server.clock.advance(1);
    await server.settle();
    const home = await latest(token);
    expect(home).toMatchObject({ homeState: 'success', canApplyAgainAt: null });
    expect(home.order?.status).toBe(S.confirm);
    expect(await decisions(orderId)).toEqual([
      expect.objectContaining({ from: S.applying, to: S.confirm, reason: 'assessment: passed' }),
    ]);
    const [jobs] = await server.db.query<{ n: number }>(
      "select count(*)::int as n from jobs where kind = $1 and payload->>'orderId' = $2",
      [ASSESSMENT_JOB, orderId],
    );
    expect(jobs?.n).toBe(1);
  });

  it('rejects with its reasons and the date a new application is possible', async () => {
    const { token } = await borrower();
    // ₱10,000 for 91 days is about ₱3,600 a month: too much on under ₱10,000 a month.
    const orderId = await applyAndSubmit(token, large);
    server.clock.advance(DELAY_SECONDS);
    await server.settle();
    const home = await latest(token);
    expect(home.homeState).toBe('rejected');
    expect(home.order?.status).toBe(S.rejected);
    const [decision] = await decisions(orderId);
    expect(decision).toMatchObject({ to: S.rejected, reason: 'assessment: incomeTooLow' });
    const again = reapplyMoment(decision?.at as string);
    expect(home.canApplyAgainAt).toBe(again);
  });

  it('approves the same amount for a borrower who earns more', async () => {
    const { token } = await borrower();
    const saved = await server.call(
      'saveAdditionInfo',
      { ...ADDITION_INFO, monthlySalary: '10000-19999' },
      { token },
    );
    expect(saved.status).toBe(200);
    await applyAndSubmit(token, large);
    server.clock.advance(DELAY_SECONDS);
    await server.settle();
    expect((await latest(token)).homeState).toBe('success');
  });

  it('rejects a borrower whose earlier loan with us fell overdue, or who is overdue elsewhere', async () => {
    const { token } = await borrower();
    const first = await applyAndSubmit(token);
    for (const event of [
      'approve',
      'sign',
      'disburse',
      'payoutSucceeded',
      'fallOverdue',
      'repayInFull',
    ] as const)
      await server.app.loanOrders.move(first, event, { reason: 'test' });
    // The job queued for the first order finds it decided already and does nothing.
    server.clock.advance(DELAY_SECONDS);
    await server.settle();
    expect(await decisions(first)).toHaveLength(1);

    const answers = Array.from({ length: 11 }, (_, i) => ({ code: i + 1, answer: 'none' }));
    answers[0] = { code: 1, answer: 'no' };
    answers[1] = { code: 2, answer: 'no' };
    answers[2] = { code: 3, answer: 'good' };
    answers[4] = { code: 5, answer: 'never' };
    answers[5] = { code: 6, answer: 'neverLate' };
    answers[10] = { code: 11, answer: '3plus' };
    expect((await server.call('saveQuestionnaire', { answers }, { token })).status).toBe(200);

    const second = await applyAndSubmit(token);
    server.clock.advance(DELAY_SECONDS);
    await server.settle();
    expect((await decisions(second))[0]?.reason).toBe('assessment: overdueWithUs, overdueElsewhere');
  });

  it('leaves a cancelled order cancelled, and decides an order once however often its job runs', async () => {
    const { token } = await borrower();
    const applied = await server.call('applyLoanOrder', small, { token });
    const cancelledId = applied.body.data.orderId;
    expect((await server.call('cancelAndApplyAgain', {}, { token })).status).toBe(200);
    await server.db.transaction((tx) =>
      server.app.jobs.enqueue(tx, ASSESSMENT_JOB, { orderId: cancelledId }),
    );
    await server.settle();
    expect((await latest(token)).order).toMatchObject({ orderId: cancelledId, status: S.cancelled });
    expect(await decisions(cancelledId)).toEqual([]);

    const orderId = await applyAndSubmit(token);
    await server.db.transaction((tx) => server.app.jobs.enqueue(tx, ASSESSMENT_JOB, { orderId }));
    await server.db.transaction((tx) => server.app.jobs.enqueue(tx, ASSESSMENT_JOB, { orderId }));
    server.clock.advance(DELAY_SECONDS);
    await server.settle();
    expect(await decisions(orderId)).toHaveLength(1);
    expect((await latest(token)).order?.status).toBe(S.confirm);
    // Nothing failed along the way: every job finished without an error.
    const failed = await server.db.query('select 1 from jobs where kind = $1 and last_error is not null', [
      ASSESSMENT_JOB,
    ]);
    expect(failed).toEqual([]);
  });
});
