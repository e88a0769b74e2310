import type { InboxMessage } from '@hiram/contract/api/messages';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { formatPeso } from '@hiram/contract/money';
import type { Proposal, ProposalKind } from '@hiram/contract/ops/approvals';
import type { OpsEndpointName, StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { BORROWER_NOTICE_SMS_PURPOSE } from '../../../src/services/inbox/borrower-notices.ts';
import { completeSteps, REFERRED_ANSWERS } from '../../application-fixtures.ts';
import type { TestServer } from '../../helper.ts';
import { opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';
import { payAtCounter } from '../../repayment-fixtures.ts';
import { disbursedLoan, goTo, sendProofOf, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * Staff changes told to the borrower (issue 19 point 5, ADR 0055), on both databases: after each action her
 * `messages` answer shows the notice in her language, and where money moved the sandbox SMS outbox holds one
 * text in the language she signed in, sent outside the quiet hours (22:00–06:00 Manila). Loans of the demo
 * product: ₱1,000 for 91 days, ₱1,091 to repay.
 */
let server: TestServer;
const TOTAL = 1_091_00;

beforeAll(async () => {
  server = await startServicingServer();
}, 60_000);
afterAll(() => server.close());

/** Members are signed in afresh for each action: the test clock moves past the staff idle limit. */
const member = (role: StaffRole) => signedInMember(server, role);
const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

/** Proposed by one member of `maker`, approved by a finance member: the change is made. */
async function approved(maker: StaffRole, kind: ProposalKind, payload: object): Promise<void> {
  const proposal = await ops(
    'opsProposalCreate',
    { kind, payload, reason: 'bank says so' },
    await member(maker),
  );
  expect(proposal.status, JSON.stringify(proposal.body)).toBe(200);
  const { proposalId } = proposal.body.data as Proposal;
  const decided = await ops(
    'opsProposalDecide',
    { proposalIds: [proposalId], decision: 'approve' },
    await member('finance'),
  );
  expect((decided.body.data as { outcomes: unknown[] }).outcomes).toMatchObject([
    { status: 'approved', errorCode: null },
  ]);
  await server.settle();
}

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

async function inbox(token: string, lang: string): Promise<InboxMessage[]> {
  const answer = await server.call('messages', {}, { token, lang });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.messages as InboxMessage[];
}

/** The notices' texts sent to her number, with the Manila hour each was sent at. */
async function noticeTexts(userId: string) {
  const rows = await server.db.query<{ body: string; created_at: Date | string }>(
    `select s.body, s.created_at from sms_outbox s join users u on u.mobile = s.mobile
     where u.user_id = $1 and s.purpose = $2 order by s.created_at, s.message_id`,
    [userId, BORROWER_NOTICE_SMS_PURPOSE],
  );
  return rows.map((row) => ({
    body: row.body,
    manilaHour: (new Date(row.created_at).getUTCHours() + 8) % 24,
    at: new Date(row.created_at).toISOString(),
  }));
}

/** Tomorrow's Manila day on the test clock. */
function nextManilaDay(days = 1): string {
  const manilaNow = server.clock.now().getTime() + 8 * 3600_000;
  return new Date(manilaNow + days * 86_400_000).toISOString().slice(0, 10);
}

const allowedHour = (hour: number) => hour >= 6 && hour < 22;

describe('a reversal and a waiver', () => {
  it('tell her what she owes again, in her language, by SMS at an allowed hour; the receipt says reversed', async () => {
    const { token, userId, orderId } = await disbursedLoan(server, { lang: 'fil' });
    await pay(token, orderId, TOTAL);
    const [payment] = await server.db.query<{ journal_id: string }>(
      `select journal_id from ledger_journals where order_id = $1 and kind = 'repayment'`,
      [orderId],
    );
    const due = (await server.call('extensionData', { orderId }, { token })).body.data.dueDate as string;
    // Past the due date the payment bounces: she owes all of it again.
    const after = new Date(Date.parse(`${due}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    await goTo(server, after, 10);
    await approved('finance', 'loan.reverse-credit', { orderId, journalId: payment?.journal_id });

    const [reversal, receipt] = await inbox(token, 'fil');
    expect(reversal).toMatchObject({ kind: 'paymentReversed', via: 'sms', unread: true });
    expect(reversal?.text).toContain('ibinalik ang bayad mo na ₱1,091');
    expect(reversal?.text).toContain('Ang utang mo ngayon ay ₱1,091');
    // The receipt no longer simply thanks her.
    expect(receipt).toMatchObject({ kind: 'paymentReceivedReversed' });
    expect(receipt?.text).not.toContain('Salamat');
    expect(receipt?.text).toContain('ibinalik ito kalaunan');
    const english = await inbox(token, 'en');
    expect(english[0]?.text).toContain('You now owe ₱1,091');
    expect(english[1]?.text).toContain('was later reversed');
    const spanish = await inbox(token, 'es');
    expect(spanish[0]?.text).toContain('Ahora debe ₱1,091');

    // One text, in Filipino (the language she signed in), at 10:00 Manila; no code in it.
    const texts = await noticeTexts(userId);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toContain('Ang utang mo ngayon ay ₱1,091');
    expect(allowedHour(texts[0]?.manilaHour ?? -1)).toBe(true);
    expect(texts[0]?.body).not.toMatch(/\d{6}/);

    // A day on, penalties accrued; a waiver of part of them tells her the new amount.
    await goTo(server, nextManilaDay(), 11);
    const { penalty, totalDue } = await server.app.ledger.orderBalance(server.db, orderId);
    expect(penalty).toBeGreaterThan(1);
    await approved('collections', 'loan.waive-penalty', { orderId, amount: penalty - 1 });
    const [waiver] = await inbox(token, 'es');
    expect(waiver).toMatchObject({ kind: 'penaltyWaived', via: 'sms' });
    const owed = totalDue - (penalty - 1);
    expect(waiver?.text).toContain(`le perdonamos ${formatPeso(penalty - 1)}`);
    expect(waiver?.text).toContain(`Ahora debe ${formatPeso(owed)}`);
    const latest = (await server.call('latestLoanOrder', {}, { token })).body.data;
    expect(latest).toMatchObject({ amountDue: owed, order: { status: S.overdue } });
    const sent = await noticeTexts(userId);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toContain('inalis namin');
    expect(allowedHour(sent[1]?.manilaHour ?? -1)).toBe(true);
  }, 60_000);
});

describe('the quiet hours', () => {
  it('a credit approved at 23:00 Manila is in her inbox at once and texted at 06:00, once', async () => {
    const { token, userId, orderId } = await disbursedLoan(server, { lang: 'es' });
    const day = nextManilaDay();
    await goTo(server, day, 23);
    await approved('finance', 'loan.manual-credit', {
      orderId,
      amount: 600_00,
      bankReference: `BDO-${orderId.slice(0, 8)}`,
      receivedOn: day,
    });
    const [credit] = await inbox(token, 'es');
    expect(credit).toMatchObject({ kind: 'paymentCredited', via: 'sms', unread: true });
    expect(credit?.text).toContain('encontramos su pago de ₱600');
    expect(credit?.text).toContain('Ahora debe ₱491');
    expect(await noticeTexts(userId)).toEqual([]);

    // At 05:59 still nothing; at 06:00 the text goes, once, however often the jobs run.
    await goTo(server, nextManilaDay(), 5);
    server.clock.advance(59 * 60);
    await server.settle();
    expect(await noticeTexts(userId)).toEqual([]);
    server.clock.advance(60);
    await server.settle();
    await server.settle();
    const texts = await noticeTexts(userId);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.manilaHour).toBe(6);
    expect(texts[0]?.body).toContain('Ahora debe ₱491');
  }, 60_000);
});

describe('a write-off', () => {
  it('tells her the loan was written off and what is still owed, by SMS', async () => {
    const { token, userId, orderId } = await disbursedLoan(server);
    await pay(token, orderId, 500_00);
    await goTo(server, nextManilaDay(), 14);
    await approved('collections', 'loan.write-off', { orderId });
    const [notice] = await inbox(token, 'en');
    expect(notice).toMatchObject({ kind: 'writtenOff', via: 'sms' });
    expect(notice?.text).toContain('the ₱591 unpaid is still owed');
    const texts = await noticeTexts(userId);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toContain('the ₱591 unpaid is still owed');
  }, 60_000);
});

describe('a proof of payment reviewed', () => {
  it('rejected: an in-app notice with the reason in her language, no SMS; credited: a notice and an SMS', async () => {
    const { token, userId, orderId } = await disbursedLoan(server, { lang: 'fil' });
    await goTo(server, nextManilaDay(), 9);
    const first = await sendProofOf(server, token, orderId, 200_00, 'GC-REJECT-1');
    expect(first.saved.status, JSON.stringify(first.saved.body)).toBe(200);
    const rejected = await ops(
      'opsProofReview',
      { voucherId: first.voucherId, decision: 'reject', reason: 'unreadable' },
      await member('reviewer'),
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    await server.settle();
    const [rejection] = await inbox(token, 'es');
    expect(rejection).toMatchObject({ kind: 'proofRejected', via: 'app' });
    expect(rejection?.text).toContain('No pudimos aceptar el comprobante de pago que envió por ₱200');
    expect(rejection?.text).toContain('No se puede leer el recibo');
    expect(await noticeTexts(userId)).toEqual([]);

    const second = await sendProofOf(server, token, orderId, 200_00, 'GC-CREDIT-2');
    const credited = await ops(
      'opsProofReview',
      { voucherId: second.voucherId, decision: 'approve' },
      await member('reviewer'),
    );
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    await server.settle();
    const [credit] = await inbox(token, 'en');
    expect(credit).toMatchObject({ kind: 'proofCredited', via: 'sms' });
    expect(credit?.text).toContain('credited ₱200 to your loan. You now owe ₱891');
    const texts = await noticeTexts(userId);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toContain('Ang utang mo ngayon ay ₱891');
  }, 60_000);
});

describe('a referred application decided', () => {
  async function referred() {
    const borrower = await server.signIn();
    const { token } = borrower;
    await completeSteps(server, token, 'bankAccount');
    expect((await server.call('saveQuestionnaire', { answers: REFERRED_ANSWERS }, { token })).status).toBe(
      200,
    );
    const applied = await server.call(
      'applyLoanOrder',
      {
        productId: DEMO_PRODUCT.productId,
        amount: DEMO_PRODUCT.minAmount,
        tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
      },
      { token },
    );
    const orderId: string = applied.body.data.orderId;
    expect((await server.call('submitOrder', { orderId }, { token })).status).toBe(200);
    await server.settle();
    return { ...borrower, orderId };
  }

  it('approved or rejected: an in-app notice in her language, no SMS', async () => {
    const yes = await referred();
    const no = await referred();
    const reviewer = await member('reviewer');
    const approve = { orderId: yes.orderId, decision: 'approve', reason: 'incomeConfirmed' };
    expect((await ops('opsReferredDecide', approve, reviewer)).status).toBe(200);
    const reject = { orderId: no.orderId, decision: 'reject', reason: 'unreachable' };
    expect((await ops('opsReferredDecide', reject, reviewer)).status).toBe(200);
    await server.settle();

    const [approval] = await inbox(yes.token, 'fil');
    expect(approval).toMatchObject({ kind: 'applicationApproved', via: 'app', unread: true });
    expect(approval?.text).toContain('Naaprubahan ang iyong loan application');
    const [rejection] = await inbox(no.token, 'es');
    expect(rejection).toMatchObject({ kind: 'applicationRejected', via: 'app' });
    expect(rejection?.text).toContain('no pudimos aprobarla');
    expect(await noticeTexts(yes.userId)).toEqual([]);
    expect(await noticeTexts(no.userId)).toEqual([]);
  }, 60_000);
});
