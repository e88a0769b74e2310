import { ASSESSMENT_V1, type AssessmentPolicy, type DecisionFacts } from '@hiram/contract/credit-policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BureauError,
  type BureauFailure,
  type BureauProvider,
  type BureauSubject,
} from '../../src/providers/bureau/bureau-provider.ts';
import { NoBureau } from '../../src/providers/bureau/no-bureau.ts';
import { SandboxBureau } from '../../src/providers/bureau/sandbox-bureau.ts';
import { BureauStep } from '../../src/services/risk/bureau-step.ts';
import { compilePolicy, evaluatePolicy } from '../../src/services/risk/policy-engine.ts';
import { startTestServer, type TestServer } from '../helper.ts';

/**
 * The credit-bureau contract (ADR 0071; docs/providers.md): what every bureau provider must do for the
 * bureau step, run against the sandbox (and against each real adapter's fake, when a bureau publishes an API
 * to write one to). Then the step over the database: one inquiry per application, never without consent,
 * and every failure an 'unavailable' answer that the policy refers to a person.
 */
const CONSENT = { textVersion: 1, givenAt: '2026-03-02T01:00:00.000Z' };

function subject(mobileEnding: string, overrides: Partial<BureauSubject> = {}): BureauSubject {
  return {
    reference: `ref-${mobileEnding}`,
    firstName: 'Maria Clara',
    middleName: 'Santos',
    lastName: 'Dela Cruz',
    birthDate: '1990-05-09',
    mobile: `+6391712345${mobileEnding}`,
    idNumber: 'N01-23-456789',
    ...overrides,
  };
}

function signal(): AbortSignal {
  return new AbortController().signal;
}

const SUBJECTS: Array<[string, () => BureauProvider & { inquiries?: string[] }]> = [
  ['sandbox', () => new SandboxBureau({ latencyMs: 0, now: () => new Date('2026-03-02T01:00:00.000Z') })],
];

describe.each(SUBJECTS)('bureau contract: %s', (_name, make) => {
  it('answers a report the policy can read, the same for the same subject', async () => {
    const provider = make();
    const first = await provider.inquire(subject('55'), CONSENT, { signal: signal() });
    const again = await provider.inquire(subject('55'), CONSENT, { signal: signal() });
    expect(first.kind).toBe('report');
    if (first.kind !== 'report') return;
    expect(first.report.score).toBeGreaterThanOrEqual(300);
    expect(first.report.score).toBeLessThanOrEqual(850);
    expect(first.report.openLoans).toBe(first.report.accounts.open);
    expect(first.report.maxDaysPastDue).toBeGreaterThanOrEqual(0);
    expect(again).toEqual(first);
  });

  it('says when it has no record of the subject', async () => {
    expect(await make().inquire(subject('00'), CONSENT, { signal: signal() })).toEqual({ kind: 'noRecord' });
  });

  it.each([
    ['down (503)', '02', 'unavailable'],
    ['malformed', '03', 'malformedAnswer'],
    ['refusing the request', '04', 'badRequest'],
  ] as const)('fails with a BureauError when %s', async (_case, ending, failure) => {
    const answer = make().inquire(subject(ending), CONSENT, { signal: signal() });
    await expect(answer).rejects.toBeInstanceOf(BureauError);
    await expect(answer).rejects.toMatchObject({ failure });
  });

  it('refuses to match a subject without a birthday', async () => {
    await expect(
      make().inquire(subject('55', { birthDate: null }), CONSENT, { signal: signal() }),
    ).rejects.toMatchObject({ failure: 'badRequest' });
  });

  it('stops waiting when the caller gives up (a timeout)', async () => {
    const controller = new AbortController();
    const answer = make().inquire(subject('01'), CONSENT, { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ failure: 'timeout' });
  });
});

describe('the sandbox bureau', () => {
  it('answers the documented records by the mobile’s last two digits', async () => {
    const sandbox = new SandboxBureau({ latencyMs: 0, now: () => new Date('2026-03-02T01:00:00.000Z') });
    const facts = async (ending: string) => {
      const answer = await sandbox.inquire(subject(ending), CONSENT, { signal: signal() });
      return answer.kind === 'report'
        ? [answer.report.score, answer.report.openLoans, answer.report.maxDaysPastDue]
        : answer.kind;
    };
    expect(await facts('15')).toEqual([600, 1, 0]);
    expect(await facts('25')).toEqual([520, 3, 45]);
    expect(await facts('35')).toEqual([650, 6, 0]);
    expect(await facts('45')).toEqual([480, 2, 15]);
    expect(await facts('77')).toEqual([697, 2, 0]);
    expect(sandbox.inquiries).toHaveLength(5);
  });
});

/** Version 1's rules, asking the bureau, with the reasons a lender would add for it. */
const ASKING_POLICY: AssessmentPolicy = {
  ...ASSESSMENT_V1,
  askBureau: true,
  rules: [
    ...ASSESSMENT_V1.rules,
    {
      reason: 'bureauUnavailable',
      band: 'refer',
      conditions: { all: [{ fact: 'bureauStatus', operator: 'equal', value: 'unavailable' }] },
    },
    {
      reason: 'bureauOverdueElsewhere',
      band: 'reject',
      conditions: {
        all: [
          { fact: 'bureauStatus', operator: 'equal', value: 'ok' },
          { fact: 'bureauMaxDaysPastDue', operator: 'greaterThan', value: 30 },
        ],
      },
    },
  ],
};

describe('the bureau step', () => {
  let server: TestServer;
  let sandbox: SandboxBureau;
  let step: BureauStep;
  let borrowers = 0;

  beforeAll(async () => {
    server = await startTestServer();
    sandbox = new SandboxBureau({ latencyMs: 0, now: () => server.clock.now() });
    // A short deadline: the slow case (mobile ending 01) never answers, so the step gives up after it.
    step = new BureauStep(server.db, server.clock, sandbox, { deadlineMs: 50 });
  });
  afterAll(async () => {
    await server.close();
  });

  /** A borrower with a profile and an order applied for, the mobile ending in `ending`; consent by default. */
  async function application(ending: string, options: { consent?: boolean; birthday?: string } = {}) {
    borrowers += 1;
    const worker = Number(process.env.VITEST_POOL_ID ?? 1) % 10;
    const signedIn = await server.signIn(`0918${worker}${String(borrowers).padStart(4, '0')}${ending}`);
    await server.db.query(
      `insert into profiles (user_id, basic_info, basic_info_saved_at) values ($1, $2, $3)
       on conflict (user_id) do update set basic_info = excluded.basic_info`,
      [
        signedIn.userId,
        JSON.stringify({
          firstName: 'Maria Clara',
          middleName: 'Santos',
          lastName: 'Dela Cruz',
          inputBirthday: options.birthday ?? '05-09-1990',
        }),
        server.clock.now().toISOString(),
      ],
    );
    const orderId = crypto.randomUUID();
    const now = server.clock.now().toISOString();
    await server.db.query(
      `insert into loan_orders (order_id, user_id, package_name, product_id, principal, tenure_days, status,
         quote, submitted_at, created_at, updated_at)
       select $1, $2, u.package_name, p.product_id, 300000, 14, 1, '{}', $3, $3, $3
       from users u, loan_products p where u.user_id = $2 and p.package_name = u.package_name
       order by p.product_id limit 1`,
      [orderId, signedIn.userId, now],
    );
    if (options.consent !== false) {
      await step.recordConsent({ orderId, userId: signedIn.userId, textVersion: 1, language: 'fil' });
    }
    return { orderId, userId: signedIn.userId, mobile: signedIn.mobile };
  }

  async function inquiriesOf(orderId: string) {
    return server.db.query<{ status: string; error: string | null; provider: string }>(
      'select status, error, provider from bureau_inquiries where order_id = $1',
      [orderId],
    );
  }

  it('gives the report’s facts, keeps the inquiry, and asks once however often the job runs', async () => {
    const { orderId, userId } = await application('25');
    const at = server.clock.now();
    const asked = sandbox.inquiries.length;
    const first = await step.inquire({ orderId, userId, at });
    expect(first.facts).toEqual({
      bureauStatus: 'ok',
      bureauScore: 520,
      bureauOpenLoans: 3,
      bureauMaxDaysPastDue: 45,
    });
    expect(first.report).toMatchObject({ provider: 'sandbox', status: 'ok', error: null });
    expect(first.report?.report?.accounts).toMatchObject({ open: 3, pastDue: 1 });
    // A retried assessment job: the stored answer, no second inquiry on her bureau file.
    server.clock.advance(600);
    const retried = await step.inquire({ orderId, userId, at: server.clock.now() });
    expect(retried).toEqual(first);
    expect(sandbox.inquiries.length).toBe(asked + 1);
    expect(await inquiriesOf(orderId)).toEqual([{ status: 'ok', error: null, provider: 'sandbox' }]);
    // The policy can use the answer: past due elsewhere past 30 days is refused.
    const decided = await evaluatePolicy(compilePolicy(ASKING_POLICY), { ...goodFacts(), ...first.facts });
    expect(decided.outcome).toBe('reject');
  });

  it('records no record as such', async () => {
    const { orderId, userId } = await application('00');
    const answer = await step.inquire({ orderId, userId, at: server.clock.now() });
    expect(answer.facts.bureauStatus).toBe('noRecord');
    expect(answer.report).toMatchObject({ status: 'noRecord', report: null });
  });

  it.each<[string, string, BureauFailure, { birthday?: string }]>([
    ['slow past the deadline', '01', 'timeout', {}],
    ['down (503)', '02', 'unavailable', {}],
    ['answering a malformed report', '03', 'malformedAnswer', {}],
    ['refusing the request', '04', 'badRequest', {}],
    ['asked about someone without a birthday', '55', 'badRequest', { birthday: '' }],
  ])(
    'answers unavailable when the bureau is %s, and the policy refers the application',
    async (_c, ending, error, options) => {
      const { orderId, userId } = await application(ending, options);
      const answer = await step.inquire({ orderId, userId, at: server.clock.now() });
      expect(answer.facts).toEqual({
        bureauStatus: 'unavailable',
        bureauScore: 0,
        bureauOpenLoans: 0,
        bureauMaxDaysPastDue: 0,
      });
      expect(answer.report).toMatchObject({ status: 'unavailable', error, report: null });
      expect(await inquiriesOf(orderId)).toEqual([{ status: 'unavailable', error, provider: 'sandbox' }]);
      const decided = await evaluatePolicy(compilePolicy(ASKING_POLICY), { ...goodFacts(), ...answer.facts });
      expect(decided.outcome).toBe('refer');
      expect(decided.reasons).toEqual(['bureauUnavailable']);
      // Asked again (a retried job), it stays the same answer: once per application.
      const asked = sandbox.inquiries.length;
      expect((await step.inquire({ orderId, userId, at: server.clock.now() })).facts.bureauStatus).toBe(
        'unavailable',
      );
      expect(sandbox.inquiries.length).toBe(asked);
    },
  );

  it('never asks without the borrower’s consent', async () => {
    const { orderId, userId } = await application('55', { consent: false });
    const asked = sandbox.inquiries.length;
    const answer = await step.inquire({ orderId, userId, at: server.clock.now() });
    expect(sandbox.inquiries.length).toBe(asked);
    expect(answer.facts.bureauStatus).toBe('unavailable');
    expect(answer.report).toMatchObject({ status: 'unavailable', error: 'noConsent' });
  });

  it('keeps the consent as given: who, when, which text, which language', async () => {
    const { orderId, userId } = await application('55');
    // A second consent for the same order changes nothing: the first one stands.
    await step.recordConsent({ orderId, userId, textVersion: 1, language: 'es' });
    const rows = await server.db.query<{ user_id: string; text_version: number; language: string }>(
      'select user_id, text_version, language from bureau_consents where order_id = $1',
      [orderId],
    );
    expect(rows).toEqual([{ user_id: userId, text_version: 1, language: 'fil' }]);
  });

  it('does not ask again for an inquiry a crash left without its answer', async () => {
    const { orderId, userId } = await application('55');
    await server.db.query(
      `insert into bureau_inquiries (inquiry_id, order_id, user_id, provider, status, requested_at)
       values ($1, $2, $3, 'sandbox', 'pending', $4)`,
      [crypto.randomUUID(), orderId, userId, server.clock.now().toISOString()],
    );
    server.clock.advance(60);
    const asked = sandbox.inquiries.length;
    const answer = await step.inquire({ orderId, userId, at: server.clock.now() });
    expect(sandbox.inquiries.length).toBe(asked);
    expect(answer.facts.bureauStatus).toBe('unavailable');
    expect(await inquiriesOf(orderId)).toEqual([
      { status: 'unavailable', error: 'answerLost', provider: 'sandbox' },
    ]);
  });

  it('with no bureau connected (BUREAU_PROVIDER=none), answers unavailable', async () => {
    const none = new BureauStep(server.db, server.clock, new NoBureau());
    const { orderId, userId } = await application('55');
    const answer = await none.inquire({ orderId, userId, at: server.clock.now() });
    expect(answer.facts.bureauStatus).toBe('unavailable');
    expect(await inquiriesOf(orderId)).toEqual([
      { status: 'unavailable', error: 'unavailable', provider: 'none' },
    ]);
  });
});

/** An application version 1 approves, before the bureau's facts. */
function goodFacts(): DecisionFacts {
  return {
    age: 35,
    ageKnown: true,
    profileComplete: true,
    identityVerified: true,
    payoutAccountVerified: true,
    questionnaireAnswered: true,
    overdueElsewhereAnswer: '0',
    loansBeingPaidAnswer: '1',
    incomeKnown: true,
    repaymentShareBps: 1_000,
    totalPayable: 330_000,
    tenureDays: 14,
    earlierOrderFellOverdue: false,
    loansRepaid: 0,
    sameIdNumberAccounts: 0,
    sameTaxNumberAccounts: 0,
    samePayoutAccountAccounts: 0,
    sameDeviceAccounts: 0,
    samePhotoAccounts: 0,
    payoutNameMismatch: false,
    deviceApplications: 1,
    addressApplications: 1,
    bureauStatus: 'notAsked',
    bureauScore: 0,
    bureauOpenLoans: 0,
    bureauMaxDaysPastDue: 0,
  };
}
