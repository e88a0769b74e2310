import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { penaltyKey } from '../../../src/services/servicing/penalties.ts';
import { detailedPhoto } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { reviewProof } from '../../ops-fixtures.ts';
import { payAtCounter } from '../../repayment-fixtures.ts';
import { disbursedLoan, goTo, orderStatus } from '../../servicing-fixtures.ts';

/**
 * The daily servicing run and the extension (docs/api.md, "Servicing"), on both databases, with the test
 * clock: loans of the demo product (₱1,000 for 91 days: ₱91 interest, ₱30 fee, 0.1% a day penalty on the
 * overdue amount, a 30-day extension at 3% of the outstanding principal) disbursed on 2 March 2026, due
 * 1 June 2026 (Manila days).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: {
      assessmentDelaySeconds: 0,
      sessionTtlSeconds: 3650 * 86_400,
      sessionIdleSeconds: 3650 * 86_400,
    },
  });
}, 60_000);
afterAll(() => server.close());

const DUE = '2026-06-01';
const PENALTY_A_DAY = 109; // 0.1% of ₱1,091 owed, rounded half up

async function penalties(orderId: string): Promise<{ day: string; amount: number }[]> {
  const rows = await server.db.query<{ idempotency_key: string; amount: string }>(
    `select j.idempotency_key, e.amount from ledger_journals j join ledger_entries e on e.journal_id = j.journal_id
     where j.order_id = $1 and j.kind = 'penalty_accrual' and e.account = 'penalty_receivable'
     order by j.seq`,
    [orderId],
  );
  return rows.map((r) => ({ day: r.idempotency_key.slice(-10), amount: Number(r.amount) }));
}

async function reminders(mobile: string): Promise<{ text: string; sentAt: string }[]> {
  const rows = await server.db.query<{ body: string; created_at: Date }>(
    `select body, created_at from sms_outbox where purpose = 'reminder' and mobile = $1 order by message_id`,
    [`+63${mobile.slice(1)}`],
  );
  return rows.map((r) => ({ text: r.body, sentAt: new Date(r.created_at).toISOString() }));
}

describe('the daily run', () => {
  // Each test moves the one clock forward: they run in order, on loans of their own.
  it('reminds before and on the due date, then accrues a penalty each overdue day, once, and moves the loan to overdue', async () => {
    const loan = await disbursedLoan(server);
    const { token, orderId, mobile } = loan;
    expect((await server.call('extensionData', { orderId }, { token })).body.data.dueDate).toBe(DUE);

    // Three days before, at 00:10: the run has queued the reminder for 06:00, nothing is sent at night.
    await goTo(server, '2026-05-29', 0.17);
    expect(await reminders(mobile)).toEqual([]);
    await goTo(server, '2026-05-29', 6.1);
    const before = await reminders(mobile);
    expect(before).toHaveLength(1);
    expect(before[0]?.text).toContain('₱1,091.00');
    expect(before[0]?.text).toContain(DUE);
    expect((before[0]?.sentAt ?? '') >= '2026-05-28T22:00:00.000Z').toBe(true);
    // The next day's run: still the same reminder kind and due date, so nothing more.
    await goTo(server, '2026-05-30', 9);
    expect(await reminders(mobile)).toHaveLength(1);

    await goTo(server, DUE, 9);
    expect(await penalties(orderId)).toEqual([]);
    expect(await orderStatus(server, orderId)).toBe(S.repaying);
    expect((await reminders(mobile)).at(-1)?.text).toContain('due today');

    await goTo(server, '2026-06-02', 9);
    expect(await penalties(orderId)).toEqual([{ day: '2026-06-02', amount: PENALTY_A_DAY }]);
    expect(await orderStatus(server, orderId)).toBe(S.overdue);
    const history = await server.app.loanOrders.history(orderId);
    expect(history.at(-1)).toMatchObject({ from: S.repaying, to: S.overdue, event: 'fallOverdue' });
    expect((await reminders(mobile)).at(-1)?.text).toContain('overdue');
    const latest = await server.call('latestLoanOrder', {}, { token });
    expect(latest.body.data.homeState).toBe('overdue');

    // Two days later: the two missed days, each once, whatever number of runs.
    await goTo(server, '2026-06-04', 9);
    await Promise.all([server.app.servicing.runDaily(), server.app.servicing.runDaily()]);
    await Promise.all([
      server.app.servicing.serviceOrder(orderId),
      server.app.servicing.serviceOrder(orderId),
    ]);
    await server.app.servicing.runDaily();
    await server.settle();
    expect((await penalties(orderId)).map((p) => p.day)).toEqual(['2026-06-02', '2026-06-03', '2026-06-04']);
    const balance = await server.app.ledger.orderBalance(server.db, orderId);
    expect(balance.penalty).toBe(3 * PENALTY_A_DAY);
    expect(balance.totalDue).toBe(100_000 + 9_100 + 3 * PENALTY_A_DAY);
    // Reminders go to the borrower only: the emergency contacts never hear of the loan.
    for (const contact of ['09181234567', '09191234567']) expect(await reminders(contact)).toEqual([]);
    expect((await reminders(mobile)).length).toBe(3);
  });

  it('pauses penalties while a proof of payment is under review', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const start = await penalties(orderId);
    // This loan was disbursed today; its due date is 91 days on.
    const due = (await server.call('extensionData', { orderId }, { token })).body.data.dueDate;
    const dayAfter = new Date(Date.parse(`${due}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await goTo(server, dayAfter, 9);
    expect((await penalties(orderId)).length).toBe(start.length + 1);

    const uploaded = await server.upload('uploadVoucher', { file: await detailedPhoto() }, { token });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const saved = await server.call(
      'saveVoucher',
      {
        voucherId: uploaded.body.data.voucherId,
        orderId,
        amount: 50_000,
        reference: 'GC-1',
        channel: 'gcash',
      },
      { token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const plus = (days: number) =>
      new Date(Date.parse(`${dayAfter}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    await goTo(server, plus(3), 9);
    expect((await penalties(orderId)).length).toBe(1);

    // Rejected on the third day: the days it was under review stay free; the next day accrues again.
    const rejected = await reviewProof(server, uploaded.body.data.voucherId, 'reject', 'otherAccount');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    await goTo(server, plus(4), 9);
    expect((await penalties(orderId)).map((p) => p.day)).toEqual([dayAfter, plus(4)]);
  });

  it('stops accruing where the total charges reach 100% of the principal', async () => {
    const { orderId, token } = await disbursedLoan(server);
    const due = (await server.call('extensionData', { orderId }, { token })).body.data.dueDate;
    // ₱879 of headroom (₱1,000 cap less ₱91 interest and ₱30 fee) at ₱1.09 a day: 807 days, the last one short.
    const far = new Date(Date.parse(`${due}T00:00:00Z`) + 820 * 86_400_000).toISOString().slice(0, 10);
    await goTo(server, far, 9);
    const accrued = await penalties(orderId);
    expect(accrued.reduce((sum, p) => sum + p.amount, 0)).toBe(100_000 - 9_100 - 3_000);
    expect(accrued.at(-1)?.amount).toBeLessThan(PENALTY_A_DAY);
    await goTo(
      server,
      new Date(Date.parse(`${far}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10),
      9,
    );
    expect((await penalties(orderId)).length).toBe(accrued.length);
    expect(penaltyKey(orderId, far)).toContain(orderId);
    // An extension past the cap is free: its fee counts toward the same cap.
    const extension = (await server.call('extensionData', { orderId }, { token })).body.data;
    expect(extension).toMatchObject({ fee: 0, feeCapped: true, chargesSoFar: 100_000, chargesCap: 100_000 });
  }, 120_000);
});

function plusDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** What the collections side does when a collection for an extension order is credited. */
async function payExtension(extensionId: string, amount: number, key = `collection:${extensionId}`) {
  return server.db.transaction((tx) =>
    server.app.servicing.creditExtension(tx, { extensionId, amount, idempotencyKey: key }),
  );
}

describe('the extension', () => {
  it('shows its price and new due date, confirms once as a payable order valid 24 hours, and moves the due date once paid', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const shown = await server.call('extensionData', { orderId }, { token });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const due = shown.body.data.dueDate;
    expect(shown.body.data).toMatchObject({
      orderId,
      status: S.repaying,
      available: true,
      extensionDays: 30,
      fee: 3_000,
      feeCapped: false,
      newDueDate: plusDays(due, 30),
      overdueDays: 0,
      totalDue: 109_100,
      chargesSoFar: 12_100,
      chargesCap: 100_000,
      pending: null,
    });

    const stranger = await server.signIn();
    expect((await server.call('extensionData', { orderId }, { token: stranger.token })).status).toBe(404);
    expect((await server.call('confirmExtensionOrder', { orderId }, { token: stranger.token })).status).toBe(
      404,
    );

    const confirmed = await server.call('confirmExtensionOrder', { orderId }, { token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      orderId,
      fee: 3_000,
      status: 'pending',
      newDueDate: plusDays(due, 30),
    });
    expect(Date.parse(confirmed.body.data.expiresAt) - server.clock.now().getTime()).toBe(24 * 3600_000);
    const again = await server.call('confirmExtensionOrder', { orderId }, { token });
    expect(again.body.data.extensionId).toBe(confirmed.body.data.extensionId);
    expect((await server.call('extensionData', { orderId }, { token })).body.data.pending?.extensionId).toBe(
      confirmed.body.data.extensionId,
    );

    // Unpaid for a day: it times out, and a new confirmation prices a new order.
    server.clock.advance(24 * 3600 + 60);
    expect((await server.call('extensionData', { orderId }, { token })).body.data.pending).toBeNull();
    const fresh = await server.call('confirmExtensionOrder', { orderId }, { token });
    expect(fresh.body.data.extensionId).not.toBe(confirmed.body.data.extensionId);
    // Money for the timed-out order is credited as a repayment, never lost, and extends nothing.
    expect(await payExtension(confirmed.body.data.extensionId, 3_000)).toMatchObject({ applied: false });
    expect((await server.app.ledger.orderBalance(server.db, orderId)).paid).toBe(3_000);

    expect(await payExtension(fresh.body.data.extensionId, 3_000)).toMatchObject({ applied: true, orderId });
    expect(await payExtension(fresh.body.data.extensionId, 3_000)).toMatchObject({ applied: false, orderId });
    const after = (await server.call('extensionData', { orderId }, { token })).body.data;
    expect(after.dueDate).toBe(plusDays(due, 30));
    expect(after.pending).toBeNull();
    expect(after.chargesSoFar).toBe(12_100 + 3_000);
    const balance = await server.app.ledger.orderBalance(server.db, orderId);
    expect(balance).toMatchObject({ extensionFee: 0, paid: 6_000 });
    const [kinds] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_journals where order_id = $1 and kind = 'extension_fee'`,
      [orderId],
    );
    expect(kinds?.n).toBe(1);
  });

  it('makes an overdue loan current again, its new due date counted from today', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const due = (await server.call('extensionData', { orderId }, { token })).body.data.dueDate;
    const today = plusDays(due, 5);
    await goTo(server, today, 10);
    expect(await orderStatus(server, orderId)).toBe(S.overdue);
    const shown = (await server.call('extensionData', { orderId }, { token })).body.data;
    expect(shown).toMatchObject({ status: S.overdue, overdueDays: 5, newDueDate: plusDays(today, 30) });
    const confirmed = await server.call('confirmExtensionOrder', { orderId }, { token });
    expect(await payExtension(confirmed.body.data.extensionId, confirmed.body.data.fee)).toMatchObject({
      applied: true,
    });
    expect(await orderStatus(server, orderId)).toBe(S.repaying);
    const history = await server.app.loanOrders.history(orderId);
    expect(history.at(-1)).toMatchObject({ from: S.overdue, to: S.repaying, event: 'extend' });
    // No penalty while current again; the penalty already owed stays owed.
    const owed = (await server.app.ledger.orderBalance(server.db, orderId)).penalty;
    expect(owed).toBe(5 * 109);
    await goTo(server, plusDays(today, 10), 10);
    expect(await orderStatus(server, orderId)).toBe(S.repaying);
    expect((await server.app.ledger.orderBalance(server.db, orderId)).penalty).toBe(owed);
  });

  it('is paid through a collection channel: the sandbox cashier marks its reference paid and the due date moves', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const due = (await server.call('extensionData', { orderId }, { token })).body.data.dueDate;
    const confirmed = await server.call('confirmExtensionOrder', { orderId }, { token });
    const { extensionId } = confirmed.body.data;
    const stranger = await server.signIn();
    expect(
      (
        await server.call(
          'payExtensionOrder',
          { extensionId, channel: 'seven_eleven' },
          { token: stranger.token },
        )
      ).status,
    ).toBe(404);
    const instrument = await server.call(
      'payExtensionOrder',
      { extensionId, channel: 'seven_eleven' },
      { token },
    );
    expect(instrument.status, JSON.stringify(instrument.body)).toBe(200);
    expect(instrument.body.data).toMatchObject({ amount: 3_000, kind: 'reference', status: 'open' });
    expect(instrument.body.data?.expiresAt).toBe(confirmed.body.data.expiresAt);
    const again = await server.call('payExtensionOrder', { extensionId, channel: 'seven_eleven' }, { token });
    expect(again.body.data?.instrumentId).toBe(instrument.body.data?.instrumentId);
    // The repayment screen does not offer the extension's code as a repayment.
    const repayment = await server.call('repaymentDetail', { orderNo: orderId }, { token });
    expect(repayment.body.data.openInstruments).toEqual([]);

    const paid = await payAtCounter(server, instrument.body.data?.reference as string);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await server.settle();
    const after = (await server.call('extensionData', { orderId }, { token })).body.data;
    expect(after.dueDate).toBe(plusDays(due, 30));
    const balance = await server.app.ledger.orderBalance(server.db, orderId);
    expect(balance).toMatchObject({ paid: 3_000, extensionFee: 0, totalDue: 109_100 });
    // Every screen's refund date moved: repay_detail, Home and Records.
    const shown = (await server.call('repaymentDetail', { orderNo: orderId }, { token })).body.data;
    expect(shown.dueDate).toBe(plusDays(due, 30));
    // The fee paid the extension, not the loan: the whole balance is still due, on every screen.
    expect(shown.amountDueNow).toBe(109_100);
    // Itemised, so "paid" never reads as paid toward the loan (defect 8).
    expect(shown).toMatchObject({ paid: 3_000, paidToLoan: 0, paidToExtensionFees: 3_000 });
    const home = (await server.call('latestLoanOrder', {}, { token })).body.data;
    expect(home.dueDate).toBe(plusDays(due, 30));
    expect(home.amountDue).toBe(109_100);
    const listed = (await server.call('loanOrderList', {}, { token })).body.data[0];
    expect(listed?.dueDate).toBe(plusDays(due, 30));
    const late = await server.call('payExtensionOrder', { extensionId, channel: 'seven_eleven' }, { token });
    expect(late.body.code).toBe(40941);
  });

  it('is refused for a loan that is not being repaid', async () => {
    const signedIn = await server.signIn();
    const missing = await server.call(
      'confirmExtensionOrder',
      { orderId: '00000000-0000-4000-8000-000000000000' },
      { token: signedIn.token },
    );
    expect(missing.status).toBe(404);
  });
});
