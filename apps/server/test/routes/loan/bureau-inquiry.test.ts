import { BUREAU_CONSENT_VERSION } from '@hiram/contract/bureau-consent';
import {
  ASSESSMENT_V1,
  type AssessmentPolicy,
  type CreditDecisionRecord,
} from '@hiram/contract/credit-policy';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { decisionsOf } from '../../../src/services/risk/decision-records.ts';
import { completeSteps } from '../../application-fixtures.ts';
import { POLICY_V1_LINE } from '../../credit-line-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';

/**
 * The credit-bureau step through the API (ADR 0071), on both databases: the consent given with Apply is kept
 * (who, when, which text, which language); a policy that asks the bureau decides on its report, and a bureau
 * that fails refers the application to a person, never loses it; the report is kept with the decision. The
 * sandbox bureau answers by the mobile's last two digits (docs/providers.md).
 */
let server: TestServer;
let borrowers = 0;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const choice = {
  productId: DEMO_PRODUCT.productId,
  amount: DEMO_PRODUCT.minAmount,
  tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
};

/** Version 1's rules, asking the bureau, with the bureau reasons a lender would add. */
const ASKING: AssessmentPolicy = {
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

/** A borrower with a complete application whose mobile ends in `ending` (the sandbox bureau's rule). */
async function borrower(ending: string) {
  borrowers += 1;
  const worker = Number(process.env.VITEST_POOL_ID ?? 1) % 10;
  const signedIn = await server.signIn(`0919${worker}${String(borrowers).padStart(4, '0')}${ending}`);
  await completeSteps(server, signedIn.token, 'bankAccount');
  return signedIn;
}

async function consents(orderId: string) {
  return server.db.query<{ user_id: string; text_version: number; language: string; given_at: Date }>(
    'select user_id, text_version, language, given_at from bureau_consents where order_id = $1',
    [orderId],
  );
}

async function automated(orderId: string): Promise<CreditDecisionRecord> {
  const record = (await decisionsOf(server.db, orderId)).find((r) => r.kind === 'automated');
  expect(record, `no automated decision on ${orderId}`).toBeDefined();
  return record as CreditDecisionRecord;
}

describe('the consent to the bureau inquiry', () => {
  it('is kept with the order applied for: who, when, which text and in which language', async () => {
    const { token, userId } = await borrower('55');
    const applied = await server.call(
      'applyLoanOrder',
      { ...choice, bureauConsentVersion: BUREAU_CONSENT_VERSION },
      { token, lang: 'fil' },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(await consents(applied.body.data.orderId)).toEqual([
      {
        user_id: userId,
        text_version: BUREAU_CONSENT_VERSION,
        language: 'fil',
        given_at: server.clock.now(),
      },
    ]);
  });

  it('is not invented: an order applied for without it has none, and a text that never existed is refused', async () => {
    const { token } = await borrower('56');
    const unknown = await server.call('applyLoanOrder', { ...choice, bureauConsentVersion: 99 }, { token });
    expect(unknown.status).toBe(400);
    const applied = await server.call('applyLoanOrder', choice, { token });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(await consents(applied.body.data.orderId)).toEqual([]);
  });
});

describe('a policy that asks the bureau', () => {
  beforeAll(async () => {
    const now = server.clock.now().toISOString();
    await server.db.query(
      `insert into credit_policy_versions (version, package_name, document, effective_from, published_at,
         created_by, created_at)
       select coalesce(max(version), 0) + 1, null, $1, $2, $2, 'test', $2 from credit_policy_versions`,
      [JSON.stringify({ creditLine: POLICY_V1_LINE, assessment: ASKING }), now],
    );
  });

  async function applyAndSubmit(token: string, consent = true): Promise<string> {
    const applied = await server.call(
      'applyLoanOrder',
      consent ? { ...choice, bureauConsentVersion: BUREAU_CONSENT_VERSION } : choice,
      { token },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const orderId = applied.body.data.orderId as string;
    expect((await server.call('submitOrder', { orderId }, { token })).status).toBe(200);
    await server.settle();
    return orderId;
  }

  it('decides on the report and keeps it with the decision', async () => {
    const { token } = await borrower('25');
    const orderId = await applyAndSubmit(token);
    const record = await automated(orderId);
    expect(record.outcome).toBe('reject');
    expect(record.reasons).toContain('bureauOverdueElsewhere');
    expect(record.facts).toMatchObject({ bureauStatus: 'ok', bureauScore: 520, bureauMaxDaysPastDue: 45 });
    expect(record.bureauReport).toMatchObject({
      provider: 'sandbox',
      status: 'ok',
      report: { score: 520, openLoans: 3, maxDaysPastDue: 45 },
    });
  });

  // Every other failure (slow past the deadline, malformed, refused) gives the same facts: the contract suite.
  it('refers the application to a person when the bureau is down: never lost, never a 5xx', async () => {
    const { token } = await borrower('02');
    const orderId = await applyAndSubmit(token);
    const record = await automated(orderId);
    expect(record.outcome).toBe('refer');
    expect(record.reasons).toEqual(['bureauUnavailable']);
    expect(record.bureauReport).toMatchObject({ status: 'unavailable', error: 'unavailable', report: null });
    const latest = await server.call('latestLoanOrder', {}, { token });
    expect(latest.status).toBe(200);
    expect(latest.body.data.order?.status).toBe(S.applying);
    expect(latest.body.data.homeState).toBe('assessing');
    // Operations see the bureau failing in the metrics.
    const counted = (await server.app.metrics.bureau.get()).values.find(
      (v) => v.labels.status === 'unavailable' && v.labels.error === 'unavailable',
    );
    expect(counted?.value).toBeGreaterThanOrEqual(1);
  });

  it('refers an application without consent, and never asks the bureau about it', async () => {
    const { token } = await borrower('57');
    const orderId = await applyAndSubmit(token, false);
    const record = await automated(orderId);
    expect(record.outcome).toBe('refer');
    expect(record.bureauReport).toMatchObject({ status: 'unavailable', error: 'noConsent' });
  });

  it('asks once: a job that stopped after the inquiry is retried on the stored answer', async () => {
    const { token, userId } = await borrower('58');
    const applied = await server.call(
      'applyLoanOrder',
      { ...choice, bureauConsentVersion: BUREAU_CONSENT_VERSION },
      { token },
    );
    const orderId = applied.body.data.orderId as string;
    // The run before the crash asked the bureau, then stopped before deciding.
    const asked = await server.app.bureauStep.inquire({ orderId, userId, at: server.clock.now() });
    server.clock.advance(120);
    expect((await server.call('submitOrder', { orderId }, { token })).status).toBe(200);
    await server.settle();
    const inquiries = await server.db.query<{ inquiry_id: string }>(
      'select inquiry_id from bureau_inquiries where order_id = $1',
      [orderId],
    );
    expect(inquiries.map((row) => row.inquiry_id)).toEqual([asked.report?.inquiryId]);
    expect((await automated(orderId)).bureauReport).toEqual(asked.report);
  });
});
