import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ASSESSMENT_V1, type CreditPolicyDocument } from '@hiram/contract/credit-policy';
import { ERRORS } from '@hiram/contract/errors';
import { type Proposal, ROLES_WITH_POWER } from '@hiram/contract/ops/approvals';
import type { BacktestRun, ChallengerVariant, CreditPolicyView } from '@hiram/contract/ops/credit-policy';
import type { OpsEndpointName } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { creditPolicyInForce } from '../../../src/services/risk/credit-policy.ts';
import { completeSteps } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { addOtherBrand, opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';
import { seedPastDecisions } from '../../past-decisions-fixtures.ts';

/**
 * The risk officer's console for the credit policy (ADR 0072), on both databases: the risk role, versions
 * published under maker-checker (the maker never approves, only risk or admin check, the checker reads old →
 * new), a published version deciding the next application, backtests whose figures equal a recount made in
 * SQL, and champion/challenger set under maker-checker with its report.
 */
let server: TestServer;
const OTHER_BRAND = 'ph.other.lender';
const BRAND = DEFAULT_PACKAGE_NAME;

let riskMaker: Signed;
let riskChecker: Signed;
let admin: Signed;

beforeAll(async () => {
  server = await startTestServer({
    config: {
      assessmentDelaySeconds: 0,
      sessionTtlSeconds: 3650 * 86_400,
      sessionIdleSeconds: 3650 * 86_400,
    },
  });
  await addOtherBrand(server, OTHER_BRAND);
  await server.app.brands.load(server.db);
  riskMaker = await signedInMember(server, 'risk');
  riskChecker = await signedInMember(server, 'risk');
  admin = await signedInMember(server, 'admin');
}, 60_000);
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

async function view(signed: Signed = riskMaker): Promise<CreditPolicyView> {
  const answer = await ops('opsCreditPolicy', {}, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as CreditPolicyView;
}

type Decided = { status: string | null; errorCode: number | null };
async function decide(signed: Signed, proposalId: string, decision: 'approve' | 'reject' = 'approve') {
  const answer = await ops(
    'opsProposalDecide',
    { proposalIds: [proposalId], decision, ...(decision === 'reject' ? { note: 'not now' } : {}) },
    signed,
  );
  if (answer.status !== 200) return { status: null, errorCode: answer.body.code as number };
  return (answer.body.data as { outcomes: Decided[] }).outcomes[0] as Decided;
}

async function propose(kind: string, payload: Record<string, unknown>, signed: Signed = riskMaker) {
  const answer = await ops(
    'opsProposalCreate',
    { kind, payload, reason: 'risk committee of this week' },
    signed,
  );
  return answer as typeof answer & { body: { code: number; data: Proposal } };
}

/** Version 1's document with the age rule's upper bound and the starter line changed. */
function stricter(maxAge: number, starter = 200_000): CreditPolicyDocument {
  return {
    creditLine: {
      starter,
      ladder: [500_000, 800_000, 1_200_000, 2_000_000, 3_000_000, 4_500_000, 6_000_000],
      overdue: { afterDays: 7, action: 'lowerOneRung' },
    },
    assessment: {
      ...ASSESSMENT_V1,
      rules: ASSESSMENT_V1.rules.map((rule) =>
        rule.reason === 'age'
          ? {
              ...rule,
              conditions: {
                any: [
                  { fact: 'ageKnown', operator: 'equal', value: false },
                  { fact: 'age', operator: 'lessThan', value: 18 },
                  { fact: 'age', operator: 'greaterThan', value: maxAge },
                ],
              },
            }
          : rule,
      ),
    },
  };
}

describe('the risk role', () => {
  it('is a role with power: an admin creates or grants it only through a second admin', async () => {
    expect(ROLES_WITH_POWER).toContain('risk');
    const direct = await ops(
      'opsStaffCreate',
      { email: 'risk.direct@lender.example', name: 'Rita Risk', role: 'risk', brandScope: null },
      admin,
    );
    expect(direct.body.code).toBe(ERRORS.ROLE_NEEDS_SECOND_ADMIN.code);
    const proposed = await propose(
      'staff.create',
      { email: 'risk.proposed@lender.example', name: 'Rita Risk', role: 'risk', brandScope: null },
      admin,
    );
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
  });

  it('reads the policy; a viewer, finance or collections member does not', async () => {
    const policy = await view();
    expect(policy.versions.at(-1)).toMatchObject({
      version: 1,
      packageName: null,
      createdBy: 'migration 0051',
    });
    expect(policy.brands.find((b) => b.packageName === BRAND)).toMatchObject({
      liveVersion: 1,
      challenger: null,
    });
    for (const role of ['viewer', 'finance', 'collections'] as const) {
      const answer = await ops('opsCreditPolicy', {}, await signedInMember(server, role));
      expect(answer.status, role).toBe(403);
    }
  });
});

describe('publishing a version under maker-checker', () => {
  let proposalId: string;

  it('is proposed by risk only, with each change old → new in words and pesos', async () => {
    const byAdmin = await propose(
      'credit-policy.publish',
      { packageName: null, effectiveFrom: null, basedOn: 1, document: stricter(60) },
      admin,
    );
    expect(byAdmin.body.code).toBe(ERRORS.ROLE_NOT_ALLOWED.code);
    const same = await propose('credit-policy.publish', {
      packageName: null,
      effectiveFrom: null,
      basedOn: 1,
      document: { creditLine: stricter(65, 300_000).creditLine, assessment: ASSESSMENT_V1 },
    });
    expect(same.body.code).toBe(ERRORS.CREDIT_POLICY_UNCHANGED.code);
    const invalid = await propose('credit-policy.publish', {
      packageName: null,
      effectiveFrom: null,
      basedOn: 1,
      document: { ...stricter(60), creditLine: { ...stricter(60).creditLine, ladder: [100_000] } },
    });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain('payload.document.creditLine.ladder.0');

    const proposed = await propose('credit-policy.publish', {
      packageName: null,
      effectiveFrom: null,
      basedOn: 1,
      document: stricter(30),
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    proposalId = proposed.body.data.proposalId;
    expect(proposed.body.data).toMatchObject({
      targetType: 'creditPolicy',
      targetId: 'all',
      status: 'pending',
    });
    expect(proposed.body.data.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'creditLine.starter',
          kind: 'money',
          before: 300_000,
          after: 200_000,
        }),
        expect.objectContaining({
          label: 'Rule: Age outside the lending range: Age is above',
          before: '65',
          after: '30',
        }),
      ]),
    );
    // The same change cannot wait twice.
    const twice = await propose('credit-policy.publish', {
      packageName: null,
      effectiveFrom: null,
      basedOn: 1,
      document: stricter(55),
    });
    expect(twice.body.code).toBe(ERRORS.PROPOSAL_DUPLICATE.code);
  });

  it('is never approved by its maker nor by a role that does not check it', async () => {
    expect((await decide(riskMaker, proposalId)).errorCode).toBe(ERRORS.PROPOSAL_OWN.code);
    expect((await decide(await signedInMember(server, 'finance'), proposalId)).errorCode).toBe(
      ERRORS.ROLE_NOT_ALLOWED.code,
    );
    expect((await view()).everyBrandVersion).toBe(1);
  });

  it('approved by another risk officer, is a new version in force from then, audited', async () => {
    expect(await decide(riskChecker, proposalId)).toMatchObject({ status: 'approved', errorCode: null });
    const policy = await view();
    expect(policy.everyBrandVersion).toBe(2);
    expect(policy.versions[0]).toMatchObject({
      version: 2,
      packageName: null,
      createdBy: expect.stringMatching(/^risk/),
      inForceFor: ['all'],
      effectiveFrom: server.clock.now().toISOString(),
    });
    expect(policy.brands.find((b) => b.packageName === BRAND)?.liveVersion).toBe(2);
    const inForce = await creditPolicyInForce(server.db, BRAND, server.clock.now());
    expect(inForce.version).toBe(2);
    expect(inForce.document.creditLine.starter).toBe(200_000);
    const [audit] = await server.db.query<{ after: unknown }>(
      `select after from audit_log where action = 'credit-policy.publish'`,
    );
    expect(JSON.stringify(audit?.after)).toContain('"version":2');
    // A draft made against version 1 is now out of date.
    const outdated = await propose('credit-policy.publish', {
      packageName: null,
      effectiveFrom: null,
      basedOn: 1,
      document: stricter(50),
    });
    expect(outdated.body.code).toBe(ERRORS.CREDIT_POLICY_CHANGED.code);
  });

  it('a brand version with a later date applies from that date, and an admin may approve it', async () => {
    const effectiveFrom = new Date(server.clock.now().getTime() + 86_400_000).toISOString();
    const proposed = await propose('credit-policy.publish', {
      packageName: OTHER_BRAND,
      effectiveFrom,
      basedOn: 2,
      document: stricter(62),
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    expect(await decide(admin, proposed.body.data.proposalId)).toMatchObject({ status: 'approved' });
    expect((await creditPolicyInForce(server.db, OTHER_BRAND, server.clock.now())).version).toBe(2);
    const tomorrow = new Date(Date.parse(effectiveFrom) + 1000);
    expect((await creditPolicyInForce(server.db, OTHER_BRAND, tomorrow)).version).toBe(3);
    expect((await creditPolicyInForce(server.db, BRAND, tomorrow)).version).toBe(2);
  });

  it('decides the next application: a borrower of 35 is refused by version 2 with its reason', async () => {
    // The fixture's borrower was born in May 1990: 35 on the test clock's day, above version 2's 30.
    const { token } = await server.signIn();
    await completeSteps(server, token, 'bankAccount');
    const applied = await server.call(
      'applyLoanOrder',
      {
        productId: DEMO_PRODUCT.productId,
        amount: DEMO_PRODUCT.minAmount,
        tenureDays: DEMO_PRODUCT.tenureDays[0],
      },
      { token },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const orderId: string = applied.body.data.orderId;
    expect((await server.call('submitOrder', { orderId }, { token })).status).toBe(200);
    await server.settle();
    const [decision] = await server.db.query<{ outcome: string; policy_version: number; reasons: unknown }>(
      `select outcome, policy_version, reasons from credit_decisions where order_id = $1 and kind = 'automated'`,
      [orderId],
    );
    expect(decision).toMatchObject({ outcome: 'reject', policy_version: 2 });
    expect(JSON.stringify(decision?.reasons)).toContain('age');
  });
});

describe('backtests', () => {
  const PAST = 3_000;
  const until = new Date('2026-06-01T00:00:00+08:00');

  beforeAll(async () => {
    await seedPastDecisions(server.db, {
      count: PAST,
      packageName: BRAND,
      until,
      days: 30,
      salt: 'backtest',
    });
  });

  /** The draft's and the live version's figures, counted again in SQL over the same rows, not by the engine. */
  async function recount(maxAge: number) {
    const rows = await server.db.query<{ who: string; outcome: string; repayment: string; n: number }>(
      `with f as (
         select d.facts, lo.status,
                exists (select 1 from loan_order_events e where e.order_id = d.order_id and e.to_status = 3) as late
           from credit_decisions d join loan_orders lo on lo.order_id = d.order_id
          where d.kind = 'automated' and d.package_name = $1 and d.decided_at >= $2 and d.decided_at < $3),
       o as (
         select p.who, case
             when (f.facts->>'age')::int > p.max_age or (f.facts->>'age')::int < 18
               or (f.facts->>'repaymentShareBps')::int > 4000 or (f.facts->>'earlierOrderFellOverdue')::boolean
               or f.facts->>'overdueElsewhereAnswer' in ('2', '3plus') or f.facts->>'loansBeingPaidAnswer' = '5plus'
               then 'reject'
             when f.facts->>'overdueElsewhereAnswer' = '1' or f.facts->>'loansBeingPaidAnswer' = '3to4' then 'refer'
             else 'approve' end as outcome,
           case when f.status = 20 then 'writtenOff' when f.status = 3 then 'overdueNow'
             when f.status = 4 and f.late then 'paidLate' when f.status = 4 then 'paidOnTime'
             when f.status = 2 and f.late then 'overdueNow' when f.status = 2 then 'stillRepaying'
             else 'notLent' end as repayment
           from f cross join (values ('draft', $4::int), ('live', 30)) as p(who, max_age))
       select who, outcome, repayment, count(*)::int as n from o group by 1, 2, 3`,
      [BRAND, '2026-05-01T16:00:00Z', '2026-05-31T16:00:00Z', maxAge],
    );
    const figures = (who: string) => {
      const outcomes = { approve: 0, refer: 0, reject: 0 } as Record<string, number>;
      const approvedRepayment: Record<string, number> = {
        paidOnTime: 0,
        paidLate: 0,
        overdueNow: 0,
        writtenOff: 0,
        stillRepaying: 0,
        notLent: 0,
      };
      for (const row of rows.filter((r) => r.who === who)) {
        outcomes[row.outcome] = (outcomes[row.outcome] ?? 0) + row.n;
        if (row.outcome === 'approve')
          approvedRepayment[row.repayment] = (approvedRepayment[row.repayment] ?? 0) + row.n;
      }
      return { outcomes, approvedRepayment };
    };
    return { draft: figures('draft'), live: figures('live') };
  }

  it('replays a draft in the background; its figures equal a recount done in SQL', async () => {
    const started = await ops(
      'opsBacktestStart',
      // Manila days: 2026-05-02 .. 2026-05-31 hold the seeded decisions from 05-02 00:00 Manila on.
      { packageName: BRAND, from: '2026-05-02', to: '2026-05-31', document: stricter(25) },
      riskMaker,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const run = started.body.data as BacktestRun;
    expect(run).toMatchObject({ status: 'queued', done: 0, figures: null });
    await server.settle();
    const answer = await ops('opsBacktestView', { runId: run.runId }, riskChecker);
    const done = answer.body.data as BacktestRun;
    expect(done.status, done.error ?? '').toBe('done');
    const expected = await recount(25);
    const applications = Object.values(expected.draft.outcomes).reduce((a, b) => a + b, 0);
    expect(applications).toBeGreaterThan(PAST * 0.9);
    expect(done.total).toBe(applications);
    expect(done.done).toBe(applications);
    expect(done.figures?.applications).toBe(applications);
    expect(done.figures?.draft).toEqual(expected.draft);
    expect(done.figures?.live).toEqual({ version: 2, ...expected.live });
    // Stricter on age: fewer approved than the version in force, none more.
    expect(done.figures?.draft.outcomes.approve).toBeLessThan(done.figures?.live.outcomes.approve as number);
    const list = await ops('opsBacktestList', {}, riskMaker);
    expect((list.body.data as BacktestRun[])[0]?.runId).toBe(run.runId);
    const [audit] = await server.db.query(`select 1 from audit_log where action = 'credit-policy.backtest'`);
    expect(audit).toBeDefined();
  });

  it('is run by risk and admins only, and refuses a period that ends before it starts', async () => {
    const reviewer = await signedInMember(server, 'reviewer');
    const input = { packageName: BRAND, from: '2026-05-02', to: '2026-05-31', document: stricter(25) };
    expect((await ops('opsBacktestStart', input, reviewer)).status).toBe(403);
    const backwards = await ops('opsBacktestStart', { ...input, from: '2026-06-01' }, admin);
    expect(backwards.status).toBe(400);
  });
});

describe('champion and challenger', () => {
  it('sets a challenger under maker-checker and reports the two variants', async () => {
    const champion = (await view()).brands.find((b) => b.packageName === BRAND)?.liveVersion as number;
    const same = await propose('credit-policy.challenger', {
      packageName: BRAND,
      version: champion,
      sharePercent: 10,
    });
    expect(same.body.code).toBe(ERRORS.CHALLENGER_VERSION_INVALID.code);
    const otherBrands = await propose('credit-policy.challenger', {
      packageName: BRAND,
      version: 3,
      sharePercent: 10,
    });
    expect(otherBrands.body.code).toBe(ERRORS.CHALLENGER_VERSION_INVALID.code);
    const tooMuch = await propose('credit-policy.challenger', {
      packageName: BRAND,
      version: 1,
      sharePercent: 60,
    });
    expect(tooMuch.status).toBe(400);
    const ending = await propose('credit-policy.challenger', {
      packageName: BRAND,
      version: null,
      sharePercent: null,
    });
    expect(ending.body.code).toBe(ERRORS.CHALLENGER_NONE.code);

    const proposed = await propose('credit-policy.challenger', {
      packageName: BRAND,
      version: 1,
      sharePercent: 20,
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    expect(proposed.body.data.changes).toEqual([
      expect.objectContaining({ before: 'none', after: 'version 1, 20% of new applications' }),
    ]);
    expect((await decide(riskMaker, proposed.body.data.proposalId)).errorCode).toBe(ERRORS.PROPOSAL_OWN.code);
    expect(await decide(admin, proposed.body.data.proposalId)).toMatchObject({ status: 'approved' });
    expect((await view()).brands.find((b) => b.packageName === BRAND)?.challenger).toMatchObject({
      version: 1,
      sharePercent: 20,
    });

    await seedPastDecisions(server.db, {
      count: 400,
      packageName: BRAND,
      until: new Date('2026-04-01T00:00:00+08:00'),
      days: 10,
      salt: 'challenger',
      variantOf: (i) => (i % 5 === 0 ? 'challenger' : 'champion'),
    });
    const report = await ops(
      'opsChallengerReport',
      { packageName: BRAND, from: '2026-03-22', to: '2026-03-31' },
      riskChecker,
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const [championFigures, challengerFigures] = (report.body.data as { variants: ChallengerVariant[] })
      .variants as [ChallengerVariant, ChallengerVariant];
    expect(championFigures).toMatchObject({ variant: 'champion', applications: 320 });
    expect(challengerFigures).toMatchObject({ variant: 'challenger', applications: 80 });
    const counted = await server.db.query<{ variant: string; n: number }>(
      `select variant, count(*)::int as n from credit_decisions
        where kind = 'automated' and outcome = 'approve' and decided_at >= '2026-03-21T16:00:00Z'
          and decided_at < '2026-03-31T16:00:00Z' group by 1 order by 1`,
    );
    expect(challengerFigures.outcomes.approve).toBe(counted.find((r) => r.variant === 'challenger')?.n);
    expect(challengerFigures.approvalRateBps).toBe(
      Math.round(((counted.find((r) => r.variant === 'challenger')?.n ?? 0) * 10_000) / 80),
    );

    const end = await propose('credit-policy.challenger', {
      packageName: BRAND,
      version: null,
      sharePercent: null,
    });
    expect(end.status, JSON.stringify(end.body)).toBe(200);
    expect(await decide(riskChecker, end.body.data.proposalId)).toMatchObject({ status: 'approved' });
    expect((await view()).brands.find((b) => b.packageName === BRAND)?.challenger).toBeNull();
  });
});
