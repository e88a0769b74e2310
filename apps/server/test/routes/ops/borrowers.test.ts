import { ERRORS } from '@hiram/contract/errors';
import { type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC_INFO } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { addOtherBrand, opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';

/** Borrower search, the masked borrower view, the audited reveal and the two actions, on both databases. */
let server: TestServer;
const OTHER_BRAND = 'ph.other.lender';

interface Borrower {
  mobile: string;
  token: string;
  userId: string;
}

let borrower: Borrower;
const logLines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    config: { logLevel: 'trace' },
    logDestination: { write: (line: string) => void logLines.push(line) },
  });
  await addOtherBrand(server, OTHER_BRAND);
  const signed = await server.signIn();
  const saved = await server.call('saveBasicInfo', BASIC_INFO, { token: signed.token });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  borrower = signed;
}, 60_000);
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

const signedIn = (role: StaffRole, brandScope: string | null = null) =>
  signedInMember(server, role, brandScope);

const NATIONAL_ID = BASIC_INFO.nationalId;

describe('search and view', () => {
  it('finds the borrower by mobile, name and order number, masked', async () => {
    const viewer = await signedIn('viewer');
    const local = borrower.mobile;
    const international = `+63${local.slice(1)}`;
    for (const q of [local, international, local.slice(-6), 'Dela Cruz']) {
      const found = await ops('opsBorrowerSearch', { q }, viewer);
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      const json = JSON.stringify(found.body);
      expect(json).toContain(borrower.userId);
      expect(json).not.toContain(borrower.mobile.slice(3));
      expect(json).toContain(`${local.slice(0, 4)} *** ${local.slice(-4)}`);
    }
    const page = await ops('opsBorrowerSearch', { q: 'Dela Cruz', page: '1', pageSize: '1' }, viewer);
    expect(page.body.data).toMatchObject({ page: 1, pageSize: 1 });
    const none = await ops('opsBorrowerSearch', { q: '00000000-0000-4000-8000-000000000000' }, viewer);
    expect(none.body.data).toMatchObject({ items: [], total: 0 });
    expect((await ops('opsBorrowerSearch', { q: 'x' }, viewer)).status).toBe(400);
  });

  it('shows the view with every personal field masked', async () => {
    const viewer = await signedIn('viewer');
    const view = await ops('opsBorrowerView', { userId: borrower.userId }, viewer);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const json = JSON.stringify(view.body);
    expect(json).not.toContain(NATIONAL_ID);
    expect(json).not.toContain(borrower.mobile.slice(3));
    expect(json).not.toContain(BASIC_INFO.email);
    expect(view.body.data).toMatchObject({
      profile: { nationalId: `*** ${NATIONAL_ID.slice(-4)}`, birthday: '** ** 1990' },
    });
    const data = view.body.data as { sms: { purpose: string }[]; sessions: { open: boolean }[] };
    expect(data.sms.length).toBeGreaterThan(0);
    expect(json).not.toMatch(/"body"/);
    expect(data.sessions.some((s) => s.open)).toBe(true);
  });

  it('keeps a brand-scoped member to their brand', async () => {
    const scoped = await signedIn('support', OTHER_BRAND);
    const search = await ops('opsBorrowerSearch', { q: 'Dela Cruz' }, scoped);
    expect(search.body.data).toMatchObject({ items: [], total: 0 });
    const view = await ops('opsBorrowerView', { userId: borrower.userId }, scoped);
    expect(view.body.code).toBe(ERRORS.NOT_FOUND.code);
    const reveal = await ops(
      'opsBorrowerReveal',
      { userId: borrower.userId, field: 'nationalId', reason: 'caller asked' },
      scoped,
    );
    expect(reveal.body.code).toBe(ERRORS.NOT_FOUND.code);
  });
});

describe('reveal and actions', () => {
  it('reveals a field with its reason and writes the audit row', async () => {
    const support = await signedIn('support');
    const reveal = await ops(
      'opsBorrowerReveal',
      { userId: borrower.userId, field: 'nationalId', reason: 'caller verifying identity' },
      support,
    );
    expect(reveal.body.data).toEqual({ field: 'nationalId', value: NATIONAL_ID });
    const [row] = await server.db.query<{ actor_email: string; after: unknown; client_address: string }>(
      `select actor_email, after, client_address from audit_log
       where action = 'borrower.reveal' and target = $1 order by audit_id desc limit 1`,
      [`borrower:${borrower.userId}`],
    );
    const after = typeof row?.after === 'string' ? JSON.parse(row.after) : row?.after;
    expect(row?.actor_email).toBe(support.email);
    expect(after).toEqual({ field: 'nationalId', reason: 'caller verifying identity' });
    expect(row?.client_address).toBeTruthy();
  });

  it.each(STAFF_ROLES)(
    '%s: search and view for all; reveal, end sessions and notes for all but viewer',
    async (role) => {
      const member = await signedIn(role);
      const allowed = role !== 'viewer';
      expect((await ops('opsBorrowerSearch', { q: 'Dela Cruz' }, member)).status).toBe(200);
      expect((await ops('opsBorrowerView', { userId: borrower.userId }, member)).status).toBe(200);
      const calls: [OpsEndpointName, Record<string, unknown>][] = [
        ['opsBorrowerReveal', { userId: borrower.userId, field: 'mobile', reason: 'role check' }],
        ['opsBorrowerAddNote', { userId: borrower.userId, text: `note by ${role}` }],
        ['opsBorrowerEndSessions', { userId: borrower.userId }],
      ];
      for (const [name, payload] of calls) {
        const answer = await ops(name, payload, member);
        expect(answer.status, `${name} ${JSON.stringify(answer.body)}`).toBe(allowed ? 200 : 403);
      }
    },
  );

  it("ends the borrower's sessions: their next call hears the session expired", async () => {
    const fresh = await server.signIn();
    const support = await signedIn('support');
    expect((await server.call('profile', {}, { token: fresh.token })).status).toBe(200);
    const ended = await ops('opsBorrowerEndSessions', { userId: fresh.userId }, support);
    expect(ended.body.data).toEqual({ ended: 1 });
    const after = await server.call('profile', {}, { token: fresh.token });
    expect(after.body.code).toBe(ERRORS.TOKEN_EXPIRED.code);
    const [row] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'borrower.end-sessions' and target = $1`,
      [`borrower:${fresh.userId}`],
    );
    expect(row?.n).toBe(1);
  });

  it('adds a note, shown on the view and audited', async () => {
    const support = await signedIn('support');
    expect(
      (await ops('opsBorrowerAddNote', { userId: borrower.userId, text: 'Called back at 3pm' }, support))
        .status,
    ).toBe(200);
    const view = await ops('opsBorrowerView', { userId: borrower.userId }, support);
    expect((view.body.data as { notes: { text: string }[] }).notes[0]).toMatchObject({
      text: 'Called back at 3pm',
      staffEmail: support.email,
    });
  });
});

describe('search by order number, and the log', () => {
  it('finds the borrower by a full order number', async () => {
    const [product] = await server.db.query<{ product_id: string; package_name: string }>(
      'select product_id, package_name from loan_products order by sort_order limit 1',
    );
    const orderId = crypto.randomUUID();
    const now = server.clock.now().toISOString();
    await server.db.query(
      `insert into loan_orders (order_id, user_id, package_name, product_id, principal, tenure_days, status,
         quote, created_at, updated_at)
       values ($1, $2, $3, $4, 500000, 14, 9, '{}', $5, $5)`,
      [orderId, borrower.userId, product?.package_name, product?.product_id, now],
    );
    const viewer = await signedIn('viewer');
    const found = await ops('opsBorrowerSearch', { q: orderId.toUpperCase() }, viewer);
    expect(found.body.data).toMatchObject({
      total: 1,
      items: [{ userId: borrower.userId, latestOrderStatus: 9 }],
    });
    const view = await ops('opsBorrowerView', { userId: borrower.userId }, viewer);
    expect((view.body.data as { loans: unknown[] }).loans).toEqual([
      expect.objectContaining({ orderId, status: 9, principal: 500000, tenureDays: 14 }),
    ]);
  });

  it('logs no national ID or mobile, even at trace level, after searches and reveals', () => {
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(NATIONAL_ID);
    expect(log).not.toContain(borrower.mobile.slice(1));
  });
});
