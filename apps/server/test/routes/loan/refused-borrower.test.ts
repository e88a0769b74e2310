import type { InboxMessage } from '@hiram/contract/api/messages';
import { ASSESSMENT_V1, CreditPolicyDocument } from '@hiram/contract/credit-policy';
import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import type { BorrowerView } from '@hiram/contract/ops/borrowers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { decisionsOf, recordDecision } from '../../../src/services/risk/decision-records.ts';
import { completeSteps } from '../../application-fixtures.ts';
import { POLICY_V1_LINE } from '../../credit-line-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { opsCall, signedInMember } from '../../ops-fixtures.ts';

/**
 * A refused borrower is told why and when she may apply again (issue 21, "Every decision explained";
 * RA 9510): latestLoanOrder answers the plain borrower reasons (never which fraud check matched), whether a
 * person decided, and the day the policy in force at the rejection sets; applying before it is refused with
 * that day written out in her language. On both databases.
 */
const DELAY_SECONDS = 300;
const DAY_MS = 86_400_000;
let server: TestServer;

const large = {
  productId: DEMO_PRODUCT.productId,
  amount: DEMO_PRODUCT.maxAmount,
  tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
};

/** Publishes a version with version 1's rules, a line above any product, and `reapplyAfterDays`. */
async function publishReapplyDays(days: number): Promise<void> {
  const document = CreditPolicyDocument.parse({
    creditLine: { ...POLICY_V1_LINE, starter: 100_000_000, ladder: [] },
    assessment: { ...ASSESSMENT_V1, reapplyAfterDays: days },
  });
  const now = server.clock.now().toISOString();
  await server.db.query(
    `insert into credit_policy_versions (version, package_name, document, effective_from, published_at,
       created_by, created_at)
     select coalesce(max(version), 0) + 1, null, $1, $2, $2, 'test', $2 from credit_policy_versions`,
    [JSON.stringify(document), now],
  );
}

beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: DELAY_SECONDS } });
  await publishReapplyDays(30);
}, 60_000);
afterAll(() => server.close());

/** A borrower earning under ₱10,000 applies for ₱10,000: the policy rejects it (incomeTooLow). */
async function refusedBorrower(): Promise<{
  token: string;
  mobile: string;
  userId: string;
  orderId: string;
  rejectedAt: number;
}> {
  const { token, mobile, userId } = await server.signIn();
  await completeSteps(server, token, 'bankAccount');
  const applied = await server.call('applyLoanOrder', large, { token });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const orderId = applied.body.data.orderId;
  expect((await server.call('submitOrder', { orderId }, { token })).status).toBe(200);
  server.clock.advance(DELAY_SECONDS);
  await server.settle();
  const [row] = await server.db.query<{ status: number; updated_at: Date | string }>(
    'select status, updated_at from loan_orders where order_id = $1',
    [orderId],
  );
  expect(row?.status).toBe(S.rejected);
  return { token, mobile, userId, orderId, rejectedAt: new Date(row?.updated_at as string).getTime() };
}

/** Midnight in Manila of the day `days` after the Manila day of `at`: when she may apply again. */
function reapplyMoment(at: number, days: number): Date {
  const day = new Date(at + 8 * 3_600_000 + days * DAY_MS).toISOString().slice(0, 10);
  return new Date(`${day}T00:00:00+08:00`);
}

async function latest(token: string) {
  return (await server.call('latestLoanOrder', {}, { token })).body.data;
}

describe('a refused borrower', () => {
  it('is told the plain reasons, that the rules decided, and the day she may apply again', async () => {
    const { token, rejectedAt } = await refusedBorrower();
    const home = await latest(token);
    expect(home).toMatchObject({
      homeState: 'rejected',
      borrowerReasons: ['income'],
      refusedByPerson: false,
      canApplyAgainAt: reapplyMoment(rejectedAt, 30).toISOString(),
    });
  });

  it('is told what a reviewer’s decision record says, never which fraud check matched', async () => {
    const { token, orderId } = await refusedBorrower();
    const [automated] = await decisionsOf(server.db, orderId);
    expect(automated?.kind).toBe('automated');
    // A reviewer's rejection after fraud hits, as services/loans/referrals.ts records one.
    const reasons = ['sameDeviceElsewhere', 'samePhotoElsewhere', 'bureauLowScore'] as const;
    await recordDecision(server.db, {
      ...(automated as NonNullable<typeof automated>),
      kind: 'reviewer',
      reasons: [...reasons],
      borrowerReasons: ['detailsNotConfirmed'],
      decidedAt: server.clock.now(),
      review: { reason: 'identityDoubt', note: 'Same phone as another borrower', amount: null },
    });
    const answer = await server.call('latestLoanOrder', {}, { token });
    expect(answer.body.data).toMatchObject({
      borrowerReasons: ['detailsNotConfirmed'],
      refusedByPerson: true,
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/sameDevice|samePhoto|bureauLowScore|Same phone/);
  });

  it('refused before decisions were recorded: the reasons and wait from its assessment and the policy', async () => {
    const { token } = await server.signIn();
    await completeSteps(server, token, 'bankAccount');
    const applied = await server.call(
      'applyLoanOrder',
      { ...large, amount: DEMO_PRODUCT.minAmount },
      { token },
    );
    const orderId = applied.body.data.orderId;
    await server.call('submitOrder', { orderId }, { token });
    // As an order decided before migration 0053 stands: its assessment row, a reviewer's rejection, no record.
    await server.db.query(
      `insert into order_assessments (order_id, user_id, package_name, outcome, reasons, assessed_at,
         review_decision, review_reason, reviewed_at)
       select order_id, user_id, package_name, 'refer', '["oneLoanOverdueElsewhere"]', $2, 'reject',
         'incomeNotConfirmed', $2 from loan_orders where order_id = $1`,
      [orderId, server.clock.now().toISOString()],
    );
    await server.app.loanOrders.move(orderId, 'reject', { reason: 'review: incomeNotConfirmed' });
    const rejectedAt = server.clock.now().getTime();
    expect(await latest(token)).toMatchObject({
      homeState: 'rejected',
      borrowerReasons: ['income'],
      refusedByPerson: true,
      canApplyAgainAt: reapplyMoment(rejectedAt, 30).toISOString(),
    });
  });

  it('applying before the day is refused naming it in her language; from the day on she may apply', async () => {
    const { token, mobile, rejectedAt } = await refusedBorrower();
    const again = reapplyMoment(rejectedAt, 30);
    const day = new Date(again.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const monthName = (locale: string) =>
      new Date(Date.UTC(year, month - 1, 15)).toLocaleDateString(locale, { month: 'long', timeZone: 'UTC' });

    const en = await server.call('applyLoanOrder', { ...large, amount: DEMO_PRODUCT.minAmount }, { token });
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({
      code: 40908,
      msg: `You can apply again on ${monthName('en-US')} ${date}, ${year}`,
      data: { canApplyAgainAt: again.toISOString(), reapplyOn: day },
    });
    const es = await server.call(
      'applyLoanOrder',
      { ...large, amount: DEMO_PRODUCT.minAmount },
      { token, lang: 'es' },
    );
    expect(es.body.msg).toBe(`Podrá solicitar de nuevo el ${date} de ${monthName('es')} de ${year}`);
    const fil = await server.call(
      'applyLoanOrder',
      { ...large, amount: DEMO_PRODUCT.minAmount },
      { token, lang: 'fil' },
    );
    expect(fil.body.msg).toMatch(new RegExp(`^Maaari kang mag-apply muli sa [A-Z][a-z]+ ${date}, ${year}$`));

    server.clock.advance((again.getTime() - server.clock.now().getTime()) / 1000);
    // A month on, her session has ended: she signs in again.
    const back = await server.signIn(mobile);
    expect((await latest(back.token)).homeState).toBe('canLoan');
    const applied = await server.call(
      'applyLoanOrder',
      { ...large, amount: DEMO_PRODUCT.minAmount },
      { token: back.token },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  });

  it('waits as long as the policy in force when she was refused says', async () => {
    await publishReapplyDays(10);
    const { token, rejectedAt } = await refusedBorrower();
    expect((await latest(token)).canApplyAgainAt).toBe(reapplyMoment(rejectedAt, 10).toISOString());
    // A later version does not move a refusal already made.
    server.clock.advance(60);
    await publishReapplyDays(60);
    expect((await latest(token)).canApplyAgainAt).toBe(reapplyMoment(rejectedAt, 10).toISOString());
    await publishReapplyDays(30);
  });

  it('after a person reviews the refusal, may apply again now: told in her inbox, audited, once', async () => {
    const { token, userId, orderId } = await refusedBorrower();
    const support = await signedInMember(server, 'support');
    const refusedBySupport = await opsCall(
      server,
      'opsBorrowerAllowReapply',
      { userId, reason: 'Questionnaire answer was a typo' },
      { signed: support },
    );
    expect(refusedBySupport.status).toBe(403);

    // The borrower page says what she was told and until when she waits.
    const reviewer = await signedInMember(server, 'reviewer');
    const before = await opsCall(server, 'opsBorrowerView', { userId }, { signed: reviewer });
    expect((before.body.data as BorrowerView).refusal).toMatchObject({
      orderId,
      borrowerReasons: ['income'],
      byReviewer: false,
      waived: null,
    });

    const lifted = await opsCall(
      server,
      'opsBorrowerAllowReapply',
      { userId, reason: 'Salary slip shows a higher income than typed' },
      { signed: reviewer },
    );
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    expect((await latest(token)).homeState).toBe('canLoan');
    const again = await opsCall(
      server,
      'opsBorrowerAllowReapply',
      { userId, reason: 'twice' },
      { signed: reviewer },
    );
    expect(again.body.code).toBe(ERRORS.REAPPLY_NOT_WAITING.code);

    const es = await server.call('messages', {}, { token, lang: 'es' });
    expect(
      (es.body.data.messages as InboxMessage[]).find((m) => m.kind === 'reapplyAllowed')?.text,
    ).toContain('Ya puede volver a solicitar.');
    const [audit] = await server.db.query<{ after: { reason: string } }>(
      `select after from audit_log where action = 'borrower.allow-reapply' and target = $1`,
      [`borrower:${userId}`],
    );
    expect(audit?.after.reason).toBe('Salary slip shows a higher income than typed');
    const after = await opsCall(server, 'opsBorrowerView', { userId }, { signed: reviewer });
    expect((after.body.data as BorrowerView).refusal?.waived).toMatchObject({
      reason: 'Salary slip shows a higher income than typed',
    });

    // Her next application is taken, and assessed by the policy as any other.
    const applied = await server.call(
      'applyLoanOrder',
      { ...large, amount: DEMO_PRODUCT.minAmount },
      { token },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  });
});
