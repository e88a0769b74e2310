import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { loanStatusText } from '@hiram/contract/ops/loans';
import type { OpsEndpointName, StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations } from '../../../src/db/migrate.ts';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import type { TestServer } from '../../helper.ts';
import { newMember, opsCall, type Signed, signIn } from '../../ops-fixtures.ts';
import { journalsOf, sendCollectionEvent } from '../../repayment-fixtures.ts';
import { disbursedLoan, orderStatus, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * A written-off loan (issue 19 point 4, ADR 0053) on both databases: its own status for staff (list filter,
 * loan page, CSV) and for the borrower (Home, Records, no new loan, no credit line); a payment after it is a
 * recovery, credited once, and the one that recovers the rest ends the loan. Loans of the demo product:
 * ₱1,000 for 91 days, ₱1,091 to repay.
 */
let server: TestServer;
const TOTAL = 1_091_00;

beforeAll(async () => {
  server = await startServicingServer();
}, 60_000);
afterAll(() => server.close());

async function staff(role: StaffRole): Promise<Signed> {
  return signIn(server, await newMember(server, role, null));
}

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

/** Proposed by collections, approved by finance (maker-checker). */
async function writeOff(orderId: string): Promise<void> {
  const proposal = await ops(
    'opsProposalCreate',
    { kind: 'loan.write-off', payload: { orderId }, reason: 'unreachable for 180 days' },
    await staff('collections'),
  );
  expect(proposal.status, JSON.stringify(proposal.body)).toBe(200);
  const { proposalId } = proposal.body.data as { proposalId: string };
  const decided = await ops(
    'opsProposalDecide',
    { proposalIds: [proposalId], decision: 'approve' },
    await staff('finance'),
  );
  expect(decided.body.data).toMatchObject({ outcomes: [{ status: 'approved', errorCode: null }] });
}

/** A payment to the loan's standing account number, as the provider reports it. */
async function payStanding(token: string, orderId: string, eventId: string, amount: number) {
  const reference = await server.call('paymentReference', { orderNo: orderId }, { token });
  expect(reference.status, JSON.stringify(reference.body)).toBe(200);
  expect(reference.body.data.reference?.accountNumber).toBeTruthy();
  const [standing] = await server.db.query<{ instrument_id: string }>(
    'select instrument_id from collection_instruments where order_id = $1 and standing',
    [orderId],
  );
  const answer = await sendCollectionEvent(server, {
    eventId,
    instrumentId: standing?.instrument_id as string,
    outcome: 'paid',
    amount,
    occurredAt: server.clock.now().toISOString(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.outcome;
}

async function recoveries(orderId: string) {
  return server.db.query<{ idempotency_key: string; recovered: string; owed_back: string | null }>(
    `select j.idempotency_key,
       -sum(e.amount) filter (where e.account = 'write_off_recovery') as recovered,
       -sum(e.amount) filter (where e.account = 'borrower_overpayment') as owed_back
     from ledger_journals j join ledger_entries e on e.journal_id = j.journal_id
     where j.order_id = $1 and j.kind = 'recovery' group by j.journal_id, j.idempotency_key, j.seq order by j.seq`,
    [orderId],
  );
}

describe('a written-off loan', () => {
  let borrower: { token: string; orderId: string };
  const paid = 500_00;
  const owed = TOTAL - paid;

  beforeAll(async () => {
    const { token, orderId } = await disbursedLoan(server);
    borrower = { token, orderId };
    const counter = await server.call(
      'counterReference',
      { orderNo: orderId, payOrderId: '1', amount: paid, channel: 'seven_eleven' },
      { token },
    );
    expect(counter.status, JSON.stringify(counter.body)).toBe(200);
    expect(
      await sendCollectionEvent(server, {
        eventId: `evt-part-${orderId}`,
        instrumentId: counter.body.data.instrumentId,
        outcome: 'paid',
        amount: paid,
        occurredAt: server.clock.now().toISOString(),
      }),
    ).toMatchObject({ status: 200 });
    await writeOff(orderId);
  }, 60_000);

  it('is written off, not repaid, in the console: list filter, loan page and loans CSV', async () => {
    const { orderId } = borrower;
    expect(await orderStatus(server, orderId)).toBe(S.writtenOff);
    const viewer = await staff('viewer');
    const listed = await ops('opsLoanList', { status: 'writtenOff', q: orderId }, viewer);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    // Its amount due is what the borrower still owes, not the books' ₱0.
    expect(listed.body.data).toMatchObject({ items: [{ orderId, status: S.writtenOff, amountDue: owed }] });
    const repaid = await ops('opsLoanList', { status: 'finished', q: orderId }, viewer);
    expect(repaid.body.data).toMatchObject({ items: [] });

    const view = await ops('opsLoanView', { orderId }, viewer);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const loan = view.body.data as { status: number; timeline: { to: number }[] };
    expect(loanStatusText(loan.status)).toBe('Written off');
    expect(loan.timeline.at(-1)).toMatchObject({ to: S.writtenOff });

    const today = server.clock.now().toISOString().slice(0, 10);
    const csv = await ops(
      'opsReportExport',
      { from: '2026-01-01', to: today, kind: 'loans' },
      await staff('finance'),
    );
    expect(csv.status).toBe(200);
    const row = String(csv.raw)
      .split('\r\n')
      .find((line) => line.startsWith(`"${orderId}"`));
    expect(row?.split(',').slice(3, 5)).toEqual([String(S.writtenOff), '"Written off"']);
  });

  it('shows the borrower what she still owes, and offers no new loan until it is paid', async () => {
    const { token, orderId } = borrower;
    const latest = await server.call('latestLoanOrder', {}, { token });
    expect(latest.body.data).toMatchObject({
      homeState: 'writtenOff',
      amountDue: owed,
      order: { orderId, status: S.writtenOff, label: 'writtenOff' },
    });
    const records = await server.call('loanOrderList', {}, { token });
    expect(records.body.data).toMatchObject([{ orderId, label: 'writtenOff' }]);
    const detail = await server.call('repaymentDetail', { orderNo: orderId }, { token });
    expect(detail.body.data).toMatchObject({ status: S.writtenOff, totalDue: owed });

    expect((await server.call('creditInfo', {}, { token })).body.data).toMatchObject({ creditLimit: 0 });
    expect((await server.call('limitExceeded', {}, { token })).body.data).toEqual({ exceeded: true });
    const again = await server.call(
      'applyLoanOrder',
      { productId: DEMO_PRODUCT.productId, amount: DEMO_PRODUCT.minAmount, tenureDays: 91 },
      { token },
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: ERRORS.WRITTEN_OFF_STILL_OWED.code,
      msg: ERRORS.WRITTEN_OFF_STILL_OWED.message.en,
    });
  });

  it('credits a payment after the write-off as a recovery, exactly once; the last one ends the loan', async () => {
    const { token, orderId } = borrower;
    const first = `evt-recovery-1-${orderId}`;
    expect(await payStanding(token, orderId, first, 200_00)).toBe('credited');
    // The provider sends the same payment again: nothing more is credited.
    expect(await payStanding(token, orderId, first, 200_00)).toBe('duplicate');
    expect(await recoveries(orderId)).toEqual([
      { idempotency_key: `collection:${first}`, recovered: String(200_00), owed_back: null },
    ]);
    expect((await server.call('latestLoanOrder', {}, { token })).body.data).toMatchObject({
      homeState: 'writtenOff',
      amountDue: owed - 200_00,
    });
    // Nothing was owed back to her (the old path made every such payment an over-payment).
    expect((await server.app.ledger.orderBalance(server.db, orderId)).overpayment).toBe(0);

    // The rest and ₱10 more: the loan ends, and the ₱10 is owed back to her.
    const last = `evt-recovery-2-${orderId}`;
    expect(await payStanding(token, orderId, last, owed - 200_00 + 10_00)).toBe('credited');
    expect((await recoveries(orderId)).at(-1)).toEqual({
      idempotency_key: `collection:${last}`,
      recovered: String(owed - 200_00),
      owed_back: String(10_00),
    });
    expect(await orderStatus(server, orderId)).toBe(S.finished);
    const balance = await server.app.ledger.orderBalance(server.db, orderId);
    expect(balance).toMatchObject({ owedAfterWriteOff: 0, overpayment: 10_00, totalDue: 0 });
    expect((await journalsOf(server, orderId)).balanced).toBe(true);
    // Paid in full at last: Home's "paid" card has its date.
    expect((await server.call('latestLoanOrder', {}, { token })).body.data).toMatchObject({
      homeState: 'canLoan',
      timeline: { paidAt: server.clock.now().toISOString() },
    });
    // The payments CSV carries both recoveries as money collected.
    const today = server.clock.now().toISOString().slice(0, 10);
    const csv = await ops(
      'opsReportExport',
      { from: '2026-01-01', to: today, kind: 'payments' },
      await staff('finance'),
    );
    const rows = String(csv.raw)
      .split('\r\n')
      .filter((line) => line.includes(orderId) && line.includes('"recovery"'));
    expect(rows).toHaveLength(2);
    expect(rows.map((line) => line.split(',').at(-1))).toEqual([
      String(200_00),
      String(owed - 200_00 + 10_00),
    ]);
    expect((await server.call('limitExceeded', {}, { token })).body.data).toEqual({ exceeded: false });
    expect((await server.call('creditInfo', {}, { token })).body.data.creditLimit).toBeGreaterThan(0);
  });
});

describe('a bank-statement credit on a written-off loan', () => {
  it('is proposed with what it takes off what is still owed, and credited once as a recovery', async () => {
    const { token, orderId } = await disbursedLoan(server);
    await writeOff(orderId);
    const finance = await staff('finance');
    const line = { orderId, amount: 300_00, bankReference: 'BDO-WO-1', receivedOn: '2026-03-03' };
    const proposal = await ops(
      'opsProposalCreate',
      { kind: 'loan.manual-credit', payload: line, reason: 'found on the BDO statement' },
      finance,
    );
    expect(proposal.status, JSON.stringify(proposal.body)).toBe(200);
    expect((proposal.body.data as { changes: unknown }).changes).toEqual([
      {
        field: 'owedAfterWriteOff',
        label: 'Still owed by the borrower (written off)',
        kind: 'money',
        before: TOTAL,
        after: TOTAL - 300_00,
      },
    ]);
    // Other money actions stay refused on a written-off loan.
    const waive = await ops(
      'opsProposalCreate',
      { kind: 'loan.waive-penalty', payload: { orderId, amount: 1_00 }, reason: 'goodwill, ticket 5521' },
      finance,
    );
    expect(waive.body.code).toBe(ERRORS.LOAN_WRITTEN_OFF.code);
    const { proposalId } = proposal.body.data as { proposalId: string };
    const decided = await ops(
      'opsProposalDecide',
      { proposalIds: [proposalId], decision: 'approve' },
      await staff('finance'),
    );
    expect(decided.body.data).toMatchObject({ outcomes: [{ status: 'approved', errorCode: null }] });
    expect(await recoveries(orderId)).toEqual([
      { idempotency_key: `proposal:${proposalId}`, recovered: String(300_00), owed_back: null },
    ]);
    expect(await orderStatus(server, orderId)).toBe(S.writtenOff);
    expect((await server.call('latestLoanOrder', {}, { token })).body.data).toMatchObject({
      amountDue: TOTAL - 300_00,
    });
  });
});

describe('migration 0039', () => {
  it('moves a loan finished by a write-off before it to written off, with the change in its history', async () => {
    const { token, orderId } = await disbursedLoan(server);
    await writeOff(orderId);
    // The database as the old code left it: the write-off journal, the order finished.
    await server.db.query(`update loan_orders set status = $2 where order_id = $1`, [orderId, S.finished]);
    await server.db.query(`delete from loan_order_events where order_id = $1 and to_status = $2`, [
      orderId,
      S.writtenOff,
    ]);
    // A loan repaid in full is left alone.
    const repaid = await disbursedLoan(server);
    await server.db.query(`update loan_orders set status = $2 where order_id = $1`, [
      repaid.orderId,
      S.finished,
    ]);
    expect((await server.call('latestLoanOrder', {}, { token })).body.data.homeState).toBe('canLoan');

    const migration = (await listMigrations()).find((m) => m.version === '0039');
    await server.db.exec(migration?.sql as string);

    expect(await orderStatus(server, orderId)).toBe(S.writtenOff);
    expect(await orderStatus(server, repaid.orderId)).toBe(S.finished);
    const events = await server.db.query<{ from_status: number; to_status: number; event: string }>(
      `select from_status, to_status, event from loan_order_events where order_id = $1 and to_status = $2`,
      [orderId, S.writtenOff],
    );
    expect(events).toEqual([{ from_status: S.finished, to_status: S.writtenOff, event: 'writeOff' }]);
    expect((await server.call('latestLoanOrder', {}, { token })).body.data).toMatchObject({
      homeState: 'writtenOff',
      amountDue: TOTAL,
    });
  });
});
