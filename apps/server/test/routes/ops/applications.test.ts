import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { type OpsEndpointName, STAFF_ROLES } from '@hiram/contract/ops/staff';
import { quoteLoan } from '@hiram/contract/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { termsOf } from '../../../src/domain/products.ts';
import { referredApplicationCount } from '../../../src/services/loans/referrals.ts';
import { completeSteps, REFERRED_ANSWERS } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { addOtherBrand, opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';
import { reapplyMoment } from '../../refusal-fixtures.ts';

/**
 * Referred applications (ADR 0031), on both databases: the refer band keeps the order under review, the queue
 * lists it masked, a reviewer decides once with a reason, and the borrower sees the result as an automatic one.
 */
let server: TestServer;
const OTHER_BRAND = 'ph.other.lender';

beforeAll(async () => {
  server = await startTestServer();
  await addOtherBrand(server, OTHER_BRAND);
}, 60_000);
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

/** A borrower who answered "one loan overdue elsewhere": the assessment refers their application. */
async function referredApplication(amount = DEMO_PRODUCT.minAmount) {
  const borrower = await server.signIn();
  const { token } = borrower;
  await completeSteps(server, token, 'bankAccount');
  expect((await server.call('saveQuestionnaire', { answers: REFERRED_ANSWERS }, { token })).status).toBe(200);
  const applied = await server.call(
    'applyLoanOrder',
    {
      productId: DEMO_PRODUCT.productId,
      amount,
      tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
    },
    { token },
  );
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const orderId: string = applied.body.data.orderId;
  expect((await server.call('submitOrder', { orderId }, { token })).status).toBe(200);
  await server.settle();
  return { ...borrower, orderId };
}

async function latest(token: string) {
  return (await server.call('latestLoanOrder', {}, { token })).body.data;
}

async function auditRows(orderId: string) {
  return server.db.query<{ actor_email: string; after: unknown; before: unknown }>(
    `select actor_email, before, after from audit_log where action = 'application.decide' and target = $1`,
    [`order:${orderId}`],
  );
}

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

describe('the refer band', () => {
  it('keeps a referred order under review and lists it in the queue, masked, oldest first', async () => {
    const before = await referredApplicationCount(server.db, null);
    const first = await referredApplication();
    server.clock.advance(120);
    const second = await referredApplication();
    // The borrower sees the usual "under review" state: status applying, Home assessing.
    const home = await latest(first.token);
    expect(home.homeState).toBe('assessing');
    expect(home.order?.status).toBe(S.applying);

    const reviewer = await signedInMember(server, 'reviewer');
    const list = await ops('opsReferredList', { pageSize: '100' }, reviewer);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const data = list.body.data as { total: number; items: { orderId: string; ageMinutes: number }[] };
    expect(data.total).toBe(before + 2);
    expect(await referredApplicationCount(server.db, null)).toBe(before + 2);
    const ids = data.items.map((i) => i.orderId);
    expect(ids.indexOf(first.orderId)).toBeLessThan(ids.indexOf(second.orderId));
    const item = data.items.find((i) => i.orderId === first.orderId);
    expect(item).toMatchObject({
      reasons: ['oneLoanOverdueElsewhere'],
      principal: DEMO_PRODUCT.minAmount,
      mobile: `${first.mobile.slice(0, 4)} *** ${first.mobile.slice(-4)}`,
      name: 'Maria Clara Dela Cruz',
    });
    expect(item?.ageMinutes).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(list.body)).not.toContain(first.mobile.slice(1));

    const view = await ops('opsReferredView', { orderId: first.orderId }, reviewer);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.data).toMatchObject({
      status: S.applying,
      assessment: { outcome: 'refer' },
      identity: { state: 'verified' },
      borrower: { age: expect.any(Number), earlierLoans: 0, everOverdue: false },
      review: null,
    });
    // The decision record: version 1 for every brand, every rule fired or passed, the facts it ran on.
    const decision = (
      view.body.data as {
        assessment: {
          decision: {
            policyVersion: number;
            variant: string;
            rules: { reason: string; band: string; fired: boolean }[];
            facts: Record<string, unknown>;
            fraudHits: unknown[];
            bureauReport: unknown;
          };
        };
      }
    ).assessment.decision;
    expect(decision).toMatchObject({
      policyVersion: 1,
      variant: 'champion',
      fraudHits: [],
      bureauReport: null,
    });
    expect(decision.rules.find((r) => r.reason === 'oneLoanOverdueElsewhere')).toMatchObject({
      reason: 'oneLoanOverdueElsewhere',
      band: 'refer',
      fired: true,
      conditions: { all: [{ fact: 'overdueElsewhereAnswer', operator: 'in', value: ['1'] }] },
    });
    expect(decision.rules.find((r) => r.reason === 'age')).toMatchObject({ band: 'reject', fired: false });
    expect(decision.facts).toMatchObject({
      overdueElsewhereAnswer: '1',
      ageKnown: true,
      bureauStatus: 'notAsked',
    });
    expect((view.body.data as { answers: { code: number; answer: string }[] }).answers).toContainEqual({
      code: 11,
      answer: '1',
    });
  });
});

describe('the decision', () => {
  it('approves once: the borrower sees the approval as an automatic one; a second decision is 409', async () => {
    const { token, orderId } = await referredApplication();
    const reviewer = await signedInMember(server, 'reviewer');
    const decided = await ops(
      'opsReferredDecide',
      { orderId, decision: 'approve', reason: 'incomeConfirmed', note: 'Payslip seen on call' },
      reviewer,
    );
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.data).toEqual({
      orderId,
      decision: 'approve',
      status: S.confirm,
      amount: DEMO_PRODUCT.minAmount,
    });
    const home = await latest(token);
    expect(home).toMatchObject({ homeState: 'success', order: { status: S.confirm } });
    // The agreement can now be read and signed, as after an automatic approval.
    expect((await server.call('loanAgreement', { orderId }, { token })).status).toBe(200);

    const again = await ops(
      'opsReferredDecide',
      { orderId, decision: 'reject', reason: 'unreachable' },
      reviewer,
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ERRORS.APPLICATION_ALREADY_DECIDED.code);

    const rows = await auditRows(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actor_email).toBe(reviewer.email);
    expect(json(rows[0]?.before)).toMatchObject({ status: S.applying, outcome: 'refer' });
    expect(json(rows[0]?.after)).toEqual({
      status: S.confirm,
      decision: 'approve',
      reason: 'incomeConfirmed',
      note: true,
    });

    const view = await ops('opsReferredView', { orderId }, reviewer);
    expect(view.body.data).toMatchObject({
      status: S.confirm,
      review: {
        decision: 'approve',
        reason: 'incomeConfirmed',
        note: 'Payslip seen on call',
        reviewerEmail: reviewer.email,
      },
    });
    const list = await ops('opsReferredList', { pageSize: '100' }, reviewer);
    expect(JSON.stringify(list.body)).not.toContain(orderId);
  });

  it('rejects: the borrower sees Cannot apply with the retry date, and the reasons', async () => {
    const { token, orderId } = await referredApplication();
    const admin = await signedInMember(server, 'admin');
    const decided = await ops(
      'opsReferredDecide',
      { orderId, decision: 'reject', reason: 'tooMuchDebt' },
      admin,
    );
    expect(decided.body.data).toEqual({
      orderId,
      decision: 'reject',
      status: S.rejected,
      amount: DEMO_PRODUCT.minAmount,
    });
    const home = await latest(token);
    expect(home.homeState).toBe('rejected');
    expect(home.canApplyAgainAt).toBe(reapplyMoment(server.clock.now()));
    const score = await server.call('epochScore', {}, { token });
    expect(score.body.data).toMatchObject({ outcome: 'rejected', reasons: ['tooMuchDebt'] });
  });

  it('lets one of two reviewers deciding at once win; the other hears 409', async () => {
    const { orderId } = await referredApplication();
    const one = await signedInMember(server, 'reviewer');
    const two = await signedInMember(server, 'reviewer');
    const answers = await Promise.all([
      ops('opsReferredDecide', { orderId, decision: 'approve', reason: 'debtsManageable' }, one),
      ops('opsReferredDecide', { orderId, decision: 'reject', reason: 'incomeNotConfirmed' }, two),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe(ERRORS.APPLICATION_ALREADY_DECIDED.code);
    expect(await auditRows(orderId)).toHaveLength(1);
    const events = (await server.app.loanOrders.history(orderId)).filter((e) =>
      ['approve', 'reject'].includes(e.event),
    );
    expect(events).toHaveLength(1);
  });

  it('refuses a reason of the other decision, an unknown reason and an order that was not referred', async () => {
    const { orderId } = await referredApplication();
    const reviewer = await signedInMember(server, 'reviewer');
    const mismatch = await ops(
      'opsReferredDecide',
      { orderId, decision: 'approve', reason: 'tooMuchDebt' },
      reviewer,
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.code).toBe(ERRORS.REVIEW_REASON_MISMATCH.code);
    const unknown = await ops(
      'opsReferredDecide',
      { orderId, decision: 'approve', reason: 'liked them' },
      reviewer,
    );
    expect(unknown.status).toBe(400);
    const missing = await ops(
      'opsReferredDecide',
      { orderId: '00000000-0000-4000-8000-000000000000', decision: 'approve', reason: 'incomeConfirmed' },
      reviewer,
    );
    expect(missing.status).toBe(404);
    expect((await ops('opsReferredView', { orderId: 'not-an-id' }, reviewer)).status).toBe(400);
    expect(await auditRows(orderId)).toHaveLength(0);
  });
});

describe('roles and brands', () => {
  it.each(STAFF_ROLES)(
    '%s: the queue, the view and the decision only for reviewer and admin',
    async (role) => {
      const { orderId } = await referredApplication();
      const member = await signedInMember(server, role);
      const allowed = role === 'reviewer' || role === 'admin';
      const expected = allowed ? 200 : 403;
      expect((await ops('opsReferredList', {}, member)).status).toBe(expected);
      expect((await ops('opsReferredView', { orderId }, member)).status).toBe(expected);
      const decided = await ops(
        'opsReferredDecide',
        { orderId, decision: 'approve', reason: 'confirmedByCall' },
        member,
      );
      expect(decided.status, JSON.stringify(decided.body)).toBe(expected);
    },
  );

  it("keeps a brand-scoped reviewer out of another brand's applications", async () => {
    const { orderId } = await referredApplication();
    const scoped = await signedInMember(server, 'reviewer', OTHER_BRAND);
    const list = await ops('opsReferredList', {}, scoped);
    expect(list.body.data).toMatchObject({ items: [], total: 0 });
    expect(await referredApplicationCount(server.db, OTHER_BRAND)).toBe(0);
    expect((await ops('opsReferredView', { orderId }, scoped)).body.code).toBe(ERRORS.NOT_FOUND.code);
    const decided = await ops(
      'opsReferredDecide',
      { orderId, decision: 'approve', reason: 'confirmedByCall' },
      scoped,
    );
    expect(decided.body.code).toBe(ERRORS.NOT_FOUND.code);
  });
});

describe('approving a lower amount', () => {
  it('prices the order again within the line, so the borrower reads the new figures before signing; told and audited', async () => {
    const { token, orderId, userId } = await referredApplication(300_000);
    const reviewer = await signedInMember(server, 'reviewer');
    const view = await ops('opsReferredView', { orderId }, reviewer);
    // Her starter line is ₱3,000 (ADR 0068): the product's steps below what she applied for.
    expect(view.body.data).toMatchObject({
      creditLine: { amount: 300_000, frozen: false, policyVersion: 1 },
      lowerAmounts: [100_000, 150_000, 200_000, 250_000],
    });
    const decide = (payload: Record<string, unknown>) =>
      ops(
        'opsReferredDecide',
        { orderId, decision: 'approve', reason: 'incomeConfirmed', ...payload },
        reviewer,
      );
    const refusals = [
      [
        { decision: 'reject', reason: 'tooMuchDebt', amount: 200_000 },
        ERRORS.REVIEW_AMOUNT_WITH_REJECTION.code,
      ],
      [{ amount: 300_000 }, ERRORS.REVIEW_AMOUNT_NOT_LOWER.code],
      [{ amount: 120_000 }, ERRORS.REVIEW_AMOUNT_OFF_STEPS.code],
    ] as const;
    for (const [payload, code] of refusals) expect((await decide(payload)).body.code).toBe(code);
    expect((await decide({ amount: 300_000 })).body.msg).toBe(
      'The amount to approve must be lower than the ₱3,000 applied for',
    );
    // Had her line fallen below it since she applied, the reviewer could not approve above it.
    await server.db.query('update credit_lines set amount = 150000 where user_id = $1', [userId]);
    const aboveLine = await decide({ amount: 200_000 });
    expect([aboveLine.status, aboveLine.body.code, aboveLine.body.msg]).toEqual([
      409,
      ERRORS.REVIEW_AMOUNT_ABOVE_LINE.code,
      "The borrower's credit line is ₱1,500: approve at most that",
    ]);
    await server.db.query('update credit_lines set amount = 300000 where user_id = $1', [userId]);
    expect((await latest(token)).order?.status).toBe(S.applying);

    const approved = await decide({ amount: 200_000 });
    expect(approved.body.data).toEqual({ orderId, decision: 'approve', status: S.confirm, amount: 200_000 });
    // Her order and the agreement she is asked to sign stand at the new amount, priced by the same engine.
    const order = (await latest(token)).order;
    expect(order).toMatchObject({ status: S.confirm, amount: 200_000 });
    expect(order?.quote).toEqual(
      quoteLoan(termsOf(DEMO_PRODUCT), 200_000, DEMO_PRODUCT.tenureDays[0] as number),
    );
    const agreement = (await server.call('loanAgreement', { orderId }, { token })).body.data;
    expect(agreement.disclosure).toMatchObject({
      principal: 200_000,
      totalPayable: order?.quote.totalPayable,
    });
    // Told in her inbox, in her language.
    const [notice] = (await server.call('messages', {}, { token, lang: 'fil' })).body.data.messages;
    expect(notice).toMatchObject({ kind: 'applicationApprovedLower' });
    expect(notice?.text).toContain('₱2,000');
    // The review and the audit keep both amounts.
    expect((await ops('opsReferredView', { orderId }, reviewer)).body.data).toMatchObject({
      review: {
        decision: 'approve',
        approvedAmount: 200_000,
      },
    });
    const [audit] = await auditRows(orderId);
    expect(json(audit?.before)).toMatchObject({ principal: 300_000 });
    expect(json(audit?.after)).toMatchObject({ principal: 200_000, decision: 'approve' });
  });
});
