import type { LoanRestructure } from '@hiram/contract/api/restructure';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import type { Proposal } from '@hiram/contract/ops/approvals';
import type { OpsEndpointName, StaffRole } from '@hiram/contract/ops/staff';
import type { RestructurePreview } from '@hiram/contract/restructure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../helper.ts';
import { opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';
import { disbursedLoan, goTo, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * Hardship (issue 22; ADR 0077), on both databases: a restructure within the caps and refused beyond them,
 * maker-checker (the maker never approves, only a supervisor or an admin), nothing in effect before the
 * borrower signs, one journal however often she taps sign, the old schedule kept, and a payment holiday that
 * pauses penalties while the clock moves.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServicingServer();
}, 60_000);
afterAll(() => server.close());

const member = (role: StaffRole) => signedInMember(server, role);
const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

const TERMS = {
  instalments: 3,
  daysBetween: 30,
  monthlyInterestBps: 100,
  penaltyReductionBps: 5000,
  dailyPenaltyBps: 10,
};

/** A loan 10 days past its due date, penalties accrued. */
async function overdueLoan() {
  const loan = await disbursedLoan(server);
  const due = (await server.call('extensionData', { orderId: loan.orderId }, { token: loan.token })).body.data
    .dueDate as string;
  await goTo(
    server,
    new Date(Date.parse(`${due}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10),
    10,
  );
  return loan;
}

async function propose(kind: string, payload: object, maker: Signed) {
  return ops('opsProposalCreate', { kind, payload, reason: 'lost her job, asked for time' }, maker);
}

async function decide(proposalId: string, checker: Signed) {
  const answer = await ops('opsProposalDecide', { proposalIds: [proposalId], decision: 'approve' }, checker);
  if (answer.status !== 200) return { status: `http ${answer.status}`, errorCode: answer.body.code };
  return (answer.body.data as { outcomes: { status: string; errorCode: number | null }[] }).outcomes[0];
}

const caseOf = async (orderId: string) =>
  (
    await server.db.query<{ status: string; close_reason: string | null }>(
      'select status, close_reason from collection_cases where order_id = $1',
      [orderId],
    )
  )[0];

const journals = async (orderId: string, kind: string) =>
  server.db.query(`select 1 from ledger_journals where order_id = $1 and kind = $2`, [orderId, kind]);

describe('a restructure', () => {
  it('is previewed, refused beyond the caps, approved by a supervisor only, and in effect only once signed', async () => {
    const { orderId, token } = await overdueLoan();
    const agent = await member('collections');
    const preview = await ops('opsRestructurePreview', { orderId, ...TERMS }, agent);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const figures = preview.body.data as RestructurePreview;
    expect(figures.violations).toEqual([]);
    expect(figures.after.schedule).toHaveLength(3);
    expect(figures.after.schedule.reduce((sum, line) => sum + line.total, 0)).toBe(
      figures.after.totalPayable,
    );
    expect(figures.after.penaltyForgiven).toBe(Math.round(figures.before.penalty / 2));

    // Beyond the caps in force today (nominal 6% a month): refused, naming the cap.
    const above = await propose('loan.restructure', { orderId, ...TERMS, monthlyInterestBps: 700 }, agent);
    expect(above.status).toBe(409);
    expect(above.body.code).toBe(40968);
    const penaltyAbove = await propose('loan.restructure', { orderId, ...TERMS, dailyPenaltyBps: 20 }, agent);
    expect(penaltyAbove.body.code).toBe(40968);

    const proposed = await propose('loan.restructure', { orderId, ...TERMS }, agent);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const proposal = proposed.body.data as Proposal;
    expect(proposal.changes.map((change) => change.field)).toEqual(
      expect.arrayContaining(['schedule', 'totalPayable', 'penalty', 'effectiveMonthlyRate']),
    );
    // The checker's inbox lists it, old → new read again against the loan now.
    const pending = await ops(
      'opsProposalList',
      { status: 'pending' },
      await member('collectionsSupervisor'),
    );
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    // The maker cannot approve her own; finance is not a checker of hardship.
    expect((await decide(proposal.proposalId, agent))?.errorCode).not.toBeNull();
    expect((await decide(proposal.proposalId, await member('finance')))?.errorCode).not.toBeNull();
    expect(await decide(proposal.proposalId, await member('collectionsSupervisor'))).toMatchObject({
      status: 'approved',
      errorCode: null,
    });
    // A retried approval decides nothing twice.
    expect((await decide(proposal.proposalId, await member('admin')))?.errorCode).not.toBeNull();
    expect(
      await server.db.query(`select 1 from loan_restructures where order_id = $1`, [orderId]),
    ).toHaveLength(1);
    // Approved but not signed: nothing changed on the loan.
    const [order] = await server.db.query<{ status: number }>(
      'select status from loan_orders where order_id = $1',
      [orderId],
    );
    expect(order?.status).toBe(S.overdue);
    expect(await journals(orderId, 'restructure')).toHaveLength(0);

    // She reads it in the app and signs with a code: it takes effect once, however often she taps.
    const offer = await server.call('loanRestructure', { orderId }, { token });
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    const offered = offer.body.data as LoanRestructure;
    expect(offered).toMatchObject({ status: 'awaitingSignature', totalPayable: figures.after.totalPayable });
    const code = await server.ownCode(token, 'signAgreement');
    const input = { orderId, documentHash: offered.documentHash, agreed: true, code };
    const signed = await server.call('signRestructure', input, { token });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data).toMatchObject({ status: 'signed' });
    const again = await server.call('signRestructure', input, { token });
    expect(again.body.data.signedAt).toBe(signed.body.data.signedAt);
    expect(await journals(orderId, 'restructure')).toHaveLength(1);
    const [after] = await server.db.query<{ status: number }>(
      'select status from loan_orders where order_id = $1',
      [orderId],
    );
    expect(after?.status).toBe(S.repaying);
    // The old schedule is kept beside the new one; what she owes is the new total.
    const [kept] = await server.db.query<{ old_schedule: unknown[] }>(
      `select old_schedule from loan_restructures where order_id = $1 and status = 'signed'`,
      [orderId],
    );
    expect(kept?.old_schedule).toHaveLength(1);
    const balance = await server.app.ledger.orderBalance(server.db, orderId);
    expect(balance.totalDue).toBe(offered.totalPayable);
    expect(await caseOf(orderId)).toMatchObject({ status: 'closed', close_reason: 'restructured' });
    // No extension is offered on the schedule she signed.
    expect((await server.call('extensionData', { orderId }, { token })).body.data).toMatchObject({
      available: false,
    });
    expect((await server.call('confirmExtensionOrder', { orderId }, { token })).body.code).toBe(40940);
    // Her loan's page asks for the first new instalment, by its date, not overdue.
    const detail = await server.call('repaymentDetail', { orderNo: orderId }, { token });
    expect(detail.body.data).toMatchObject({ dueDate: offered.schedule[0]?.dueDate, daysOverdue: 0 });
    const inbox = await server.call('messages', {}, { token, lang: 'fil' });
    expect(inbox.body.data.messages.map((m: { kind: string }) => m.kind)).toEqual(
      expect.arrayContaining(['restructured', 'restructureOffered']),
    );

    // The first new instalment unpaid past its date: a broken arrangement, the case reopens.
    const first = offered.schedule[0]?.dueDate as string;
    await goTo(
      server,
      new Date(Date.parse(`${first}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10),
      10,
    );
    const [fallen] = await server.db.query<{ status: number }>(
      'select status from loan_orders where order_id = $1',
      [orderId],
    );
    expect(fallen?.status).toBe(S.overdue);
    expect((await caseOf(orderId))?.status).not.toBe('closed');
  });
});

describe('a payment holiday', () => {
  it('pauses penalties for its days while the clock moves, approved by a supervisor', async () => {
    const { orderId } = await overdueLoan();
    const penalty = async () => (await server.app.ledger.orderBalance(server.db, orderId)).penalty;
    const proposed = await propose('loan.payment-holiday', { orderId, days: 5 }, await member('collections'));
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const { proposalId } = proposed.body.data as Proposal;
    expect(await decide(proposalId, await member('admin'))).toMatchObject({ status: 'approved' });
    const before = await penalty();
    const today = new Date(server.clock.now().getTime() + 8 * 3600_000);
    const day = (n: number) => new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    await goTo(server, day(4), 10);
    expect(await penalty()).toBe(before);
    await goTo(server, day(6), 10);
    expect(await penalty()).toBeGreaterThan(before);
  });
});

describe('an offer not signed', () => {
  it('lapses after 7 days; another borrower never sees it', async () => {
    const { orderId, token } = await overdueLoan();
    const proposed = await propose('loan.restructure', { orderId, ...TERMS }, await member('collections'));
    const { proposalId } = proposed.body.data as Proposal;
    expect(await decide(proposalId, await member('collectionsSupervisor'))).toMatchObject({
      status: 'approved',
    });
    // A second restructure cannot wait beside it.
    const second = await propose(
      'loan.restructure',
      { orderId, ...TERMS, instalments: 2 },
      await member('admin'),
    );
    expect(second.body.code).toBe(40973);
    const stranger = await server.signIn();
    expect((await server.call('loanRestructure', { orderId }, { token: stranger.token })).status).toBe(404);
    const offer = (await server.call('loanRestructure', { orderId }, { token })).body.data as LoanRestructure;
    const later = new Date(Date.parse(`${offer.signBy}T00:00:00Z`) + 2 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await goTo(server, later, 10);
    // The early-morning run lapsed it before she opened the app: the console reads it lapsed.
    const [kept] = await server.db.query<{ status: string }>(
      'select status from loan_restructures where order_id = $1',
      [orderId],
    );
    expect(kept?.status).toBe('lapsed');
    const code = await server.ownCode(token, 'signAgreement');
    const late = await server.call(
      'signRestructure',
      { orderId, documentHash: offer.documentHash, agreed: true, code },
      { token },
    );
    expect(late.body.code).toBe(40974);
    expect(await journals(orderId, 'restructure')).toHaveLength(0);
    // A new offer may wait for her now.
    const again = await propose('loan.restructure', { orderId, ...TERMS }, await member('collections'));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});

describe('a payment holiday refused', () => {
  it('when its days overlap one approved', async () => {
    const { orderId, token } = await overdueLoan();
    const first = await propose('loan.payment-holiday', { orderId, days: 10 }, await member('collections'));
    const { proposalId } = first.body.data as Proposal;
    await decide(proposalId, await member('collectionsSupervisor'));
    const again = await propose('loan.payment-holiday', { orderId, days: 3 }, await member('collections'));
    expect(again.body.code).toBe(40048);
    const inbox = await server.call('messages', {}, { token, lang: 'es' });
    const paused = (inbox.body.data.messages as { kind: string; text: string }[]).find(
      (m) => m.kind === 'penaltiesPaused',
    );
    expect(paused?.text).toContain('pausamos');
  });
});

describe('who may', () => {
  it('propose a restructure or a holiday: agents, supervisors and admins; everyone else is refused', async () => {
    const { orderId } = await overdueLoan();
    for (const role of ['viewer', 'support', 'reviewer', 'finance', 'risk'] as const) {
      const answer = await propose('loan.payment-holiday', { orderId, days: 3 }, await member(role));
      expect(answer.status, role).toBe(403);
      const restructure = await propose('loan.restructure', { orderId, ...TERMS }, await member(role));
      expect(restructure.status, role).toBe(403);
    }
  });

  it('preview a restructure: agents, supervisors and admins; everyone else 403', async () => {
    const { orderId } = await overdueLoan();
    for (const role of [
      'viewer',
      'support',
      'reviewer',
      'collections',
      'collectionsSupervisor',
      'finance',
      'risk',
      'admin',
    ] as const) {
      const answer = await ops('opsRestructurePreview', { orderId, ...TERMS }, await member(role));
      expect(answer.status, role).toBe(
        ['collections', 'collectionsSupervisor', 'admin'].includes(role) ? 200 : 403,
      );
    }
  });
});
