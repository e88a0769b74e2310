import { ERRORS } from '@hiram/contract/errors';
import { PRIVACY_ROLES, type PrivacyRequest } from '@hiram/contract/ops/privacy';
import { type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helper.ts';
import { newLedgerOrder } from '../../ledger-fixtures.ts';
import { addOtherBrand, opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';

/**
 * Data subjects' requests from the back office (ADR 0082): support records a request, downloads the archive
 * of an access request, answers it; every endpoint with every role; a brand-limited member sees only her brand.
 */
let server: TestServer;
let userId: string;
let orderId: string;
beforeAll(async () => {
  server = await startTestServer();
  userId = (await server.signIn()).userId;
  orderId = await newLedgerOrder(server, userId);
}, 60_000);
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

async function create(signed: Signed, kind: string, forUser = userId): Promise<PrivacyRequest> {
  const answer = await ops('opsPrivacyRequestCreate', { userId: forUser, kind }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as PrivacyRequest;
}

describe('the privacy desk', () => {
  it('records an access request, gives its archive as JSON and CSV, and answers it once', async () => {
    const support = await signedInMember(server, 'support');
    const request = await create(support, 'access');
    expect(request).toMatchObject({ userId, kind: 'access', channel: 'support', status: 'open' });
    expect(request.dueOn > request.receivedAt.slice(0, 10)).toBe(true);

    const listed = await ops('opsPrivacyRequests', { userId }, support);
    expect((listed.body.data as { items: PrivacyRequest[] }).items.map((r) => r.requestId)).toContain(
      request.requestId,
    );

    const archive = await ops('opsPrivacyArchive', { requestId: request.requestId }, support);
    expect(archive.status, JSON.stringify(archive.body)).toBe(200);
    const data = archive.body.data as {
      tables: Record<string, Record<string, unknown>[]>;
      csv: Record<string, string>;
    };
    expect(data.tables.loan_orders?.map((o) => o.order_id)).toEqual([orderId]);
    expect(data.csv['loan_orders.csv']).toContain(orderId);
    const [audit] = await server.db.query<{ actor_email: string }>(
      `select actor_email from audit_log where action = 'privacy.archive.download' and target = $1`,
      [`borrower:${userId}`],
    );
    expect(audit?.actor_email).toBe(support.email);

    const refused = await ops(
      'opsPrivacyAnswer',
      { requestId: request.requestId, status: 'refused', answer: '' },
      support,
    );
    expect(refused.body.code).toBe(ERRORS.PRIVACY_REFUSAL_NEEDS_REASON.code);
    const answered = await ops(
      'opsPrivacyAnswer',
      { requestId: request.requestId, status: 'answered', answer: 'Your data is attached.' },
      support,
    );
    expect(answered.status).toBe(200);
    expect((answered.body.data as PrivacyRequest).status).toBe('answered');
    const again = await ops(
      'opsPrivacyAnswer',
      { requestId: request.requestId, status: 'answered', answer: 'Again.' },
      support,
    );
    expect(again.body.code).toBe(ERRORS.PRIVACY_REQUEST_ANSWERED.code);
  });

  it('gives no archive for an erasure request, and nothing for an unknown request or borrower', async () => {
    const support = await signedInMember(server, 'support');
    const erasure = await create(support, 'erasure');
    const archive = await ops('opsPrivacyArchive', { requestId: erasure.requestId }, support);
    expect(archive.body.code).toBe(ERRORS.PRIVACY_NOT_AN_ARCHIVE_REQUEST.code);
    const unknown = await ops(
      'opsPrivacyArchive',
      { requestId: '00000000-0000-4000-8000-000000000000' },
      support,
    );
    expect(unknown.body.code).toBe(ERRORS.NOT_FOUND.code);
    const nobody = await ops(
      'opsPrivacyRequestCreate',
      { userId: '00000000-0000-4000-8000-000000000000', kind: 'access' },
      support,
    );
    expect(nobody.body.code).toBe(ERRORS.NOT_FOUND.code);
  });

  it('keeps a member limited to another brand away from this brand’s borrowers', async () => {
    await addOtherBrand(server, 'ph.other.privacy');
    const support = await signedInMember(server, 'support');
    const request = await create(support, 'portability');
    const other = await signedInMember(server, 'support', 'ph.other.privacy');
    const created = await ops('opsPrivacyRequestCreate', { userId, kind: 'access' }, other);
    expect(created.body.code).toBe(ERRORS.NOT_FOUND.code);
    const archive = await ops('opsPrivacyArchive', { requestId: request.requestId }, other);
    expect(archive.body.code).toBe(ERRORS.NOT_FOUND.code);
    const listed = await ops('opsPrivacyRequests', {}, other);
    expect((listed.body.data as { items: PrivacyRequest[] }).items).toEqual([]);
  });

  it('lets support, compliance and admins in, and refuses every other role (403)', async () => {
    for (const role of STAFF_ROLES) {
      const signed = await signedInMember(server, role as StaffRole);
      const allowed = PRIVACY_ROLES.includes(role);
      const list = await ops('opsPrivacyRequests', {}, signed);
      expect(list.status, `${role} list`).toBe(allowed ? 200 : 403);
      const created = await ops('opsPrivacyRequestCreate', { userId, kind: 'access' }, signed);
      expect(created.status, `${role} create`).toBe(allowed ? 200 : 403);
      const requestId = allowed
        ? (created.body.data as PrivacyRequest).requestId
        : '00000000-0000-4000-8000-000000000000';
      const archive = await ops('opsPrivacyArchive', { requestId }, signed);
      expect(archive.status, `${role} archive`).toBe(allowed ? 200 : 403);
      const answer = await ops(
        'opsPrivacyAnswer',
        { requestId, status: 'answered', answer: 'Done.' },
        signed,
      );
      expect(answer.status, `${role} answer`).toBe(allowed ? 200 : 403);
    }
  });
});
