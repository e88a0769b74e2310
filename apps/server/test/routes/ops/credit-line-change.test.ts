import type { InboxMessage } from '@hiram/contract/api/messages';
import { ERRORS } from '@hiram/contract/errors';
import { formatPeso } from '@hiram/contract/money';
import type { Proposal } from '@hiram/contract/ops/approvals';
import type { BorrowerView } from '@hiram/contract/ops/borrowers';
import type { OpsEndpointName, StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCreditLine } from '../../credit-line-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';

/**
 * Staff change a borrower's credit line under maker-checker (issue 21, Credit lines; ADR 0068): a reviewer or
 * risk officer proposes (unfreeze, another amount) with a reason, a risk officer or an admin approves, never
 * the maker; approved, the line changes once with one 'staffChange' event naming the proposal, an audit row,
 * and a notice in the borrower's inbox in her language. On both databases.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const member = (role: StaffRole) => signedInMember(server, role);
const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

/** A borrower whose ₱3,000 line a late payment put on hold. */
async function frozenBorrower() {
  const borrower = await server.signIn();
  await setCreditLine(server, borrower.userId, 300_000);
  await server.db.query('update credit_lines set frozen = true where user_id = $1', [borrower.userId]);
  return borrower;
}

async function propose(signed: Signed, payload: object, reason = 'Late payment explained: hospital stay') {
  return ops('opsProposalCreate', { kind: 'credit-line.change', payload, reason }, signed);
}

async function decide(signed: Signed, proposalId: string) {
  const answer = await ops('opsProposalDecide', { proposalIds: [proposalId], decision: 'approve' }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { outcomes: { status: string | null; errorCode: number | null }[] })
    .outcomes[0];
}

async function staffEvents(userId: string) {
  return server.db.query<{ proposal_id: string; old_amount: string; new_amount: string; frozen: boolean }>(
    `select proposal_id, old_amount, new_amount, frozen from credit_line_events
     where user_id = $1 and reason = 'staffChange'`,
    [userId],
  );
}

describe('a staff change of a credit line', () => {
  it('is proposed by a reviewer, refused to the maker and to a reviewer, applied once by risk, told to her', async () => {
    const borrower = await frozenBorrower();
    const reviewer = await member('reviewer');
    const proposed = await propose(reviewer, { userId: borrower.userId, amount: 500_000, frozen: false });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const proposal = proposed.body.data as Proposal;
    expect(proposal).toMatchObject({
      kind: 'credit-line.change',
      targetType: 'borrower',
      targetId: borrower.userId,
      summary: 'Set the credit line from ₱3,000 to ₱5,000',
      changes: [
        { field: 'creditLine.amount', kind: 'money', before: 300_000, after: 500_000 },
        { field: 'creditLine.frozen', kind: 'text', before: 'On hold', after: 'Grows' },
      ],
    });
    // The same change cannot wait twice.
    const twice = await propose(await member('reviewer'), {
      userId: borrower.userId,
      amount: 500_000,
      frozen: false,
    });
    expect(twice.body.code).toBe(ERRORS.PROPOSAL_DUPLICATE.code);

    // Not by a reviewer, the maker or another: reviewers propose line changes, risk officers and admins decide.
    for (const signed of [reviewer, await member('reviewer')]) {
      const refused = await ops(
        'opsProposalDecide',
        { proposalIds: [proposal.proposalId], decision: 'approve' },
        signed,
      );
      expect(refused.body.code).toBe(ERRORS.ROLE_NOT_ALLOWED.code);
    }
    expect(await staffEvents(borrower.userId)).toEqual([]);

    const risk = await member('risk');
    expect(await decide(risk, proposal.proposalId)).toMatchObject({ status: 'approved', errorCode: null });
    // Decided once: a second approval changes nothing more.
    expect(await decide(await member('admin'), proposal.proposalId)).toMatchObject({
      errorCode: ERRORS.PROPOSAL_DECIDED.code,
    });
    // The same proposal applied again (an approval retried) writes nothing more.
    const again = await server.db.transaction((tx) =>
      server.app.creditLines.staffChange(tx, {
        userId: borrower.userId,
        amount: 500_000,
        frozen: false,
        proposalId: proposal.proposalId,
        at: server.clock.now(),
      }),
    );
    expect(again).toBeNull();
    const events = await staffEvents(borrower.userId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ proposal_id: proposal.proposalId, frozen: false });
    expect(Number(events[0]?.old_amount)).toBe(300_000);
    expect(Number(events[0]?.new_amount)).toBe(500_000);

    // Her line is the new one wherever she reads it.
    const info = await server.call('creditInfo', {}, { token: borrower.token });
    expect(info.body.data).toMatchObject({ creditLimit: 500_000, frozen: false });

    // Audited with maker and checker.
    const [audit] = await server.db.query<{ actor_email: string; after: { proposedBy: string } }>(
      `select actor_email, after from audit_log where action = 'credit-line.change' and target = $1`,
      [`borrower:${borrower.userId}`],
    );
    expect(audit?.actor_email).toBe(risk.email);
    expect(audit?.after.proposedBy).toBe(reviewer.email);

    // Told in her inbox, in the language she reads.
    const fil = await server.call('messages', {}, { token: borrower.token, lang: 'fil' });
    const notice = (fil.body.data.messages as InboxMessage[]).find((m) => m.kind === 'creditLineChanged');
    expect(notice?.text).toContain(`ang credit line mo ay ${formatPeso(500_000)} na ngayon`);
    const es = await server.call('messages', {}, { token: borrower.token, lang: 'es' });
    expect(
      (es.body.data.messages as InboxMessage[]).find((m) => m.kind === 'creditLineChanged')?.text,
    ).toContain(`su línea de crédito ahora es de ${formatPeso(500_000)}`);

    // The borrower page shows the line and its history, newest first, naming the proposal.
    const view = await ops('opsBorrowerView', { userId: borrower.userId }, await member('viewer'));
    const line = (view.body.data as BorrowerView).creditLine;
    expect(line).toMatchObject({ amount: 500_000, frozen: false });
    expect(line.history[0]).toMatchObject({
      reason: 'staffChange',
      oldAmount: 300_000,
      newAmount: 500_000,
      proposalId: proposal.proposalId,
      orderId: null,
    });
    expect(line.history.at(-1)).toMatchObject({ reason: 'opened' });
  });

  it('puts a line on hold (an admin maker cannot approve it), and says so to her', async () => {
    const borrower = await server.signIn();
    await setCreditLine(server, borrower.userId, 800_000);
    const admin = await member('admin');
    const proposed = await propose(admin, { userId: borrower.userId, amount: 800_000, frozen: true });
    expect((proposed.body.data as Proposal).summary).toBe('Put the credit line of ₱8,000 on hold');
    // A maker who may approve this kind still never approves their own.
    expect(await decide(admin, (proposed.body.data as Proposal).proposalId)).toMatchObject({
      errorCode: ERRORS.PROPOSAL_OWN.code,
    });
    expect(await staffEvents(borrower.userId)).toEqual([]);
    const outcome = await decide(await member('admin'), (proposed.body.data as Proposal).proposalId);
    expect(outcome).toMatchObject({ status: 'approved' });
    const inbox = await server.call('messages', {}, { token: borrower.token, lang: 'en' });
    expect(
      (inbox.body.data.messages as InboxMessage[]).find((m) => m.kind === 'creditLineFrozen')?.text,
    ).toContain(`your credit line is ${formatPeso(800_000)} and on hold`);
  });

  it('refuses a change that changes nothing, a role that may not propose, and a line changed meanwhile', async () => {
    const borrower = await frozenBorrower();
    const unchanged = await propose(await member('reviewer'), {
      userId: borrower.userId,
      amount: 300_000,
      frozen: true,
    });
    expect(unchanged.body.code).toBe(ERRORS.CREDIT_LINE_UNCHANGED.code);
    const support = await propose(await member('support'), {
      userId: borrower.userId,
      amount: 500_000,
      frozen: false,
    });
    expect(support.body.code).toBe(ERRORS.ROLE_NOT_ALLOWED.code);

    const proposed = await propose(await member('reviewer'), {
      userId: borrower.userId,
      amount: 500_000,
      frozen: false,
    });
    const { proposalId } = proposed.body.data as Proposal;
    // Another change of the line before the approval (here set by hand): the proposal is stale.
    await server.db.query('update credit_lines set amount = 400000 where user_id = $1', [borrower.userId]);
    expect(await decide(await member('risk'), proposalId)).toMatchObject({
      status: 'stale',
      errorCode: ERRORS.PROPOSAL_STALE.code,
    });
    expect(await staffEvents(borrower.userId)).toEqual([]);
  });
});
