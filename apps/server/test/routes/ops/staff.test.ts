import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ERRORS } from '@hiram/contract/errors';
import { ROLES_WITH_POWER } from '@hiram/contract/ops/approvals';
import {
  type AuditRow,
  OPS_API_PREFIX,
  OPS_BACKGROUND_HEADER,
  OPS_ENDPOINTS,
  type OpsEndpointName,
  STAFF_ROLES,
  type StaffMember,
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
  type Signed,
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

  /** A wrong sign-in of `m` from `address`: its answer. */
  const wrongSignIn = (m: Member, address: string) =>
    ops('opsSignIn', { email: m.email, password: 'wrong password!', code: '000000' }, { address });
  const rightSignIn = (m: Member, address: string) =>
    ops(
      'opsSignIn',
      { email: m.email, password: m.password, code: totpCode(m.secret, server.clock.now()) },
      { address },
    );

  it('makes the address of five wrong sign-ins wait, not the member signing in from elsewhere', async () => {
    const m = await member('viewer');
    const guesser = freshAddress();
    for (let i = 0; i < 5; i++) expect((await wrongSignIn(m, guesser)).body.code).toBe(40151);
    // The guesser's address waits, even with the right password: the wait says nothing about a guess.
    const waiting = await rightSignIn(m, guesser);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBe(15 * 60);
    // The member, at their own desk, is not kept out.
    expect((await rightSignIn(m, freshAddress())).status).toBe(200);
    server.clock.advance(15 * 60 + 1);
    expect((await rightSignIn(m, guesser)).status).toBe(200);
  });

  it('lets a guess from many addresses in only once or twice each, and the member in from a fresh one', async () => {
    const m = await member('viewer');
    // Twenty wrong sign-ins from twenty addresses within the hour: the account is being guessed at.
    for (let i = 0; i < 20; i++) {
      expect((await wrongSignIn(m, freshAddress())).body.code).toBe(40151);
      server.clock.advance(60);
    }
    const another = freshAddress();
    expect((await wrongSignIn(m, another)).body.code).toBe(40151);
    expect((await wrongSignIn(m, another)).body.code).toBe(40151);
    const third = await wrongSignIn(m, another);
    expect(third.status).toBe(429);
    expect(Number(third.headers['retry-after'])).toBe(3600);
    expect((await rightSignIn(m, freshAddress())).status).toBe(200);
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
      { staffId: v.staffId, role: 'support' },
      { signed: admin, address: '10.9.9.9' },
    );
    const rows = (
      await ops('opsAuditList', { actorId: a.staffId, action: 'staff.change-role' }, { signed: admin })
    ).body.data as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorEmail: a.email,
      actorName: a.email.replace(/^([a-z]+)(\d+)@.*$/, '$1 $2'),
      target: `staff:${v.staffId}`,
      targetLabel: `${v.email.replace(/^([a-z]+)(\d+)@.*$/, '$1 $2')} (${v.email})`,
      before: { role: 'viewer' },
      after: { role: 'support' },
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
    // The export is itself in the trail: who, when, the filter, how many rows.
    const exported = (
      await ops('opsAuditList', { action: 'audit.export', actorId: a.staffId }, { signed: admin })
    ).body.data as Record<string, unknown>[];
    expect(exported).toEqual([
      expect.objectContaining({
        actorEmail: a.email,
        at: server.clock.now().toISOString(),
        after: { filter: { actorId: a.staffId }, rows: csv.raw.toString().trim().split('\r\n').length - 1 },
      }),
    ]);
    await expect(server.db.query(`delete from audit_log where actor_id = $1`, [a.staffId])).rejects.toThrow(
      /append-only/,
    );
  });

  it('audits reading the log: who, the filter and how many rows, nothing of what they showed', async () => {
    const a = await member('admin');
    const admin = await signIn(a);
    const list = (query: Record<string, unknown>) =>
      ops('opsAuditList', query, { signed: admin }).then((answer) => answer.body.data as AuditRow[]);
    const page1 = await list({ limit: '2' });
    const page2 = await list({ limit: '2', before: String(page1[1]?.auditId) });
    const signIns = await list({ action: 'staff.sign-in', actorId: a.staffId });
    const reads = await list({ action: 'audit.read', actorId: a.staffId });
    expect(reads.map((row) => [row.target, row.after])).toEqual([
      [null, { filter: { action: 'staff.sign-in', actorId: a.staffId }, rows: signIns.length }],
      [null, { filter: { before: page1[1]?.auditId }, rows: page2.length }],
      [null, { filter: {}, rows: 2 }],
    ]);
  });

  it("keeps a failed sign-in short: a member's email, anyone else's masked and cut, the user agent cut", async () => {
    const m = await member('viewer');
    const agent = `Mozilla/5.0 ${'x'.repeat(5000)}`;
    const headers = { 'user-agent': agent };
    const wrong = (email: string) =>
      ops('opsSignIn', { email, password: 'wrong password!', code: '000000' }, { headers });
    expect((await wrong(m.email.toUpperCase())).body.code).toBe(40151);
    const stranger = `someone.private@${`${'z'.repeat(60)}.`.repeat(3)}example`;
    expect((await wrong(stranger)).body.code).toBe(40151);
    // Not an address, or longer than one can be: refused before anything is kept.
    for (const email of ['<script>alert(1)</script>', `${'a'.repeat(250)}@lender.example`])
      expect((await wrong(email)).status, email).toBe(400);
    const admin = await signIn(await member('admin'));
    const failed = (
      await ops('opsAuditList', { action: 'staff.sign-in-failed', limit: '2' }, { signed: admin })
    ).body.data as Record<string, unknown>[];
    expect(failed.map((row) => [row.actorEmail, row.userAgent])).toEqual([
      [`s***@${stranger.split('@')[1]}`.slice(0, 100), agent.slice(0, 200)],
      [m.email, agent.slice(0, 200)],
    ]);
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

describe('staff administration under maker-checker (ADRs 0058 and 0066)', () => {
  interface Outcome {
    proposalId: string;
    status: string | null;
    errorCode: number | null;
    setupLink?: { email: string; setupLink: string; setupExpiresAt: string } | null;
  }
  const propose = async (kind: string, payload: Record<string, unknown>, signed: Signed) =>
    ops('opsProposalCreate', { kind, payload, reason: 'Asked for by the team lead' }, { signed });
  const decide = async (proposalId: string, signed: Signed): Promise<Outcome> => {
    const answer = await ops(
      'opsProposalDecide',
      { proposalIds: [proposalId], decision: 'approve' },
      { signed },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body.data as { outcomes: Outcome[] }).outcomes[0] as Outcome;
  };
  const proposalIdOf = (answer: Awaited<ReturnType<typeof ops>>): string => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body.data as { proposalId: string }).proposalId;
  };
  const tokenOf = (link: string) => new URL(link.replace('/#/', '/')).searchParams.get('token') ?? '';
  const twoAdmins = async () => ({
    maker: await signIn(await member('admin')),
    checker: await signIn(await member('admin')),
  });

  it('making someone an admin needs a second admin: refused directly, done when another admin approves', async () => {
    const { maker, checker } = await twoAdmins();
    const f = await member('finance');
    const direct = await ops('opsStaffChangeRole', { staffId: f.staffId, role: 'admin' }, { signed: maker });
    expect(direct.body.code).toBe(40998);
    const directCreate = await ops(
      'opsStaffCreate',
      { email: 'boss2@lender.example', name: 'Boss', role: 'admin', brandScope: null },
      { signed: maker },
    );
    expect(directCreate.body.code).toBe(40998);

    const proposed = await propose('staff.grant-role', { staffId: f.staffId, role: 'admin' }, maker);
    const proposalId = proposalIdOf(proposed);
    expect(proposed.body.data).toMatchObject({
      summary: `Make finance ${f.email.match(/\d+/)?.[0]} (${f.email}) admin (now finance)`,
      changes: [{ field: 'role', before: 'finance', after: 'admin' }],
      targetType: 'staff',
      targetLabel: expect.stringContaining(`(${f.email})`),
    });
    expect((await decide(proposalId, maker)).errorCode).toBe(40360);
    // Still finance until approved: Staff is not theirs.
    expect((await ops('opsStaffList', {}, { signed: await signIn(f) })).status).toBe(403);
    expect(await decide(proposalId, checker)).toMatchObject({ status: 'approved', errorCode: null });
    expect((await ops('opsStaffList', {}, { signed: await signIn(f) })).status).toBe(200);
  });

  it('a new admin is proposed; the set-up link goes to the approving admin once and is stored nowhere', async () => {
    const { maker, checker } = await twoAdmins();
    const email = 'new.admin@lender.example';
    const proposalId = proposalIdOf(
      await propose('staff.create', { email, name: 'New Admin', role: 'admin', brandScope: null }, maker),
    );
    const again = await propose(
      'staff.create',
      { email, name: 'Twice', role: 'admin', brandScope: null },
      checker,
    );
    expect(again.body.code).toBe(40960);
    const outcome = await decide(proposalId, checker);
    expect(outcome).toMatchObject({ status: 'approved', setupLink: { email } });
    const token = tokenOf(outcome.setupLink?.setupLink ?? '');
    // The maker's list, the history and the audit log never carry the link.
    const history = await ops(
      'opsProposalList',
      { decided: 'true', kind: 'staff.create' },
      { signed: maker },
    );
    const audit = await ops('opsAuditList', { limit: '200' }, { signed: maker });
    for (const answer of [history, audit]) expect(JSON.stringify(answer.body)).not.toContain(token);
    expect(JSON.stringify(history.body)).toContain(email);

    const setUp = await ops('opsSetUp', { token, password: 'the new admin password' });
    expect(setUp.status).toBe(200);
    const secret = new URL((setUp.body.data as { otpauthUri: string }).otpauthUri).searchParams.get('secret');
    expect(
      (await ops('opsConfirmSetUp', { token, code: totpCode(secret ?? '', server.clock.now()) })).status,
    ).toBe(200);
    const list = (await ops('opsStaffList', {}, { signed: checker })).body.data as StaffMember[];
    expect(list.find((s) => s.email === email)).toMatchObject({ role: 'admin', setUp: true });
  });

  it('resets a password and authenticator through a second admin: the new link sets up, the old ones fail', async () => {
    const { maker, checker } = await twoAdmins();
    const v = await member('finance');
    const session = await signIn(v);
    const proposalId = proposalIdOf(await propose('staff.reset-sign-in', { staffId: v.staffId }, maker));
    // Nothing changes until it is approved.
    expect((await ops('opsMe', {}, { signed: session })).status).toBe(200);
    const outcome = await decide(proposalId, checker);
    expect(outcome).toMatchObject({ status: 'approved', setupLink: { email: v.email } });
    const token = tokenOf(outcome.setupLink?.setupLink ?? '');

    // The member's sessions ended; the old password, authenticator and recovery codes no longer sign in.
    expect((await ops('opsMe', {}, { signed: session })).body.code).toBe(40152);
    const old = await ops('opsSignIn', {
      email: v.email,
      password: v.password,
      code: totpCode(v.secret, server.clock.now()),
    });
    expect(old.body.code).toBe(40151);
    const list = (await ops('opsStaffList', {}, { signed: maker })).body.data as StaffMember[];
    expect(list.find((s) => s.staffId === v.staffId)).toMatchObject({ setUp: false, disabled: false });
    const audit = (await ops('opsAuditList', { action: 'staff.reset-sign-in' }, { signed: maker })).body;
    expect(JSON.stringify(audit)).toContain(v.staffId);
    expect(JSON.stringify(audit)).not.toContain(token);

    // The new link sets up a new password and authenticator, which sign in; the old recovery code does not.
    const setUp = await ops('opsSetUp', { token, password: 'a brand new password' });
    expect(setUp.status).toBe(200);
    const secret = new URL((setUp.body.data as { otpauthUri: string }).otpauthUri).searchParams.get('secret');
    expect(
      (await ops('opsConfirmSetUp', { token, code: totpCode(secret ?? '', server.clock.now()) })).status,
    ).toBe(200);
    server.clock.advance(30);
    const renewed = { ...v, password: 'a brand new password', secret: secret ?? '' };
    expect((await ops('opsMe', {}, { signed: await signIn(renewed) })).status).toBe(200);
    const recovery = await ops('opsSignIn', {
      email: v.email,
      password: 'a brand new password',
      code: v.recoveryCodes[1],
    });
    expect(recovery.body.code).toBe(40151);
  });

  it('nobody proposes or decides a change to their own account', async () => {
    const a = await member('admin');
    const { maker } = await twoAdmins();
    const self = await signIn(a);
    const own = await propose('staff.reset-sign-in', { staffId: a.staffId }, self);
    expect(own.body.code).toBe(40951);
    // Another admin proposes it; the admin it resets cannot approve it (and it stays pending for another).
    const proposalId = proposalIdOf(await propose('staff.reset-sign-in', { staffId: a.staffId }, maker));
    const pending = (await ops('opsProposalList', { targetId: a.staffId }, { signed: self })).body.data as {
      items: { decidable: boolean }[];
    };
    expect(pending.items[0]?.decidable).toBe(false);
    expect(await decide(proposalId, self)).toMatchObject({ errorCode: 40951, status: 'pending' });
  });

  it('re-enables a disabled member through a second admin, with the sign-in they had', async () => {
    const { maker, checker } = await twoAdmins();
    const v = await member('support');
    expect((await ops('opsStaffDisable', { staffId: v.staffId }, { signed: maker })).status).toBe(200);
    const barred = await ops('opsSignIn', {
      email: v.email,
      password: v.password,
      code: totpCode(v.secret, server.clock.now()),
    });
    expect(barred.body.code).toBe(40151);
    // A disabled member's sign-in is not reset: they are re-enabled first.
    expect((await propose('staff.reset-sign-in', { staffId: v.staffId }, maker)).body.code).toBe(40085);

    const proposalId = proposalIdOf(await propose('staff.re-enable', { staffId: v.staffId }, maker));
    const outcome = await decide(proposalId, checker);
    expect(outcome).toMatchObject({ status: 'approved', errorCode: null });
    expect(outcome.setupLink).toBeUndefined();
    expect((await ops('opsMe', {}, { signed: await signIn(v) })).status).toBe(200);
    expect((await propose('staff.re-enable', { staffId: v.staffId }, maker)).body.code).toBe(40086);
    const audit = (await ops('opsAuditList', { action: 'staff.re-enable' }, { signed: maker })).body.data as {
      target: string;
      after: { disabled: boolean };
    }[];
    expect(audit[0]).toMatchObject({ target: `staff:${v.staffId}`, after: { disabled: false } });
  });

  it('a brand scope must be one of the brands', async () => {
    const { maker } = await twoAdmins();
    const created = await ops(
      'opsStaffCreate',
      { email: 'nobrand@lender.example', name: 'N', role: 'viewer', brandScope: 'no.such.brand' },
      { signed: maker },
    );
    expect(created.status).toBe(400);
    expect((created.body.data as { fields: unknown }).fields).toMatchObject([{ field: 'brandScope' }]);
    const proposed = await propose(
      'staff.create',
      { email: 'nobrand-admin@lender.example', name: 'N', role: 'admin', brandScope: 'no.such.brand' },
      maker,
    );
    expect(proposed.status).toBe(400);
    expect((proposed.body.data as { fields: unknown }).fields).toMatchObject([
      { field: 'payload.brandScope' },
    ]);
    const ok = await propose(
      'staff.create',
      { email: 'brand-admin@lender.example', name: 'B', role: 'admin', brandScope: DEFAULT_PACKAGE_NAME },
      maker,
    );
    expect(ok.body.data).toMatchObject({ brand: DEFAULT_PACKAGE_NAME, targetType: 'staff' });
  });

  it('a member with a role with power exists only once a second admin approves; the maker cannot approve it', async () => {
    const { maker, checker } = await twoAdmins();
    // Every role with power is refused directly; viewer and support stay direct.
    expect([...ROLES_WITH_POWER]).toEqual([
      'reviewer',
      'collections',
      'collectionsSupervisor',
      'finance',
      'risk',
      // Proposes and approves corrections and erasures of data subjects' requests (ADR 0088), and decides
      // screening matches and red-flag rules (ADR 0085).
      'compliance',
      'admin',
    ]);
    for (const role of STAFF_ROLES) {
      const direct = await ops(
        'opsStaffCreate',
        { email: `direct-${role}@lender.example`, name: 'Direct', role, brandScope: null },
        { signed: maker },
      );
      expect(direct.body.code ?? 0, role).toBe(ROLES_WITH_POWER.includes(role) ? 40998 : 0);
    }
    const direct = await propose(
      'staff.create',
      { email: 'viewer-proposed@lender.example', name: 'V', role: 'viewer', brandScope: null },
      maker,
    );
    expect((direct.body.data as { fields: unknown }).fields).toMatchObject([{ field: 'payload.role' }]);

    const email = 'fe.finance@lender.example';
    const proposed = await propose(
      'staff.create',
      { email, name: 'Fe Finance', role: 'finance', brandScope: null },
      maker,
    );
    expect(proposed.body.data).toMatchObject({
      summary: `Add Fe Finance (${email}) as finance of every brand`,
      changes: expect.arrayContaining([
        { field: 'role', label: 'Role', kind: 'text', before: null, after: 'finance' },
      ]),
    });
    const proposalId = proposalIdOf(proposed);
    const listed = async () =>
      ((await ops('opsStaffList', {}, { signed: checker })).body.data as StaffMember[]).find(
        (s) => s.email === email,
      );
    expect(await listed()).toBeUndefined();
    const rows = await server.db.query('select 1 from staff where email = $1', [email]);
    expect(rows).toHaveLength(0);
    expect(await decide(proposalId, maker)).toMatchObject({ errorCode: 40360, status: 'pending' });
    expect(await listed()).toBeUndefined();
    const outcome = await decide(proposalId, checker);
    expect(outcome).toMatchObject({ status: 'approved', setupLink: { email } });
    expect(await listed()).toMatchObject({ role: 'finance', setUp: false });
  });

  it('a role change that adds power waits for a second admin; one that takes it away is direct', async () => {
    const { maker, checker } = await twoAdmins();
    const v = await member('viewer');
    for (const role of ROLES_WITH_POWER) {
      const direct = await ops('opsStaffChangeRole', { staffId: v.staffId, role }, { signed: maker });
      expect(direct.body.code, role).toBe(40998);
    }
    const proposed = await propose('staff.grant-role', { staffId: v.staffId, role: 'finance' }, maker);
    expect(proposed.body.data).toMatchObject({
      changes: [{ field: 'role', before: 'viewer', after: 'finance' }],
    });
    const proposalId = proposalIdOf(proposed);
    const roleOf = async () =>
      ((await ops('opsStaffList', {}, { signed: checker })).body.data as StaffMember[]).find(
        (s) => s.staffId === v.staffId,
      )?.role;
    expect(await roleOf()).toBe('viewer');
    expect(await decide(proposalId, maker)).toMatchObject({ errorCode: 40360, status: 'pending' });
    expect(await decide(proposalId, checker)).toMatchObject({ status: 'approved' });
    expect(await roleOf()).toBe('finance');
    const audit = (await ops('opsAuditList', { action: 'staff.change-role' }, { signed: maker })).body
      .data as {
      actorEmail: string;
      after: { role: string; proposalId?: string };
    }[];
    expect(audit[0]).toMatchObject({ after: { role: 'finance', proposalId } });
    // Taking it away again is at once.
    const down = await ops('opsStaffChangeRole', { staffId: v.staffId, role: 'support' }, { signed: maker });
    expect(down.body.data).toMatchObject({ role: 'support' });
  });

  it('an account one admin created alone never decides that admin’s proposals, nor they its', async () => {
    const { maker: b, checker: c } = await twoAdmins();
    const a = await member('admin');
    const signedA = await signIn(a);
    // A makes a support member alone: A is shown the link, so A may hold the account.
    const created = await ops(
      'opsStaffCreate',
      { email: 'puppet@lender.example', name: 'Pat Puppet', role: 'support', brandScope: null },
      { signed: signedA },
    );
    const link = (created.body.data as { setupLink: string }).setupLink;
    const token = tokenOf(link);
    const setUp = await ops('opsSetUp', { token, password: 'puppet password 1' });
    const secret =
      new URL((setUp.body.data as { otpauthUri: string }).otpauthUri).searchParams.get('secret') ?? '';
    await ops('opsConfirmSetUp', { token, code: totpCode(secret, server.clock.now()) });
    server.clock.advance(30);
    const puppet = {
      email: 'puppet@lender.example',
      password: 'puppet password 1',
      secret,
      recoveryCodes: [],
      staffId: (created.body.data as { staff: StaffMember }).staff.staffId,
    };
    // A second admin (B) is asked to make it an admin, and approves: the account is still tied to A.
    proposalIdOf(await propose('staff.grant-role', { staffId: puppet.staffId, role: 'admin' }, signedA));
    const [grant] = (
      (await ops('opsProposalList', { targetId: puppet.staffId, status: 'pending' }, { signed: b })).body
        .data as {
        items: { proposalId: string }[];
      }
    ).items;
    expect(await decide(grant?.proposalId ?? '', b)).toMatchObject({ status: 'approved' });
    const signedPuppet = await signIn(puppet);

    // A proposes; the account A made cannot approve it (and is not offered it), B can.
    const target = await member('viewer');
    const fromA = proposalIdOf(await propose('staff.reset-sign-in', { staffId: target.staffId }, signedA));
    const seen = (await ops('opsProposalList', { targetId: target.staffId }, { signed: signedPuppet })).body
      .data as { items: { decidable: boolean }[] };
    expect(seen.items[0]?.decidable).toBe(false);
    expect(await decide(fromA, signedPuppet)).toMatchObject({ errorCode: 40914, status: 'pending' });
    // The other way round too.
    const other = await member('viewer');
    const fromPuppet = proposalIdOf(
      await propose('staff.reset-sign-in', { staffId: other.staffId }, signedPuppet),
    );
    expect(await decide(fromPuppet, signedA)).toMatchObject({ errorCode: 40914, status: 'pending' });
    expect(await decide(fromPuppet, c)).toMatchObject({ status: 'approved' });
    expect(await decide(fromA, c)).toMatchObject({ status: 'approved' });
  });
});

describe('the last active admin', () => {
  it('cannot be disabled or demoted, even by two admins disabling each other at once', async () => {
    const own = await startTestServer();
    try {
      const call = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
        opsCall(own, name, payload, { signed });
      const x = await newMember(own, 'admin');
      const y = await newMember(own, 'admin');
      const [xs, ys] = [await signInMember(own, x), await signInMember(own, y)];
      const answers = await Promise.all([
        call('opsStaffDisable', { staffId: y.staffId }, xs),
        call('opsStaffDisable', { staffId: x.staffId }, ys),
      ]);
      expect(answers.map((answer) => answer.status).sort()).not.toEqual([200, 200]);
      const list = (
        await own.db.query<{ disabled: boolean }>(`select disabled from staff where role = 'admin'`)
      )
        .map((row) => row.disabled)
        .sort();
      expect(list).toEqual([false, true]);
      const [last] = await own.db.query<{ staff_id: string }>(
        `select staff_id from staff where role = 'admin' and not disabled`,
      );
      // Whoever acts (here the command line), the last active admin stays one.
      await expect(own.app.staff.disable(last?.staff_id ?? '', COMMAND_LINE)).rejects.toMatchObject({
        key: 'LAST_ADMIN',
      });
      await expect(
        own.app.staff.changeRole(last?.staff_id ?? '', 'viewer', COMMAND_LINE),
      ).rejects.toMatchObject({ key: 'LAST_ADMIN' });
    } finally {
      await own.close();
    }
  }, 60_000);
});
