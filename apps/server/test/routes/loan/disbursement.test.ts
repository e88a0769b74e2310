import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  webhookSignature,
} from '../../../src/domain/webhook-signature.ts';
import { completeSteps, expectOk } from '../../application-fixtures.ts';
import { setCreditLine } from '../../credit-line-fixtures.ts';
import { testDatabaseKind } from '../../database-target.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import {
  changeAccountCode,
  GOOD_WALLET,
  PAYOUT_CHOICE,
  REFUSED_WALLET,
  signedOrder as signedOrderPaidTo,
  wallet,
} from '../../payout-fixtures.ts';

/** get-money, the payout job and the provider's signed callback (docs/api.md "Disbursement"), on both databases. */
let server: TestServer;
/** What the server logs at error level: what operations are alerted to. */
const errorLog: { msg: string; [key: string]: unknown }[] = [];

beforeAll(async () => {
  server = await startTestServer({
    config: { assessmentDelaySeconds: 0, logLevel: 'error' },
    logDestination: { write: (line: string) => void errorLog.push(JSON.parse(line)) },
  });
}, 60_000);
afterAll(() => server.close());

/** A borrower whose approved order is signed (status 18), paid to `accountNumber`. */
const signedOrder = (accountNumber = GOOD_WALLET) => signedOrderPaidTo(server, accountNumber);

async function orderStatus(orderId: string) {
  const [row] = await server.db.query<{ status: number }>(
    'select status from loan_orders where order_id = $1',
    [orderId],
  );
  return row?.status;
}

async function payouts(orderId: string) {
  return server.db.query<{ payout_id: string; state: string; amount: number; account_number: string }>(
    'select payout_id, state, amount, account_number from payouts where order_id = $1 order by created_at',
    [orderId],
  );
}

async function journals(orderId: string) {
  return server.app.ledger.journals(server.db, orderId);
}

async function sandboxTransfers(orderId: string) {
  const [row] = await server.db.query<{ n: number }>(
    `select count(*)::int as n from sandbox_payouts s join payouts p on p.payout_id::text = s.idempotency_key
     where p.order_id = $1`,
    [orderId],
  );
  return row?.n;
}

/** A callback as the provider would post it, signed unless told otherwise. */
async function postCallback(
  event: Record<string, unknown>,
  options: { secret?: string; timestamp?: number; sentBody?: string } = {},
) {
  const rawBody = JSON.stringify(event);
  const timestamp = options.timestamp ?? Math.floor(server.clock.now().getTime() / 1000);
  const signature = webhookSignature(options.secret ?? server.config.payoutWebhookSecret, timestamp, rawBody);
  return server.request({
    method: 'POST',
    url: '/api/callback/payout/result',
    headers: {
      'content-type': 'application/json',
      packagename: 'ph.hiram.app',
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signature,
    },
    payload: options.sentBody ?? rawBody,
  });
}

async function lendingOrder() {
  const borrower = await signedOrder();
  const answer = await server.call('getMoney', { orderId: borrower.orderId }, { token: borrower.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const [payout] = await payouts(borrower.orderId);
  if (!payout) throw new Error('no payout');
  const paid = {
    eventId: `evt-${payout.payout_id}`,
    payoutId: payout.payout_id,
    outcome: 'paid',
    amount: borrower.quote.netProceeds,
  };
  return { ...borrower, payout, paid };
}

describe(`get-money (${testDatabaseKind()})`, () => {
  it('moves a signed order to lending, queues one payout, and the paid callback makes it repaying with one journal', async () => {
    const { token, orderId, quote } = await signedOrder();
    const answer = await server.call('getMoney', { orderId }, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      orderId,
      status: S.lending,
      netProceeds: quote.netProceeds,
      attempts: 1,
      payout: { state: 'queued', accountKind: 'wallet', accountNumberLast4: '2222', finishedAt: null },
    });
    expect(Date.parse(answer.body.data.payout?.expectedBy ?? '')).toBeGreaterThan(
      server.clock.now().getTime(),
    );
    expect(await journals(orderId)).toEqual([]);

    // The job sends it, the sandbox answers through our signed callback.
    await server.settle();
    const after = await server.call('disbursement', { orderId }, { token });
    expect(after.body.data).toMatchObject({ status: S.repaying, payout: { state: 'succeeded' } });
    expect(after.body.data.payout?.finishedAt).toBe(server.clock.now().toISOString());
    const booked = await journals(orderId);
    expect(booked.map((j) => j.kind)).toEqual(['disbursement']);
    expect(booked[0]?.lines).toContainEqual({ account: 'cash', amount: -quote.netProceeds });
    expect(await server.app.ledger.orderBalance(server.db, orderId)).toMatchObject({
      disbursed: quote.netProceeds,
      totalDue: quote.totalPayable,
    });
    expect(await sandboxTransfers(orderId)).toBe(1);
    const latest = await server.call('latestLoanOrder', {}, { token });
    expect(latest.body.data.homeState).toBe('repaying');
  });

  it('refuses get-money before signing, and for another borrower, changing nothing', async () => {
    const signedIn = await server.signIn();
    await setCreditLine(server, signedIn.userId, PAYOUT_CHOICE.amount);
    await completeSteps(server, signedIn.token, 'bankAccount');
    const applied = await server.call('applyLoanOrder', PAYOUT_CHOICE, { token: signedIn.token });
    const orderId: string = applied.body.data.orderId;
    await server.call('submitOrder', { orderId }, { token: signedIn.token });
    await server.settle();
    expect(await orderStatus(orderId)).toBe(S.confirm);
    const early = await server.call('getMoney', { orderId }, { token: signedIn.token });
    expect([early.status, early.body.code]).toEqual([409, ERRORS.AGREEMENT_NOT_SIGNED.code]);
    expect(early.body.msg).toBe('Please sign the loan agreement first');
    const fil = await server.call('getMoney', { orderId }, { token: signedIn.token, lang: 'fil' });
    expect(fil.body.msg).toBe(ERRORS.AGREEMENT_NOT_SIGNED.message.fil);

    const stranger = await signedOrder();
    const theirs = await server.call('getMoney', { orderId: stranger.orderId }, { token: signedIn.token });
    expect(theirs.status).toBe(404);
    expect(
      (await server.call('disbursement', { orderId: stranger.orderId }, { token: signedIn.token })).status,
    ).toBe(404);
    expect(await orderStatus(orderId)).toBe(S.confirm);
    expect(await orderStatus(stranger.orderId)).toBe(S.getMoney);
    expect(await payouts(orderId)).toEqual([]);
    expect(await payouts(stranger.orderId)).toEqual([]);
  });

  it('pays once for a double tap: five get-money calls at once give one payout and one transfer', async () => {
    const { token, orderId } = await signedOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => server.call('getMoney', { orderId }, { token })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await payouts(orderId)).toHaveLength(1);
    await server.settle();
    // A call after the money arrived is a second disbursement: refused, nothing changed.
    const again = await server.call('getMoney', { orderId }, { token });
    expect([again.status, again.body.code]).toEqual([409, ERRORS.ALREADY_DISBURSED.code]);
    await server.settle();
    expect((await payouts(orderId)).map((p) => p.state)).toEqual(['succeeded']);
    expect(await sandboxTransfers(orderId)).toBe(1);
    expect(await journals(orderId)).toHaveLength(1);
  });

  it('asks the provider again with the same key when the payout job runs twice, and the provider pays once', async () => {
    const { orderId, payout } = await lendingOrder();
    await server.settle();
    expect(await sandboxTransfers(orderId)).toBe(1);
    // As if the process had died after the provider took the payout and before recording it: the job runs
    // again on a payout that looks queued.
    await server.db.query(`update payouts set state = 'queued' where payout_id = $1`, [payout.payout_id]);
    await server.app.jobs.enqueue(server.db, 'payout', { payoutId: payout.payout_id });
    await server.settle();
    expect(await sandboxTransfers(orderId)).toBe(1);
    expect(await orderStatus(orderId)).toBe(S.repaying);
    expect(await journals(orderId)).toHaveLength(1);
  });
});

describe(`the payout callback (${testDatabaseKind()})`, () => {
  it('applies a valid callback delivered five times at once exactly once', async () => {
    const { orderId, paid } = await lendingOrder();
    const answers = await Promise.all(Array.from({ length: 5 }, () => postCallback(paid)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await orderStatus(orderId)).toBe(S.repaying);
    expect(await journals(orderId)).toHaveLength(1);
    // The queued job finds the payout settled and sends nothing.
    await server.settle();
    expect(await sandboxTransfers(orderId)).toBe(0);
    expect(await journals(orderId)).toHaveLength(1);
  });

  it('refuses a wrong signature, an old timestamp and an altered body, changing nothing', async () => {
    const { orderId, paid } = await lendingOrder();
    const refused = [
      await postCallback(paid, { secret: 'not-the-provider-secret-at-all' }),
      await postCallback(paid, { timestamp: Math.floor(server.clock.now().getTime() / 1000) - 301 }),
      await postCallback(paid, { sentBody: JSON.stringify({ ...paid, amount: paid.amount * 10 }) }),
      await server.request({
        method: 'POST',
        url: '/api/callback/payout/result',
        headers: { 'content-type': 'application/json', packagename: 'ph.hiram.app' },
        payload: JSON.stringify(paid),
      }),
    ];
    for (const answer of refused)
      expect([answer.status, answer.body.code]).toEqual([401, ERRORS.INVALID_SIGNATURE.code]);
    expect(await orderStatus(orderId)).toBe(S.lending);
    expect(await journals(orderId)).toEqual([]);
    expect((await payouts(orderId)).map((p) => p.state)).toEqual(['queued']);
  });

  it("refuses a result whose amount is not the payout's with 409, changes nothing and alerts operations", async () => {
    const { orderId, paid, payout } = await lendingOrder();
    for (const amount of [paid.amount + 1, paid.amount - 100_00, 0]) {
      for (const outcome of ['paid', 'failed']) {
        const answer = await postCallback({ ...paid, outcome, amount });
        expect([answer.status, answer.body.code]).toEqual([409, ERRORS.PAYOUT_AMOUNT_MISMATCH.code]);
        expect(answer.body.msg).toBe(ERRORS.PAYOUT_AMOUNT_MISMATCH.message.en);
      }
    }
    expect(await orderStatus(orderId)).toBe(S.lending);
    expect(await journals(orderId)).toEqual([]);
    expect((await payouts(orderId)).map((p) => p.state)).toEqual(['queued']);
    const alerts = errorLog.filter((line) => line.payoutId === payout.payout_id);
    expect(alerts).toHaveLength(6);
    expect(alerts[0]).toMatchObject({
      level: 50,
      eventId: paid.eventId,
      reported: paid.amount + 1,
      expected: paid.amount,
    });
    // The event was not recorded: the provider's corrected result, same event id, is applied.
    expect((await postCallback(paid)).status).toBe(200);
    expect(await orderStatus(orderId)).toBe(S.repaying);
    expect((await journals(orderId)).map((j) => j.kind)).toEqual(['disbursement']);
  });

  it('answers 404 for a payout it does not know, and accepts a late event for a settled payout without applying it', async () => {
    const unknown = await postCallback({
      eventId: 'evt-unknown',
      payoutId: '00000000-0000-4000-8000-000000000000',
      outcome: 'paid',
      amount: 100,
    });
    expect(unknown.status).toBe(404);

    const { orderId, paid } = await lendingOrder();
    expect((await postCallback(paid)).status).toBe(200);
    const late = await postCallback({
      ...paid,
      eventId: 'evt-another',
      outcome: 'failed',
      failure: 'accountRejected',
    });
    expect(late.status).toBe(200);
    expect(await orderStatus(orderId)).toBe(S.repaying);
  });
});

describe(`a failed payout (${testDatabaseKind()})`, () => {
  it('moves the order to payFail; a changed and verified account is paid with a new payout, once', async () => {
    const { token, mobile, orderId, quote } = await signedOrder(REFUSED_WALLET);
    expectOk('getMoney', await server.call('getMoney', { orderId }, { token }));
    await server.settle();
    const failed = await server.call('disbursement', { orderId }, { token });
    expect(failed.body.data).toMatchObject({
      status: S.payFail,
      payout: { state: 'failed', accountNumberLast4: '0000' },
    });
    expect(failed.body.data.payout?.failureReason).toMatch(/refused the transfer/);
    expect((await server.call('latestLoanOrder', {}, { token })).body.data.homeState).toBe('failed');
    expect(await journals(orderId)).toEqual([]);

    const retry = await server.call('getMoney', { orderId }, { token });
    expect([retry.status, retry.body.code]).toEqual([409, ERRORS.PAYOUT_FAILED_CHANGE_ACCOUNT.code]);

    // The step-up code, then the new account; once the provider verified it, the payout is tried again.
    const code = await changeAccountCode(server, mobile);
    expectOk(
      'updateBankCard',
      await server.call('updateBankCard', { ...wallet(GOOD_WALLET), code }, { token }),
    );
    expect(await orderStatus(orderId)).toBe(S.payFail);
    await server.settle();

    const paid = await server.call('disbursement', { orderId }, { token });
    expect(paid.body.data).toMatchObject({
      status: S.repaying,
      attempts: 2,
      payout: { state: 'succeeded', accountNumberLast4: '2222' },
    });
    const states = await payouts(orderId);
    expect(states.map((p) => [p.state, p.account_number.slice(-4)])).toEqual([
      ['failed', '0000'],
      ['succeeded', '2222'],
    ]);
    expect(new Set(states.map((p) => p.payout_id)).size).toBe(2);
    const booked = await journals(orderId);
    expect(booked).toHaveLength(1);
    expect(booked[0]?.lines).toContainEqual({ account: 'cash', amount: -quote.netProceeds });
    const history = await server.app.loanOrders.history(orderId);
    expect(history.map((h) => h.event).slice(-4)).toEqual([
      'disburse',
      'payoutFailed',
      'accountChanged',
      'payoutSucceeded',
    ]);
  });
});
