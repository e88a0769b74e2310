import type { PaymentInstrument } from '@hiram/contract/api/repayment';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import type { ReconciliationDifference, ReconciliationRun } from '@hiram/contract/ops/reconciliation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { refusedProviderKeys } from '../../../src/providers/provider-keys.ts';
import {
  PAYMONGO_WEBHOOK_PATH,
  XENDIT_PAYMENTS_WEBHOOK_PATH,
} from '../../../src/routes/webhooks/collections.ts';
import { XENDIT_PAYOUT_WEBHOOK_PATH } from '../../../src/routes/webhooks/xendit-payouts.ts';
import { completeSteps, expectOk } from '../../application-fixtures.ts';
import { setCreditLine } from '../../credit-line-fixtures.ts';
import type { FakePaymongo } from '../../fakes/collection-fakes.ts';
import { type LiveProviders, startLiveProviders } from '../../fakes/live-providers.ts';
import type { SemaphoreFake } from '../../fakes/semaphore-fake.ts';
import type { XenditAccountFake } from '../../fakes/xendit-account-fake.ts';
import { type Answer, freshMobile, startTestServer, type TestServer } from '../../helper.ts';
import { newMember, opsCall, signIn as staffSignIn } from '../../ops-fixtures.ts';
import { PAYOUT_CHOICE, wallet } from '../../payout-fixtures.ts';
import { journalsOf } from '../../repayment-fixtures.ts';
import { goTo } from '../../servicing-fixtures.ts';

/**
 * "A lender can go live by configuration alone" (issue 12), on both databases: the server configured from
 * the environment a lender sets (SMS_PROVIDER=semaphore, COLLECTIONS_PROVIDER=paymongo+xendit,
 * PAYOUT_PROVIDER=xendit and their keys), pointed at local fakes that speak each provider's wire format,
 * takes one borrower from the sign-in code to a paid loan through the same endpoints the borrower app
 * calls, and the daily reconciliation reads the providers' settlement reports from the fakes.
 */
const WEBHOOK_SECRET = `whsk_${'GoLive2026x'.repeat(3)}`;
let live: LiveProviders;
let semaphore: SemaphoreFake;
let paymongo: FakePaymongo;
let xendit: XenditAccountFake;
let server: TestServer;

beforeAll(async () => {
  live = await startLiveProviders(WEBHOOK_SECRET);
  ({ semaphore, paymongo, xendit } = live);
  // Exactly what a lender puts in the environment; only the addresses point at the fakes.
  const config = loadConfig({ NODE_ENV: 'test', ...live.environment });
  server = await startTestServer({ config: { ...config, assessmentDelaySeconds: 0 } });
  xendit.payouts.now = () => server.clock.now();
}, 60_000);

afterAll(async () => {
  await server?.close();
  await live?.close();
});

/** A code to the borrower's phone, sent through Semaphore and read from what Semaphore was asked to send. */
async function codeBySms(mobile: string, type: string, token?: string): Promise<string> {
  server.clock.advance(61);
  expectOk('getVerifyCode', await server.call('getVerifyCode', { mobile, type }, token ? { token } : {}));
  return semaphore.lastCode(mobile);
}

function post(url: string, delivery: { headers: Record<string, string>; body: string }): Promise<Answer> {
  return server.request({ method: 'POST', url, headers: delivery.headers, payload: delivery.body });
}

const borrower = { mobile: freshMobile(), token: '', orderId: '' };
/** What Xendit took on the loan's account number without ever telling us (its webhook lost). */
let lostPaymentId = '';

describe('going live by configuration alone', () => {
  it('starts with the real adapters, each of which takes its key', async () => {
    expect(server.app.smsProvider.constructor.name).toBe('SemaphoreSms');
    expect(server.app.payoutProvider.constructor.name).toBe('XenditPayout');
    expect(server.app.realCollections?.name).toBe('paymongo+xendit');
    expect(server.app.sandboxCollections).toBeNull();
    expect(await refusedProviderKeys(server.app, server.app.smsProvider)).toEqual([]);
  });

  it('signs the borrower in with a code Semaphore delivered', async () => {
    const code = await codeBySms(borrower.mobile, 'login');
    const sent = semaphore.messages.at(-1);
    expect(sent).toMatchObject({ route: 'priority', recipient: borrower.mobile.replace(/^0/, '63') });
    const login = await server.call('login', { mobile: borrower.mobile, code });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    borrower.token = login.body.data.token;
    // The sandbox outbox's door is not where the code went.
    const sandbox = await server.request({
      method: 'GET',
      url: '/dev/sms',
      query: { mobile: borrower.mobile },
    });
    expect(JSON.stringify(sandbox.body.data ?? [])).not.toContain(code);
  });

  it('applies, is approved, signs with a Semaphore code and is paid out through Xendit', async () => {
    const { token } = borrower;
    const [who] = await server.db.query<{ user_id: string }>('select user_id from users where mobile = $1', [
      `+63${borrower.mobile.slice(1)}`,
    ]);
    await setCreditLine(server, who?.user_id as string, PAYOUT_CHOICE.amount);
    await completeSteps(server, token, 'questionnaire');
    expectOk('addBankCard', await server.call('addBankCard', wallet('09171112222'), { token }));
    await server.settle();
    expect((await server.call('getBindCardResult', {}, { token })).body.data.state).toBe('verified');
    const applied = await server.call('applyLoanOrder', PAYOUT_CHOICE, { token });
    expectOk('applyLoanOrder', applied);
    borrower.orderId = applied.body.data.orderId;
    const { orderId } = borrower;
    expectOk('submitOrder', await server.call('submitOrder', { orderId }, { token }));
    await server.settle();
    expect((await server.call('latestLoanOrder', {}, { token })).body.data.homeState).toBe('success');
    const { documentHash } = (await server.call('loanAgreement', { orderId }, { token })).body.data;
    const code = await codeBySms(borrower.mobile, 'signAgreement', token);
    expectOk(
      'signAgreement',
      await server.call('signAgreement', { orderId, documentHash, agreed: true, code }, { token }),
    );
    expectOk('getMoney', await server.call('getMoney', { orderId }, { token }));
    await server.settle();

    // The payout job asked Xendit once, with our payout id as reference and idempotency key.
    const [payout] = await server.db.query<{ payout_id: string; amount: string }>(
      'select payout_id, amount from payouts where order_id = $1',
      [orderId],
    );
    const sent = xendit.payouts.payouts.find((p) => p.reference_id === payout?.payout_id);
    expect(sent).toMatchObject({
      channel_code: 'PH_GCASH',
      account_number: '09171112222',
      status: 'ACCEPTED',
    });
    expect(sent?.amount).toBe(Number(payout?.amount) / 100);
    expect((await server.call('latestLoanOrder', {}, { token })).body.data.order?.status).not.toBe(
      S.repaying,
    );

    // Xendit's signed callback: the loan is paid out and repaying.
    const callback = xendit.payouts.webhook(payout?.payout_id ?? '', 'SUCCEEDED');
    const answer = await server.request({
      method: 'POST',
      url: XENDIT_PAYOUT_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-callback-token': xendit.callbackToken },
      payload: JSON.stringify(callback),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await server.settle();
    const latest = await server.call('latestLoanOrder', {}, { token });
    expect(latest.body.data.order?.status).toBe(S.repaying);
    expect(latest.body.data.homeState).toBe('repaying');
  });

  async function totalDue(): Promise<number> {
    const detail = await server.call(
      'repaymentDetail',
      { orderNo: borrower.orderId },
      { token: borrower.token },
    );
    expectOk('repaymentDetail', detail);
    return detail.body.data.totalDue as number;
  }

  it('offers only the channels the configured providers serve', async () => {
    const answer = await server.call('collectionChannels', {}, { token: borrower.token });
    expectOk('collectionChannels', answer);
    const listed = (answer.body.data.channels as { channel: string }[]).map((c) => c.channel);
    expect(listed).toContain('gcash');
    expect(listed).toContain('seven_eleven');
    expect(listed).not.toContain('gcash_bills');
    expect(listed).not.toContain('maya_bills');
  });

  it('repays part through PayMongo Checkout: the amount due goes down by what was paid', async () => {
    const { token, orderId } = borrower;
    const before = await totalDue();
    const opened = await server.call(
      'gatewayRepay',
      { orderNo: orderId, payOrderId: '1', amount: 1_500_00, channel: 'gcash' },
      { token },
    );
    expectOk('gatewayRepay', opened);
    const instrument = opened.body.data as PaymentInstrument;
    expect(instrument.checkoutUrl).toMatch(/^https:\/\/checkout\.paymongo\.com\/cs_/);
    const { payment, delivery } = paymongo.pay(instrument.reference, { at: server.clock.now() });
    const answer = await post(PAYMONGO_WEBHOOK_PATH, delivery);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // PayMongo delivers again: nothing more is credited.
    expect((await post(PAYMONGO_WEBHOOK_PATH, delivery)).status).toBe(200);
    expect(await totalDue()).toBe(before - 1_500_00);
    expect((await journalsOf(server, orderId)).keys).toContain(`collection:${payment.id}`);
  });

  it("pays the rest to the loan's standing account number at Xendit, and the loan ends paid", async () => {
    const { token, orderId } = borrower;
    const reference = await server.call('paymentReference', { orderNo: orderId }, { token });
    expectOk('paymentReference', reference);
    const accountNumber = reference.body.data.reference?.accountNumber ?? '';
    expect(accountNumber).toMatch(/^9988\d{12}$/);
    const due = await totalDue();

    // Someone sends ₱100 to it and Xendit's webhook never reaches us: reconciliation finds it below.
    lostPaymentId = xendit.payments.pay(accountNumber, { pesos: 100, at: server.clock.now() }).payment.id;
    expect(await totalDue()).toBe(due);

    // A transfer to it that bounces: Xendit's payment.failure leaves the loan's number open for the next.
    const bounced = xendit.payments.pay(accountNumber, { pesos: 50, at: server.clock.now() }).payment;
    xendit.payments.payments.pop();
    const failure = xendit.payments.event('payment.failure', bounced, 'FAILED');
    // Typed as Xendit's documented example types a payment, whatever the request was.
    const body = JSON.parse(failure.body) as { data: { type: string } };
    body.data.type = 'SINGLE_PAYMENT';
    const bouncedAnswer = await post(XENDIT_PAYMENTS_WEBHOOK_PATH, {
      ...failure,
      body: JSON.stringify(body),
    });
    expect(bouncedAnswer.status, JSON.stringify(bouncedAnswer.body)).toBe(200);
    const [standing] = await server.db.query<{ status: string }>(
      'select status from collection_instruments where order_id = $1 and standing',
      [orderId],
    );
    expect(standing?.status).toBe('open');

    const { payment, delivery } = xendit.payments.pay(accountNumber, {
      pesos: due / 100,
      at: server.clock.now(),
    });
    const answer = await post(XENDIT_PAYMENTS_WEBHOOK_PATH, delivery);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await server.settle();
    const latest = await server.call('latestLoanOrder', {}, { token });
    expect(latest.body.data.order?.status ?? S.finished).toBe(S.finished);
    const [order] = await server.db.query<{ status: number }>(
      'select status from loan_orders where order_id = $1',
      [orderId],
    );
    expect(order?.status).toBe(S.finished);
    const journals = await journalsOf(server, orderId);
    expect(journals.keys).toContain(`collection:${payment.id}`);
    expect(journals.balanced).toBe(true);
  });
});

describe('the daily reconciliation against the real providers', () => {
  it("matches the payout's day and queues the settled payment the ledger lacks", async () => {
    // The payout and payments of 2 March (Manila) settle on the 3rd; runs at 02:00 reconcile the day before.
    for (const day of ['2026-03-03', '2026-03-04']) await goTo(server, day, 3);
    const finance = await staffSignIn(server, await newMember(server, 'finance'));
    const runs = await opsCall(server, 'opsReconciliationRuns', {}, { signed: finance });
    expect(runs.status, JSON.stringify(runs.body)).toBe(200);
    const items = (runs.body.data as { items: ReconciliationRun[] }).items;
    const payoutDay = items.find((r) => r.provider === 'payouts' && r.settlementDate === '2026-03-02');
    expect(payoutDay).toMatchObject({ providerCount: 1, ledgerCount: 1, differences: 0 });
    expect(payoutDay?.providerFees).toBe(11_20);
    const collectionDay = items.find(
      (r) => r.provider === 'collections' && r.settlementDate === '2026-03-03',
    );
    // PayMongo's payment and Xendit's two: the ledger holds the two we were told of.
    expect(collectionDay).toMatchObject({
      providerCount: 3,
      ledgerCount: 2,
      differences: 1,
      openDifferences: 1,
    });

    const differences = await opsCall(server, 'opsReconciliationDifferences', {}, { signed: finance });
    const found = (differences.body.data as { items: ReconciliationDifference[] }).items;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      kind: 'missing_in_ledger',
      provider: 'collections',
      settlementDate: '2026-03-03',
      reference: lostPaymentId,
      orderId: borrower.orderId,
      providerAmount: 100_00,
      ledgerAmount: null,
      status: 'open',
    });
  });
});
