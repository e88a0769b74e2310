import { ERRORS } from '@hiram/contract/errors';
import type { ReconciliationDifference, ReconciliationRun } from '@hiram/contract/ops/reconciliation';
import { type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_FLAT_FEE } from '../../../src/providers/collection/sandbox-collections.ts';
import { SANDBOX_PAYOUT_FEE } from '../../../src/providers/payout/sandbox-payout.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { newMember, opsCall, type Signed, signIn } from '../../ops-fixtures.ts';
import { repayingLoan } from '../../repayment-fixtures.ts';
import { goTo } from '../../servicing-fixtures.ts';

/**
 * Reconciliation against the sandbox providers' settlement reports, on both databases: the daily job finds
 * each kind of difference made through the sandbox's own controls (a lost callback, another settled
 * amount, a settlement later than the window), tolerates a settlement a day late, adds nothing when run
 * again, and the queue is read and resolved by finance and admins only, audited, within their brand.
 */
let server: TestServer;
const OTHER_BRAND = 'ph.other.lender';
const FEE = SANDBOX_FLAT_FEE.reference as number;

/** The test clock starts on 2 March 2026 (Manila); the payments happen that day. */
const PAY_DAY = '2026-03-02';

interface Paid {
  reference: string;
  eventId: string;
  amount: number;
}

let orderId: string;
const paid: Record<'normal' | 'lost' | 'otherAmount' | 'dayLate' | 'tooLate', Paid> = {} as never;
let payoutId: string;
let payoutAmount: number;

function payAtCounter(reference: string, controls: Record<string, unknown> = {}) {
  return server.request({
    method: 'POST',
    url: '/dev/collections/pay',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ reference, ...controls }),
  });
}

beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
  await server.db.query(
    `insert into brands (package_name, app_name, support_email, support_phone, support_hours)
     values ($1, 'Other', 'help@other.example', '+63281234567', '9-5')`,
    [OTHER_BRAND],
  );
  const loan = await repayingLoan(server);
  orderId = loan.orderId;
  const controls: Record<keyof typeof paid, Record<string, unknown>> = {
    normal: {},
    lost: { callback: 'lost' },
    otherAmount: { settledAmount: 490_00 },
    dayLate: { settleAfterDays: 2 },
    tooLate: { settleAfterDays: 10 },
  };
  // Every reference is asked for before any is paid, each for its own amount (the same amount is the
  // same reference), and all are paid before the callbacks credit the loan.
  const names = Object.keys(controls) as (keyof typeof paid)[];
  const references = [];
  for (const [index, name] of names.entries()) {
    const amount = 500_00 + index * 1_00;
    const counter = await server.call(
      'counterReference',
      { orderNo: orderId, payOrderId: '1', amount, channel: 'seven_eleven' },
      { token: loan.token },
    );
    expect(counter.status, JSON.stringify(counter.body)).toBe(200);
    references.push({ name, amount, reference: counter.body.data.reference as string });
  }
  for (const { name, amount, reference } of references) {
    const answer = await payAtCounter(reference, controls[name]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    paid[name] = { reference, amount, eventId: (answer.body.data as { eventId: string }).eventId };
  }
  await server.settle();
  const [payout] = await server.db.query<{ payout_id: string; amount: string }>(
    `select payout_id, amount from payouts where order_id = $1 and state = 'succeeded'`,
    [orderId],
  );
  payoutId = payout?.payout_id ?? '';
  payoutAmount = Number(payout?.amount);
  // One run a day at 02:00 Manila, each reconciling the day before.
  for (const day of ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']) await goTo(server, day, 3);
}, 120_000);
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

async function signedIn(role: StaffRole, brandScope: string | null = null): Promise<Signed> {
  return signIn(server, await newMember(server, role, brandScope));
}

async function differences(signed: Signed, filter: Record<string, string> = {}) {
  const answer = await ops('opsReconciliationDifferences', filter, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { items: ReconciliationDifference[]; total: number };
}

async function runs(signed: Signed, filter: Record<string, string> = {}) {
  const answer = await ops('opsReconciliationRuns', filter, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { items: ReconciliationRun[]; total: number };
}

describe('the daily job', () => {
  it('queues a lost callback, another settled amount and a settlement past the window, and nothing else', async () => {
    const finance = await signedIn('finance');
    const { items, total } = await differences(finance);
    expect(total).toBe(3);
    const byReference = new Map(items.map((item) => [item.reference, item]));
    expect(byReference.get(paid.lost.eventId)).toMatchObject({
      kind: 'missing_in_ledger',
      provider: 'collections',
      settlementDate: '2026-03-03',
      orderId,
      providerAmount: paid.lost.amount,
      ledgerAmount: null,
      status: 'open',
    });
    expect(byReference.get(paid.otherAmount.eventId)).toMatchObject({
      kind: 'amount_mismatch',
      settlementDate: '2026-03-03',
      orderId,
      providerAmount: 490_00,
      ledgerAmount: paid.otherAmount.amount,
    });
    // Paid on the 2nd and credited at once, but not settled by the 5th: the window (3 days) is over.
    expect(byReference.get(paid.tooLate.eventId)).toMatchObject({
      kind: 'missing_at_provider',
      settlementDate: '2026-03-05',
      orderId,
      providerAmount: null,
      ledgerAmount: paid.tooLate.amount,
    });
    // A day late is within the window, and the normal payment and the payout match.
    expect(byReference.has(paid.dayLate.eventId)).toBe(false);
    expect(byReference.has(paid.normal.eventId)).toBe(false);
    expect(byReference.has(payoutId)).toBe(false);
  });

  it("shows each run's provider totals beside the ledger's", async () => {
    const finance = await signedIn('finance');
    const { items, total } = await runs(finance);
    // Two providers, four days (2 to 5 March).
    expect(total).toBe(8);
    const run = (provider: string, day: string) =>
      items.find((item) => item.provider === provider && item.settlementDate === day);
    expect(run('collections', '2026-03-03')).toMatchObject({
      providerCount: 3,
      providerGross: paid.normal.amount + paid.lost.amount + 490_00,
      providerFees: 3 * FEE,
      providerNet: paid.normal.amount + paid.lost.amount + 490_00 - 3 * FEE,
      ledgerCount: 2,
      ledgerAmount: paid.normal.amount + paid.otherAmount.amount,
      differences: 2,
      openDifferences: 2,
    });
    expect(run('collections', '2026-03-04')).toMatchObject({
      providerCount: 1,
      ledgerCount: 1,
      differences: 0,
    });
    expect(run('payouts', PAY_DAY)).toMatchObject({
      providerCount: 1,
      providerGross: payoutAmount,
      providerFees: SANDBOX_PAYOUT_FEE,
      providerNet: -(payoutAmount + SANDBOX_PAYOUT_FEE),
      ledgerCount: 1,
      ledgerAmount: payoutAmount,
      differences: 0,
    });
    expect((await runs(finance, { provider: 'payouts', from: '2026-03-03' })).total).toBe(3);
  });

  it('adds nothing when a day is reconciled again, by the job or by hand', async () => {
    const count = async (table: string) =>
      Number((await server.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n);
    const before = [await count('reconciliation_runs'), await count('reconciliation_differences')];
    expect(await server.app.reconciliation.reconcile('collections', '2026-03-03')).toMatchObject({
      ran: false,
      differences: 0,
    });
    await server.app.reconciliation.runDaily();
    expect([await count('reconciliation_runs'), await count('reconciliation_differences')]).toEqual(before);
  });
});

describe('the differences queue', () => {
  it('lets finance and admins in, and refuses every other role (403)', async () => {
    for (const role of STAFF_ROLES) {
      const signed = await signedIn(role);
      const allowed = role === 'finance' || role === 'admin';
      for (const name of ['opsReconciliationRuns', 'opsReconciliationDifferences'] as const) {
        const answer = await ops(name, {}, signed);
        expect(answer.status, `${role} ${name}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect(answer.body.code).toBe(ERRORS.ROLE_NOT_ALLOWED.code);
      }
      if (!allowed) {
        const resolve = await ops(
          'opsReconciliationResolve',
          { differenceId: '00000000-0000-4000-8000-000000000000', note: 'not mine' },
          signed,
        );
        expect(resolve.status).toBe(403);
      }
    }
  });

  it('filters by status, kind and settlement day, and pages', async () => {
    const admin = await signedIn('admin');
    expect((await differences(admin, { kind: 'missing_in_ledger' })).items.map((d) => d.reference)).toEqual([
      paid.lost.eventId,
    ]);
    expect((await differences(admin, { from: '2026-03-04', to: '2026-03-05' })).total).toBe(1);
    const first = await differences(admin, { pageSize: '2', page: '1' });
    const second = await differences(admin, { pageSize: '2', page: '2' });
    expect([first.items.length, second.items.length, first.total]).toEqual([2, 1, 3]);
    const bad = await ops('opsReconciliationDifferences', { kind: 'lost', from: 'yesterday' }, admin);
    expect(bad.status).toBe(400);
  });

  it('resolves a difference with a note, once, audited; the money is not moved', async () => {
    const finance = await signedIn('finance');
    const admin = await signedIn('admin');
    const [mismatch] = (await differences(finance, { kind: 'amount_mismatch' })).items;
    if (!mismatch) throw new Error('no amount mismatch queued');
    const journalsBefore = await server.db.query('select 1 from ledger_journals');
    const note = 'Provider confirmed a cashier correction; reversal proposed on the loan';
    const tooShort = await ops(
      'opsReconciliationResolve',
      { differenceId: mismatch.differenceId, note: 'x' },
      finance,
    );
    expect(tooShort.status).toBe(400);
    const resolved = await ops(
      'opsReconciliationResolve',
      { differenceId: mismatch.differenceId, note },
      finance,
    );
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.data).toMatchObject({ status: 'resolved', resolutionNote: note });
    expect((resolved.body.data as ReconciliationDifference).resolvedByEmail).toMatch(/^finance\d+@/);
    const again = await ops('opsReconciliationResolve', { differenceId: mismatch.differenceId, note }, admin);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ERRORS.DIFFERENCE_ALREADY_RESOLVED.code);
    expect(await server.db.query('select 1 from ledger_journals')).toHaveLength(journalsBefore.length);
    expect((await differences(finance, { status: 'open' })).total).toBe(2);
    expect((await differences(finance, { status: 'resolved' })).items.map((d) => d.differenceId)).toEqual([
      mismatch.differenceId,
    ]);
    expect(await server.app.reconciliation.countOpen(null)).toBe(2);
    const audit = await ops('opsAuditList', { action: 'reconciliation.resolve' }, admin);
    expect(audit.body.data).toEqual([
      expect.objectContaining({
        target: `difference:${mismatch.differenceId}`,
        before: { status: 'open' },
        after: { status: 'resolved', note },
        brandScope: mismatch.packageName,
      }),
    ]);
  });

  it("shows a brand-scoped member only their brand's differences and totals", async () => {
    const other = await signedIn('finance', OTHER_BRAND);
    expect((await differences(other)).total).toBe(0);
    const otherRuns = await runs(other);
    expect(otherRuns.total).toBe(8);
    expect(otherRuns.items.every((run) => run.providerCount === 0 && run.differences === 0)).toBe(true);
    expect(await server.app.reconciliation.countOpen(OTHER_BRAND)).toBe(0);
    const [open] = (await differences(await signedIn('finance'), { status: 'open' })).items;
    const refused = await ops(
      'opsReconciliationResolve',
      { differenceId: open?.differenceId, note: 'not my brand' },
      other,
    );
    expect(refused.status).toBe(404);
  });
});
