import type { InboxMessage } from '@hiram/contract/api/messages';
import { ERRORS } from '@hiram/contract/errors';
import type { Proposal } from '@hiram/contract/ops/approvals';
import type { LoanRefunds } from '@hiram/contract/ops/refunds';
import type { OpsEndpointName } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manilaDay } from '../../../src/domain/servicing-rules.ts';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  webhookSignature,
} from '../../../src/domain/webhook-signature.ts';
import { testDatabaseKind } from '../../database-target.ts';
import type { TestServer } from '../../helper.ts';
import { type Member, newMember, opsCall, type Signed, signIn } from '../../ops-fixtures.ts';
import { GOOD_WALLET, REFUSED_ONCE_WALLET, signedOrder } from '../../payout-fixtures.ts';
import { journalsOf, sendCollectionEvent } from '../../repayment-fixtures.ts';
import { payOut, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * Refunding an over-payment (issue 19 point 3, ADR 0054) on both databases: proposed and approved by two
 * finance members, paid through the sandbox payout provider and its signed callback, posted once when paid;
 * the payment-exceptions queue links to it and lets the loan go once it is paid.
 */
let server: TestServer;
const OVERPAID = 200_00;

beforeAll(async () => {
  server = await startServicingServer();
}, 60_000);
afterAll(() => server.close());

const shared: Member[] = [];
let financeA: Signed;
let financeB: Signed;
let admin: Signed;
beforeAll(async () => {
  for (const role of ['finance', 'finance', 'admin'] as const) shared.push(await newMember(server, role));
}, 60_000);
beforeEach(async () => {
  const signed: Signed[] = [];
  for (const m of shared) signed.push(await signIn(server, m));
  [financeA, financeB, admin] = signed as [Signed, Signed, Signed];
});

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

/** A paid-out loan whose borrower, paid to `accountNumber`, sent ₱200 more than everything she owed. */
async function overpaidLoan(accountNumber = GOOD_WALLET) {
  const borrower = await signedOrder(server, accountNumber);
  // Paid out as the disbursement side records it, without a transfer: the sandbox's first transfer to this
  // account is then the refund.
  await payOut(server, borrower.orderId);
  const { totalDue } = await server.app.ledger.orderBalance(server.db, borrower.orderId);
  const reference = await server.call(
    'paymentReference',
    { orderNo: borrower.orderId },
    { token: borrower.token },
  );
  expect(reference.status, JSON.stringify(reference.body)).toBe(200);
  const [standing] = await server.db.query<{ instrument_id: string }>(
    'select instrument_id from collection_instruments where order_id = $1 and standing',
    [borrower.orderId],
  );
  const paid = await sendCollectionEvent(server, {
    eventId: `evt-over-${borrower.orderId}`,
    instrumentId: standing?.instrument_id as string,
    outcome: 'paid',
    amount: totalDue + OVERPAID,
    occurredAt: server.clock.now().toISOString(),
  });
  expect(paid.body.data.outcome).toBe('credited');
  return borrower;
}

async function propose(signed: Signed, orderId: string, amount = OVERPAID) {
  return ops(
    'opsProposalCreate',
    { kind: 'loan.refund-overpayment', payload: { orderId, amount }, reason: 'paid ₱200 too much' },
    signed,
  );
}

async function proposed(signed: Signed, orderId: string, amount = OVERPAID): Promise<Proposal> {
  const answer = await propose(signed, orderId, amount);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Proposal;
}

async function decide(signed: Signed, proposalId: string) {
  const answer = await ops('opsProposalDecide', { proposalIds: [proposalId], decision: 'approve' }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { outcomes: { status: string; errorCode: number | null }[] }).outcomes[0];
}

/** The loan's row in the payment-exceptions queue as finance sees it; undefined once it left the queue. */
async function queueRow(orderId: string) {
  const answer = await ops('opsPaymentExceptionQueue', { kind: 'overpayment', pageSize: 100 }, financeA);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const page = answer.body.data as { items: { orderId: string; amount: number; refund: unknown }[] };
  return page.items.find((row) => row.orderId === orderId);
}

/** The notices of a refund in the borrower's inbox (ADR 0055). */
async function refundNotices(token: string): Promise<InboxMessage[]> {
  const answer = await server.call('messages', {}, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data.messages as InboxMessage[]).filter((m) => m.kind === 'overpaymentRefunded');
}

async function refunds(orderId: string): Promise<LoanRefunds> {
  const answer = await ops('opsLoanRefunds', { orderId }, financeA);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as LoanRefunds;
}

async function refundJournals(orderId: string) {
  return (await journalsOf(server, orderId)).kinds.filter((kind) => kind === 'overpayment_refund');
}

/** Transfers the sandbox provider made for this loan's refunds (its own books). */
async function sandboxRefunds(orderId: string) {
  return server.db.query<{ outcome: string }>(
    `select s.outcome from sandbox_payouts s join overpayment_refunds r on r.refund_id::text = s.idempotency_key
     where r.order_id = $1 order by s.requested_at`,
    [orderId],
  );
}

/** A payout result as the provider posts it to our callback, signed. */
async function postResult(event: Record<string, unknown>) {
  const rawBody = JSON.stringify(event);
  const timestamp = Math.floor(server.clock.now().getTime() / 1000);
  return server.request({
    method: 'POST',
    url: '/api/callback/payout/result',
    headers: {
      'content-type': 'application/json',
      packagename: 'ph.hiram.app',
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: webhookSignature(server.config.payoutWebhookSecret, timestamp, rawBody),
    },
    payload: rawBody,
  });
}

describe(`refunding an over-payment (${testDatabaseKind()})`, () => {
  it('pays it back once a second member approves, posts it once when the provider says paid, and the queue lets it go', async () => {
    const { orderId, token } = await overpaidLoan();
    expect(await queueRow(orderId)).toMatchObject({ amount: OVERPAID, refund: null });

    const proposal = await proposed(financeA, orderId);
    expect(proposal.summary).toContain('Refund ₱200 of the ₱200 over-payment');
    expect(proposal.summary).toContain('ending 2222');
    // The checker sees what changes: what is owed back, and where the money goes.
    expect(proposal.changes).toEqual([
      { field: 'overpayment', label: 'Owed back to the borrower', kind: 'money', before: OVERPAID, after: 0 },
      { field: 'refundTo', label: 'Paid to', kind: 'text', before: null, after: 'GCash account ending 2222' },
    ]);
    expect(await queueRow(orderId)).toMatchObject({
      refund: { progress: 'proposed', proposalId: proposal.proposalId, refundId: null },
    });
    // Nothing leaves before approval.
    expect(await sandboxRefunds(orderId)).toEqual([]);

    const approved = await decide(financeB, proposal.proposalId);
    expect(approved).toMatchObject({ status: 'approved', errorCode: null });
    const [queued] = (await refunds(orderId)).refunds;
    expect(queued).toMatchObject({ state: 'queued', amount: OVERPAID, accountNumber: '*** 2222' });
    expect(await queueRow(orderId)).toMatchObject({
      refund: { progress: 'sending', proposalId: proposal.proposalId, refundId: queued?.refundId },
    });
    // The money has not left yet: the books still owe it to her.
    expect(await refundJournals(orderId)).toEqual([]);
    expect(await refundNotices(token)).toEqual([]);

    await server.settle();
    expect(await sandboxRefunds(orderId)).toEqual([{ outcome: 'paid' }]);
    expect(await refunds(orderId)).toMatchObject({
      overpayment: 0,
      refunds: [{ refundId: queued?.refundId, state: 'succeeded', retryable: false }],
    });
    const journals = await journalsOf(server, orderId);
    expect(journals.kinds.filter((kind) => kind === 'overpayment_refund')).toHaveLength(1);
    expect(journals.keys).toContain(`refund:${proposal.proposalId}`);
    expect(journals.balanced).toBe(true);
    expect(await queueRow(orderId)).toBeUndefined();
    // She is told once the money has left, in the app and by text.
    expect(await refundNotices(token)).toEqual([
      expect.objectContaining({ via: 'sms', text: expect.stringContaining('₱200') }),
    ]);

    // The same result delivered again, and a late contrary one: nothing more moves.
    const event = {
      eventId: `sandbox-transfer-${queued?.refundId}`,
      payoutId: queued?.refundId,
      amount: OVERPAID,
    };
    const again = await postResult({ ...event, outcome: 'paid' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const contrary = await postResult({
      ...event,
      eventId: 'late-failure',
      outcome: 'failed',
      failure: 'accountRejected',
    });
    expect(contrary.status, JSON.stringify(contrary.body)).toBe(200);
    expect(await refundJournals(orderId)).toHaveLength(1);
    expect((await refunds(orderId)).refunds[0]?.state).toBe('succeeded');
    expect(await refundNotices(token)).toHaveLength(1);

    // Nothing is left to refund; a borrower's own order stays hers.
    const nothing = await propose(financeA, orderId);
    expect([nothing.status, nothing.body.code]).toEqual([409, ERRORS.REFUND_NOTHING_OWED.code]);
    const audit = await server.db.query<{ action: string }>(
      'select action from audit_log where target = $1 order by audit_id',
      [`loan:${orderId}`],
    );
    expect(audit.map((row) => row.action)).toEqual([
      'proposal.create',
      'loan.refund-overpayment',
      'proposal.approve',
    ]);
    expect((await server.call('latestLoanOrder', {}, { token })).status).toBe(200);
  });

  it('moves the money once when two checkers approve at the same moment', async () => {
    const { orderId } = await overpaidLoan();
    const proposal = await proposed(financeA, orderId);
    const outcomes = await Promise.all([
      decide(financeB, proposal.proposalId),
      decide(admin, proposal.proposalId),
    ]);
    expect(outcomes.map((o) => o?.errorCode).sort()).toEqual([ERRORS.PROPOSAL_DECIDED.code, null]);
    await server.settle();
    expect(await sandboxRefunds(orderId)).toHaveLength(1);
    expect(await refundJournals(orderId)).toHaveLength(1);
    expect((await refunds(orderId)).refunds).toHaveLength(1);
  });

  it('keeps a failed refund visible and owed, sends it again once for two clicks, then posts it once', async () => {
    // The sandbox refuses the first transfer to an account ending 1000 (a bank briefly down).
    const { orderId, token } = await overpaidLoan(REFUSED_ONCE_WALLET);
    const proposal = await proposed(financeA, orderId);
    await decide(financeB, proposal.proposalId);
    await server.settle();
    const [failed] = (await refunds(orderId)).refunds;
    expect(failed).toMatchObject({ state: 'failed', failure: 'accountRejected', retryable: true });
    expect(await refundJournals(orderId)).toEqual([]);
    expect(await refundNotices(token)).toEqual([]);
    expect(await queueRow(orderId)).toMatchObject({
      amount: OVERPAID,
      refund: { progress: 'failed', refundId: failed?.refundId, proposalId: proposal.proposalId },
    });

    const clicks = await Promise.all([
      ops('opsRefundRetry', { orderId, failedRefundId: failed?.refundId }, financeA),
      ops('opsRefundRetry', { orderId, failedRefundId: failed?.refundId }, financeB),
    ]);
    expect(clicks.map((a) => a.status).sort(), JSON.stringify(clicks.map((a) => a.body))).toEqual([200, 409]);
    expect(clicks.find((a) => a.status === 409)?.body.code).toBe(ERRORS.REFUND_NOT_RETRYABLE.code);
    // While one is in flight another refund cannot be proposed.
    const meanwhile = await propose(financeA, orderId);
    expect([meanwhile.status, meanwhile.body.code]).toEqual([409, ERRORS.REFUND_IN_FLIGHT.code]);

    await server.settle();
    expect((await sandboxRefunds(orderId)).map((t) => t.outcome)).toEqual(['failed', 'paid']);
    expect((await refunds(orderId)).refunds.map((r) => r.state)).toEqual(['succeeded', 'failed']);
    expect(await refundJournals(orderId)).toHaveLength(1);
    expect(await queueRow(orderId)).toBeUndefined();
    // The day's payout reconciliation finds both transfers where the books say: nothing to explain.
    const transfers = (await refunds(orderId)).refunds.map((r) => r.refundId);
    expect(await server.app.reconciliation.reconcile('payouts', manilaDay(server.clock.now()))).toMatchObject(
      {
        ran: true,
      },
    );
    const unexplained = await server.db.query(
      'select kind from reconciliation_differences where reference = any($1::text[])',
      [transfers],
    );
    expect(unexplained).toEqual([]);
    const retried = await server.db.query('select 1 from audit_log where action = $1 and target = $2', [
      'refund.retry',
      `loan:${orderId}`,
    ]);
    expect(retried).toHaveLength(1);
  });

  it('lets only finance and admins refund, and a member of another brand finds no such loan', async () => {
    const { orderId } = await overpaidLoan();
    const support = await signIn(server, await newMember(server, 'support'));
    const byRole = await propose(support, orderId);
    expect([byRole.status, byRole.body.code]).toEqual([403, ERRORS.ROLE_NOT_ALLOWED.code]);
    const retry = await ops('opsRefundRetry', { orderId, failedRefundId: orderId }, support);
    expect([retry.status, retry.body.code]).toEqual([403, ERRORS.ROLE_NOT_ALLOWED.code]);
    const viewer = await signIn(server, await newMember(server, 'viewer'));
    expect((await ops('opsLoanRefunds', { orderId }, viewer)).status).toBe(403);
    await server.db.query(
      `insert into brands (package_name, app_name, support_email, support_phone, support_hours)
       values ('ph.other.refunds', 'Other', 'help@other.example', '+63281234567', '9-5') on conflict do nothing`,
    );
    const elsewhere = await signIn(server, await newMember(server, 'finance', 'ph.other.refunds'));
    const hidden = await propose(elsewhere, orderId);
    expect([hidden.status, hidden.body.code]).toEqual([404, ERRORS.NOT_FOUND.code]);
    expect((await ops('opsLoanRefunds', { orderId }, elsewhere)).status).toBe(404);
  });

  it('refuses more than is owed, and goes stale when what is owed changes before approval', async () => {
    const { orderId } = await overpaidLoan();
    const tooMuch = await propose(financeA, orderId, OVERPAID + 1);
    expect([tooMuch.status, tooMuch.body.code]).toEqual([400, ERRORS.REFUND_TOO_LARGE.code]);
    const proposal = await proposed(financeA, orderId);
    // She pays ₱50 more meanwhile: the checker would approve against another balance.
    const [standing] = await server.db.query<{ instrument_id: string }>(
      'select instrument_id from collection_instruments where order_id = $1 and standing',
      [orderId],
    );
    await sendCollectionEvent(server, {
      eventId: `evt-more-${orderId}`,
      instrumentId: standing?.instrument_id as string,
      outcome: 'paid',
      amount: 50_00,
      occurredAt: server.clock.now().toISOString(),
    });
    expect(await decide(financeB, proposal.proposalId)).toMatchObject({
      status: 'stale',
      errorCode: ERRORS.PROPOSAL_STALE.code,
    });
    await server.settle();
    expect(await sandboxRefunds(orderId)).toEqual([]);
  });
});
