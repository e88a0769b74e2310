import { ASSESSMENT_V1, CreditPolicyDocument } from '@hiram/contract/credit-policy';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import type { Proposal } from '@hiram/contract/ops/approvals';
import type { PrivacyRequest } from '@hiram/contract/ops/privacy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../src/db/database.ts';
import { DEMO_PRODUCT } from '../../src/db/seed.ts';
import { ARCHIVE_EXCLUDED, ARCHIVE_TABLES } from '../../src/services/compliance/privacy/archive.ts';
import {
  ERASURE_PLAN,
  type ErasureRule,
  type ErasureStep,
  erasureWhere,
} from '../../src/services/compliance/privacy/erasure.ts';
import { RETENTION_SCHEDULES } from '../../src/services/compliance/privacy/retention.ts';
import { completeSteps, expectOk } from '../application-fixtures.ts';
import { POLICY_V1_LINE } from '../credit-line-fixtures.ts';
import { startTestServer, type TestServer } from '../helper.ts';
import { opsCall, type Signed, signedInMember } from '../ops-fixtures.ts';
import { payAtCounter, repayingLoan } from '../repayment-fixtures.ts';

/**
 * Erasure as redaction and the retention that finishes it (ADR 0088), on both databases: after an approved
 * erasure each table about her holds exactly what its rule in ERASURE_PLAN says (kept as it was, her rows
 * gone, or the named columns blanked), like the archive's coverage test; five years on, the retention job
 * leaves nothing that names her; refused applicants' data and old ID photos go after their periods.
 */
const DELAY_SECONDS = 300;
const DAY = 24 * 60 * 60;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

/** Every table the plan covers, her rows as the archive finds them (secrets and binaries as they are). */
async function snapshot(userId: string): Promise<Record<string, Row[]>> {
  const tables: Record<string, Row[]> = {};
  for (const table of Object.keys(ERASURE_PLAN)) {
    const rows = await server.db.query(`select * from ${table} where (${erasureWhere(table)})`, [userId]);
    tables[table] = rows
      .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, comparable(v)])))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return tables;
}

function comparable(value: unknown): unknown {
  if (value instanceof Uint8Array)
    return `bytes:${value.byteLength}:${Buffer.from(value).toString('base64').slice(0, 40)}`;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && /^\{|^\[/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

/** Tables the erasure itself writes to: her request is answered, the audit log gains rows. */
const WRITTEN_BY_THE_ERASURE = new Set(['privacy_requests', 'audit_log', 'sessions']);

/**
 * Checks one side of the plan against the tables before and after: every table is exactly as its rule says.
 * Returns the tables that held rows about her before, to show the check was not run on empty tables.
 */
async function expectPlanApplied(
  userId: string,
  before: Record<string, Row[]>,
  after: Record<string, Row[]>,
  side: keyof ErasureRule,
): Promise<string[]> {
  const exercised: string[] = [];
  for (const [table, rule] of Object.entries(ERASURE_PLAN)) {
    const step: ErasureStep = rule[side];
    const was = before[table] ?? [];
    const now = after[table] ?? [];
    if (was.length > 0) exercised.push(table);
    if (step.do === 'keep') {
      if (WRITTEN_BY_THE_ERASURE.has(table)) expect(now.length, table).toBeGreaterThanOrEqual(was.length);
      else expect(now, table).toEqual(was);
    } else if (step.do === 'delete' && !step.only) {
      expect(now, table).toEqual([]);
    } else if (step.do === 'delete') {
      const [left] = await server.db.query<{ n: number | string }>(
        `select count(*) as n from ${table} where (${erasureWhere(table)}) and (${step.only})`,
        [userId],
      );
      expect(Number(left?.n), `${table} where ${step.only}`).toBe(0);
      const [kept] = await server.db.query<{ n: number | string }>(
        `select count(*) as n from ${table} where (${erasureWhere(table)})`,
        [userId],
      );
      expect(Number(kept?.n), table).toBe(now.length);
    } else {
      expect(now.length, table).toBe(was.length);
      for (const [column, value] of Object.entries(step.set)) {
        const [wrong] = await server.db.query<{ n: number | string }>(
          `select count(*) as n from ${table} where (${erasureWhere(table)})
             and (${column}) is distinct from (${value})`,
          [userId],
        );
        expect(Number(wrong?.n), `${table}.${column}`).toBe(0);
      }
      // The other columns as they were (the account's erasure marks aside: checked below).
      const others = (rows: Row[]) =>
        rows
          .map((row) =>
            JSON.stringify(
              Object.entries(row).filter(
                ([column]) => !(column in step.set) && !['erased_at', 'retain_until'].includes(column),
              ),
            ),
          )
          .sort();
      expect(others(now), table).toEqual(others(was));
    }
  }
  return exercised;
}

async function payOff(token: string, orderId: string): Promise<void> {
  const owed = (await server.app.ledger.orderBalance(server.db, orderId)).totalDue;
  const reference = await server.call(
    'counterReference',
    { orderNo: orderId, payOrderId: '1', amount: owed, channel: 'seven_eleven' },
    { token },
  );
  expectOk('counterReference', reference);
  expect((await payAtCounter(server, reference.body.data.reference)).status).toBe(200);
  await server.settle();
  const [order] = await server.db.query<{ status: number }>(
    'select status from loan_orders where order_id = $1',
    [orderId],
  );
  expect(order?.status).toBe(S.finished);
}

async function erase(userId: string): Promise<void> {
  const support = await signedInMember(server, 'support');
  const maker = await signedInMember(server, 'compliance');
  const checker = await signedInMember(server, 'compliance');
  const call = (name: Parameters<typeof opsCall>[1], payload: Record<string, unknown>, signed: Signed) =>
    opsCall(server, name, payload, { signed });
  const intake = await call('opsPrivacyRequestCreate', { userId, kind: 'erasure' }, support);
  const { requestId } = intake.body.data as PrivacyRequest;
  const proposed = await call(
    'opsProposalCreate',
    { kind: 'privacy.erasure', payload: { requestId }, reason: 'Her written request, identity checked' },
    maker,
  );
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
  const decided = await call(
    'opsProposalDecide',
    { proposalIds: [(proposed.body.data as Proposal).proposalId], decision: 'approve' },
    checker,
  );
  expect((decided.body.data as { outcomes: { status: string }[] }).outcomes[0]?.status).toBe('approved');
}

describe('the erasure plan', () => {
  it('has a rule, both sides, for every table the archive reads or leaves out, and no other', () => {
    const about = [...ARCHIVE_TABLES.map((t) => t.table), ...Object.keys(ARCHIVE_EXCLUDED)].sort();
    expect(Object.keys(ERASURE_PLAN).sort()).toEqual(about);
    for (const rule of Object.values(ERASURE_PLAN)) {
      expect(rule.atErasure.why.length).toBeGreaterThan(5);
      expect(rule.afterRetention.why.length).toBeGreaterThan(5);
    }
    // What is kept at erasure includes the loans, the books and the AML records.
    for (const table of [
      'loan_orders',
      'ledger_journals',
      'ledger_entries',
      'payouts',
      'screening_candidates',
    ])
      expect(ERASURE_PLAN[table]?.atErasure.do, table).toBe('keep');
  });

  it('leaves, table by table, exactly what the law keeps; five years on, nothing that names her', async () => {
    const loan = await repayingLoan(server);
    await payOff(loan.token, loan.orderId);
    // A note of a call, a fraud fingerprint and a screening candidate: kept, gone, kept.
    await server.db.query(
      `insert into borrower_notes (user_id, staff_email, text, at) values ($1, 'support@lender.example', 'Called about her payment', $2)`,
      [loan.userId, server.clock.now().toISOString()],
    );
    const [names] = await server.db.query<{ basic_info: Record<string, string> | string }>(
      'select basic_info from profiles where user_id = $1',
      [loan.userId],
    );
    const info = typeof names?.basic_info === 'string' ? JSON.parse(names.basic_info) : names?.basic_info;

    const before = await snapshot(loan.userId);
    await erase(loan.userId);
    const after = await snapshot(loan.userId);
    const exercised = await expectPlanApplied(loan.userId, before, after, 'atErasure');
    // The check ran on the tables that matter, not on empty ones.
    expect(exercised).toEqual(
      expect.arrayContaining([
        'users',
        'profiles',
        'identity_checks',
        'identity_images',
        'questionnaire_answers',
        'payout_accounts',
        'sessions',
        'verify_challenges',
        'sms_outbox',
        'loan_orders',
        'ledger_journals',
        'ledger_entries',
        'payouts',
        'agreement_signatures',
        'borrower_notes',
        'fraud_fingerprints',
      ]),
    );
    // In words: her identification stays, her contacts and face photo go, her loan and the books stay.
    const profile = after.profiles?.[0] as {
      basic_info: Record<string, unknown>;
      addition_info: Record<string, unknown>;
    };
    expect(Object.keys(profile.basic_info).sort()).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'inputBirthday', 'nationalId', 'address']),
    );
    expect(profile.basic_info.email).toBeUndefined();
    expect(profile.basic_info.facebook).toBeUndefined();
    expect(JSON.stringify(profile.addition_info)).not.toMatch(/emergencyContact|monthlySalary/);
    expect(after.identity_images?.map((image) => image.kind).sort()).toEqual(['back', 'front']);
    expect(after.sessions).toEqual([]);
    expect(after.users?.[0]?.password_hash).toBeNull();
    expect(after.users?.[0]?.erased_at).not.toBeNull();
    expect(after.ledger_entries?.length).toBeGreaterThan(0);

    // Five years and two days on (the schedule's period), the daily job finishes the erasure.
    const period = RETENTION_SCHEDULES.find((s) => s.dataClass === 'erasedAccounts')?.keepDays as number;
    server.clock.advance((period + 2) * DAY);
    const counts = await server.app.privacyRetention.runDaily();
    expect(counts.erasedAccounts).toBe(1);
    // Found by her id now: her number is gone from the account.
    const [account] = await server.db.query<{ mobile: string }>(
      'select mobile from users where user_id = $1',
      [loan.userId],
    );
    expect(account?.mobile).toBe(`erased:${loan.userId}`);
    const finished = await snapshot(loan.userId);
    // Rows found by her number (codes, texts) are found by the placeholder now: none.
    expect(finished.sms_outbox).toEqual([]);
    await expectPlanApplied(
      loan.userId,
      { ...after, sms_outbox: [], verify_challenges: [] },
      finished,
      'afterRetention',
    );
    const left = JSON.stringify(finished);
    for (const personal of [
      loan.mobile,
      loan.mobile.slice(3),
      info.firstName,
      info.lastName,
      info.nationalId,
    ])
      expect(left, personal).not.toContain(personal);
    // The loan and the books are still there, as figures.
    expect(finished.loan_orders).toEqual(after.loan_orders);
    expect(finished.ledger_entries).toEqual(after.ledger_entries);
    // A second run finds nothing more to finish.
    expect((await server.app.privacyRetention.runDaily()).erasedAccounts).toBe(0);
  });
});

describe('retention of refused applicants and ID photos', () => {
  it('forgets a refused applicant’s application a year after, and a past customer’s ID photos after five', async () => {
    // The policy refuses an income under the amount: the applicant applies for the most.
    const document = CreditPolicyDocument.parse({
      creditLine: { ...POLICY_V1_LINE, starter: 100_000_000, ladder: [] },
      assessment: ASSESSMENT_V1,
    });
    const now = server.clock.now().toISOString();
    await server.db.query(
      `insert into credit_policy_versions (version, package_name, document, effective_from, published_at,
         created_by, created_at)
       select coalesce(max(version), 0) + 1, null, $1, $2, $2, 'test', $2 from credit_policy_versions`,
      [JSON.stringify(document), now],
    );
    const refused = await server.signIn();
    await completeSteps(server, refused.token, 'bankAccount');
    const applied = await server.call(
      'applyLoanOrder',
      {
        productId: DEMO_PRODUCT.productId,
        amount: DEMO_PRODUCT.maxAmount,
        tenureDays: DEMO_PRODUCT.tenureDays[0],
      },
      { token: refused.token },
    );
    const orderId = applied.body.data.orderId as string;
    expect((await server.call('submitOrder', { orderId }, { token: refused.token })).status).toBe(200);
    server.clock.advance(DELAY_SECONDS);
    await server.settle();
    const [order] = await server.db.query<{ status: number }>(
      'select status from loan_orders where order_id = $1',
      [orderId],
    );
    expect(order?.status).toBe(S.rejected);
    // A customer who repaid: her ID photos stay 5 years after her last loan.
    const customer = await repayingLoan(server);
    await payOff(customer.token, customer.orderId);

    const held = async (userId: string) => {
      const [row] = await server.db.query<{
        profiles: number | string;
        images: number | string;
        decisions: number | string;
      }>(
        `select (select count(*) from profiles where user_id = $1) as profiles,
                (select count(*) from identity_images where user_id = $1) as images,
                (select count(*) from credit_decisions where user_id = $1) as decisions`,
        [userId],
      );
      return {
        profiles: Number(row?.profiles),
        images: Number(row?.images),
        decisions: Number(row?.decisions),
      };
    };
    expect(await held(refused.userId)).toMatchObject({ profiles: 1, images: 3 });

    // 364 days on: still within the year.
    server.clock.advance(364 * DAY);
    expect((await server.app.privacyRetention.runDaily()).rejectedApplicants).toBe(0);
    server.clock.advance(2 * DAY);
    const year = await server.app.privacyRetention.runDaily();
    expect(year.rejectedApplicants).toBe(1);
    expect(await held(refused.userId)).toMatchObject({ profiles: 0, images: 0 });
    // The refusal itself stays: the decision and the refused order.
    expect((await held(refused.userId)).decisions).toBeGreaterThan(0);
    expect(year.idPhotos).toBe(0);
    expect((await held(customer.userId)).images).toBe(3);

    server.clock.advance(5 * 365 * DAY);
    const later = await server.app.privacyRetention.runDaily();
    expect(later.idPhotos).toBe(3);
    expect(await held(customer.userId)).toMatchObject({ profiles: 1, images: 0 });
    const [run] = await server.app.privacyRetention.recentRuns(1);
    expect(run?.counts).toMatchObject({ idPhotos: 3, rejectedApplicants: 0 });
  });
});
