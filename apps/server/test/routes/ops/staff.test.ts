import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ERRORS } from '@hiram/contract/errors';
import {
  OPS_API_PREFIX,
  OPS_BACKGROUND_HEADER,
  OPS_ENDPOINTS,
  type OpsEndpointName,
  STAFF_ROLES,
  type StaffRole,
} from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE } from '../../../src/services/staff/staff-records.ts';
import { totpCode } from '../../../src/services/staff/totp.ts';
import { freshAddress, startTestServer, type TestServer } from '../../helper.ts';
import {
  type Member,
  newMember,
  type OpsOptions,
  opsCall,
  signedFrom,
  signIn as signInMember,
} from '../../ops-fixtures.ts';

/** The back office's sign-in, sessions, roles and audit log (docs/ops.md), on both databases. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown> = {}, options: OpsOptions = {}) =>
  opsCall(server, name, payload, options);
const member = (role: StaffRole, brandScope: string | null = null) => newMember(server, role, brandScope);
const signIn = (m: Member, code?: string) => signInMember(server, m, code);

describe('set-up and sign-in', () => {
  it('signs in with password and TOTP, with a strict HttpOnly cookie on /ops, and signs out', async () => {
    const m = await member('viewer');
    const answer = await ops('opsSignIn', {
      email: m.email.toUpperCase(),
      password: m.password,
      code: totpCode(m.secret, server.clock.now()),
    });
    expect(answer.status).toBe(200);
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/ops/);
    const signed = signedFrom(answer);
    const me = await ops('opsMe', {}, { signed });
    expect(me.body.data).toMatchObject({ staff: { email: m.email, role: 'viewer', setUp: true } });
    expect((await ops('opsSignOut', {}, { signed })).status).toBe(200);
    expect((await ops('opsMe', {}, { signed })).body.code).toBe(40152);
  });

  it('refuses a replayed TOTP code and a spent set-up link', async () => {
    const m = await member('viewer');
    const code = totpCode(m.secret, server.clock.now());
    const first = await ops('opsSignIn', { email: m.email, password: m.password, code });
    expect(first.status).toBe(200);
    const again = await ops('opsSignIn', { email: m.email, password: m.password, code });
    expect(again.body.code).toBe(40151);
  });

  it('refuses an unknown or expired set-up link', async () => {
    expect((await ops('opsSetUp', { token: 'nope', password: 'a long password x' })).body.code).toBe(40153);
    const created = await server.app.staff.create(
      { email: 'late@lender.example', name: 'Late', role: 'viewer', brandScope: null },
      COMMAND_LINE,
    );
    server.clock.advance(24 * 3600 + 1);
    const token = new URL(created.setupLink.replace('/#/', '/')).searchParams.get('token');
    expect((await ops('opsSetUp', { token, password: 'a long password x' })).body.code).toBe(40153);
  });

  it('takes a recovery code once', async () => {
    const m = await member('support');
    const recovery = m.recoveryCodes[0] ?? '';
    await signIn(m, recovery);
    const again = await ops('opsSignIn', { email: m.email, password: m.password, code: recovery });
    expect(again.body.code).toBe(40151);
  });

  it('makes an account wait after five wrong passwords, whatever the address', async () => {
    const m = await member('viewer');
    for (let i = 0; i < 5; i++) {
      const wrong = await ops('opsSignIn', { email: m.email, password: 'wrong password!', code: '000000' });
      expect(wrong.body.code).toBe(40151);
    }
    const waiting = await ops('opsSignIn', {
      email: m.email,
      password: m.password,
      code: totpCode(m.secret, server.clock.now()),
    });
    expect(waiting.status).toBe(429);
    server.clock.advance(901);
    await signIn(m);
  });

  it('limits sign-in attempts per address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) {
      const attempt = { email: `nobody${i}@lender.example`, password: 'a wrong password', code: '123456' };
      expect((await ops('opsSignIn', attempt, { address })).body.code).toBe(40151);
    }
    const blocked = await ops(
      'opsSignIn',
      { email: 'x@lender.example', password: 'p', code: '123456' },
      { address },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('ends a session idle 15 minutes, and any session after 12 hours', async () => {
    const m = await member('viewer');
    const idle = await signIn(m);
    server.clock.advance(15 * 60 + 1);
    expect((await ops('opsMe', {}, { signed: idle })).body.code).toBe(40152);

    const busy = await signIn(m);
    for (let hour = 0; hour < 12; hour++) {
      for (let i = 0; i < 6; i++) {
        server.clock.advance(10 * 60);
        if (hour === 11 && i === 5) break;
        expect((await ops('opsMe', {}, { signed: busy })).status).toBe(200);
      }
    }
    server.clock.advance(60);
    expect((await ops('opsMe', {}, { signed: busy })).body.code).toBe(40152);
  });

  it("answers the console's own refreshes without keeping the session alive", async () => {
    const m = await member('finance');
    const signed = await signIn(m);
    const background = { signed, headers: { [OPS_BACKGROUND_HEADER]: '1' } };
    // The dashboard refreshes every half minute for 15 minutes with nobody at the desk.
    for (let second = 30; second < 15 * 60; second += 30) {
      server.clock.advance(30);
      expect((await ops('opsQueueCounts', {}, background)).status, `at ${second} s`).toBe(200);
    }
    server.clock.advance(31);
    expect((await ops('opsQueueCounts', {}, background)).body.code).toBe(ERRORS.STAFF_SESSION_ENDED.code);
    expect((await ops('opsMe', {}, { signed })).body.code).toBe(ERRORS.STAFF_SESSION_ENDED.code);

    // A call of the member's own ("Stay signed in" asks for `me`) keeps it alive as before.
    const kept = await signIn(m);
    server.clock.advance(14 * 60);
    expect((await ops('opsMe', {}, { signed: kept })).status).toBe(200);
    server.clock.advance(14 * 60);
    expect((await ops('opsQueueCounts', {}, { signed: kept })).status).toBe(200);
  });

  it('refuses a POST without the CSRF token or from another site', async () => {
    const admin = await signIn(await member('admin'));
    const body = { email: 'csrf@lender.example', name: 'C', role: 'viewer', brandScope: null };
    expect((await ops('opsStaffCreate', body, { signed: admin, csrf: null })).body.code).toBe(40302);
    expect((await ops('opsStaffCreate', body, { signed: admin, csrf: 'forged' })).body.code).toBe(40302);
    const crossSite = await ops('opsStaffCreate', body, {
      signed: admin,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.body.code).toBe(40302);
    expect((await ops('opsStaffCreate', body, { signed: admin })).status).toBe(200);
  });

  it('answers 401 without a session and 400 for bad input, never 5xx', async () => {
    expect((await ops('opsMe')).body.code).toBe(40150);
    expect((await ops('opsMe', {}, { headers: { cookie: 'hiram_ops=bogus' } })).body.code).toBe(40150);
    expect((await ops('opsSignIn', { email: 'x' })).status).toBe(400);
    const admin = await signIn(await member('admin'));
    expect((await ops('opsAuditList', { from: 'yesterday' }, { signed: admin })).status).toBe(400);
    expect((await ops('opsStaffDisable', { staffId: 'nope' }, { signed: admin })).status).toBe(400);
  });
});

describe('roles', () => {
  const adminOnly: OpsEndpointName[] = [
    'opsStaffList',
    'opsStaffCreate',
    'opsStaffChangeRole',
    'opsStaffDisable',
    'opsAuditList',
    'opsAuditExport',
  ];

  it.each(STAFF_ROLES)('%s: me for everyone, staff and audit for admins only', async (role) => {
    const signed = await signIn(await member(role));
    expect((await ops('opsMe', {}, { signed })).status).toBe(200);
    const target = await member('viewer');
    const payloads: Record<string, Record<string, unknown>> = {
      opsStaffCreate: { email: `new-${role}@lender.example`, name: 'New', role: 'viewer', brandScope: null },
      opsStaffChangeRole: { staffId: target.staffId, role: 'support' },
      opsStaffDisable: { staffId: target.staffId },
    };
    for (const name of adminOnly) {
      const answer = await ops(name, payloads[name] ?? {}, { signed });
      expect(answer.status, `${role} ${name}`).toBe(role === 'admin' ? 200 : 403);
    }
  });

  it('an admin cannot change their own role or disable themself; disabling ends sessions', async () => {
    const a = await member('admin');
    const admin = await signIn(a);
    expect((await ops('opsStaffDisable', { staffId: a.staffId }, { signed: admin })).body.code).toBe(40951);
    const v = await member('viewer');
    const viewer = await signIn(v);
    expect((await ops('opsStaffDisable', { staffId: v.staffId }, { signed: admin })).status).toBe(200);
    expect((await ops('opsMe', {}, { signed: viewer })).body.code).toBe(40152);
    const barred = await ops('opsSignIn', {
      email: v.email,
      password: v.password,
      code: totpCode(v.secret, server.clock.now()),
    });
    expect(barred.body.code).toBe(40151);
  });
});

describe('brand scope and the audit log', () => {
  it('a brand-scoped admin sees and manages only their brand', async () => {
    const scoped = await signIn(await member('admin', DEFAULT_PACKAGE_NAME));
    const outsider = await member('viewer');
    const insider = await member('viewer', DEFAULT_PACKAGE_NAME);
    const list = (await ops('opsStaffList', {}, { signed: scoped })).body.data as { staffId: string }[];
    expect(list.map((s) => s.staffId)).toContain(insider.staffId);
    expect(list.map((s) => s.staffId)).not.toContain(outsider.staffId);
    expect((await ops('opsStaffDisable', { staffId: outsider.staffId }, { signed: scoped })).status).toBe(
      404,
    );
    const created = await ops(
      'opsStaffCreate',
      { email: 'scoped-new@lender.example', name: 'N', role: 'viewer', brandScope: null },
      { signed: scoped },
    );
    expect(created.body.data).toMatchObject({ staff: { brandScope: DEFAULT_PACKAGE_NAME } });
    const audit = (await ops('opsAuditList', { limit: '200' }, { signed: scoped })).body.data as {
      brandScope: string | null;
    }[];
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.every((row) => row.brandScope === DEFAULT_PACKAGE_NAME)).toBe(true);
  });

  it('writes an audit row per action, filtered and paged on the server, and exports CSV', async () => {
    const a = await member('admin');
    const admin = await signIn(a);
    const v = await member('viewer');
    await ops(
      'opsStaffChangeRole',
      { staffId: v.staffId, role: 'finance' },
      { signed: admin, address: '10.9.9.9' },
    );
    const rows = (
      await ops('opsAuditList', { actorId: a.staffId, action: 'staff.change-role' }, { signed: admin })
    ).body.data as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      target: `staff:${v.staffId}`,
      targetLabel: v.email,
      before: { role: 'viewer' },
      after: { role: 'finance' },
      clientAddress: '10.9.9.9',
    });
    const page1 = (await ops('opsAuditList', { limit: '2' }, { signed: admin })).body.data as {
      auditId: number;
    }[];
    expect(page1).toHaveLength(2);
    const page2 = (
      await ops('opsAuditList', { limit: '2', before: String(page1[1]?.auditId) }, { signed: admin })
    ).body.data as { auditId: number }[];
    expect(page2[0]?.auditId).toBeLessThan(page1[1]?.auditId ?? 0);

    const csv = await ops('opsAuditExport', { actorId: a.staffId }, { signed: admin });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(csv.raw.toString()).toContain('staff.change-role');
    await expect(server.db.query(`delete from audit_log where actor_id = $1`, [a.staffId])).rejects.toThrow(
      /append-only/,
    );
  });

  it('lists the ops endpoints in the OpenAPI document under the tag "ops"', async () => {
    const doc = await server.request({ method: 'GET', url: '/api/openapi.json' });
    const paths = (doc.body as unknown as { paths: Record<string, Record<string, { tags: string[] }>> })
      .paths;
    for (const endpoint of Object.values(OPS_ENDPOINTS)) {
      const operation = paths[`${OPS_API_PREFIX}${endpoint.path}`]?.[endpoint.method.toLowerCase()];
      expect(operation?.tags, endpoint.path).toEqual(['ops']);
    }
  });
});
