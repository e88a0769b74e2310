import { API } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { encryptPath } from '@hiram/contract/cipher';
import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { OVERDUE_BUCKET_IDS, QUEUE_ENDPOINTS, QUEUES, type QueueId } from '@hiram/contract/ops/queues';
import { OPS_ENDPOINTS, type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { MINIMUM_REPAYMENT } from '@hiram/contract/repayment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/servicing-rules.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { addOtherBrand, type Member, newMember, opsCall, type Signed, signIn } from '../../ops-fixtures.ts';
import { REFUSED_WALLET, signedOrder } from '../../payout-fixtures.ts';
import { sendCollectionEvent } from '../../repayment-fixtures.ts';
import { disbursedLoan, goTo, sendProofOf } from '../../servicing-fixtures.ts';

/**
 * The work queues and their dashboard (ADR 0030), on both databases: roles, brand scope, counts equal to
 * the lists' totals, the overdue buckets' edges on the moved clock, a proof reviewed once and audited, and
 * the retired OPS_API_KEY endpoints gone.
 */
let server: TestServer;
const OTHER_BRAND = 'ph.other.lender';
const DAY = 86_400;

beforeAll(async () => {
  server = await startTestServer({
    config: {
      assessmentDelaySeconds: 0,
      // The borrowers' sessions outlive the months the clock is moved; staff sign in again each time.
      sessionTtlSeconds: 3650 * DAY,
      sessionIdleSeconds: 3650 * DAY,
    },
  });
  await addOtherBrand(server, OTHER_BRAND);
}, 60_000);
afterAll(() => server.close());

const members = new Map<string, Promise<Member>>();

/** A member of a role (and brand), created once, signed in afresh: tests move the clock past sessions. */
async function as(role: StaffRole, brandScope: string | null = null): Promise<Signed> {
  const key = `${role}:${brandScope}`;
  if (!members.has(key)) members.set(key, newMember(server, role, brandScope));
  return signIn(server, await (members.get(key) as Promise<Member>));
}

// biome-ignore lint/suspicious/noExplicitAny: the answers' data are read as the contract shapes them
type Data = any;

async function ops(name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) {
  const answer = await opsCall(server, name, payload, { signed });
  return answer as typeof answer & { body: { data: Data } };
}

async function ok(name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed): Promise<Data> {
  const answer = await ops(name, payload, signed);
  expect(answer.status, `${name} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
}

const LIST_OF: Record<QueueId, OpsEndpointName> = {
  referredApplications: 'opsReferredList',
  proofs: 'opsProofQueue',
  failedPayouts: 'opsFailedPayoutQueue',
  paymentExceptions: 'opsPaymentExceptionQueue',
  extensions: 'opsExtensionQueue',
  dueSoon: 'opsDueSoonQueue',
  overdue: 'opsOverdueQueue',
  pendingApprovals: 'opsProposalList',
  reconciliationDifferences: 'opsReconciliationDifferences',
  // Its list is a lender's calendar, not a page of rows: its count is tested in compliance-calendar.test.ts.
  complianceDuties: 'opsComplianceCalendar',
};

/** What a list is asked for to hold what its tile counts. */
const LIST_INPUT: Partial<Record<QueueId, Record<string, unknown>>> = {
  pendingApprovals: { decided: 'false' },
  reconciliationDifferences: { status: 'open' },
};

const NOBODY = '00000000-0000-4000-8000-000000000000';

describe('roles', () => {
  it('every queue endpoint answers the roles the contract lists and refuses the others with 403', async () => {
    const payloads: Partial<Record<OpsEndpointName, Record<string, unknown>>> = {
      opsProofImage: { voucherId: NOBODY },
      opsProofReview: { voucherId: NOBODY, decision: 'approve' },
    };
    for (const role of STAFF_ROLES) {
      const signed = await as(role);
      for (const name of Object.keys(QUEUE_ENDPOINTS) as OpsEndpointName[]) {
        const answer = await ops(name, payloads[name] ?? {}, signed);
        const allowed = (OPS_ENDPOINTS[name].roles as readonly StaffRole[]).includes(role);
        if (allowed) expect([200, 404], `${role} ${name}`).toContain(answer.status);
        else {
          expect(answer.status, `${role} ${name}`).toBe(403);
          expect(answer.body.code).toBe(ERRORS.ROLE_NOT_ALLOWED.code);
        }
      }
      // The dashboard shows the queues the role may open, and no other.
      const counts = await ok('opsQueueCounts', {}, signed);
      expect(counts.queues.map((q: { queue: string }) => q.queue)).toEqual(
        QUEUES.filter((q) => (q.roles as readonly StaffRole[]).includes(role)).map((q) => q.id),
      );
    }
  });

  it('refuses a queue without a session', async () => {
    const answer = await opsCall(server, 'opsProofQueue', {});
    expect(answer.status).toBe(401);
  });
});

describe('proofs of payment', () => {
  it('shows the 48-hour promise as a due time, flags it overdue after, and shows the image to its brand only', async () => {
    const { token, orderId, userId } = await disbursedLoan(server);
    const { voucherId } = await sendProofOf(server, token, orderId, 20_000);
    const reviewer = await as('reviewer');
    const find = async (signed: Signed, payload: Record<string, unknown> = {}) =>
      (await ok('opsProofQueue', payload, signed)).items.find(
        (row: { voucherId: string }) => row.voucherId === voucherId,
      );
    const row = await find(reviewer);
    expect(row).toMatchObject({ orderId, userId, amount: 20_000, overdue: false, orderTotalDue: 109_100 });
    expect(row.mobile).toMatch(/^09\d\d \*\*\* \d{4}$/);
    expect(Date.parse(row.reviewDueAt) - Date.parse(row.submittedAt)).toBe(48 * 3600_000);
    expect(await find(reviewer, { overdueOnly: 'true' })).toBeUndefined();

    const image = await opsCall(server, 'opsProofImage', { voucherId }, { signed: reviewer });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // Seeing a receipt is a logged act, as seeing an ID photo is.
    const viewed = await ok('opsAuditList', { target: `voucher:${voucherId}` }, await as('admin'));
    expect(viewed).toHaveLength(1);
    expect(viewed[0]).toMatchObject({ action: 'proof.view', target: `voucher:${voucherId}` });
    const otherBrand = await as('finance', OTHER_BRAND);
    expect((await ops('opsProofImage', { voucherId }, otherBrand)).status).toBe(404);
    expect(await find(otherBrand)).toBeUndefined();
    expect((await ops('opsProofReview', { voucherId, decision: 'approve' }, otherBrand)).status).toBe(404);
    expect(await find(await as('finance', DEFAULT_PACKAGE_NAME))).toBeDefined();

    server.clock.advance(48 * 3600 + 60);
    const late = await as('reviewer');
    expect(await find(late)).toMatchObject({ overdue: true });
    expect(await find(late, { overdueOnly: 'true' })).toMatchObject({ voucherId });
  });

  it('approves once when two reviewers click at once, twice each: one credit, one audit row', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const { voucherId } = await sendProofOf(server, token, orderId, 20_000);
    const [finance, reviewer] = [await as('finance'), await as('reviewer')];
    const answers = await Promise.all(
      [finance, reviewer, finance, reviewer].map((signed) =>
        ops('opsProofReview', { voucherId, decision: 'approve' }, signed),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused.body.code).toBe(ERRORS.VOUCHER_ALREADY_REVIEWED.code);
    const approved = answers.find((a) => a.status === 200)?.body.data;
    expect(approved).toMatchObject({ voucherId, status: 'approved', orderTotalDue: 109_100 - 20_000 });

    const balance = await server.app.ledger.orderBalance(server.db, orderId);
    expect(balance.paid).toBe(20_000);
    const audit = await ok('opsAuditList', { target: `voucher:${voucherId}` }, await as('admin'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'proof.approve',
      brandScope: DEFAULT_PACKAGE_NAME,
      before: { status: 'reviewing', orderId, amount: 20_000 },
      after: { status: 'approved' },
    });
    const decided = await ok('opsProofQueue', { status: 'approved' }, finance);
    expect(decided.items.map((r: { voucherId: string }) => r.voucherId)).toContain(voucherId);
    const rejectLater = await ops(
      'opsProofReview',
      { voucherId, decision: 'reject', reason: 'duplicate' },
      finance,
    );
    expect(rejectLater.body.code).toBe(ERRORS.VOUCHER_ALREADY_REVIEWED.code);
  });

  it('rejects with a reason from the list only, audited with it', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const { voucherId } = await sendProofOf(server, token, orderId, 20_000);
    const reviewer = await as('reviewer');
    const free = await ops('opsProofReview', { voucherId, decision: 'reject', reason: 'no' }, reviewer);
    expect(free.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    const rejected = await ok(
      'opsProofReview',
      { voucherId, decision: 'reject', reason: 'unreadable' },
      reviewer,
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejectReason: expect.stringMatching(/cannot be read/),
    });
    const audit = await ok('opsAuditList', { target: `voucher:${voucherId}` }, await as('admin'));
    expect(audit[0]).toMatchObject({
      action: 'proof.reject',
      after: { status: 'rejected', reason: 'unreadable' },
    });
    expect((await server.app.ledger.orderBalance(server.db, orderId)).paid).toBe(0);
  });
});

describe('payouts and payments', () => {
  it('lists a loan whose payout failed, with its reason and the account masked', async () => {
    const { token, orderId } = await signedOrder(server, REFUSED_WALLET);
    await server.call('getMoney', { orderId }, { token });
    await server.settle();
    const list = await ok('opsFailedPayoutQueue', {}, await as('finance'));
    expect(list.items.find((row: { orderId: string }) => row.orderId === orderId)).toMatchObject({
      failure: 'accountRejected',
      accountNumber: '*** 0000',
    });
  });

  it('lists a payment no instrument matched (lender-wide only) until the same event is credited', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const eventId = `evt-stray-${orderId}`;
    const event = {
      eventId,
      instrumentId: NOBODY,
      outcome: 'paid' as const,
      amount: MINIMUM_REPAYMENT,
      occurredAt: server.clock.now().toISOString(),
    };
    expect((await sendCollectionEvent(server, event)).status).toBe(404);
    expect((await sendCollectionEvent(server, event)).status).toBe(404);
    const unmatched = async (signed: Signed) =>
      (await ok('opsPaymentExceptionQueue', { kind: 'unmatched' }, signed)).items.filter(
        (row: { key: string }) => row.key === eventId,
      );
    expect(await unmatched(await as('finance'))).toEqual([
      expect.objectContaining({
        kind: 'unmatched',
        amount: MINIMUM_REPAYMENT,
        reference: NOBODY,
        orderId: null,
      }),
    ]);
    expect(await unmatched(await as('finance', DEFAULT_PACKAGE_NAME))).toEqual([]);

    // Finance traced it: the provider sends it again for the right instrument, and it is credited.
    const counter = await server.call(
      'counterReference',
      { orderNo: orderId, payOrderId: '1', amount: MINIMUM_REPAYMENT, channel: 'seven_eleven' },
      { token },
    );
    const credited = await sendCollectionEvent(server, {
      ...event,
      instrumentId: counter.body.data.instrumentId,
    });
    expect(credited.body.data.outcome).toBe('credited');
    expect(await unmatched(await as('finance'))).toEqual([]);
  });

  it('lists a loan paid beyond what it owed, with the amount owed back', async () => {
    // A proof above the balance is refused now (defect 16 of issue 11); the loan's standing account number
    // takes any amount, so a borrower can still send more than they owe.
    const { token, orderId } = await disbursedLoan(server);
    const reference = await server.call('paymentReference', { orderNo: orderId }, { token });
    expect(reference.status, JSON.stringify(reference.body)).toBe(200);
    const [standing] = await server.db.query<{ instrument_id: string }>(
      'select instrument_id from collection_instruments where order_id = $1 and standing',
      [orderId],
    );
    const paid = await sendCollectionEvent(server, {
      eventId: `evt-over-${orderId}`,
      instrumentId: standing?.instrument_id as string,
      outcome: 'paid',
      amount: 120_000,
      occurredAt: server.clock.now().toISOString(),
    });
    expect(paid.body.data.outcome).toBe('credited');
    const list = await ok('opsPaymentExceptionQueue', { kind: 'overpayment' }, await as('admin'));
    expect(list.items.find((row: { orderId: string }) => row.orderId === orderId)).toMatchObject({
      kind: 'overpayment',
      amount: 120_000 - 109_100,
    });
  });

  it('lists a pending extension order for collections', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const confirmed = await server.call('confirmExtensionOrder', { orderId }, { token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const list = await ok('opsExtensionQueue', {}, await as('collections'));
    expect(list.items.find((row: { orderId: string }) => row.orderId === orderId)).toMatchObject({
      status: 'pending',
      extensionId: confirmed.body.data.extensionId,
    });
  });
});

describe('the dashboard', () => {
  it("counts what each list holds, and a brand's member counts only their brand", async () => {
    // One loan of the other brand, with a proof under review.
    const { token, orderId, userId } = await disbursedLoan(server);
    await sendProofOf(server, token, orderId, 10_000);
    await server.db.query('update users set package_name = $2 where user_id = $1', [userId, OTHER_BRAND]);
    await server.db.query('update loan_orders set package_name = $2 where order_id = $1', [
      orderId,
      OTHER_BRAND,
    ]);

    for (const scope of [null, OTHER_BRAND, DEFAULT_PACKAGE_NAME]) {
      const admin = await as('admin', scope);
      const counts = await ok('opsQueueCounts', {}, admin);
      expect(counts.queues).toHaveLength(QUEUES.length);
      for (const tile of counts.queues) {
        if (tile.queue === 'complianceDuties') continue;
        const input = { ...LIST_INPUT[tile.queue as QueueId], pageSize: 100 };
        const list = await ok(LIST_OF[tile.queue as QueueId], input, admin);
        expect(tile.count, `${scope} ${tile.queue}`).toBe(list.total);
        if (scope !== null)
          for (const row of list.items)
            if (row.packageName !== undefined) expect(row.packageName).toBe(scope);
      }
      const overdue = counts.queues.find((q: { queue: string }) => q.queue === 'overdue');
      for (const bucket of OVERDUE_BUCKET_IDS) {
        const list = await ok('opsOverdueQueue', { bucket }, admin);
        expect(overdue.breakdown.find((b: { key: string }) => b.key === bucket).count).toBe(list.total);
      }
      const proofs = counts.queues.find((q: { queue: string }) => q.queue === 'proofs');
      if (scope === OTHER_BRAND) expect(proofs.count).toBe(1);
      else expect(proofs.oldestAt).not.toBeNull();
    }
  });
});

describe('the approvals and reconciliation tiles', () => {
  it("counts the proposals a checker may decide (not their own, not another brand's) and the open differences", async () => {
    const { orderId } = await disbursedLoan(server);
    const maker = await as('finance');
    const checker = await signIn(server, await newMember(server, 'finance'));
    const tileOf = async (signed: Signed, queue: QueueId) =>
      (await ok('opsQueueCounts', {}, signed)).queues.find((q: { queue: string }) => q.queue === queue);

    const before = await tileOf(checker, 'pendingApprovals');
    const proposal = await ok(
      'opsProposalCreate',
      {
        kind: 'loan.manual-credit',
        payload: { orderId, amount: 600_00, bankReference: 'TILE-1', receivedOn: '2026-03-03' },
        reason: 'bank statement line',
      },
      maker,
    );
    const after = await tileOf(checker, 'pendingApprovals');
    expect(after.count).toBe(before.count + 1);
    if (before.count === 0) expect(after.oldestAt).toBe(proposal.proposedAt);
    // The maker's own proposal waits for someone else; another brand's admin does not see it.
    expect((await tileOf(maker, 'pendingApprovals')).count).toBe(before.count);
    expect((await tileOf(await as('admin', OTHER_BRAND), 'pendingApprovals')).count).toBe(0);
    expect(await tileOf(await as('reviewer'), 'pendingApprovals')).toBeUndefined();

    const open = (await tileOf(checker, 'reconciliationDifferences')).count;
    const foundAt = server.clock.now().toISOString();
    for (const [reference, status] of [
      ['TILE-OPEN', 'open'],
      ['TILE-DONE', 'resolved'],
    ] as const)
      await server.db.query(
        `insert into reconciliation_differences (difference_id, provider, settlement_date, kind, reference,
           package_name, provider_amount, status, found_at, resolved_at)
         values (gen_random_uuid(), 'collections', $1::date, 'missing_in_ledger', $2, $3, 60000, $4, $5, $6)`,
        [
          foundAt.slice(0, 10),
          reference,
          DEFAULT_PACKAGE_NAME,
          status,
          foundAt,
          status === 'open' ? null : foundAt,
        ],
      );
    const differences = await tileOf(checker, 'reconciliationDifferences');
    expect(differences.count).toBe(open + 1);
    expect(differences.oldestAt).not.toBeNull();
    expect((await tileOf(await as('admin', OTHER_BRAND), 'reconciliationDifferences')).count).toBe(0);
    expect(await tileOf(await as('collections'), 'reconciliationDifferences')).toBeUndefined();
  });
});

describe('due and overdue loans', () => {
  // Moves the clock months forward: last in this file.
  it('puts a loan in due-soon from 3 days before, then in each bucket up to its edge, with its reminders', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const due: string = (await server.call('extensionData', { orderId }, { token })).body.data.dueDate;
    const where = async (): Promise<string[]> => {
      const collections = await as('collections');
      const places: string[] = [];
      const soon = await ok('opsDueSoonQueue', { pageSize: 100 }, collections);
      if (soon.items.some((row: { orderId: string }) => row.orderId === orderId)) places.push('dueSoon');
      for (const bucket of OVERDUE_BUCKET_IDS) {
        const list = await ok('opsOverdueQueue', { bucket, pageSize: 100 }, collections);
        if (list.items.some((row: { orderId: string }) => row.orderId === orderId)) places.push(bucket);
      }
      return places;
    };
    const steps: [number, string[]][] = [
      [-4, []],
      [-3, ['dueSoon']],
      [0, ['dueSoon']],
      [1, ['1-7']],
      [7, ['1-7']],
      [8, ['8-30']],
      [30, ['8-30']],
      [31, ['31-60']],
      [60, ['31-60']],
      [61, ['61-90']],
      [90, ['61-90']],
      [91, ['90+']],
    ];
    for (const [days, expected] of steps) {
      await goTo(server, addDays(due, days), 10);
      expect(await where(), `${days} days from the due day`).toEqual(expected);
    }
    const list = await ok('opsOverdueQueue', { bucket: '90+' }, await as('admin'));
    const row = list.items.find((r: { orderId: string }) => r.orderId === orderId);
    expect(row).toMatchObject({ daysPastDue: 91, dueDate: due, status: S.overdue });
    expect(row.reminders.map((r: { kind: string }) => r.kind)).toEqual(
      expect.arrayContaining(['beforeDue', 'dueToday', 'overdue']),
    );
  }, 240_000);
});

describe('OPS_API_KEY is retired', () => {
  it('the old proof-of-payment paths answer 404, with or without a key', async () => {
    const oldPaths = [
      ['GET', '/ops/voucher/list'],
      ['GET', '/ops/voucher/image'],
      ['POST', '/ops/voucher/review'],
    ] as const;
    for (const [method, path] of oldPaths) {
      for (const url of [`/api${path}`, `/api/${encryptPath(path, DEFAULT_PACKAGE_NAME)}`]) {
        const answer = await server.request({
          method,
          url,
          headers: {
            packagename: DEFAULT_PACKAGE_NAME,
            'x-ops-key': 'an-old-key-an-old-key',
            'content-type': 'application/json',
          },
          ...(method === 'POST'
            ? { payload: JSON.stringify({ voucherId: NOBODY, decision: 'approve' }) }
            : {}),
        });
        expect(answer.status, url).toBe(404);
      }
    }
    expect(Object.keys(API).filter((name) => name.startsWith('ops'))).toEqual([]);
  });
});
