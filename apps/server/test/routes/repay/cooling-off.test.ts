import type { CoolingOff } from '@hiram/contract/api/repayment';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import type { LoanView } from '@hiram/contract/ops/loans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helper.ts';
import { opsCall, signedInMember } from '../../ops-fixtures.ts';
import { journalsOf, payAtCounter, repayingLoan, sendCollectionEvent } from '../../repayment-fixtures.ts';

/** Cooling-off on both databases (ADR 0038): the money, the races, the period. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
}, 60_000);
afterAll(() => server.close());

const DAY_SECONDS = 24 * 60 * 60;

async function coolingOff(token: string, orderNo: string): Promise<CoolingOff> {
  const answer = await server.call('coolingOff', { orderNo }, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

async function cancel(token: string, orderNo: string) {
  return server.call('cancelInCoolingOff', { orderNo }, { token });
}

async function counter(token: string, orderNo: string, amount: number, channel = 'seven_eleven') {
  const answer = await server.call(
    'counterReference',
    { orderNo, payOrderId: '1', amount, channel },
    { token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { instrumentId: string; reference: string; amount: number };
}

async function status(token: string) {
  return (await server.call('latestLoanOrder', {}, { token })).body.data.order?.status;
}

/** The loan's balance per account, from its entries: what the books say it owes and earned. */
async function accounts(orderId: string): Promise<Record<string, number>> {
  const rows = await server.db.query<{ account: string; total: string | number }>(
    `select e.account, sum(e.amount) as total from ledger_entries e
     join ledger_journals j on j.journal_id = e.journal_id where j.order_id = $1 group by e.account`,
    [orderId],
  );
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.total)]));
}

describe('cooling-off', () => {
  it("states the brand's period (7 days by default) in the signed statement and offers the money received back", async () => {
    const { token, orderId } = await repayingLoan(server);
    const signed = (await server.call('loanAgreement', { orderId }, { token })).body.data;
    expect(signed.disclosure).toMatchObject({ textVersion: 2, coolingOff: { days: 7 } });
    const state = await coolingOff(token, orderId);
    const sentDay = new Date(server.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const lastDay = new Date(Date.parse(`${sentDay}T00:00:00Z`) + 7 * DAY_SECONDS * 1000)
      .toISOString()
      .slice(0, 10);
    expect(state).toMatchObject({
      state: 'available',
      days: 7,
      lastDay,
      received: signed.disclosure.netProceeds,
      amount: signed.disclosure.netProceeds,
      cancelledAt: null,
    });
    // The end of the last day in Manila.
    expect(state.deadline).toBe(new Date(Date.parse(`${lastDay}T16:00:00Z`)).toISOString());
  });

  it('cancels on the payment of the money received: one journal, interest and fee reversed, the loan cancelled', async () => {
    const { token, orderId } = await repayingLoan(server);
    const requested = await cancel(token, orderId);
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body.data.state).toBe('requested');
    // A repeat answers the same.
    expect((await cancel(token, orderId)).body.data).toEqual(requested.body.data);
    const amount = requested.body.data.amount as number;
    const code = await counter(token, orderId, amount);
    await payAtCounter(server, code.reference);
    await server.settle();

    expect(await status(token)).toBe(S.cancelled);
    const after = await coolingOff(token, orderId);
    expect(after).toMatchObject({ state: 'cancelled', amount: 0 });
    expect(after.cancelledAt).not.toBeNull();
    const ledger = await journalsOf(server, orderId);
    expect(ledger.kinds).toEqual(['disbursement', 'cancellation']);
    // Keyed by the collection, like a repayment, so reconciliation finds it in the provider's report.
    expect(ledger.keys.at(-1)).toMatch(/^collection:/);
    expect(ledger.balanced).toBe(true);
    // Nothing owed, nothing earned: the lender got back exactly what it sent.
    const books = await accounts(orderId);
    for (const account of [
      'principal_receivable',
      'interest_receivable',
      'fee_income',
      'interest_income',
      'borrower_overpayment',
    ])
      expect(books[account] ?? 0, account).toBe(0);
    expect(books.cash).toBe(0);
    const detail = (await server.call('repaymentDetail', { orderNo: orderId }, { token })).body.data;
    expect(detail).toMatchObject({
      status: S.cancelled,
      label: 'cancelled',
      totalDue: 0,
      openInstruments: [],
    });
    // Records shows it among the finished loans, as cancelled.
    const history = await server.app.loanOrders.history(orderId);
    expect(history.at(-1)).toMatchObject({ event: 'coolOff' });
    // The period's request cannot be made again.
    expect((await cancel(token, orderId)).body.code).toBe(40975);

    // The back office's loan view shows it: the status, the event in the timeline, the journal's lines.
    const staff = await signedInMember(server, 'finance');
    const view = await opsCall(server, 'opsLoanView', { orderId }, { signed: staff });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const loan = view.body.data as LoanView;
    expect(loan.status).toBe(S.cancelled);
    expect(loan.timeline.at(-1)).toMatchObject({ event: 'coolOff', to: S.cancelled });
    const cancelling = loan.ledger.flatMap((account) =>
      account.lines.filter((line) => line.kind === 'cancellation').map(() => account.account),
    );
    expect(cancelling).toEqual(expect.arrayContaining(['cash', 'principal_receivable', 'fee_income']));
    for (const account of loan.ledger.filter((a) => a.account !== 'cash')) expect(account.balance).toBe(0);
  });

  it('counts what was paid before toward the amount, and keeps a payment beyond it as owed back', async () => {
    const { token, orderId } = await repayingLoan(server);
    const before = await coolingOff(token, orderId);
    const part = 600_00;
    await payAtCounter(server, (await counter(token, orderId, part)).reference);
    await server.settle();
    const requested = (await cancel(token, orderId)).body.data as CoolingOff;
    expect(requested.amount).toBe(before.received - part);
    // A payment above the amount (here ₱100 more) cancels, and the rest is owed back to the borrower.
    const code = await counter(token, orderId, requested.amount);
    await payAtCounter(server, code.reference, requested.amount + 100_00);
    await server.settle();
    expect(await status(token)).toBe(S.cancelled);
    const books = await accounts(orderId);
    expect(books.borrower_overpayment).toBe(-100_00);
    expect(books.principal_receivable ?? 0).toBe(0);
    expect(books.interest_income ?? 0).toBe(0);
    expect(books.fee_income ?? 0).toBe(0);
    expect((await journalsOf(server, orderId)).balanced).toBe(true);
  });

  it('a payment short of the amount is an ordinary repayment, and the request stays open', async () => {
    const { token, orderId } = await repayingLoan(server);
    const requested = (await cancel(token, orderId)).body.data as CoolingOff;
    await payAtCounter(server, (await counter(token, orderId, 500_00)).reference);
    await server.settle();
    expect(await status(token)).toBe(S.repaying);
    expect(await coolingOff(token, orderId)).toMatchObject({
      state: 'requested',
      amount: requested.amount - 500_00,
    });
    expect((await journalsOf(server, orderId)).kinds).toEqual(['disbursement', 'repayment']);
  });

  it('a payment and the cancelling payment at once: one cancellation, the books balance', async () => {
    const { token, orderId } = await repayingLoan(server);
    const requested = (await cancel(token, orderId)).body.data as CoolingOff;
    const cancelling = await counter(token, orderId, requested.amount);
    const other = await counter(token, orderId, 500_00, 'mlhuillier');
    const answers = await Promise.all(
      [cancelling, other].map((instrument) =>
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
    expect(await status(token)).toBe(S.cancelled);
    const ledger = await journalsOf(server, orderId);
    expect(ledger.kinds.filter((kind) => kind === 'cancellation')).toHaveLength(1);
    expect(ledger.balanced).toBe(true);
    // Whichever came first, the borrower paid ₱500 more than they received: it is owed back to them.
    const books = await accounts(orderId);
    expect(books.borrower_overpayment).toBe(-500_00);
    expect(books.principal_receivable ?? 0).toBe(0);
  });

  it('the same cancelling event five times at once cancels once', async () => {
    const { token, orderId } = await repayingLoan(server);
    const requested = (await cancel(token, orderId)).body.data as CoolingOff;
    const code = await counter(token, orderId, requested.amount);
    const event = {
      eventId: `evt-${code.instrumentId}`,
      instrumentId: code.instrumentId,
      outcome: 'paid' as const,
      amount: code.amount,
      occurredAt: server.clock.now().toISOString(),
    };
    await Promise.all(Array.from({ length: 5 }, () => sendCollectionEvent(server, event)));
    expect(await status(token)).toBe(S.cancelled);
    expect((await journalsOf(server, orderId)).kinds).toEqual(['disbursement', 'cancellation']);
    expect((await accounts(orderId)).borrower_overpayment ?? 0).toBe(0);
  });

  it('after the period: no request, and a payment on an earlier request is an ordinary repayment', async () => {
    const early = await repayingLoan(server);
    const requested = (await cancel(early.token, early.orderId)).body.data as CoolingOff;
    const late = await repayingLoan(server);
    // An hour before the period ends, a code for the amount is made; it is paid two hours later.
    const deadline = Date.parse(requested.deadline ?? '');
    server.clock.advance((deadline - server.clock.now().getTime()) / 1000 - 3600);
    // Sessions end after days unused: the borrowers sign in again.
    const { token } = await server.signIn(early.mobile);
    const code = await counter(token, early.orderId, requested.amount);
    server.clock.advance(2 * 3600);
    const lateToken = (await server.signIn(late.mobile)).token;
    expect(await coolingOff(lateToken, late.orderId)).toMatchObject({ state: 'over' });
    const refused = await cancel(lateToken, late.orderId);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(40975);
    await payAtCounter(server, code.reference);
    await server.settle();
    expect((await journalsOf(server, early.orderId)).kinds).toEqual(['disbursement', 'repayment']);
    expect([S.repaying, S.overdue]).toContain(await status(token));
  });

  it('a payment made on the last day and credited after midnight still cancels: the provider’s time counts', async () => {
    const { token, orderId, mobile } = await repayingLoan(server);
    const requested = (await cancel(token, orderId)).body.data as CoolingOff;
    const code = await counter(token, orderId, requested.amount);
    const deadline = Date.parse(requested.deadline ?? '');
    server.clock.advance((deadline - server.clock.now().getTime()) / 1000 + 600);
    const answer = await sendCollectionEvent(server, {
      eventId: `evt-late-credit-${code.instrumentId}`,
      instrumentId: code.instrumentId,
      outcome: 'paid',
      amount: code.amount,
      occurredAt: new Date(deadline - 30 * 60_000).toISOString(),
    });
    expect(answer.body.data.outcome).toBe('credited');
    const again = (await server.signIn(mobile)).token;
    expect(await status(again)).toBe(S.cancelled);
    expect((await journalsOf(server, orderId)).kinds).toEqual(['disbursement', 'cancellation']);
  });

  it('a brand without a period offers none (40976), in the borrower’s language', async () => {
    await server.db.query('update brands set cooling_off_days = 0 where package_name = $1', [
      DEFAULT_PACKAGE_NAME,
    ]);
    await server.app.brands.load(server.db);
    try {
      const { token, orderId } = await repayingLoan(server);
      const signed = (await server.call('loanAgreement', { orderId }, { token })).body.data;
      expect(signed.disclosure.coolingOff).toEqual({ days: 0 });
      expect(await coolingOff(token, orderId)).toMatchObject({ state: 'none', days: 0 });
      const refused = await server.call('cancelInCoolingOff', { orderNo: orderId }, { token, lang: 'fil' });
      expect(refused.body.code).toBe(40976);
      expect(refused.body.msg).toBe('Walang cooling-off period ang loan na ito');
    } finally {
      await server.db.query('update brands set cooling_off_days = 7 where package_name = $1', [
        DEFAULT_PACKAGE_NAME,
      ]);
      await server.app.brands.load(server.db);
    }
  });

  it("answers another borrower's order exactly like a missing one", async () => {
    const { orderId } = await repayingLoan(server);
    const other = await server.signIn();
    const answer = await cancel(other.token, orderId);
    expect(answer.status).toBe(404);
  });
});
