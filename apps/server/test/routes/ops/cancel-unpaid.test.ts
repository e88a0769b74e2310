import type { InboxMessage } from '@hiram/contract/api/messages';
import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import type { Proposal } from '@hiram/contract/ops/approvals';
import type { LoanView } from '@hiram/contract/ops/loans';
import type { OpsEndpointName } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { disbursementLines } from '../../../src/domain/ledger.ts';
import { expectOk } from '../../application-fixtures.ts';
import { testDatabaseKind } from '../../database-target.ts';
import type { TestServer } from '../../helper.ts';
import { type Member, newMember, opsCall, type Signed, signIn } from '../../ops-fixtures.ts';
import {
  changeAccountCode,
  GOOD_WALLET,
  REFUSED_ONCE_WALLET,
  REFUSED_WALLET,
  signedOrder,
  wallet,
} from '../../payout-fixtures.ts';
import { journalsOf } from '../../repayment-fixtures.ts';
import { startServicingServer } from '../../servicing-fixtures.ts';

/**
 * Cancelling a loan whose payout never succeeded (issue 19 point 6, ADR 0054) on both databases: under
 * maker-checker, only while no payout is in flight or paid, and refused as stale when a payout goes out or
 * succeeds while the proposal waits.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServicingServer();
}, 60_000);
afterAll(() => server.close());

const shared: Member[] = [];
let financeA: Signed;
let financeB: Signed;
beforeAll(async () => {
  for (const role of ['finance', 'finance'] as const) shared.push(await newMember(server, role));
}, 60_000);
beforeEach(async () => {
  const signed: Signed[] = [];
  for (const m of shared) signed.push(await signIn(server, m));
  [financeA, financeB] = signed as [Signed, Signed];
});

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

const REASON = 'The borrower asked to cancel after three failed payouts';

/** A borrower who asked for the money of a signed order paid to `accountNumber`, and the payout answered. */
async function askedForMoney(accountNumber: string) {
  const borrower = await signedOrder(server, accountNumber);
  expectOk(
    'getMoney',
    await server.call('getMoney', { orderId: borrower.orderId }, { token: borrower.token }),
  );
  await server.settle();
  return borrower;
}

async function propose(orderId: string) {
  return ops(
    'opsProposalCreate',
    { kind: 'loan.cancel-unpaid', payload: { orderId }, reason: REASON },
    financeA,
  );
}

async function proposed(orderId: string): Promise<Proposal> {
  const answer = await propose(orderId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Proposal;
}

async function approve(proposalId: string) {
  const answer = await ops('opsProposalDecide', { proposalIds: [proposalId], decision: 'approve' }, financeB);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { outcomes: { status: string; errorCode: number | null }[] }).outcomes[0];
}

async function view(orderId: string): Promise<LoanView> {
  const answer = await ops('opsLoanView', { orderId }, financeA);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as LoanView;
}

describe(`cancelling a loan whose payout never succeeded (${testDatabaseKind()})`, () => {
  it('cancels it once a second member approves, with the reason on its timeline and in the audit; the borrower may apply again', async () => {
    const { orderId, token } = await askedForMoney(REFUSED_WALLET);
    const before = await view(orderId);
    expect(before.status).toBe(S.payFail);
    const failedPayoutId = before.payoutRetry?.failedPayoutId as string;

    const proposal = await proposed(orderId);
    expect(proposal.summary).toMatch(
      /^Cancel order .{8}: its payout of ₱[\d,.]+ failed 1 time and was never paid/,
    );
    expect(proposal.changes).toEqual([
      { field: 'status', label: 'Status', kind: 'text', before: 'Payout failed', after: 'Cancelled' },
    ]);
    const duplicate = await propose(orderId);
    expect([duplicate.status, duplicate.body.code]).toEqual([409, ERRORS.PROPOSAL_DUPLICATE.code]);
    expect((await view(orderId)).status).toBe(S.payFail);

    expect(await approve(proposal.proposalId)).toMatchObject({ status: 'approved', errorCode: null });
    const after = await view(orderId);
    expect(after.status).toBe(S.cancelled);
    expect(after.payoutRetry).toBeNull();
    expect(after.timeline.at(-1)).toMatchObject({ event: 'cancelUnpaid', to: S.cancelled, reason: REASON });
    // Nothing was paid out, so nothing was posted, and nothing is reversed.
    expect((await journalsOf(server, orderId)).kinds).toEqual([]);
    const [audit] = await server.db.query<{ before: unknown; after: unknown }>(
      `select before, after from audit_log where action = 'loan.cancel-unpaid' and target = $1`,
      [`loan:${orderId}`],
    );
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(parse(audit?.before)).toEqual({ status: S.payFail, payouts: 1 });
    expect(parse(audit?.after)).toMatchObject({ status: S.cancelled, reason: REASON, journalId: null });

    // The failed payout cannot be sent again, and the borrower's Home offers a new loan.
    const retry = await ops('opsPayoutRetry', { orderId, failedPayoutId }, financeA);
    expect([retry.status, retry.body.code]).toEqual([409, ERRORS.PAYOUT_NOT_RETRYABLE.code]);
    const latest = (await server.call('latestLoanOrder', {}, { token })).body.data;
    expect(latest.homeState).toBe('canLoan');
    const messages = (await server.call('messages', {}, { token })).body.data.messages as InboxMessage[];
    expect(messages.filter((m) => m.kind === 'loanCancelled')).toEqual([
      expect.objectContaining({ via: 'app', unread: true }),
    ]);
  });

  it('refuses a loan whose payout is in flight or paid', async () => {
    const paid = await askedForMoney(GOOD_WALLET);
    expect((await view(paid.orderId)).status).toBe(S.repaying);
    const refusedPaid = await propose(paid.orderId);
    expect([refusedPaid.status, refusedPaid.body.code]).toEqual([409, ERRORS.LOAN_NOT_CANCELLABLE.code]);

    const lending = await signedOrder(server, GOOD_WALLET);
    expectOk(
      'getMoney',
      await server.call('getMoney', { orderId: lending.orderId }, { token: lending.token }),
    );
    expect((await view(lending.orderId)).status).toBe(S.lending);
    const refusedLending = await propose(lending.orderId);
    expect([refusedLending.status, refusedLending.body.code]).toEqual([
      409,
      ERRORS.LOAN_NOT_CANCELLABLE.code,
    ]);
    await server.settle();
  });

  it('goes stale when the borrower’s new account is paid while the cancel waits: the loan stays paid', async () => {
    const { orderId, token, mobile } = await askedForMoney(REFUSED_WALLET);
    const proposal = await proposed(orderId);
    const code = await changeAccountCode(server, mobile);
    expectOk(
      'updateBankCard',
      await server.call('updateBankCard', { ...wallet(GOOD_WALLET), code }, { token }),
    );
    await server.settle();
    expect((await view(orderId)).status).toBe(S.repaying);

    expect(await approve(proposal.proposalId)).toMatchObject({
      status: 'stale',
      errorCode: ERRORS.LOAN_NOT_CANCELLABLE.code,
    });
    expect((await view(orderId)).status).toBe(S.repaying);
    expect((await journalsOf(server, orderId)).kinds).toEqual(['disbursement']);
  });

  it('goes stale when staff send the payout again while the cancel waits, even before the provider answers', async () => {
    const { orderId } = await askedForMoney(REFUSED_ONCE_WALLET);
    const failedPayoutId = (await view(orderId)).payoutRetry?.failedPayoutId as string;
    const proposal = await proposed(orderId);
    expect((await ops('opsPayoutRetry', { orderId, failedPayoutId }, financeA)).status).toBe(200);
    // The payout is queued, not answered: the loan is lending, the cancel would race the money.
    expect(await approve(proposal.proposalId)).toMatchObject({ status: 'stale' });
    await server.settle();
    expect((await view(orderId)).status).toBe(S.repaying);
  });

  it('reverses what the books hold of the disbursement when it cancels', async () => {
    const { orderId, quote } = await askedForMoney(REFUSED_WALLET);
    // The books are the judge: a disbursement journal of this loan (posted by hand here) is undone.
    await server.db.transaction(async (tx) => {
      await server.app.ledger.post(tx, {
        kind: 'disbursement',
        orderId,
        idempotencyKey: `disbursement:${orderId}`,
        lines: disbursementLines(quote),
      });
    });
    const proposal = await proposed(orderId);
    expect(await approve(proposal.proposalId)).toMatchObject({ status: 'approved' });
    const journals = await journalsOf(server, orderId);
    expect(journals.kinds).toEqual(['disbursement', 'reversal']);
    expect(journals.keys).toContain(`proposal:${proposal.proposalId}`);
    const balance = await server.app.ledger.orderBalance(server.db, orderId);
    expect(balance.totalDue).toBe(0);
  });
});
