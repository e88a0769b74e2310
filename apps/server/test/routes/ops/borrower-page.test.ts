import { ERRORS } from '@hiram/contract/errors';
import { type OpsEndpointName, STAFF_ROLES } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { completeSteps } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { addOtherBrand, opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';

/**
 * The borrower page completed (ADR 0031), on both databases: identity checks and photos (photos for reviewer
 * and admin, audited), questionnaire, receiving accounts over time, SMS with status, each application's
 * assessment, stopping new applications, and search by payment reference.
 */
let server: TestServer;
const OTHER_BRAND = 'ph.other.lender';
const BANK = { accountKind: 'bank', bankCode: 'BPI', holderName: 'Maria C. Dela Cruz' };
const account = (accountNumber: string) => ({ ...BANK, accountNumber, confirmAccountNumber: accountNumber });
const CHOICE = {
  productId: DEMO_PRODUCT.productId,
  amount: DEMO_PRODUCT.minAmount,
  tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
};

let borrower: { mobile: string; token: string; userId: string; orderId: string };

beforeAll(async () => {
  server = await startTestServer();
  await addOtherBrand(server, OTHER_BRAND);
  const signed = await server.signIn();
  const { token } = signed;
  await completeSteps(server, token, 'questionnaire');
  // A first account the bank refuses (a number ending 9999), then one it verifies: two accounts over time.
  expect((await server.call('addBankCard', account('1234569999'), { token })).status).toBe(200);
  await server.settle();
  expect((await server.call('addBankCard', account('1234567890'), { token })).status).toBe(200);
  await server.settle();
  const applied = await server.call('applyLoanOrder', CHOICE, { token });
  const orderId: string = applied.body.data.orderId;
  await server.call('submitOrder', { orderId }, { token });
  await server.settle();
  borrower = { ...signed, orderId };
}, 90_000);
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

async function audits(action: string, userId: string): Promise<{ actor_email: string; after: unknown }[]> {
  const rows = await server.db.query<{ actor_email: string; after: unknown }>(
    'select actor_email, after from audit_log where action = $1 and target = $2 order by audit_id',
    [action, `borrower:${userId}`],
  );
  return rows.map((r) => ({ ...r, after: typeof r.after === 'string' ? JSON.parse(r.after) : r.after }));
}

describe('the borrower page', () => {
  it('shows identity checks, answers, accounts over time (last digits), SMS with status and the assessment', async () => {
    const viewer = await signedInMember(server, 'viewer');
    const view = await ops('opsBorrowerView', { userId: borrower.userId }, viewer);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const data = view.body.data as Record<string, unknown> & {
      accounts: { accountNumber: string; state: string; current: boolean }[];
      sms: { purpose: string; status: string }[];
      questionnaire: { answers: { code: number; answer: string }[] };
    };
    expect(data.identity).toMatchObject({
      state: 'verified',
      failure: null,
      photos: ['front', 'back', 'face'],
    });
    expect(data.questionnaire.answers).toHaveLength(11);
    expect(data.questionnaire.answers[10]).toEqual({ code: 11, answer: 'none' });
    // Newest first: the verified account now, the refused one before it; never a whole number.
    expect(data.accounts[0]).toMatchObject({ accountNumber: '*** 7890', state: 'verified', current: true });
    expect(data.accounts).toContainEqual(
      expect.objectContaining({ accountNumber: '*** 9999', state: 'failed' }),
    );
    expect(data.accounts.filter((a) => a.current)).toHaveLength(1);
    const json = JSON.stringify(view.body);
    expect(json).not.toContain('1234567890');
    expect(json).not.toContain('1234569999');
    // Every SMS with its purpose and status, never a code's digits.
    expect(data.sms.length).toBeGreaterThan(0);
    expect(data.sms.every((m) => m.status === 'sent')).toBe(true);
    const code = await server.lastCode(borrower.mobile);
    expect(json).not.toContain(code);
    expect(data.applications).toEqual([
      expect.objectContaining({ orderId: borrower.orderId, outcome: 'approve', reasons: [], review: null }),
    ]);
    expect(data.applicationsStopped).toBeNull();
  });

  it('shows an identity photo to reviewer and admin only, each view audited', async () => {
    for (const role of STAFF_ROLES) {
      const member = await signedInMember(server, role);
      const photo = await ops('opsBorrowerPhoto', { userId: borrower.userId, kind: 'face' }, member);
      const allowed = role === 'reviewer' || role === 'admin';
      expect(photo.status, `${role} ${JSON.stringify(photo.body).slice(0, 200)}`).toBe(allowed ? 200 : 403);
      if (allowed) {
        expect((photo.body.data as { dataUrl: string }).dataUrl).toMatch(/^data:image\/jpeg;base64,\/9j\//);
        const rows = await audits('borrower.photo', borrower.userId);
        expect(rows.at(-1)).toEqual({ actor_email: member.email, after: { kind: 'face' } });
      }
    }
    const scoped = await signedInMember(server, 'reviewer', OTHER_BRAND);
    const other = await ops('opsBorrowerPhoto', { userId: borrower.userId, kind: 'front' }, scoped);
    expect(other.body.code).toBe(ERRORS.NOT_FOUND.code);
    expect(await audits('borrower.photo', borrower.userId)).toHaveLength(2);
  });

  it('finds the borrower by a payment reference', async () => {
    const reference = 'CO12345678901';
    const now = server.clock.now().toISOString();
    await server.db.query(
      `insert into collection_instruments (instrument_id, order_id, user_id, channel, kind, amount, reference,
         created_at, expires_at) values ($1, $2, $3, 'gcash', 'checkout', 1000, $4, $5, $5)`,
      [crypto.randomUUID(), borrower.orderId, borrower.userId, reference, now],
    );
    const viewer = await signedInMember(server, 'viewer');
    for (const q of [reference, reference.toLowerCase(), 'co 1234 5678 901']) {
      const found = await ops('opsBorrowerSearch', { q }, viewer);
      expect(found.body.data, q).toMatchObject({ total: 1, items: [{ userId: borrower.userId }] });
    }
    const scoped = await signedInMember(server, 'viewer', OTHER_BRAND);
    expect((await ops('opsBorrowerSearch', { q: reference }, scoped)).body.data).toMatchObject({ total: 0 });
  });
});

describe('stopping new applications', () => {
  it.each(STAFF_ROLES)('%s: support, reviewer and admin may stop and allow again', async (role) => {
    const { userId } = await server.signIn();
    const member = await signedInMember(server, role);
    const allowed = ['support', 'reviewer', 'admin'].includes(role);
    const stop = await ops(
      'opsBorrowerStopApplications',
      { userId, stop: true, reason: 'role check' },
      member,
    );
    expect(stop.status, JSON.stringify(stop.body)).toBe(allowed ? 200 : 403);
    const allow = await ops(
      'opsBorrowerStopApplications',
      { userId, stop: false, reason: 'role check' },
      member,
    );
    expect(allow.status).toBe(allowed ? 200 : 403);
  });

  it('refuses the stopped borrower in their language, keeps what they saved, and is reversible; audited', async () => {
    const signed = await server.signIn();
    const { token, userId } = signed;
    await completeSteps(server, token, 'bankAccount');
    const support = await signedInMember(server, 'support');
    const stop = await ops(
      'opsBorrowerStopApplications',
      { userId, stop: true, reason: 'Borrower asked for a pause' },
      support,
    );
    expect(stop.body.data).toEqual({ stopped: true });
    const twice = await ops('opsBorrowerStopApplications', { userId, stop: true, reason: 'again' }, support);
    expect(twice.body.code).toBe(ERRORS.APPLICATIONS_STOP_UNCHANGED.code);

    for (const lang of ['en', 'fil', 'es'] as const) {
      const refused = await server.call('applyLoanOrder', CHOICE, { token, lang });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: ERRORS.APPLICATIONS_STOPPED.code,
        msg: ERRORS.APPLICATIONS_STOPPED.message[lang],
      });
    }
    // Nothing lost: the application is still complete, and no order was made.
    const progress = await server.call('applicationProgress', {}, { token });
    expect(progress.body.data.nextStep).toBeNull();
    expect((await server.call('latestLoanOrder', {}, { token })).body.data.order).toBeNull();
    const view = await ops('opsBorrowerView', { userId }, support);
    expect(view.body.data).toMatchObject({
      applicationsStopped: { reason: 'Borrower asked for a pause', staffEmail: support.email },
    });

    const allow = await ops(
      'opsBorrowerStopApplications',
      { userId, stop: false, reason: 'Pause over' },
      support,
    );
    expect(allow.body.data).toEqual({ stopped: false });
    expect((await server.call('applyLoanOrder', CHOICE, { token })).status).toBe(200);
    expect(await audits('borrower.stop-applications', userId)).toEqual([
      { actor_email: support.email, after: { stopped: true, reason: 'Borrower asked for a pause' } },
    ]);
    expect(await audits('borrower.allow-applications', userId)).toEqual([
      { actor_email: support.email, after: { stopped: false, reason: 'Pause over' } },
    ]);
    const scoped = await signedInMember(server, 'support', OTHER_BRAND);
    const other = await ops(
      'opsBorrowerStopApplications',
      { userId, stop: true, reason: 'not mine' },
      scoped,
    );
    expect(other.body.code).toBe(ERRORS.NOT_FOUND.code);
  });
});
