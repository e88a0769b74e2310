import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ERRORS } from '@hiram/contract/errors';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { quoteLoan } from '@hiram/contract/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND, DEMO_PRODUCT } from '../../../src/db/seed.ts';
import type { LoanOrderEvent } from '../../../src/domain/loan-order-machine.ts';
import { saveProduct, termsOf } from '../../../src/domain/products.ts';
import { completeSteps } from '../../application-fixtures.ts';
import { lendUpToProductMaximum } from '../../credit-line-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { reapplyMoment } from '../../refusal-fixtures.ts';

/**
 * The market calls (docs/api.md "Market", docs/decisions/0008-market.md) with a second brand of the same
 * lender, on both databases.
 */
let server: TestServer;

const OTHER_BRAND = 'ph.kaagapay.app';
const OTHER_PRODUCT = {
  ...DEMO_PRODUCT,
  productId: 'kaagapay-cash',
  packageName: OTHER_BRAND,
  name: 'Kaagapay Cash',
  minAmount: 200_000,
  maxAmount: 500_000,
  tenureDays: [120],
};
const demoChoice = {
  productId: DEMO_PRODUCT.productId,
  amount: DEMO_PRODUCT.minAmount,
  tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
};
const otherChoice = { productId: OTHER_PRODUCT.productId, amount: 300_000, tenureDays: 120 };

beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
  // Borrows above the ₱3,000 starter line: lines as before credit lines (ADR 0068).
  await lendUpToProductMaximum(server);
  await server.db.transaction(async (tx) => {
    await tx.query(
      `insert into brands (package_name, app_name, support_email, support_phone, support_hours)
       values ($1, 'Kaagapay', 'help@kaagapay.ph', '+63 2 8765 4321', 'Mon–Fri 9:00–18:00')`,
      [OTHER_BRAND],
    );
    await saveProduct(tx, OTHER_PRODUCT);
  });
  await server.app.brands.load(server.db);
}, 60_000);
afterAll(() => server.close());

async function borrower() {
  const signedIn = await server.signIn();
  await completeSteps(server, signedIn.token, 'bankAccount');
  return signedIn;
}

async function epoch(token: string): Promise<string> {
  const answer = await server.call('createEpochId', {}, { token });
  expect(answer.status).toBe(200);
  return answer.body.data.epochId;
}

function move(orderId: string, ...events: LoanOrderEvent[]) {
  return events.reduce(
    (done, event) => done.then(() => server.app.loanOrders.move(orderId, event, { reason: 'test' })),
    Promise.resolve(null as unknown),
  );
}

async function orderCount(userId: string): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(
    'select count(*)::int as n from loan_orders where user_id = $1',
    [userId],
  );
  return row?.n ?? 0;
}

describe('the market without a session', () => {
  it('lists every brand of the lender with its range, the calling brand first', async () => {
    const index = await server.call('marketIndex');
    expect(index.status).toBe(200);
    expect(index.body.data.brands).toEqual([
      {
        packageName: DEFAULT_PACKAGE_NAME,
        appName: DEFAULT_BRAND.appName,
        productCount: 1,
        minAmount: DEMO_PRODUCT.minAmount,
        maxAmount: DEMO_PRODUCT.maxAmount,
        tenureDays: DEMO_PRODUCT.tenureDays,
      },
      {
        packageName: OTHER_BRAND,
        appName: 'Kaagapay',
        productCount: 1,
        minAmount: 200_000,
        maxAmount: 500_000,
        tenureDays: [120],
      },
    ]);
    const fromOther = await server.call('marketIndex', {}, { packageName: OTHER_BRAND });
    expect(fromOther.body.data.brands.map((b) => b.packageName)).toEqual([OTHER_BRAND, DEFAULT_PACKAGE_NAME]);
  });

  it('lists the products of every brand with their brand', async () => {
    const list = await server.call('productListMarket');
    expect(list.status).toBe(200);
    expect(list.body.data.map((p) => [p.productId, p.packageName, p.appName])).toEqual([
      [DEMO_PRODUCT.productId, DEFAULT_PACKAGE_NAME, 'Hiram'],
      [OTHER_PRODUCT.productId, OTHER_BRAND, 'Kaagapay'],
    ]);
    expect(list.body.data[1]).toMatchObject({ minAmount: 200_000, maxAmount: 500_000, tenureDays: [120] });
  });

  it('needs a session for the borrower calls', async () => {
    for (const name of [
      'lendingRecord',
      'creditList',
      'epochScore',
      'repayColor',
      'repayProducts',
      'loanOrderListMarket',
      'createEpochId',
      'isRejectRecommendation',
    ] as const) {
      const answer = await server.call(name);
      expect(answer.status, name).toBe(401);
    }
    expect((await server.call('applyMarket', { epochId: 'x', ...otherChoice })).status).toBe(401);
  });
});

describe('applying through the market', () => {
  it('applies for another brand product once, however often the same attempt is sent', async () => {
    const { token, userId } = await borrower();
    const epochId = await epoch(token);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => server.call('applyMarket', { epochId, ...otherChoice }, { token })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.body.data.orderId));
    expect(ids.size).toBe(1);
    expect(await orderCount(userId)).toBe(1);
    expect(answers[0]?.body.data).toMatchObject({
      status: S.applying,
      packageName: OTHER_BRAND,
      appName: 'Kaagapay',
      productId: OTHER_PRODUCT.productId,
      amount: 300_000,
      quote: quoteLoan(termsOf(OTHER_PRODUCT), 300_000, 120),
    });

    // One loan at a time across brands: a new attempt, in another brand, is refused.
    const again = await server.call('applyMarket', { epochId: await epoch(token), ...demoChoice }, { token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: ERRORS.LOAN_IN_PROGRESS.code,
      msg: ERRORS.LOAN_IN_PROGRESS.message.en,
    });
    const plain = await server.call('applyLoanOrder', demoChoice, { token });
    expect(plain.body.code).toBe(ERRORS.LOAN_IN_PROGRESS.code);

    const list = await server.call('loanOrderListMarket', {}, { token });
    expect(list.body.data.map((o) => [o.orderId, o.packageName, o.appName])).toEqual([
      [[...ids][0], OTHER_BRAND, 'Kaagapay'],
    ]);
  });

  it("answers another borrower's attempt like a missing one, and refuses an old one", async () => {
    const maria = await borrower();
    const jose = await borrower();
    const marias = await epoch(maria.token);
    for (const epochId of [marias, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await server.call('applyMarket', { epochId, ...otherChoice }, { token: jose.token });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe(ERRORS.NOT_FOUND.code);
    }
    expect(await orderCount(jose.userId)).toBe(0);

    const old = await epoch(jose.token);
    server.clock.advance(31 * 60);
    const late = await server.call('applyMarket', { epochId: old, ...otherChoice }, { token: jose.token });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: ERRORS.ATTEMPT_TIMED_OUT.code,
      msg: 'This application has timed out, please try again',
    });
    expect(await orderCount(jose.userId)).toBe(0);
  });

  it('hands out at most 60 attempt ids an hour to a borrower', async () => {
    const { token } = await server.signIn();
    for (let i = 0; i < 60; i++) expect((await server.call('createEpochId', {}, { token })).status).toBe(200);
    const over = await server.call('createEpochId', {}, { token });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
    server.clock.advance(3_601);
    expect((await server.call('createEpochId', {}, { token })).status).toBe(200);
  });

  it('refuses bad input with 400 in the user language, creating nothing', async () => {
    const { token, userId } = await borrower();
    const epochId = await epoch(token);
    const missing = await server.call('applyMarket', { epochId }, { token, lang: 'fil' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe(ERRORS.VALIDATION_FAILED.message.fil);
    const unknown = await server.call(
      'applyMarket',
      { epochId, ...otherChoice, productId: 'nope' },
      { token, lang: 'es' },
    );
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.data)).toContain(FIELD_MESSAGES.unknownProduct.es);
    const offSteps = await server.call(
      'applyMarket',
      { epochId, ...otherChoice, amount: 300_001 },
      { token },
    );
    expect(offSteps.status).toBe(400);
    expect(JSON.stringify(offSteps.body.data)).toContain('amount');
    expect((await server.call('applyMarket', { ...otherChoice }, { token })).status).toBe(400);
    const badAgain = await server.call('applyMarketAgain', { epochId, amount: -5 }, { token, lang: 'es' });
    expect(badAgain.status).toBe(400);
    expect(badAgain.body.msg).toBe(ERRORS.VALIDATION_FAILED.message.es);
    expect(JSON.stringify(badAgain.body.data)).toContain('amount');
    expect(await orderCount(userId)).toBe(0);
  });

  it('applies again after a cancel on the same terms, or on changed ones', async () => {
    const { token, userId } = await borrower();
    const none = await server.call('applyMarketAgain', { epochId: await epoch(token) }, { token });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({
      code: ERRORS.NOTHING_TO_APPLY_AGAIN.code,
      msg: ERRORS.NOTHING_TO_APPLY_AGAIN.message.en,
    });

    const first = await server.call(
      'applyMarket',
      { epochId: await epoch(token), ...otherChoice },
      { token },
    );
    const open = await server.call('applyMarketAgain', { epochId: await epoch(token) }, { token });
    expect(open.body.code).toBe(ERRORS.LOAN_IN_PROGRESS.code);

    await server.call('cancelAndApplyAgain', {}, { token });
    const againId = await epoch(token);
    const again = await server.call('applyMarketAgain', { epochId: againId }, { token });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.orderId).not.toBe(first.body.data.orderId);
    expect(again.body.data).toMatchObject({
      status: S.applying,
      productId: OTHER_PRODUCT.productId,
      amount: 300_000,
      tenureDays: 120,
      packageName: OTHER_BRAND,
    });
    const repeat = await server.call('applyMarketAgain', { epochId: againId }, { token });
    expect(repeat.body.data.orderId).toBe(again.body.data.orderId);

    await server.call('cancelAndApplyAgain', {}, { token });
    const changed = await server.call(
      'applyMarketAgain',
      { epochId: await epoch(token), productId: DEMO_PRODUCT.productId, amount: 150_000, tenureDays: 91 },
      { token },
    );
    expect(changed.body.data).toMatchObject({ productId: DEMO_PRODUCT.productId, amount: 150_000 });
    expect(changed.body.data.packageName).toBe(DEFAULT_PACKAGE_NAME);
    expect(await orderCount(userId)).toBe(3);
  });

  it('waits the 30 days after a rejection, and says no other lender is recommended', async () => {
    const { token, mobile } = await borrower();
    const applied = await server.call(
      'applyMarket',
      { epochId: await epoch(token), ...demoChoice },
      { token },
    );
    await server.call('submitOrder', { orderId: applied.body.data.orderId }, { token });
    await move(applied.body.data.orderId, 'reject');

    const again = await server.call('applyMarketAgain', { epochId: await epoch(token) }, { token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ERRORS.APPLY_AGAIN_LATER.code);

    const credit = await server.call('creditList', {}, { token });
    expect(credit.body.data.every((line) => !line.canApply && line.blockedBy === 'applyAgainLater')).toBe(
      true,
    );
    const retryAt = credit.body.data[0]?.canApplyAgainAt;
    expect(retryAt).toBe(reapplyMoment(server.clock.now()));

    const recommendation = await server.call('isRejectRecommendation', {}, { token, lang: 'fil' });
    expect(recommendation.status).toBe(200);
    expect(recommendation.body.data.recommend).toBe(false);
    expect(recommendation.body.data.reason).toContain('Hindi namin ipinapasa');
    expect(recommendation.body.data.canApplyAgainAt).toBe(retryAt);

    server.clock.advance(30 * 86_400);
    // Sessions last 30 days: the borrower signs in again.
    const back = await server.signIn(mobile);
    const later = await server.call(
      'applyMarketAgain',
      { epochId: await epoch(back.token) },
      { token: back.token },
    );
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.data).toMatchObject({ productId: DEMO_PRODUCT.productId, amount: demoChoice.amount });
  });
});

describe("the borrower's record and standing", () => {
  it('follows one loan from application to repayment', async () => {
    let { token, mobile } = await borrower();
    const stranger = await borrower();
    expect((await server.call('epochScore', {}, { token })).body.data).toEqual({
      orderId: null,
      outcome: 'none',
      reasons: [],
      decidedAt: null,
    });
    expect((await server.call('repayColor', {}, { token })).body.data).toEqual({
      color: 'none',
      orderId: null,
      dueDate: null,
      daysLeft: null,
    });
    const credit = await server.call('creditList', {}, { token });
    expect(credit.body.data.map((line) => [line.productId, line.canApply, line.maxAmount])).toEqual([
      [DEMO_PRODUCT.productId, true, DEMO_PRODUCT.maxAmount],
      [OTHER_PRODUCT.productId, true, OTHER_PRODUCT.maxAmount],
    ]);

    const applied = await server.call(
      'applyMarket',
      { epochId: await epoch(token), ...demoChoice },
      { token },
    );
    const orderId: string = applied.body.data.orderId;
    expect((await server.call('epochScore', {}, { token })).body.data.outcome).toBe('notSubmitted');
    await server.call('submitOrder', { orderId }, { token });
    await server.settle();
    const score = (await server.call('epochScore', {}, { token })).body.data;
    expect(score).toMatchObject({ orderId, outcome: 'approved', reasons: [] });
    expect(score.decidedAt).toBe(server.clock.now().toISOString());
    expect((await server.call('creditList', {}, { token })).body.data[0]?.blockedBy).toBe('loanInProgress');

    await move(orderId, 'sign', 'disburse', 'payoutSucceeded');
    const dueDay = new Date(server.clock.now().getTime() + 8 * 3_600_000 + 91 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect((await server.call('repayColor', {}, { token })).body.data).toEqual({
      color: 'green',
      orderId,
      dueDate: dueDay,
      daysLeft: 91,
    });
    const toRepay = await server.call('repayProducts', {}, { token });
    expect(toRepay.body.data).toHaveLength(1);
    expect(toRepay.body.data[0]).toMatchObject({
      orderId,
      productName: 'Hiram Cash',
      appName: 'Hiram',
      nextDueDate: dueDay,
      nextDueAmount: applied.body.data.quote.totalPayable,
    });
    const record = (await server.call('lendingRecord', {}, { token })).body.data;
    expect(record).toMatchObject({
      loansDisbursed: 1,
      loansRepaid: 0,
      everOverdue: false,
      lastRepaidAt: null,
    });
    expect(record.openOrder?.orderId).toBe(orderId);

    // Another borrower sees none of it.
    expect((await server.call('repayProducts', {}, { token: stranger.token })).body.data).toEqual([]);
    expect((await server.call('loanOrderListMarket', {}, { token: stranger.token })).body.data).toEqual([]);
    expect((await server.call('lendingRecord', {}, { token: stranger.token })).body.data).toEqual({
      loansDisbursed: 0,
      loansRepaid: 0,
      everOverdue: false,
      lastRepaidAt: null,
      openOrder: null,
    });

    server.clock.advance(89 * 86_400 - 61);
    // Sessions last 30 days: the borrower signs in again (signIn moves the clock 61 s).
    token = (await server.signIn(mobile)).token;
    expect((await server.call('repayColor', {}, { token })).body.data).toMatchObject({
      color: 'amber',
      daysLeft: 2,
    });
    server.clock.advance(3 * 86_400);
    await move(orderId, 'fallOverdue');
    expect((await server.call('repayColor', {}, { token })).body.data).toMatchObject({
      color: 'red',
      daysLeft: -1,
    });
    await move(orderId, 'repayInFull');
    const done = (await server.call('lendingRecord', {}, { token })).body.data;
    expect(done).toMatchObject({ loansDisbursed: 1, loansRepaid: 1, everOverdue: true, openOrder: null });
    expect(done.lastRepaidAt).toBe(server.clock.now().toISOString());
    expect((await server.call('repayColor', {}, { token })).body.data.color).toBe('none');
  });

  it('names an incomplete application in the credit list and a rejection in the score', async () => {
    const fresh = await server.signIn();
    const credit = await server.call('creditList', {}, { token: fresh.token });
    expect(credit.body.data.every((line) => line.blockedBy === 'applicationIncomplete')).toBe(true);

    const { token } = await borrower();
    const applied = await server.call('applyLoanOrder', demoChoice, { token });
    await server.call('submitOrder', { orderId: applied.body.data.orderId }, { token });
    await server.app.loanOrders.move(applied.body.data.orderId, 'reject', {
      reason: 'assessment: incomeTooLow, tooManyLoans',
    });
    expect((await server.call('epochScore', {}, { token })).body.data).toMatchObject({
      outcome: 'rejected',
      reasons: ['incomeTooLow', 'tooManyLoans'],
    });
  });
});
