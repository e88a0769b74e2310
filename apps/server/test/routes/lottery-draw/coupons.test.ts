import { ACCOUNT_COUPON_AMOUNT } from '@hiram/contract/coupons';
import { ERRORS } from '@hiram/contract/errors';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { quoteLoan } from '@hiram/contract/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { termsOf } from '../../../src/domain/products.ts';
import { completeSteps } from '../../application-fixtures.ts';
import { lendUpToProductMaximum } from '../../credit-line-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';

/** The ₱100 account coupon (docs/api.md "Coupons"), on both databases. */
let server: TestServer;

const terms = termsOf(DEMO_PRODUCT);
const choice = { productId: DEMO_PRODUCT.productId, amount: 500_000, tenureDays: 91 };

beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
  // Borrows above the ₱3,000 starter line: lines as before credit lines (ADR 0068).
  await lendUpToProductMaximum(server);
}, 60_000);
afterAll(() => server.close());

/** A borrower whose receiving account the sandbox verified. */
async function borrower() {
  const signedIn = await server.signIn();
  await completeSteps(server, signedIn.token, 'bankAccount');
  return signedIn;
}

async function coupons(token: string) {
  const answer = await server.call('couponList', {}, { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function onlyCoupon(token: string) {
  const [coupon] = await coupons(token);
  if (!coupon) throw new Error('no coupon');
  return coupon;
}

describe('granting', () => {
  it('grants ₱100 once, when the first receiving account is verified', async () => {
    const { token, userId } = await server.signIn();
    await completeSteps(server, token, 'questionnaire');
    expect(await coupons(token)).toEqual([]);
    await completeSteps(server, token, 'bankAccount', { from: 'bankAccount' });
    const list = await coupons(token);
    expect(list).toEqual([
      {
        couponId: expect.any(String),
        kind: 'accountBound',
        amount: ACCOUNT_COUPON_AMOUNT,
        state: 'available',
        grantedAt: server.clock.now().toISOString(),
        expiresAt: new Date(server.clock.now().getTime() + 90 * 86_400_000).toISOString(),
        orderId: null,
      },
    ]);
    // A later verification (a changed account) grants nothing more.
    await server.db.transaction((tx) => server.app.coupons.grantForVerifiedAccount(tx, userId));
    expect(await coupons(token)).toHaveLength(1);
  });

  it('grants nothing for an account that fails verification', async () => {
    const { token } = await server.signIn();
    await completeSteps(server, token, 'questionnaire');
    // The sandbox fails the check of a number ending in 9999 (docs/providers.md).
    const added = await server.call(
      'addBankCard',
      {
        accountKind: 'wallet',
        bankCode: '90005',
        holderName: 'Maria Clara Dela Cruz',
        accountNumber: '09171119999',
        confirmAccountNumber: '09171119999',
      },
      { token },
    );
    expect(added.status).toBe(200);
    await server.settle();
    expect((await server.call('getBindCardResult', {}, { token })).body.data.state).toBe('failed');
    expect(await coupons(token)).toEqual([]);
  });
});

describe('using', () => {
  it('takes the coupon off the fee of the open order before signing, and shows it in the statement', async () => {
    const { token } = await borrower();
    const applied = await server.call('applyLoanOrder', choice, { token });
    const orderId: string = applied.body.data.orderId;
    expect(applied.body.data.quote.feeDiscount).toBe(0);
    const coupon = await onlyCoupon(token);

    const used = await server.call('useCoupon', { couponId: coupon.couponId }, { token });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(used.body.data.coupon).toMatchObject({ state: 'applied', orderId });
    const expected = quoteLoan(terms, choice.amount, choice.tenureDays, { discount: ACCOUNT_COUPON_AMOUNT });
    expect(used.body.data.order?.quote).toEqual(expected);
    expect(expected).toMatchObject({ processingFee: 5_000, feeDiscount: 10_000, netProceeds: 495_000 });
    const latest = await server.call('latestLoanOrder', {}, { token });
    expect(latest.body.data.order?.quote).toEqual(expected);

    await server.call('submitOrder', { orderId }, { token });
    await server.settle();
    const agreement = await server.call('loanAgreement', { orderId }, { token });
    expect(agreement.body.data.disclosure.financeCharges).toEqual({
      interest: expected.totalInterest,
      processingFee: 5_000,
      feeDiscount: 10_000,
      total: expected.financeCharges,
    });
    expect(agreement.body.data.disclosure.netProceeds).toBe(495_000);
    expect(JSON.stringify(agreement.body.data.agreement)).toContain('after a ₱100 coupon');

    const twice = await server.call('useCoupon', { couponId: coupon.couponId }, { token, lang: 'fil' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      code: ERRORS.COUPON_ALREADY_USED.code,
      msg: ERRORS.COUPON_ALREADY_USED.message.fil,
    });
  });

  it('applies once for a double tap: two uses at once give one discount and a clear refusal', async () => {
    const { token } = await borrower();
    const applied = await server.call('applyLoanOrder', choice, { token });
    const coupon = await onlyCoupon(token);
    const taps = await Promise.all([
      server.call('useCoupon', { couponId: coupon.couponId }, { token }),
      server.call('useCoupon', { couponId: coupon.couponId }, { token }),
    ]);
    expect(taps.map((tap) => tap.status).sort()).toEqual([200, 409]);
    expect(taps.find((tap) => tap.status === 409)?.body.code).toBe(ERRORS.COUPON_ALREADY_USED.code);
    const latest = await server.call('latestLoanOrder', {}, { token });
    expect(latest.body.data.order?.orderId).toBe(applied.body.data.orderId);
    expect(latest.body.data.order?.quote).toEqual(
      quoteLoan(terms, choice.amount, choice.tenureDays, { discount: ACCOUNT_COUPON_AMOUNT }),
    );
  });

  it('pays out the larger net proceeds and books only the reduced fee, in a balanced journal', async () => {
    const { token } = await borrower();
    await server.call('useCoupon', { couponId: (await onlyCoupon(token)).couponId }, { token });
    const applied = await server.call('applyLoanOrder', choice, { token });
    const orderId: string = applied.body.data.orderId;
    await server.call('submitOrder', { orderId }, { token });
    await server.settle();
    const { documentHash } = (await server.call('loanAgreement', { orderId }, { token })).body.data;
    const signed = await server.call(
      'signAgreement',
      { orderId, documentHash, agreed: true, code: await server.ownCode(token, 'signAgreement') },
      { token },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect((await server.call('getMoney', { orderId }, { token })).status).toBe(200);
    await server.settle();
    expect((await server.call('latestLoanOrder', {}, { token })).body.data.order?.status).toBe(S.repaying);
    const [journal] = await server.app.ledger.journals(server.db, orderId);
    expect(journal?.lines).toContainEqual({ account: 'cash', amount: -495_000 });
    expect(journal?.lines).toContainEqual({ account: 'fee_income', amount: -5_000 });
    expect(journal?.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(0);
    expect(await server.app.ledger.orderBalance(server.db, orderId)).toMatchObject({ disbursed: 495_000 });
  });

  it('with no open order, is reserved and taken by the next application, never above the fee', async () => {
    const { token } = await borrower();
    const coupon = await onlyCoupon(token);
    const used = await server.call('useCoupon', { couponId: coupon.couponId }, { token });
    expect(used.status).toBe(200);
    expect(used.body.data).toMatchObject({ order: null, coupon: { state: 'reserved', orderId: null } });

    // The smallest loan's fee (3% of ₱1,000 = ₱30) is less than ₱100: the fee goes to zero, not below.
    const small = { ...choice, amount: DEMO_PRODUCT.minAmount };
    const applied = await server.call('applyLoanOrder', small, { token });
    expect(applied.body.data.quote).toMatchObject({
      processingFee: 0,
      feeDiscount: 3_000,
      netProceeds: DEMO_PRODUCT.minAmount,
    });
    expect(await onlyCoupon(token)).toMatchObject({ state: 'applied', orderId: applied.body.data.orderId });

    // Cancelled before submit: the coupon goes to the next application.
    await server.call('cancelAndApplyAgain', {}, { token });
    expect(await onlyCoupon(token)).toMatchObject({ state: 'reserved' });
    const next = await server.call('applyLoanOrder', choice, { token });
    expect(next.body.data.quote.feeDiscount).toBe(ACCOUNT_COUPON_AMOUNT);
    expect(await onlyCoupon(token)).toMatchObject({ state: 'applied', orderId: next.body.data.orderId });
  });

  it('after signing, keeps the coupon for the next loan', async () => {
    const { token } = await borrower();
    const applied = await server.call('applyLoanOrder', choice, { token });
    const orderId: string = applied.body.data.orderId;
    await server.call('submitOrder', { orderId }, { token });
    await server.settle();
    await server.app.loanOrders.move(orderId, 'sign', { reason: 'test' });
    const used = await server.call('useCoupon', { couponId: (await onlyCoupon(token)).couponId }, { token });
    expect(used.body.data).toMatchObject({ order: null, coupon: { state: 'reserved' } });
    const order = (await server.call('latestLoanOrder', {}, { token })).body.data.order;
    expect(order?.status).toBe(S.getMoney);
    expect(order?.quote.feeDiscount).toBe(0);
  });

  it("answers another borrower's coupon like a missing one, and bad input with 400", async () => {
    const maria = await borrower();
    const jose = await borrower();
    const marias = await onlyCoupon(maria.token);
    for (const couponId of [marias.couponId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const answer = await server.call('useCoupon', { couponId }, { token: jose.token, lang: 'es' });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        code: ERRORS.COUPON_NOT_FOUND.code,
        msg: ERRORS.COUPON_NOT_FOUND.message.es,
      });
    }
    expect(await onlyCoupon(maria.token)).toMatchObject({ state: 'available' });
    const missing = await server.call('useCoupon', {}, { token: jose.token, lang: 'fil' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.data)).toContain(FIELD_MESSAGES.required.fil);
    expect((await server.call('useCoupon', { couponId: marias.couponId })).status).toBe(401);
  });

  it('refuses an expired coupon, naming the day', async () => {
    const { token, mobile } = await borrower();
    const coupon = await onlyCoupon(token);
    server.clock.advance(90 * 86_400 - 61);
    const back = await server.signIn(mobile);
    const late = await server.call('useCoupon', { couponId: coupon.couponId }, { token: back.token });
    expect(late.status).toBe(409);
    const day = new Date(Date.parse(coupon.expiresAt) + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(late.body).toMatchObject({
      code: ERRORS.COUPON_EXPIRED.code,
      msg: `This coupon expired on ${day}`,
    });
    expect(await onlyCoupon(back.token)).toMatchObject({ state: 'expired' });
  });
});
