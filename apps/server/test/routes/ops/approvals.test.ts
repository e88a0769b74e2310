import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { PROPOSAL_KINDS, type Proposal, type ProposalKind } from '@hiram/contract/ops/approvals';
import { OPS_ENDPOINTS, type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helper.ts';
import { type Member, newMember, opsCall, type Signed, signIn } from '../../ops-fixtures.ts';
import { journalsOf, payAtCounter } from '../../repayment-fixtures.ts';
import { disbursedLoan, goTo, orderStatus } from '../../servicing-fixtures.ts';

/**
 * Maker-checker (ADR 0028) on both databases: the core (own approval, a second checker at once, duplicates,
 * stale proposals, withdraw, bulk, brand scope, roles, audit) and each money action's effect on what the
 * borrower owes, with the test clock. Loans of the demo product: ₱1,000 for 91 days, ₱1,091 to repay.
 */
let server: TestServer;
const OTHER_BRAND = 'ph.other.lender';
const TOTAL = 1_091_00;

beforeAll(async () => {
  server = await startTestServer({
    config: {
      assessmentDelaySeconds: 0,
      sessionTtlSeconds: 3650 * 86_400,
      sessionIdleSeconds: 3650 * 86_400,
    },
  });
  await server.db.query(
    `insert into brands (package_name, app_name, support_email, support_phone, support_hours)
     values ($1, 'Other', 'help@other.example', '+63281234567', '9-5')`,
    [OTHER_BRAND],
  );
}, 60_000);
afterAll(() => server.close());

type Staff = Signed & { email: string; staffId: string };

async function staff(role: StaffRole, brandScope: string | null = null): Promise<Staff> {
  const m = await newMember(server, role, brandScope);
  return { email: m.email, staffId: m.staffId, ...(await signIn(server, m)) };
}

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

async function propose(signed: Signed, kind: ProposalKind, payload: object, reason = 'bank says so') {
  return ops('opsProposalCreate', { kind, payload, reason }, signed);
}

async function proposed(signed: Signed, kind: ProposalKind, payload: object): Promise<Proposal> {
  const answer = await propose(signed, kind, payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Proposal;
}

interface Outcome {
  proposalId: string;
  status: string | null;
  errorCode: number | null;
}

async function decide(signed: Signed, ids: string[], decision: 'approve' | 'reject', note?: string) {
  const answer = await ops('opsProposalDecide', { proposalIds: ids, decision, note }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { outcomes: Outcome[] }).outcomes;
}

/** The borrower pays at a counter: the sandbox provider's callback credits it. */
async function pay(token: string, orderId: string, amount: number): Promise<void> {
  const counter = await server.call(
    'counterReference',
    { orderNo: orderId, payOrderId: '1', amount, channel: 'seven_eleven' },
    { token },
  );
  expect(counter.status, JSON.stringify(counter.body)).toBe(200);
  expect((await payAtCounter(server, counter.body.data.reference)).status).toBe(200);
  await server.settle();
}

/** What the borrower app shows: Home's amount due and the loan's status. */
async function borrowerSees(token: string) {
  const latest = (await server.call('latestLoanOrder', {}, { token })).body.data;
  return { amountDue: latest.amountDue as number | null, status: latest.order?.status as number };
}

async function repaymentJournals(orderId: string) {
  return server.db.query<{ journal_id: string }>(
    `select journal_id from ledger_journals where order_id = $1 and kind = 'repayment' order by seq`,
    [orderId],
  );
}

async function auditActions(target: string): Promise<string[]> {
  const rows = await server.db.query<{ action: string }>(
    'select action from audit_log where target = $1 order by audit_id',
    [target],
  );
  return rows.map((row) => row.action);
}

let financeA: Staff;
let financeB: Staff;
let admin: Staff;
const shared: Member[] = [];
beforeAll(async () => {
  for (const role of ['finance', 'finance', 'admin'] as const) shared.push(await newMember(server, role));
}, 60_000);
// Each test signs the shared members in afresh: the clock moves on past the 15-minute idle limit.
beforeEach(async () => {
  const signed: Staff[] = [];
  for (const m of shared) signed.push({ email: m.email, staffId: m.staffId, ...(await signIn(server, m)) });
  [financeA, financeB, admin] = signed as [Staff, Staff, Staff];
});

describe('reversing a credited payment', () => {
  it('takes a paid loan back to repaying once a second member approves, once, with its audit rows', async () => {
    const { token, orderId } = await disbursedLoan(server);
    await pay(token, orderId, TOTAL);
    expect(await borrowerSees(token)).toMatchObject({ status: S.finished });
    const [payment] = await repaymentJournals(orderId);
    const journalId = payment?.journal_id as string;

    const money = await ops('opsLoanMoney', { orderId }, financeA);
    expect(money.body.data).toMatchObject({
      status: S.finished,
      balance: { totalDue: 0 },
      payments: [{ journalId, amount: TOTAL, reversed: false }],
    });

    const proposal = await proposed(financeA, 'loan.reverse-credit', { orderId, journalId });
    expect(proposal).toMatchObject({
      status: 'pending',
      targetType: 'loan',
      targetId: orderId,
      brand: DEFAULT_PACKAGE_NAME,
      decidable: false,
      summary: expect.stringContaining('₱1,091'),
    });
    // Nothing moves before approval.
    expect(await borrowerSees(token)).toMatchObject({ status: S.finished });

    const duplicate = await propose(financeB, 'loan.reverse-credit', { orderId, journalId });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe(ERRORS.PROPOSAL_DUPLICATE.code);

    const own = await decide(financeA, [proposal.proposalId], 'approve');
    expect(own).toEqual([
      expect.objectContaining({ status: 'pending', errorCode: ERRORS.PROPOSAL_OWN.code }),
    ]);

    // Two checkers at once: one approves, the other is told it was decided; the money moves once.
    const [first, second] = await Promise.all([
      decide(financeB, [proposal.proposalId], 'approve', 'bank confirmed'),
      decide(admin, [proposal.proposalId], 'approve'),
    ]);
    const outcomes = [...(first ?? []), ...(second ?? [])];
    expect(outcomes.map((o) => o.errorCode).sort()).toEqual([ERRORS.PROPOSAL_DECIDED.code, null]);
    expect(outcomes.every((o) => o.status === 'approved')).toBe(true);

    const journals = await journalsOf(server, orderId);
    expect(journals.kinds.filter((kind) => kind === 'reversal')).toHaveLength(1);
    expect(journals.keys).toContain(`proposal:${proposal.proposalId}`);
    expect(journals.balanced).toBe(true);
    expect(await borrowerSees(token)).toEqual({ amountDue: TOTAL, status: S.repaying });

    const again = await propose(financeA, 'loan.reverse-credit', { orderId, journalId });
    expect(again.body.code).toBe(ERRORS.PAYMENT_ALREADY_REVERSED.code);
    expect(await auditActions(`loan:${orderId}`)).toEqual([
      'proposal.create',
      'loan.reverse-credit',
      'proposal.approve',
    ]);
    const [row] = await server.db.query<{ actor_email: string; before: unknown; after: unknown }>(
      `select actor_email, before, after from audit_log where action = 'loan.reverse-credit' and target = $1`,
      [`loan:${orderId}`],
    );
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(parse(row?.before)).toEqual({ status: S.finished, totalDue: 0 });
    expect(parse(row?.after)).toMatchObject({
      status: S.repaying,
      totalDue: TOTAL,
      proposedBy: financeA.email,
    });
  });

  it('refuses a payment of another loan and a made-up one', async () => {
    const one = await disbursedLoan(server);
    const other = await disbursedLoan(server);
    await pay(other.token, other.orderId, 500_00);
    const [payment] = await repaymentJournals(other.orderId);
    const wrongLoan = await propose(financeA, 'loan.reverse-credit', {
      orderId: one.orderId,
      journalId: payment?.journal_id,
    });
    expect(wrongLoan.body.code).toBe(ERRORS.NOT_FOUND.code);
    const bad = await propose(financeA, 'loan.reverse-credit', { orderId: one.orderId, journalId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toMatchObject({ fields: [{ field: 'payload.journalId' }] });
    const notAnObject = await propose(financeA, 'loan.write-off', 'x' as unknown as object);
    expect(notAnObject.status).toBe(400);
  });
});

describe('the core', () => {
  it('marks a proposal stale when the loan changed, and applies nothing', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const collections = await staff('collections');
    const writeOff = await proposed(collections, 'loan.write-off', { orderId });
    await pay(token, orderId, 500_00);
    const [outcome] = await decide(financeB, [writeOff.proposalId], 'approve');
    expect(outcome).toMatchObject({ status: 'stale', errorCode: ERRORS.PROPOSAL_STALE.code });
    expect((await journalsOf(server, orderId)).kinds).not.toContain('write_off');
    expect(await borrowerSees(token)).toEqual({ amountDue: TOTAL - 500_00, status: S.repaying });
    expect(await auditActions(`loan:${orderId}`)).toEqual(['proposal.create', 'proposal.stale']);
  });

  it('lets the maker withdraw their own pending proposal, and nobody else', async () => {
    const { orderId } = await disbursedLoan(server);
    const proposal = await proposed(financeA, 'loan.write-off', { orderId });
    const notTheirs = await ops('opsProposalWithdraw', { proposalId: proposal.proposalId }, financeB);
    expect(notTheirs.body.code).toBe(ERRORS.NOT_FOUND.code);
    const withdrawn = await ops('opsProposalWithdraw', { proposalId: proposal.proposalId }, financeA);
    expect(withdrawn.body.data).toMatchObject({ status: 'withdrawn' });
    const twice = await ops('opsProposalWithdraw', { proposalId: proposal.proposalId }, financeA);
    expect(twice.body.code).toBe(ERRORS.PROPOSAL_DECIDED.code);
    const [late] = await decide(financeB, [proposal.proposalId], 'approve');
    expect(late).toMatchObject({ status: 'withdrawn', errorCode: ERRORS.PROPOSAL_DECIDED.code });
    // Withdrawn, the same change may be proposed again.
    await proposed(financeB, 'loan.write-off', { orderId });
    expect(await auditActions(`loan:${orderId}`)).toEqual([
      'proposal.create',
      'proposal.withdraw',
      'proposal.create',
    ]);
  });

  it('refuses a rejection without a reason, and the proposal waits on', async () => {
    const { orderId } = await disbursedLoan(server);
    const proposal = await proposed(financeA, 'loan.write-off', { orderId });
    for (const note of [undefined, '', '   ']) {
      const answer = await ops(
        'opsProposalDecide',
        { proposalIds: [proposal.proposalId], decision: 'reject', note },
        financeB,
      );
      expect(answer.status, JSON.stringify(note)).toBe(400);
      expect(answer.body).toMatchObject({
        code: ERRORS.PROPOSAL_REJECT_NEEDS_REASON.code,
        msg: ERRORS.PROPOSAL_REJECT_NEEDS_REASON.message.en,
      });
    }
    const list = await ops('opsProposalList', { targetId: orderId }, financeB);
    expect(list.body.data).toMatchObject({ items: [{ proposalId: proposal.proposalId, status: 'pending' }] });
    expect(await auditActions(`loan:${orderId}`)).toEqual(['proposal.create']);
    // Approving needs no note.
    expect((await decide(financeB, [proposal.proposalId], 'approve'))[0]).toMatchObject({
      status: 'approved',
    });
  });

  it('shows the checker what each money action changes, old → new, against the loan as it is now', async () => {
    const { token, orderId } = await disbursedLoan(server);
    await pay(token, orderId, 500_00);
    const [payment] = await repaymentJournals(orderId);
    const owed = TOTAL - 500_00;
    const totalDue = (before: number, after: number) => ({
      field: 'totalDue',
      label: 'Total due',
      kind: 'money',
      before,
      after,
    });
    const credit = await proposed(financeA, 'loan.manual-credit', {
      orderId,
      amount: 600_00,
      bankReference: 'CHANGES-1',
      receivedOn: '2026-03-03',
    });
    expect(credit.changes).toEqual([
      totalDue(owed, 0),
      { field: 'overpayment', label: 'Owed back to the borrower', kind: 'money', before: 0, after: 9_00 },
    ]);
    const writeOff = await proposed(financeA, 'loan.write-off', { orderId });
    expect(writeOff.changes).toEqual([totalDue(owed, 0)]);
    const reversal = await proposed(financeA, 'loan.reverse-credit', {
      orderId,
      journalId: payment?.journal_id,
    });
    expect(reversal.changes).toEqual([totalDue(owed, TOTAL)]);
    // The inbox reads them again from the loan: all three are listed with their values.
    const list = await ops('opsProposalList', { targetId: orderId }, financeB);
    const items = (list.body.data as { items: Proposal[] }).items;
    expect(Object.fromEntries(items.map((p) => [p.kind, p.changes]))).toEqual({
      'loan.manual-credit': credit.changes,
      'loan.write-off': writeOff.changes,
      'loan.reverse-credit': reversal.changes,
    });
  });

  it('decides in bulk, each on its own: approved, own, rejected with a note', async () => {
    const loans = [await disbursedLoan(server), await disbursedLoan(server), await disbursedLoan(server)];
    const [a, b, c] = await Promise.all(
      loans.map(async ({ orderId }, i) =>
        proposed(i === 1 ? financeB : financeA, 'loan.write-off', { orderId }),
      ),
    );
    const ids = [a, b, c].map((p) => p?.proposalId as string);
    const outcomes = await decide(financeB, ids, 'approve');
    expect(outcomes).toEqual([
      { proposalId: ids[0], status: 'approved', errorCode: null, message: null },
      {
        proposalId: ids[1],
        status: 'pending',
        errorCode: ERRORS.PROPOSAL_OWN.code,
        message: ERRORS.PROPOSAL_OWN.message.en,
      },
      { proposalId: ids[2], status: 'approved', errorCode: null, message: null },
    ]);
    const [rejected] = await decide(financeA, [ids[1] as string], 'reject', 'not yet: call them first');
    expect(rejected).toMatchObject({ status: 'rejected', errorCode: null });
    expect(await orderStatus(server, loans[1]?.orderId as string)).toBe(S.repaying);
    const history = await ops('opsProposalList', { status: 'rejected', kind: 'loan.write-off' }, admin);
    expect((history.body.data as { items: Proposal[] }).items[0]).toMatchObject({
      proposalId: ids[1],
      decisionNote: 'not yet: call them first',
      decidedBy: { email: financeA.email },
    });
    expect(await auditActions(`loan:${loans[1]?.orderId}`)).toEqual(['proposal.create', 'proposal.reject']);
    // The inbox asks for pending ones, the history for decided ones.
    const targetIds = (answer: { body: { data: unknown } }) =>
      (answer.body.data as { items: Proposal[] }).items.map((p) => p.proposalId);
    const decided = targetIds(await ops('opsProposalList', { decided: 'true', pageSize: '100' }, admin));
    expect(decided).toEqual(expect.arrayContaining(ids));
    const pending = targetIds(await ops('opsProposalList', { decided: 'false', pageSize: '100' }, admin));
    expect(pending.some((id) => ids.includes(id))).toBe(false);
  });

  it('keeps a brand-scoped member to their brand', async () => {
    const { orderId } = await disbursedLoan(server);
    const proposal = await proposed(financeA, 'loan.write-off', { orderId });
    const scoped = await staff('finance', OTHER_BRAND);
    const list = await ops('opsProposalList', { targetId: orderId }, scoped);
    expect(list.body.data).toMatchObject({ items: [], total: 0 });
    const [outcome] = await decide(scoped, [proposal.proposalId], 'approve');
    expect(outcome).toMatchObject({ status: 'pending', errorCode: ERRORS.NOT_FOUND.code });
    const theirs = await propose(scoped, 'loan.waive-penalty', { orderId, amount: 100 });
    expect(theirs.body.code).toBe(ERRORS.NOT_FOUND.code);
    expect((await ops('opsLoanMoney', { orderId }, scoped)).body.code).toBe(ERRORS.NOT_FOUND.code);
    const ours = await ops('opsProposalList', { targetType: 'loan', targetId: orderId }, admin);
    expect(ours.body.data).toMatchObject({ total: 1, items: [{ proposalId: proposal.proposalId }] });
  });

  it.each(STAFF_ROLES)('%s: each endpoint allowed or 403 as the contract lists', async (role) => {
    const member = await staff(role);
    const { orderId } = await disbursedLoan(server);
    const stranger = '00000000-0000-4000-8000-000000000000';
    const payloads: Partial<Record<OpsEndpointName, Record<string, unknown>>> = {
      // A reviewer proposes only a proof's credit (ADR 0052); risk only the credit policy (ADR 0072); the
      // others a write-off.
      opsProposalCreate:
        role === 'reviewer'
          ? {
              kind: 'loan.proof-credit',
              payload: { voucherId: stranger, amount: 100 },
              reason: 'receipt checked',
            }
          : role === 'risk'
            ? {
                kind: 'credit-policy.challenger',
                payload: { packageName: DEFAULT_PACKAGE_NAME, version: null, sharePercent: null },
                reason: 'no challenger to end',
              }
            : role === 'collectionsSupervisor'
              ? // A collections supervisor proposes dunning, hardship and agencies (issue 22), not write-offs.
                { kind: 'dunning.rule', payload: { packageName: DEFAULT_PACKAGE_NAME }, reason: 'incomplete' }
              : role === 'compliance'
                ? // Compliance proposes screening decisions and red-flag rules only (ADR 0085).
                  {
                    kind: 'screening.decide',
                    payload: { candidateId: stranger, decision: 'cleared' },
                    reason: 'none',
                  }
                : { kind: 'loan.write-off', payload: { orderId }, reason: 'long gone' },
      opsProposalList: {},
      opsProposalDecide: { proposalIds: [stranger], decision: 'reject' },
      opsProposalWithdraw: { proposalId: stranger },
      opsLoanMoney: { orderId },
    };
    for (const [name, payload] of Object.entries(payloads) as [OpsEndpointName, Record<string, unknown>][]) {
      const answer = await ops(name, payload, member);
      const allowed = (OPS_ENDPOINTS[name].roles ?? []).includes(role);
      if (allowed) expect(answer.status, `${role} ${name} ${JSON.stringify(answer.body)}`).not.toBe(403);
      else expect(answer.body.code, `${role} ${name}`).toBe(ERRORS.ROLE_NOT_ALLOWED.code);
    }
    // The kind's own lists: a role that may propose something may not propose every kind.
    const kindMakers = PROPOSAL_KINDS['loan.manual-credit'].makers as readonly StaffRole[];
    const manual = await propose(member, 'loan.manual-credit', {
      orderId,
      amount: 100_00,
      bankReference: `ROLE-${role}`,
      receivedOn: '2026-03-03',
    });
    if (kindMakers.includes(role)) expect(manual.status).toBe(200);
    else expect(manual.status).toBe(403);
  });
});

describe('the money of each action', () => {
  it('credits a bank statement line like any payment, once per reference, ever', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const line = { orderId, amount: 600_00, bankReference: 'bdo 2026 0303 77', receivedOn: '2026-03-03' };
    const proposal = await proposed(financeA, 'loan.manual-credit', line);
    // The inbox names the maker and the loan's borrower beside the ids, as the loan page shows them.
    const loanPage = (await ops('opsLoanView', { orderId }, financeB)).body.data as {
      borrower: { name: string };
    };
    expect(loanPage.borrower.name).toEqual(expect.any(String));
    expect(proposal).toMatchObject({
      proposedBy: { name: expect.stringMatching(/^finance \d+$/) },
      targetLabel: loanPage.borrower.name,
    });
    const sameLine = await propose(financeB, 'loan.manual-credit', {
      ...line,
      bankReference: 'BDO20260303 77',
    });
    expect(sameLine.body.code).toBe(ERRORS.PROPOSAL_DUPLICATE.code);
    await decide(financeB, [proposal.proposalId], 'approve');
    const [twice] = await decide(admin, [proposal.proposalId], 'approve');
    expect(twice).toMatchObject({ status: 'approved', errorCode: ERRORS.PROPOSAL_DECIDED.code });
    expect(await borrowerSees(token)).toEqual({ amountDue: TOTAL - 600_00, status: S.repaying });
    const journals = await journalsOf(server, orderId);
    expect(journals.kinds.filter((kind) => kind === 'repayment')).toHaveLength(1);
    expect(journals.balanced).toBe(true);
    const again = await propose(financeB, 'loan.manual-credit', { ...line, bankReference: 'BDO2026030377' });
    expect(again.body.code).toBe(ERRORS.BANK_REFERENCE_CREDITED.code);

    // The rest, by hand too, pays the loan off.
    const rest = await proposed(financeA, 'loan.manual-credit', {
      ...line,
      amount: TOTAL - 600_00,
      bankReference: 'BDO-2',
    });
    await decide(admin, [rest.proposalId], 'approve');
    expect(await borrowerSees(token)).toMatchObject({ status: S.finished });
  });

  it('writes a loan off: nothing owed in the books, still owed by the borrower, no other action after', async () => {
    const { token, orderId } = await disbursedLoan(server);
    await pay(token, orderId, 500_00);
    const collections = await staff('collections');
    const proposal = await proposed(collections, 'loan.write-off', { orderId });
    expect(proposal.summary).toContain('₱591');
    const [outcome] = await decide(financeA, [proposal.proposalId], 'approve');
    expect(outcome).toMatchObject({ status: 'approved', errorCode: null });
    // Its own status (ADR 0053), not repaid: the borrower still owes what was written off.
    expect(await orderStatus(server, orderId)).toBe(S.writtenOff);
    expect(await borrowerSees(token)).toEqual({ amountDue: TOTAL - 500_00, status: S.writtenOff });
    // Not paid: no clearance letter.
    const letter = await server.call('clearanceLetter', { orderId }, { token });
    expect(letter.body.code).toBe(ERRORS.CLEARANCE_NOT_READY.code);
    const balance = await server.app.ledger.orderBalance(server.db, orderId);
    expect(balance.totalDue).toBe(0);
    const journals = await journalsOf(server, orderId);
    expect(journals.kinds.filter((kind) => kind === 'write_off')).toHaveLength(1);
    expect(journals.balanced).toBe(true);
    const [expense] = await server.db.query<{ total: string }>(
      `select sum(amount) as total from ledger_entries where order_id = $1 and account = 'write_off_expense'`,
      [orderId],
    );
    expect(Number(expense?.total)).toBe(TOTAL - 500_00);
    const [payment] = await repaymentJournals(orderId);
    const reverse = await propose(financeB, 'loan.reverse-credit', {
      orderId,
      journalId: payment?.journal_id,
    });
    expect(reverse.body.code).toBe(ERRORS.LOAN_WRITTEN_OFF.code);
  });

  it('waives a penalty up to what is outstanding; a reversal after the due date makes the loan overdue', async () => {
    const { token, orderId } = await disbursedLoan(server);
    await pay(token, orderId, TOTAL);
    const [payment] = await repaymentJournals(orderId);
    const due = (await server.call('extensionData', { orderId }, { token })).body.data.dueDate as string;
    const noPenalty = await propose(financeA, 'loan.waive-penalty', { orderId, amount: 1_00 });
    expect(noPenalty.body.code).toBe(ERRORS.LOAN_NOT_IN_REPAYMENT.code);

    // Past the due date the payment bounces: the loan is overdue at once, and penalties follow.
    const after = new Date(Date.parse(`${due}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    await goTo(server, after, 9);
    const finance = await staff('finance');
    const checker = await staff('finance');
    const reversal = await proposed(finance, 'loan.reverse-credit', {
      orderId,
      journalId: payment?.journal_id,
    });
    await decide(checker, [reversal.proposalId], 'approve');
    expect(await borrowerSees(token)).toEqual({ amountDue: TOTAL, status: S.overdue });
    const nextDay = new Date(Date.parse(`${after}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await goTo(server, nextDay, 9);
    const penalty = (await server.app.ledger.orderBalance(server.db, orderId)).penalty;
    expect(penalty).toBeGreaterThan(0);

    const collections = await staff('collections');
    const tooMuch = await propose(collections, 'loan.waive-penalty', { orderId, amount: penalty + 1 });
    expect(tooMuch.body.code).toBe(ERRORS.PENALTY_WAIVER_TOO_LARGE.code);
    const waiver = await proposed(collections, 'loan.waive-penalty', { orderId, amount: penalty - 1 });
    await decide(await staff('finance'), [waiver.proposalId], 'approve');
    const balance = await server.app.ledger.orderBalance(server.db, orderId);
    expect(balance.penalty).toBe(1);
    expect(await borrowerSees(token)).toEqual({ amountDue: TOTAL + 1, status: S.overdue });
    const journals = await journalsOf(server, orderId);
    expect(journals.kinds.filter((kind) => kind === 'penalty_waiver')).toHaveLength(1);
    expect(journals.balanced).toBe(true);
  });
});
