import { ERRORS } from '@hiram/contract/errors';
import type { Proposal, ProposalKind } from '@hiram/contract/ops/approvals';
import type { OpsEndpointName, StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manilaDay } from '../../../src/domain/servicing-rules.ts';
import type { TestServer } from '../../helper.ts';
import { type Member, newMember, opsCall, type Signed, signIn } from '../../ops-fixtures.ts';
import { journalsOf, payAtCounter, sendCollectionEvent } from '../../repayment-fixtures.ts';
import { disbursedLoan, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * One bank payment credited once (issue 19, point 1; ADR 0052), on both databases: a bank statement line typed
 * with other punctuation, a manual credit of a payment the provider's callback credited, and the provider's
 * late callback for a payment credited by hand. Loans of the demo product: ₱1,091 to repay.
 */
let server: TestServer;
const TOTAL = 1_091_00;

beforeAll(async () => {
  server = await startServicingServer();
}, 60_000);
afterAll(() => server.close());

const shared: Member[] = [];
let financeA: Signed;
let financeB: Signed;
beforeAll(async () => {
  for (const role of ['finance', 'finance'] as StaffRole[]) shared.push(await newMember(server, role));
}, 60_000);
beforeEach(async () => {
  [financeA, financeB] = (await Promise.all(shared.map((m) => signIn(server, m)))) as [Signed, Signed];
});

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

const propose = (signed: Signed, kind: ProposalKind, payload: object) =>
  ops('opsProposalCreate', { kind, payload, reason: 'on the BDO statement' }, signed);

async function approve(signed: Signed, proposalId: string) {
  const answer = await ops('opsProposalDecide', { proposalIds: [proposalId], decision: 'approve' }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { outcomes: { status: string; errorCode: number | null }[] }).outcomes[0];
}

/** A bank statement line proposed by A and approved by B. */
async function creditedByHand(line: Record<string, unknown>): Promise<Proposal> {
  const proposed = await propose(financeA, 'loan.manual-credit', line);
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
  const proposal = proposed.body.data as Proposal;
  expect(await approve(financeB, proposal.proposalId)).toMatchObject({ status: 'approved', errorCode: null });
  return proposal;
}

async function amountDue(token: string): Promise<number> {
  return (await server.call('latestLoanOrder', {}, { token })).body.data.amountDue as number;
}

async function repayments(orderId: string): Promise<number> {
  return (await journalsOf(server, orderId)).kinds.filter((kind) => kind === 'repayment').length;
}

/** A code to pay ₱600 at a counter. */
async function counterCode(token: string, orderId: string) {
  const counter = await server.call(
    'counterReference',
    { orderNo: orderId, payOrderId: '1', amount: 600_00, channel: 'seven_eleven' },
    { token },
  );
  expect(counter.status, JSON.stringify(counter.body)).toBe(200);
  return counter.body.data as { instrumentId: string; reference: string };
}

/** The borrower pays ₱600 at the counter and the provider's callback credits it: its event id. */
async function paidByCallback(token: string, orderId: string): Promise<string> {
  const code = await counterCode(token, orderId);
  expect((await payAtCounter(server, code.reference)).status).toBe(200);
  await server.settle();
  const [row] = await server.db.query<{ idempotency_key: string }>(
    `select idempotency_key from ledger_journals where order_id = $1 and kind = 'repayment'`,
    [orderId],
  );
  return (row?.idempotency_key ?? '').replace('collection:', '');
}

const today = () => manilaDay(server.clock.now());

describe('a bank statement line credited by hand', () => {
  it('is credited once whatever hyphens, spaces, case or padding zeros the reference is typed with', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const reference = 'sandbox-c3fe9502-849b-4c1e-9d2a-0b6f3a1e7c55';
    await creditedByHand({ orderId, amount: 600_00, bankReference: reference, receivedOn: '2026-03-03' });
    for (const typed of [
      'sandbox-c3fe9502849b-4c1e-9d2a-0b6f3a1e7c55',
      'SANDBOX C3FE9502 849B 4C1E 9D2A 0B6F3A1E7C55',
      'sandbox_c3fe9502.849b.4c1e.9d2a.0b6f3a1e7c55',
    ]) {
      // Another day and amount too: the reference alone says it is the same line.
      const again = await propose(financeA, 'loan.manual-credit', {
        orderId,
        amount: 200_00,
        bankReference: typed,
        receivedOn: '2026-03-20',
      });
      expect(again.body.code, typed).toBe(ERRORS.BANK_REFERENCE_CREDITED.code);
    }
    await creditedByHand({ orderId, amount: 100_00, bankReference: '000123', receivedOn: '2026-03-10' });
    const padded = await propose(financeA, 'loan.manual-credit', {
      orderId,
      amount: 50_00,
      bankReference: '123',
      receivedOn: '2026-03-25',
    });
    expect(padded.body.code).toBe(ERRORS.BANK_REFERENCE_CREDITED.code);
    expect(await amountDue(token)).toBe(TOTAL - 700_00);
    expect(await repayments(orderId)).toBe(2);
  });

  it('refuses the same amount within three days unless the maker says it is a different payment, shown to the checker', async () => {
    const { token, orderId } = await disbursedLoan(server);
    await creditedByHand({ orderId, amount: 300_00, bankReference: 'BDO-1001', receivedOn: '2026-03-03' });
    const line = { orderId, amount: 300_00, bankReference: 'BDO-1002', receivedOn: '2026-03-05' };
    const lookAlike = await propose(financeA, 'loan.manual-credit', line);
    expect(lookAlike.status).toBe(409);
    expect(lookAlike.body.code).toBe(ERRORS.PAYMENT_MAY_BE_CREDITED.code);
    expect(lookAlike.body.msg).toContain('₱300 on 3 Mar 2026');
    expect(lookAlike.body.data).toMatchObject({ credited: { amount: 300_00, reference: 'BDO-1001' } });

    // Four days apart is another payment.
    const later = await propose(financeA, 'loan.manual-credit', { ...line, receivedOn: '2026-03-07' });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    await ops('opsProposalWithdraw', { proposalId: (later.body.data as Proposal).proposalId }, financeA);

    const reason = 'second instalment: two deposit slips, one per week';
    const different = await creditedByHand({ ...line, differentPaymentReason: reason });
    expect(different.summary).toContain(reason);
    expect(different.summary).toContain('Not the ₱300 credited 2026-03-03');
    expect(await amountDue(token)).toBe(TOTAL - 600_00);
  });
});

describe('callback first, then a manual credit of the same payment', () => {
  it('refuses the manual credit by the provider reference however typed, and by amount and day', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const eventId = await paidByCallback(token, orderId);
    expect(eventId).toMatch(/^sandbox-/);
    const dropped = eventId.replace('-', '').toUpperCase().replace(/-/, ' ');
    const byReference = await propose(financeA, 'loan.manual-credit', {
      orderId,
      amount: 600_00,
      bankReference: dropped,
      receivedOn: today(),
      differentPaymentReason: 'a reason does not set aside the same reference',
    });
    expect(byReference.body.code).toBe(ERRORS.PAYMENT_REFERENCE_CREDITED.code);
    expect(byReference.body.msg).toContain('from the payment provider');
    const byAmount = await propose(financeA, 'loan.manual-credit', {
      orderId,
      amount: 600_00,
      bankReference: 'BDO-7788',
      receivedOn: today(),
    });
    expect(byAmount.body.code).toBe(ERRORS.PAYMENT_MAY_BE_CREDITED.code);
    expect(await amountDue(token)).toBe(TOTAL - 600_00);
    expect(await repayments(orderId)).toBe(1);
  });

  it('refuses at approval a manual credit proposed before the callback credited the same payment', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const code = await counterCode(token, orderId);
    const proposed = await propose(financeA, 'loan.manual-credit', {
      orderId,
      amount: 600_00,
      bankReference: code.reference,
      receivedOn: today(),
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    expect((await payAtCounter(server, code.reference)).status).toBe(200);
    await server.settle();
    const outcome = await approve(financeB, (proposed.body.data as Proposal).proposalId);
    expect(outcome).toMatchObject({ status: 'stale', errorCode: ERRORS.PAYMENT_REFERENCE_CREDITED.code });
    expect(await amountDue(token)).toBe(TOTAL - 600_00);
    expect(await repayments(orderId)).toBe(1);
  });
});

describe('a manual credit first, then the provider reports the same payment', () => {
  async function lateCallback(eventId: string, instrumentId: string, amount = 600_00) {
    const answer = await sendCollectionEvent(server, {
      eventId,
      instrumentId,
      outcome: 'paid',
      amount,
      occurredAt: server.clock.now().toISOString(),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.outcome;
  }

  async function differences(signed: Signed, orderId: string) {
    const answer = await ops('opsReconciliationDifferences', { status: 'open' }, signed);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (
      (answer.body.data as { items: unknown[] }).items as {
        orderId: string | null;
        reference: string;
        providerAmount: number;
      }[]
    )
      .filter((item) => item.orderId === orderId)
      .map(({ reference, providerAmount }) => ({ reference, providerAmount }));
  }

  it('does not credit the callback matched by reference, and shows it to finance', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const code = await counterCode(token, orderId);
    const eventId = 'sandbox-7d41aa10-5e2c-4b8f-a3c1-2f9e8d7c6b5a';
    await creditedByHand({
      orderId,
      amount: 600_00,
      bankReference: 'SANDBOX-7D41AA105E2C-4B8F-A3C1-2F9E8D7C6B5A',
      receivedOn: today(),
    });
    expect(await lateCallback(eventId, code.instrumentId)).toBe('duplicate');
    expect(await amountDue(token)).toBe(TOTAL - 600_00);
    expect(await repayments(orderId)).toBe(1);
    expect(await differences(financeA, orderId)).toEqual([{ reference: eventId, providerAmount: 600_00 }]);
    // Sent again, it changes nothing more.
    expect(await lateCallback(eventId, code.instrumentId)).toBe('duplicate');
    expect(await repayments(orderId)).toBe(1);
  });

  it('does not credit a callback of the same amount within the window, once per manual credit', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const code = await counterCode(token, orderId);
    await creditedByHand({ orderId, amount: 400_00, bankReference: 'BDO-4455', receivedOn: today() });
    expect(await lateCallback('sandbox-late-1', code.instrumentId, 400_00)).toBe('duplicate');
    expect(await amountDue(token)).toBe(TOTAL - 400_00);
    // A second payment of the same amount is not the one credited by hand: it is credited.
    expect(await lateCallback('sandbox-late-2', code.instrumentId, 400_00)).toBe('credited');
    expect(await amountDue(token)).toBe(TOTAL - 800_00);
    expect(await differences(financeA, orderId)).toEqual([
      { reference: 'sandbox-late-1', providerAmount: 400_00 },
    ]);
  });
});
