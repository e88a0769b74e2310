import { DEV_CLOSED_CHANNELS_PATH } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ERRORS } from '@hiram/contract/errors';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { INSTRUMENT_VALID_HOURS, MINIMUM_REPAYMENT } from '@hiram/contract/repayment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helper.ts';
import { journalsOf, payAtCounter, repayingLoan, sendCollectionEvent } from '../../repayment-fixtures.ts';

/** Repayment on both databases (docs/api.md, "Repayment"; docs/providers.md, "Collections"). */
let server: TestServer;
/** What the server logs at warn level and above: refusals operations may look into. */
const warnings: { msg: string; [key: string]: unknown }[] = [];

beforeAll(async () => {
  server = await startTestServer({
    config: { assessmentDelaySeconds: 0, logLevel: 'warn' },
    logDestination: { write: (line: string) => void warnings.push(JSON.parse(line)) },
  });
}, 60_000);
afterAll(() => server.close());

async function detail(token: string, orderNo: string) {
  return server.call('repaymentDetail', { orderNo }, { token });
}

async function counterReference(token: string, orderNo: string, amount: number, extra: object = {}) {
  return server.call(
    'counterReference',
    { orderNo, payOrderId: '1', amount, channel: 'seven_eleven', ...extra },
    { token },
  );
}

async function status(token: string) {
  return (await server.call('latestLoanOrder', {}, { token })).body.data.order?.status;
}

describe('what is due', () => {
  it('explains the balance from the ledger: principal, interest, the due date, the minimum', async () => {
    const { token, orderId } = await repayingLoan(server);
    const shown = await detail(token, orderId);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const data = shown.body.data;
    const { quote } = (await server.call('latestLoanOrder', {}, { token })).body.data.order as {
      quote: { principal: number; totalInterest: number; tenureDays: number };
    };
    expect(data).toMatchObject({
      orderNo: orderId,
      payOrderId: '1',
      status: S.repaying,
      label: 'repaying',
      principal: quote.principal,
      interest: quote.totalInterest,
      penalty: 0,
      fees: 0,
      paid: 0,
      totalDue: quote.principal + quote.totalInterest,
      amountDueNow: quote.principal + quote.totalInterest,
      minimumAmount: MINIMUM_REPAYMENT,
      daysOverdue: 0,
      openInstruments: [],
    });
    // Disbursed on the test clock's day (2 March 2026, Manila), due after the tenure.
    const disbursed = new Date(server.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const due = new Date(Date.parse(disbursed) + quote.tenureDays * 86_400_000).toISOString().slice(0, 10);
    expect(data.dueDate).toBe(due);
  });

  it("answers another borrower's order exactly like a missing one", async () => {
    const { orderId } = await repayingLoan(server);
    const stranger = await server.signIn();
    const theirs = await detail(stranger.token, orderId);
    const missing = await detail(stranger.token, '00000000-0000-4000-8000-000000000000');
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ ...missing.body, requestId: expect.any(String) });
    const pay = await counterReference(stranger.token, orderId, MINIMUM_REPAYMENT);
    expect(pay.status).toBe(404);
    expect(pay.body).toEqual({ ...missing.body, requestId: expect.any(String) });
  });

  it('lists the channels e-wallets first, and a channel the brand closed answers 40931', async () => {
    const { token, orderId } = await repayingLoan(server);
    const listed = (await server.call('collectionChannels', {}, { token })).body.data.channels;
    expect(listed.slice(0, 2).map((c) => c.channel)).toEqual(['gcash', 'maya']);
    expect(listed.every((c) => c.open)).toBe(true);
    await server.db.query(
      `update brands set closed_collection_channels = '{seven_eleven}' where package_name = $1`,
      [DEFAULT_PACKAGE_NAME],
    );
    try {
      const closed = (await server.call('collectionChannels', {}, { token })).body.data.channels;
      expect(closed.find((c) => c.channel === 'seven_eleven')?.open).toBe(false);
      const refused = await counterReference(token, orderId, MINIMUM_REPAYMENT);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe(ERRORS.NO_PAYMENT_METHOD.code);
      expect(refused.body.msg).toBe('This way to pay is not available right now. Please choose another');
      const other = await counterReference(token, orderId, MINIMUM_REPAYMENT, { channel: 'mlhuillier' });
      expect(other.status).toBe(200);
    } finally {
      await server.db.query(`update brands set closed_collection_channels = '{}'`);
    }
  });

  it('names generic channels in the borrower’s language and keeps brand names as they are', async () => {
    const { token } = await repayingLoan(server);
    const names = async (lang: string) =>
      Object.fromEntries(
        (await server.call('collectionChannels', {}, { token, lang })).body.data.channels.map((c) => [
          c.channel,
          c.name,
        ]),
      );
    const [en, fil, es] = [await names('en'), await names('fil'), await names('es')];
    expect(en.card).toBe('Debit / credit card');
    expect(es.card).toBe('Tarjeta de débito o crédito');
    expect(fil.payment_link).toBe('Link ng bayad');
    expect(es.online_banking).toBe('Banca en línea');
    for (const brand of ['gcash', 'maya', 'seven_eleven', 'mlhuillier', 'rd_pawnshop', 'bank_transfer'])
      expect([fil[brand], es[brand]]).toEqual([en[brand], en[brand]]);
    // The four account-number channels read differently from each other in every language.
    const accounts = ['virtual_account', 'paycools_va', 'payso_va', 'kxypay_va'];
    for (const list of [en, fil, es]) expect(new Set(accounts.map((id) => list[id])).size).toBe(4);
  });

  it('closes channels through the development endpoint, as the browser journeys do', async () => {
    const { token } = await repayingLoan(server);
    const close = (closed: string[]) =>
      server.app.inject({
        method: 'POST',
        url: DEV_CLOSED_CHANNELS_PATH,
        payload: { closed },
      });
    try {
      expect((await close(['gcash', 'gcash', 'maya'])).json().data).toEqual({ closed: ['gcash', 'maya'] });
      const listed = (await server.call('collectionChannels', {}, { token })).body.data.channels;
      expect(listed.filter((c) => !c.open).map((c) => c.channel)).toEqual(['gcash', 'maya']);
      expect((await close(['nowhere'])).statusCode).toBe(400);
    } finally {
      expect((await close([])).statusCode).toBe(200);
    }
  });
});

describe('payment instruments', () => {
  it('issues each kind, valid 24 hours, and a double tap answers the same one', async () => {
    const { token, orderId } = await repayingLoan(server);
    const amount = MINIMUM_REPAYMENT;
    const base = { orderNo: orderId, payOrderId: '1', amount };
    const checkout = await server.call('gatewayRepay', { ...base, channel: 'gcash' }, { token });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.data).toMatchObject({ kind: 'checkout', channel: 'gcash', amount, status: 'open' });
    expect(checkout.body.data.checkoutUrl).toMatch(/\/sandbox\/checkout\/[0-9a-f-]{36}$/);
    expect(Date.parse(checkout.body.data.expiresAt) - server.clock.now().getTime()).toBe(
      INSTRUMENT_VALID_HOURS * 3_600_000,
    );
    const counter = await counterReference(token, orderId, amount);
    expect(counter.body.data).toMatchObject({ kind: 'reference', creditingMinutes: 15 });
    expect(counter.body.data.reference).toMatch(/^\d{13}$/);
    const bills = await server.call('billsPayReference', { ...base, channel: 'maya_bills' }, { token });
    expect(bills.body.data.kind).toBe('reference');
    const transfer = await server.call('bankTransferDetails', base, { token });
    expect(transfer.body.data).toMatchObject({ kind: 'bankTransfer', channel: 'bank_transfer' });
    expect(transfer.body.data.accountNumber).toBeTruthy();
    expect(transfer.body.data.bankName).toBeTruthy();
    for (const name of [
      'dedicatedAccount',
      'paycoolsReservedAccount',
      'paysoVirtualAccount',
      'kxyPayVirtualAccount',
    ] as const) {
      const account = await server.call(name, base, { token });
      expect(account.status, `${name} ${JSON.stringify(account.body)}`).toBe(200);
      expect(account.body.data.kind).toBe('virtualAccount');
      expect(account.body.data.accountNumber).toMatch(/^\d{16}$/);
    }
    for (const name of ['onlineBankingLink', 'shareablePaymentLink'] as const) {
      const link = await server.call(name, base, { token });
      expect(link.body.data.checkoutUrl).toContain('/sandbox/checkout/');
    }

    const again = await counterReference(token, orderId, amount);
    expect(again.body.data.instrumentId).toBe(counter.body.data.instrumentId);
    const shown = (await detail(token, orderId)).body.data;
    expect(shown.openInstruments).toHaveLength(10);
  });

  it('keeps to the amount rules: whole pesos, the minimum, at most what is due', async () => {
    const { token, orderId } = await repayingLoan(server);
    const totalDue = (await detail(token, orderId)).body.data.totalDue;

    const fraction = await counterReference(token, orderId, MINIMUM_REPAYMENT + 50);
    expect(fraction.status).toBe(400);
    expect(fraction.body).toMatchObject({
      code: 40031,
      msg: 'Please enter the amount in whole pesos, without centavos',
    });

    const small = await counterReference(token, orderId, MINIMUM_REPAYMENT - 100);
    expect(small.body).toMatchObject({
      code: 40030,
      msg: 'Please pay more than ₱500',
    });
    const filipino = await server.call(
      'counterReference',
      { orderNo: orderId, payOrderId: '1', amount: 100 },
      { token, lang: 'fil' },
    );
    expect(filipino.body.msg).toBe(ERRORS.REPAYMENT_BELOW_MINIMUM.message.fil.replace('{min}', '₱500'));

    const tooMuch = await counterReference(token, orderId, totalDue + 100_00);
    expect(tooMuch.body.code).toBe(40032);

    const full = await counterReference(token, orderId, totalDue);
    expect(full.status).toBe(200);

    const missing = await server.call('counterReference', { amount: MINIMUM_REPAYMENT }, { token });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain(FIELD_MESSAGES.orderNoRequired.en);
    expect(JSON.stringify(missing.body)).toContain(FIELD_MESSAGES.payOrderIdRequired.en);

    const stale = await counterReference(token, orderId, MINIMUM_REPAYMENT, { payOrderId: '2' });
    expect(stale.status).toBe(409);
  });

  it('refuses a code after 24 hours with the timed-out message, and stops listing it', async () => {
    const { token, orderId } = await repayingLoan(server);
    const counter = (await counterReference(token, orderId, MINIMUM_REPAYMENT)).body.data;
    const checkout = (
      await server.call(
        'gatewayRepay',
        { orderNo: orderId, payOrderId: '1', amount: MINIMUM_REPAYMENT, channel: 'maya' },
        { token },
      )
    ).body.data;
    server.clock.advance(INSTRUMENT_VALID_HOURS * 3600 + 1);
    const late = await payAtCounter(server, counter.reference);
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe('This payment has expired. Please start it again');
    const page = await server.app.inject({
      method: 'GET',
      url: `/sandbox/checkout/${checkout.instrumentId}`,
    });
    expect(page.statusCode).toBe(409);
    expect(page.payload).toContain('This order has timed out, please try again');
    expect((await detail(token, orderId)).body.data.openInstruments).toEqual([]);
    // A new code is issued instead of the expired one.
    const fresh = (await counterReference(token, orderId, MINIMUM_REPAYMENT)).body.data;
    expect(fresh.reference).not.toBe(counter.reference);
    await server.settle();
    expect((await detail(token, orderId)).body.data.paid).toBe(0);
  });
});

describe('collections', () => {
  it('credits a part payment at the counter once, then the rest through the checkout finishes the loan', async () => {
    const { token, orderId } = await repayingLoan(server);
    const before = (await detail(token, orderId)).body.data;
    const part = 600_00;
    const counter = (await counterReference(token, orderId, part)).body.data;
    const paid = await payAtCounter(server, `${counter.reference.slice(0, 4)} ${counter.reference.slice(4)}`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // Asynchronous, like the real service: nothing is credited until the callback arrives.
    expect((await detail(token, orderId)).body.data.paid).toBe(0);
    await server.settle();
    const after = (await detail(token, orderId)).body.data;
    expect(after.paid).toBe(part);
    expect(after.totalDue).toBe(before.totalDue - part);
    // Interest is paid before principal.
    expect(after.interest).toBe(Math.max(0, before.interest - part));
    expect(after.amountDueNow).toBe(after.totalDue);
    expect(after.openInstruments).toEqual([]);
    expect(await status(token)).toBe(S.repaying);
    // Home's amount due is the ledger's balance too, not the signed quote's.
    const home = (await server.call('latestLoanOrder', {}, { token })).body.data;
    expect(home.amountDue).toBe(before.totalDue - part);

    const checkout = (
      await server.call(
        'gatewayRepay',
        { orderNo: orderId, payOrderId: after.payOrderId, amount: after.totalDue, channel: 'card' },
        { token },
      )
    ).body.data;
    const page = await server.app.inject({
      method: 'GET',
      url: new URL(checkout.checkoutUrl as string).pathname,
    });
    expect(page.statusCode).toBe(200);
    expect(page.payload).toContain('Pay ₱');
    const done = await server.app.inject({
      method: 'POST',
      url: new URL(checkout.checkoutUrl as string).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(done.statusCode).toBe(200);
    expect(done.payload).toContain('15 minutes');
    await server.settle();
    expect(await status(token)).toBe(S.finished);
    const finished = (await detail(token, orderId)).body.data;
    expect(finished).toMatchObject({
      totalDue: 0,
      paid: before.totalDue,
      overpayment: 0,
      status: S.finished,
    });
    const ledger = await journalsOf(server, orderId);
    expect(ledger.kinds).toEqual(['disbursement', 'repayment', 'repayment']);
    expect(ledger.balanced).toBe(true);
    // Nothing left to pay: no new instrument.
    const more = await counterReference(token, orderId, MINIMUM_REPAYMENT);
    expect(more.body.code).toBe(40932);
  });

  it('puts what is paid beyond the balance in the borrower overpayment', async () => {
    const { token, orderId } = await repayingLoan(server);
    const { totalDue } = (await detail(token, orderId)).body.data;
    const counter = (await counterReference(token, orderId, totalDue)).body.data;
    await payAtCounter(server, counter.reference, totalDue + 250_00);
    await server.settle();
    expect(await status(token)).toBe(S.finished);
    expect((await detail(token, orderId)).body.data).toMatchObject({ totalDue: 0, overpayment: 250_00 });
  });

  it('applies five concurrent copies of one event once', async () => {
    const { token, orderId } = await repayingLoan(server);
    const counter = (await counterReference(token, orderId, MINIMUM_REPAYMENT)).body.data;
    const event = {
      eventId: `evt-${orderId}`,
      instrumentId: counter.instrumentId,
      outcome: 'paid' as const,
      amount: MINIMUM_REPAYMENT,
      occurredAt: server.clock.now().toISOString(),
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendCollectionEvent(server, event)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.data.outcome).sort()).toEqual([
      'credited',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect((await detail(token, orderId)).body.data.paid).toBe(MINIMUM_REPAYMENT);
    const ledger = await journalsOf(server, orderId);
    expect(ledger.kinds.filter((kind) => kind === 'repayment')).toHaveLength(1);
    expect(ledger.keys).toContain(`collection:${event.eventId}`);
  });

  it('credits two different payments arriving together, and finishes the loan once', async () => {
    const { token, orderId } = await repayingLoan(server);
    const { totalDue } = (await detail(token, orderId)).body.data;
    const first = (await counterReference(token, orderId, totalDue - 500_00)).body.data;
    const second = (await counterReference(token, orderId, 500_00, { channel: 'mlhuillier' })).body.data;
    const answers = await Promise.all(
      [first, second].map((instrument) =>
        sendCollectionEvent(server, {
          eventId: `evt-${instrument.instrumentId}`,
          instrumentId: instrument.instrumentId,
          outcome: 'paid',
          amount: instrument.amount,
          occurredAt: server.clock.now().toISOString(),
        }),
      ),
    );
    expect(answers.map((a) => a.body.data.outcome)).toEqual(['credited', 'credited']);
    expect(await status(token)).toBe(S.finished);
    expect((await detail(token, orderId)).body.data).toMatchObject({
      totalDue: 0,
      paid: totalDue,
      overpayment: 0,
    });
    const finishes = (await server.app.loanOrders.history(orderId)).filter((h) => h.event === 'repayInFull');
    expect(finishes).toHaveLength(1);
    const ledger = await journalsOf(server, orderId);
    expect(ledger.kinds).toEqual(['disbursement', 'repayment', 'repayment']);
    expect(ledger.balanced).toBe(true);
  });

  it('changes nothing for a bad signature, an old timestamp or an altered body', async () => {
    const { token, orderId } = await repayingLoan(server);
    const counter = (await counterReference(token, orderId, MINIMUM_REPAYMENT)).body.data;
    const event = {
      eventId: `evt-bad-${orderId}`,
      instrumentId: counter.instrumentId,
      outcome: 'paid' as const,
      amount: MINIMUM_REPAYMENT,
      occurredAt: server.clock.now().toISOString(),
    };
    const forged = await sendCollectionEvent(server, event, { secret: 'not-the-provider-secret' });
    const old = await sendCollectionEvent(server, event, { ageSeconds: 301 });
    const altered = await sendCollectionEvent(server, event, {
      tamper: (body) => body.replace(String(MINIMUM_REPAYMENT), String(MINIMUM_REPAYMENT * 100)),
    });
    for (const answer of [forged, old, altered]) {
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(ERRORS.INVALID_SIGNATURE.code);
    }
    expect((await detail(token, orderId)).body.data.paid).toBe(0);
    expect((await journalsOf(server, orderId)).kinds).toEqual(['disbursement']);
    // The same event, properly signed, is still applied: the refusals recorded nothing.
    expect((await sendCollectionEvent(server, event)).body.data.outcome).toBe('credited');
  });

  it("refuses a late 'failed' after 'paid' and keeps the credit", async () => {
    const { token, orderId } = await repayingLoan(server);
    const counter = (await counterReference(token, orderId, MINIMUM_REPAYMENT)).body.data;
    await payAtCounter(server, counter.reference);
    await server.settle();
    const late = await sendCollectionEvent(server, {
      eventId: `evt-late-${orderId}`,
      instrumentId: counter.instrumentId,
      outcome: 'failed',
      amount: 0,
      occurredAt: server.clock.now().toISOString(),
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe(ERRORS.PAYMENT_ALREADY_SETTLED.code);
    expect((await detail(token, orderId)).body.data.paid).toBe(MINIMUM_REPAYMENT);
    // Logged, so operations can look into what the provider sent.
    expect(warnings).toContainEqual(
      expect.objectContaining({
        msg: 'collection callback refused',
        eventId: `evt-late-${orderId}`,
        refusal: 'PAYMENT_ALREADY_SETTLED',
      }),
    );
  });

  it('refuses an unknown instrument and a paid event without money with a 4xx, recording nothing', async () => {
    const { token, orderId } = await repayingLoan(server);
    const counter = (await counterReference(token, orderId, MINIMUM_REPAYMENT)).body.data;
    const event = {
      eventId: `evt-unknown-${orderId}`,
      instrumentId: counter.instrumentId,
      outcome: 'paid' as const,
      amount: MINIMUM_REPAYMENT,
      occurredAt: server.clock.now().toISOString(),
    };
    const refused = [
      await sendCollectionEvent(server, { ...event, instrumentId: '00000000-0000-4000-8000-000000000000' }),
      await sendCollectionEvent(server, { ...event, instrumentId: 'not-an-instrument' }),
      await sendCollectionEvent(server, { ...event, amount: 0 }),
      await sendCollectionEvent(server, { ...event, amount: -MINIMUM_REPAYMENT }),
    ];
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual([
      [404, ERRORS.NOT_FOUND.code],
      [404, ERRORS.NOT_FOUND.code],
      [400, ERRORS.VALIDATION_FAILED.code],
      [400, ERRORS.VALIDATION_FAILED.code],
    ]);
    expect((await detail(token, orderId)).body.data.paid).toBe(0);
    expect((await journalsOf(server, orderId)).kinds).toEqual(['disbursement']);
    // Nothing was recorded, not even the event id: the same event for the right instrument is credited.
    expect((await sendCollectionEvent(server, event)).body.data.outcome).toBe('credited');
    expect((await detail(token, orderId)).body.data.paid).toBe(MINIMUM_REPAYMENT);
  });

  it('a shared payment link is paid by someone else, who is not sent into the borrower’s app', async () => {
    const { token, orderId } = await repayingLoan(server);
    const link = (
      await server.call(
        'shareablePaymentLink',
        { orderNo: orderId, payOrderId: '1', amount: MINIMUM_REPAYMENT },
        { token },
      )
    ).body.data;
    const paid = await server.app.inject({
      method: 'POST',
      url: new URL(link.checkoutUrl as string).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.payload).toContain('You can close this page.');
    expect(paid.payload).not.toContain('Back to the app');
    await server.settle();
    expect((await detail(token, orderId)).body.data.paid).toBe(MINIMUM_REPAYMENT);
  });

  it('a cancelled checkout fails its instrument and credits nothing', async () => {
    const { token, orderId } = await repayingLoan(server);
    const checkout = (
      await server.call(
        'gatewayRepay',
        { orderNo: orderId, payOrderId: '1', amount: MINIMUM_REPAYMENT, channel: 'gcash' },
        { token },
      )
    ).body.data;
    const cancelled = await server.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${checkout.instrumentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=cancel',
    });
    expect(cancelled.payload).toContain('Payment cancelled');
    await server.settle();
    const shown = (await detail(token, orderId)).body.data;
    expect(shown.paid).toBe(0);
    expect(shown.openInstruments).toEqual([]);
  });
});

describe('the sandbox cashier and checkout page', () => {
  it('do not exist in production, where they would mark a loan paid without money', async () => {
    const { token, orderId } = await repayingLoan(server);
    const checkout = (
      await server.call(
        'gatewayRepay',
        { orderNo: orderId, payOrderId: '1', amount: MINIMUM_REPAYMENT, channel: 'gcash' },
        { token },
      )
    ).body.data;
    const production = await startTestServer({ config: { nodeEnv: 'production' }, database: server.db });
    try {
      const page = await production.request({
        method: 'GET',
        url: `/sandbox/checkout/${checkout.instrumentId}`,
      });
      expect(page.status).toBe(404);
      const pay = await payAtCounter(production, checkout.reference);
      expect(pay.status).toBe(404);
    } finally {
      await production.close();
    }
    // The same requests outside production reach the sandbox.
    expect((await payAtCounter(server, checkout.reference)).status).toBe(200);
  });
});

describe('paying from a link (portal)', () => {
  it('needs the code sent to the loan’s mobile, shows only what is needed, and pays once per code', async () => {
    const { mobile, orderId } = await repayingLoan(server);
    const wrong = await server.call('portalRepaymentDetail', { orderNo: orderId, code: '000000' });
    expect(wrong.status).toBe(400);

    server.clock.advance(61);
    await server.call('getVerifyCode', { mobile, type: 'repayment' });
    const code = await server.lastCode(mobile);
    const unknownOrder = await server.call('portalRepaymentDetail', {
      orderNo: '00000000-0000-4000-8000-000000000000',
      code,
    });
    expect(unknownOrder.body.code).toBe(ERRORS.INVALID_VERIFY_CODE.code);

    const shown = await server.call('portalRepaymentDetail', { orderNo: orderId, code });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(Object.keys(shown.body.data).sort()).toEqual(
      ['appName', 'channels', 'dueDate', 'minimumAmount', 'orderNo', 'totalDue'].sort(),
    );
    expect(JSON.stringify(shown.body.data)).not.toContain(mobile.slice(-7));

    const paid = await server.call('portalRepaymentConfirm', {
      orderNo: orderId,
      code,
      amount: MINIMUM_REPAYMENT,
      channel: 'rd_pawnshop',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ channel: 'rd_pawnshop', kind: 'reference' });
    const reused = await server.call('portalRepaymentConfirm', {
      orderNo: orderId,
      code,
      amount: MINIMUM_REPAYMENT,
      channel: 'rd_pawnshop',
    });
    expect(reused.body.code).toBe(ERRORS.VERIFY_CODE_EXPIRED.code);

    // The code dies after 5 minutes like any other.
    server.clock.advance(61);
    await server.call('getVerifyCode', { mobile, type: 'repayment' });
    const next = await server.lastCode(mobile);
    server.clock.advance(5 * 60 + 1);
    const expired = await server.call('portalRepaymentDetail', { orderNo: orderId, code: next });
    expect(expired.body.code).toBe(ERRORS.VERIFY_CODE_EXPIRED.code);
  });

  it('keeps the code when the lender closed the chosen channel meanwhile, so the payer can pick another', async () => {
    const { mobile, orderId } = await repayingLoan(server);
    server.clock.advance(61);
    await server.call('getVerifyCode', { mobile, type: 'repayment' });
    const code = await server.lastCode(mobile);
    const pay = (channel: 'seven_eleven' | 'mlhuillier') =>
      server.call(
        'portalRepaymentConfirm',
        { orderNo: orderId, code, amount: MINIMUM_REPAYMENT, channel },
        { lang: 'fil' },
      );
    await server.db.query(`update brands set closed_collection_channels = '{seven_eleven}'`);
    try {
      const refused = await pay('seven_eleven');
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe(ERRORS.NO_PAYMENT_METHOD.message.fil);
      const shown = await server.call('portalRepaymentDetail', { orderNo: orderId, code });
      expect(shown.status, JSON.stringify(shown.body)).toBe(200);
      expect(shown.body.data.channels.map((c) => c.channel)).not.toContain('seven_eleven');
      expect((await pay('mlhuillier')).status).toBe(200);
    } finally {
      await server.db.query(`update brands set closed_collection_channels = '{}'`);
    }
  });

  it('sends a payer who used the hosted checkout back to the portal, not into the borrower’s app', async () => {
    const { mobile, orderId } = await repayingLoan(server);
    server.clock.advance(61);
    await server.call('getVerifyCode', { mobile, type: 'repayment' });
    const code = await server.lastCode(mobile);
    const checkout = await server.call('portalRepaymentConfirm', {
      orderNo: orderId,
      code,
      amount: MINIMUM_REPAYMENT,
      channel: 'gcash',
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const paid = await server.app.inject({
      method: 'POST',
      url: new URL(checkout.body.data.checkoutUrl as string).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.payload).toContain(`/#/pay?ref=${orderId}`);
    expect(paid.payload).not.toContain('repay_detail');
  });
});
