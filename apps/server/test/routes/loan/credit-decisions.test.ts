import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import {
  ASSESSMENT_V1,
  type AssessmentPolicy,
  type CreditDecisionRecord,
} from '@hiram/contract/credit-policy';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { ASSESSMENT_JOB } from '../../../src/services/loans/loan-orders.ts';
import { decisionsOf, latestDecision, reapplyOn } from '../../../src/services/risk/decision-records.ts';
import { challengerBucket, variantFor } from '../../../src/services/risk/policy-choice.ts';
import { completeSteps, REFERRED_ANSWERS } from '../../application-fixtures.ts';
import { POLICY_V1_LINE, setCreditLine } from '../../credit-line-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { opsCall, signedInMember } from '../../ops-fixtures.ts';

/**
 * Every credit decision recorded and explained (ADR 0069), on both databases: the automated record's facts,
 * rule results and reasons; a reviewer's record; exactly one record however often the job runs; the champion or
 * a challenger chosen per borrower and kept; a published stricter version deciding the next application.
 * The fixture borrower earns under ₱10,000 a month and passes version 1 at the product's smallest amount.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const small = {
  productId: DEMO_PRODUCT.productId,
  amount: DEMO_PRODUCT.minAmount,
  tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
};
const large = { ...small, amount: DEMO_PRODUCT.maxAmount };

async function borrower(answers?: typeof REFERRED_ANSWERS) {
  const signedIn = await server.signIn();
  await completeSteps(server, signedIn.token, 'bankAccount');
  if (answers)
    expect((await server.call('saveQuestionnaire', { answers }, { token: signedIn.token })).status).toBe(200);
  return signedIn;
}

/** Applies and submits; the assessment runs when the test settles the jobs. */
async function apply(token: string, choice = small): Promise<string> {
  const applied = await server.call('applyLoanOrder', choice, { token });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const orderId = applied.body.data.orderId as string;
  expect((await server.call('submitOrder', { orderId }, { token })).status).toBe(200);
  await server.settle();
  return orderId;
}

/** An approved loan taken to the end, so the borrower may apply again. */
async function repay(orderId: string) {
  for (const event of ['sign', 'disburse', 'payoutSucceeded', 'repayInFull'] as const)
    await server.app.loanOrders.move(orderId, event, { reason: 'test' });
}

/** Publishes a version with `assessment` (version 1's credit line), in force from `from`. */
async function publishVersion(assessment: AssessmentPolicy, from = server.clock.now()): Promise<number> {
  const now = server.clock.now().toISOString();
  const [row] = await server.db.query<{ version: number }>(
    `insert into credit_policy_versions (version, package_name, document, effective_from, published_at,
       created_by, created_at)
     select coalesce(max(version), 0) + 1, null, $1, $2, $3, 'test', $3 from credit_policy_versions
     returning version`,
    [JSON.stringify({ creditLine: POLICY_V1_LINE, assessment }), from.toISOString(), now],
  );
  return row?.version as number;
}

async function automated(orderId: string): Promise<CreditDecisionRecord> {
  const record = (await decisionsOf(server.db, orderId)).find((r) => r.kind === 'automated');
  expect(record, `no automated decision on ${orderId}`).toBeDefined();
  return record as CreditDecisionRecord;
}

describe('the automated decision record', () => {
  it('keeps an approval with its version, every rule passed and the facts whole', async () => {
    const { token, userId } = await borrower();
    const orderId = await apply(token);
    const record = await automated(orderId);
    expect(record).toMatchObject({
      orderId,
      userId,
      packageName: DEFAULT_PACKAGE_NAME,
      kind: 'automated',
      outcome: 'approve',
      policyVersion: 1,
      variant: 'champion',
      reasons: [],
      borrowerReasons: [],
      reapplyOn: null,
      fraudHits: [],
      bureauReport: null,
      decidedBy: null,
      review: null,
    });
    expect(record.rules.map((rule) => rule.reason)).toEqual(ASSESSMENT_V1.rules.map((rule) => rule.reason));
    expect(record.rules.every((rule) => !rule.fired)).toBe(true);
    // Every fact a rule may test is kept, so a backtest can replay the decision.
    expect(record.facts).toMatchObject({
      ageKnown: true,
      profileComplete: true,
      identityVerified: true,
      payoutAccountVerified: true,
      questionnaireAnswered: true,
      incomeKnown: true,
      earlierOrderFellOverdue: false,
      loansRepaid: 0,
      bureauStatus: 'notAsked',
      tenureDays: small.tenureDays,
    });
    expect(record.facts.repaymentShareBps).toBeGreaterThan(0);
    expect(record.facts.repaymentShareBps).toBeLessThanOrEqual(4_000);
    expect(Object.keys(record.facts).sort()).toEqual(
      Object.keys((await import('@hiram/contract/credit-policy')).DECISION_FACTS).sort(),
    );
    expect(await latestDecision(server.db, orderId)).toEqual(record);
    expect(await latestDecision(server.db, 'not-an-order')).toBeNull();
  });

  it('keeps a rejection with the rule that fired, the plain reasons and the day she may apply again', async () => {
    const { token, userId } = await borrower();
    await setCreditLine(server, userId, DEMO_PRODUCT.maxAmount);
    // ₱10,000 for 91 days is about ₱3,600 a month: too much on under ₱10,000 a month.
    const orderId = await apply(token, large);
    const record = await automated(orderId);
    expect(record).toMatchObject({
      outcome: 'reject',
      reasons: ['incomeTooLow'],
      borrowerReasons: ['income'],
      reapplyOn: reapplyOn(new Date(record.decidedAt), ASSESSMENT_V1.reapplyAfterDays),
    });
    const incomeRule = ASSESSMENT_V1.rules.find((rule) => rule.reason === 'incomeTooLow');
    // The record keeps the rule as the version had it: what was tested, not only that it fired.
    expect(record.rules.find((rule) => rule.reason === 'incomeTooLow')).toEqual({
      reason: 'incomeTooLow',
      band: 'reject',
      fired: true,
      conditions: incomeRule?.conditions,
    });
    expect(record.facts.repaymentShareBps).toBeGreaterThan(4_000);
    // 2 March 2026 in Manila (the test clock), 30 days on.
    expect(reapplyOn(new Date('2026-03-02T01:00:00Z'), 30)).toBe('2026-04-01');
    expect(reapplyOn(new Date('2026-03-01T17:00:00Z'), 30)).toBe('2026-04-01');
  });

  it('keeps a referral without telling the borrower anything yet', async () => {
    const { token } = await borrower(REFERRED_ANSWERS);
    const orderId = await apply(token);
    expect(await automated(orderId)).toMatchObject({
      outcome: 'refer',
      reasons: ['oneLoanOverdueElsewhere'],
      borrowerReasons: [],
      reapplyOn: null,
    });
  });

  it('decides and records once however often the job runs, and refuses to change a record', async () => {
    const { token } = await borrower(REFERRED_ANSWERS);
    const orderId = await apply(token);
    // The referral stays in `applying`: jobs and direct runs after it find it decided and do nothing.
    for (let i = 0; i < 3; i += 1)
      await server.db.transaction((tx) => server.app.jobs.enqueue(tx, ASSESSMENT_JOB, { orderId }));
    const again = await Promise.all([
      server.app.assessment.assess(orderId),
      server.app.assessment.assess(orderId),
    ]);
    await server.settle();
    expect(again).toEqual([null, null]);
    expect(await decisionsOf(server.db, orderId)).toHaveLength(1);

    // Two runs at once on a fresh order: one decision, one record.
    const second = await borrower();
    const applied = await server.call('applyLoanOrder', small, { token: second.token });
    const fresh = applied.body.data.orderId as string;
    // Submitted by hand, so no job runs before the two below.
    await server.db.query('update loan_orders set submitted_at = $2 where order_id = $1', [
      fresh,
      server.clock.now().toISOString(),
    ]);
    const both = await Promise.all([
      server.app.assessment.assess(fresh),
      server.app.assessment.assess(fresh),
    ]);
    expect(both.filter((decision) => decision !== null)).toHaveLength(1);
    expect(await decisionsOf(server.db, fresh)).toHaveLength(1);
    const [assessed] = await server.db.query<{ n: number }>(
      'select count(*)::int as n from order_assessments where order_id = $1',
      [fresh],
    );
    expect(assessed?.n).toBe(1);

    for (const sql of [
      `update credit_decisions set outcome = 'approve' where order_id = $1`,
      'delete from credit_decisions where order_id = $1',
    ])
      await expect(server.db.query(sql, [orderId])).rejects.toThrow(/credit decisions are kept as they were/);
  });
});

describe("a reviewer's decision record", () => {
  it('repeats the facts and rule results it reviewed, with the reviewer, the reason and a lower amount', async () => {
    const { token } = await borrower(REFERRED_ANSWERS);
    const orderId = await apply(token, { ...small, amount: small.amount * 2 });
    const reviewer = await signedInMember(server, 'reviewer');
    const decided = await opsCall(
      server,
      'opsReferredDecide',
      { orderId, decision: 'approve', reason: 'debtsManageable', note: 'Called her', amount: small.amount },
      { signed: reviewer },
    );
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const [referral, review] = await decisionsOf(server.db, orderId);
    expect(review).toMatchObject({
      kind: 'reviewer',
      outcome: 'approve',
      policyVersion: referral?.policyVersion,
      variant: referral?.variant,
      facts: referral?.facts,
      rules: referral?.rules,
      reasons: ['oneLoanOverdueElsewhere'],
      borrowerReasons: [],
      reapplyOn: null,
      review: { reason: 'debtsManageable', note: 'Called her', amount: small.amount },
    });
    expect(review?.decidedBy).toEqual(expect.any(String));
    expect(await latestDecision(server.db, orderId)).toEqual(review);
  });

  it("tells a borrower a reviewer refused the plain reason of the reviewer's reason, and when to apply again", async () => {
    const { token } = await borrower(REFERRED_ANSWERS);
    const orderId = await apply(token);
    const reviewer = await signedInMember(server, 'reviewer');
    const decided = await opsCall(
      server,
      'opsReferredDecide',
      { orderId, decision: 'reject', reason: 'incomeNotConfirmed' },
      { signed: reviewer },
    );
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const review = await latestDecision(server.db, orderId);
    expect(review).toMatchObject({
      kind: 'reviewer',
      outcome: 'reject',
      borrowerReasons: ['income'],
      reapplyOn: reapplyOn(server.clock.now(), ASSESSMENT_V1.reapplyAfterDays),
      review: { reason: 'incomeNotConfirmed', note: null, amount: null },
    });
    // A second decision is refused and records nothing more.
    const again = await opsCall(
      server,
      'opsReferredDecide',
      { orderId, decision: 'approve', reason: 'incomeConfirmed' },
      { signed: reviewer },
    );
    expect(again.status).toBe(409);
    expect(await decisionsOf(server.db, orderId)).toHaveLength(2);
  });
});

describe('champion and challenger', () => {
  it('puts a stable share of borrowers on the challenger: the same side each time, about the share overall', () => {
    const ids = Array.from(
      { length: 20_000 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    for (const share of [5, 20, 50]) {
      const challengers = ids.filter(
        (id) => variantFor(id, DEFAULT_PACKAGE_NAME, { sharePercent: share }) === 'challenger',
      );
      expect(Math.abs(challengers.length / ids.length - share / 100)).toBeLessThan(0.015);
    }
    for (const id of ids.slice(0, 50)) {
      expect(challengerBucket(id, DEFAULT_PACKAGE_NAME)).toBe(challengerBucket(id, DEFAULT_PACKAGE_NAME));
      expect(challengerBucket(id, DEFAULT_PACKAGE_NAME)).toBeGreaterThanOrEqual(0);
      expect(challengerBucket(id, DEFAULT_PACKAGE_NAME)).toBeLessThan(100);
    }
    // A larger share keeps everyone the smaller one had.
    const at20 = ids.filter(
      (id) => variantFor(id, DEFAULT_PACKAGE_NAME, { sharePercent: 20 }) === 'challenger',
    );
    expect(
      at20.every((id) => variantFor(id, DEFAULT_PACKAGE_NAME, { sharePercent: 30 }) === 'challenger'),
    ).toBe(true);
    expect(variantFor(ids[0] as string, DEFAULT_PACKAGE_NAME, null)).toBe('champion');
  });

  it('decides each borrower by her side every time she applies, and records the variant and version', async () => {
    // A published version not in force for years: only the challenger setting makes it decide anybody.
    const challenger = await publishVersion(
      { ...ASSESSMENT_V1, reapplyAfterDays: 10 },
      new Date('2100-01-01'),
    );
    const share = 50;
    await server.db.query(
      `insert into credit_policy_challengers (package_name, version, share_percent, set_at, set_by)
       values (null, $1, $2, $3, 'test')`,
      [challenger, share, server.clock.now().toISOString()],
    );
    try {
      // Borrowers until each side has two: their ids are random, their sides fall as the hash says.
      const seen = { champion: 0, challenger: 0 };
      while (seen.champion < 2 || seen.challenger < 2) {
        const { token, userId } = await borrower();
        const side = variantFor(userId, DEFAULT_PACKAGE_NAME, { sharePercent: share });
        if (seen[side] >= 2) continue;
        seen[side] += 1;
        for (let application = 0; application < 3; application += 1) {
          const orderId = await apply(token);
          const record = await automated(orderId);
          expect(record).toMatchObject({
            outcome: 'approve',
            variant: side,
            policyVersion: side === 'challenger' ? challenger : 1,
          });
          // Her record moves on between applications; her side does not.
          expect(record.facts.loansRepaid).toBe(application);
          await repay(orderId);
        }
      }
    } finally {
      await server.db.query('update credit_policy_challengers set ended_at = $1 where ended_at is null', [
        server.clock.now().toISOString(),
      ]);
    }
    // Ended: everybody is back on the champion.
    const { token } = await borrower();
    expect(await automated(await apply(token))).toMatchObject({ variant: 'champion', policyVersion: 1 });
  });
});

describe('a published version', () => {
  it('decides the applications submitted after it, not those before', async () => {
    const before = await borrower();
    const earlier = await server.call('applyLoanOrder', small, { token: before.token });
    const earlierId = earlier.body.data.orderId as string;
    expect((await server.call('submitOrder', { orderId: earlierId }, { token: before.token })).status).toBe(
      200,
    );

    server.clock.advance(1);
    // Stricter: the repayment may take at most 1% of the income counted; a refusal waits 7 days.
    const stricter = await publishVersion({
      ...ASSESSMENT_V1,
      reapplyAfterDays: 7,
      rules: ASSESSMENT_V1.rules.map((rule) =>
        rule.reason === 'incomeTooLow'
          ? {
              ...rule,
              conditions: {
                any: [
                  { fact: 'incomeKnown', operator: 'equal', value: false },
                  { fact: 'repaymentShareBps', operator: 'greaterThan', value: 100 },
                ],
              },
            }
          : rule,
      ),
    });
    await server.settle();
    // Submitted before it was published: version 1 decides.
    expect(await automated(earlierId)).toMatchObject({ outcome: 'approve', policyVersion: 1 });

    const { token } = await borrower();
    const orderId = await apply(token);
    const record = await automated(orderId);
    expect(record).toMatchObject({
      outcome: 'reject',
      policyVersion: stricter,
      variant: 'champion',
      reasons: ['incomeTooLow'],
      borrowerReasons: ['income'],
      reapplyOn: reapplyOn(new Date(record.decidedAt), 7),
    });
    const [order] = await server.db.query<{ status: number }>(
      'select status from loan_orders where order_id = $1',
      [orderId],
    );
    expect(order?.status).toBe(S.rejected);
  });
});
