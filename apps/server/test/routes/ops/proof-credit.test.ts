import { ERRORS } from '@hiram/contract/errors';
import type { Proposal } from '@hiram/contract/ops/approvals';
import type { ProofRow } from '@hiram/contract/ops/queues';
import type { OpsEndpointName, StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manilaDay } from '../../../src/domain/servicing-rules.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { newMember, opsCall, type Signed, signIn } from '../../ops-fixtures.ts';
import { journalsOf, payAtCounter } from '../../repayment-fixtures.ts';
import { disbursedLoan, sendProofOf } from '../../servicing-fixtures.ts';

/**
 * A proof of payment credited under the same rule as a bank statement line (issue 19, point 2; ADR 0052), on both
 * databases: above the lender's limit (here ₱500) a second member approves it; the reviewer may credit another
 * amount with a reason; a payment the loan already has is refused. Loans of the demo product: ₱1,091 to repay.
 */
let server: TestServer;
const TOTAL = 1_091_00;

beforeAll(async () => {
  server = await startTestServer({
    config: {
      assessmentDelaySeconds: 0,
      sessionTtlSeconds: 3650 * 86_400,
      sessionIdleSeconds: 3650 * 86_400,
      proofTwoPersonAbove: 500_00,
    },
  });
}, 60_000);
afterAll(() => server.close());

async function as(role: StaffRole): Promise<Signed & { email: string }> {
  const member = await newMember(server, role);
  return { email: member.email, ...(await signIn(server, member)) };
}

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

async function review(signed: Signed, voucherId: string, more: Record<string, unknown> = {}) {
  return ops('opsProofReview', { voucherId, decision: 'approve', ...more }, signed);
}

async function approved(signed: Signed, voucherId: string, more: Record<string, unknown> = {}) {
  const answer = await review(signed, voucherId, more);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as ProofRow;
}

async function decide(signed: Signed, proposalId: string) {
  const answer = await ops('opsProposalDecide', { proposalIds: [proposalId], decision: 'approve' }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { outcomes: { status: string; errorCode: number | null }[] }).outcomes[0];
}

async function proposalOf(signed: Signed, proposalId: string): Promise<Proposal> {
  const list = await ops('opsProposalList', { kind: 'loan.proof-credit' }, signed);
  const found = (list.body.data as { items: Proposal[] }).items.find((p) => p.proposalId === proposalId);
  expect(found).toBeDefined();
  return found as Proposal;
}

const paid = async (orderId: string) => (await server.app.ledger.orderBalance(server.db, orderId)).paid;

async function proofSent(token: string, orderId: string, amount: number, reference: string) {
  const { voucherId, saved } = await sendProofOf(server, token, orderId, amount, reference);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return voucherId;
}

describe('a proof above the lender’s limit', () => {
  it('waits for a second member with a money role, never its reviewer, and is credited once then', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const voucherId = await proofSent(token, orderId, 600_00, 'GC-6001');
    const [reviewer, otherReviewer, finance] = [
      await as('reviewer'),
      await as('reviewer'),
      await as('finance'),
    ];
    const row = await approved(reviewer, voucherId);
    expect(row).toMatchObject({ status: 'reviewing', needsSecondMember: true });
    expect(row.pendingProposalId).toEqual(expect.any(String));
    expect(await paid(orderId)).toBe(0);
    const proposalId = row.pendingProposalId as string;
    expect((await proposalOf(finance, proposalId)).summary).toContain('Credit ₱600 from a proof of payment');

    expect((await review(otherReviewer, voucherId)).body.code).toBe(
      ERRORS.PROOF_CREDIT_AWAITING_APPROVAL.code,
    );
    // Approving credits is for finance: a second reviewer may not.
    const byReviewer = await ops(
      'opsProposalDecide',
      { proposalIds: [proposalId], decision: 'approve' },
      otherReviewer,
    );
    expect(byReviewer.body.code).toBe(ERRORS.ROLE_NOT_ALLOWED.code);
    expect(await paid(orderId)).toBe(0);

    expect(await decide(finance, proposalId)).toMatchObject({ status: 'approved', errorCode: null });
    expect(await paid(orderId)).toBe(600_00);
    const queue = await ops('opsProofQueue', { status: 'approved' }, finance);
    expect(
      (queue.body.data as { items: ProofRow[] }).items.find((p) => p.voucherId === voucherId),
    ).toMatchObject({
      status: 'approved',
      pendingProposalId: null,
    });
    const audit = await ops('opsAuditList', { target: `voucher:${voucherId}` }, await as('admin'));
    expect(audit.body.data as unknown[]).toEqual([
      expect.objectContaining({
        action: 'proof.approve',
        actorEmail: finance.email,
        after: expect.objectContaining({ creditedAmount: 600_00, proposedBy: reviewer.email }),
      }),
    ]);
  }, 60_000);

  it('is never approved by the member who reviewed it', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const voucherId = await proofSent(token, orderId, 800_00, 'GC-8001');
    const finance = await as('finance');
    const row = await approved(finance, voucherId);
    expect(await decide(finance, row.pendingProposalId as string)).toMatchObject({
      status: 'pending',
      errorCode: ERRORS.PROPOSAL_OWN.code,
    });
    expect(await paid(orderId)).toBe(0);
  });

  it('is credited at once by one reviewer at or below the limit', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const voucherId = await proofSent(token, orderId, 500_00, 'GC-5001');
    expect(await approved(await as('reviewer'), voucherId)).toMatchObject({
      status: 'approved',
      needsSecondMember: false,
      orderTotalDue: TOTAL - 500_00,
    });
  });
});

describe('another amount than the borrower typed', () => {
  it('needs a reason, is credited as found and kept with it; above the limit the checker reads it', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const reviewer = await as('reviewer');
    const voucherId = await proofSent(token, orderId, 300_00, 'GC-3001');
    const noReason = await review(reviewer, voucherId, { creditAmount: 250_00 });
    expect(noReason.status).toBe(400);
    expect((noReason.body.data as { fields: unknown[] }).fields).toEqual([
      expect.objectContaining({ field: 'amountReason' }),
    ]);
    const row = await approved(reviewer, voucherId, {
      creditAmount: 250_00,
      amountReason: 'the receipt says ₱250',
    });
    expect(row).toMatchObject({
      status: 'approved',
      creditedAmount: 250_00,
      amountReason: 'the receipt says ₱250',
    });
    expect(await paid(orderId)).toBe(250_00);

    const bigger = await proofSent(token, orderId, 300_00, 'GC-3002');
    const waiting = await approved(reviewer, bigger, {
      creditAmount: 700_00,
      amountReason: 'two receipts in one photo: ₱700 in all',
    });
    const proposal = await proposalOf(await as('finance'), waiting.pendingProposalId as string);
    expect(proposal.summary).toContain('the borrower typed ₱300; the reviewer credits ₱700');
    expect(proposal.summary).toContain('two receipts in one photo');
  });
});

describe('a proof of a payment the loan already has', () => {
  it('is refused after the provider credited it, by its code or by amount and day, unless said to be another', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const counter = await server.call(
      'counterReference',
      { orderNo: orderId, payOrderId: '1', amount: 500_00, channel: 'seven_eleven' },
      { token },
    );
    const code = counter.body.data.reference as string;
    expect((await payAtCounter(server, code)).status).toBe(200);
    await server.settle();
    const reviewer = await as('reviewer');

    const sameCode = await proofSent(token, orderId, 500_00, code.toLowerCase());
    const byCode = await review(reviewer, sameCode);
    expect(byCode.body.code).toBe(ERRORS.PAYMENT_REFERENCE_CREDITED.code);
    await ops('opsProofReview', { voucherId: sameCode, decision: 'reject', reason: 'duplicate' }, reviewer);

    const lookAlike = await proofSent(token, orderId, 500_00, 'GC-7001');
    expect((await review(reviewer, lookAlike)).body.code).toBe(ERRORS.PAYMENT_MAY_BE_CREDITED.code);
    expect(await paid(orderId)).toBe(500_00);
    const row = await approved(reviewer, lookAlike, {
      differentPaymentReason: 'GCash receipt, not the 7-Eleven one',
    });
    expect(row).toMatchObject({
      status: 'approved',
      differentPaymentReason: 'GCash receipt, not the 7-Eleven one',
    });
    expect(await paid(orderId)).toBe(1_000_00);
  });

  it('is refused at approval when the same payment was credited by hand meanwhile', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const voucherId = await proofSent(token, orderId, 600_00, 'BDO-990011');
    const row = await approved(await as('reviewer'), voucherId);
    const [financeA, financeB] = [await as('finance'), await as('finance')];
    const manual = await ops(
      'opsProposalCreate',
      {
        kind: 'loan.manual-credit',
        payload: {
          orderId,
          amount: 600_00,
          bankReference: 'BDO 990011',
          receivedOn: manilaDay(server.clock.now()),
        },
        reason: 'on the statement',
      },
      financeA,
    );
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    expect(await decide(financeB, (manual.body.data as Proposal).proposalId)).toMatchObject({
      status: 'approved',
    });
    expect(await decide(financeA, row.pendingProposalId as string)).toMatchObject({
      status: 'stale',
      errorCode: ERRORS.PAYMENT_REFERENCE_CREDITED.code,
    });
    expect(await paid(orderId)).toBe(600_00);
    expect((await journalsOf(server, orderId)).kinds.filter((kind) => kind === 'repayment')).toHaveLength(1);
  });
});
