import type { InboxMessage } from '@hiram/contract/api/messages';
import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { PROPOSAL_KINDS, type Proposal, type ProposalOutcome } from '@hiram/contract/ops/approvals';
import {
  PRIVACY_MAKERS,
  PRIVACY_ROLES,
  type PrivacyRegisterItem,
  type PrivacyRequest,
  type PrivacyRequestView,
} from '@hiram/contract/ops/privacy';
import { type OpsEndpointName, STAFF_ROLES } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BASIC_INFO, expectOk } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { addOtherBrand, opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';
import { payAtCounter, repayingLoan } from '../../repayment-fixtures.ts';

/**
 * The privacy desk (ADR 0088): the register with overdue marks and filters, a request's page masked, a
 * correction proposed by one member and approved by another (applied, audited, answered, told, flagged for
 * the CIC), and erasure refused while a loan is open and approved once it is paid. Every operation with every
 * role.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

type Signed2 = Signed & { email: string };
const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

async function intake(signed: Signed, userId: string, kind: string): Promise<PrivacyRequest> {
  const answer = await ops('opsPrivacyRequestCreate', { userId, kind }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as PrivacyRequest;
}

async function decide(signed: Signed, proposalId: string): Promise<z.infer<typeof ProposalOutcome>> {
  const answer = await ops('opsProposalDecide', { proposalIds: [proposalId], decision: 'approve' }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { outcomes: z.infer<typeof ProposalOutcome>[] }).outcomes[0] as z.infer<
    typeof ProposalOutcome
  >;
}

async function view(signed: Signed, requestId: string): Promise<PrivacyRequestView> {
  const answer = await ops('opsPrivacyRequestView', { requestId }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as PrivacyRequestView;
}

async function audits(action: string, userId: string) {
  const rows = await server.db.query<{ actor_email: string; after: unknown }>(
    'select actor_email, after from audit_log where action = $1 and target = $2 order by audit_id',
    [action, `borrower:${userId}`],
  );
  return rows.map((row) => ({
    actor: row.actor_email,
    after: (typeof row.after === 'string' ? JSON.parse(row.after) : row.after) as Record<string, unknown>,
  }));
}

describe('the register', () => {
  it('lists open requests first, soonest due, with her name and overdue marked by the server’s day', async () => {
    const support = await signedInMember(server, 'support');
    const her = await server.signIn();
    expectOk(
      'saveBasicInfo',
      await server.call('saveBasicInfo', { ...BASIC_INFO, lastName: 'Registro' }, { token: her.token }),
    );
    const early = await intake(support, her.userId, 'access');
    // 60 days on: the first request is past its 30 working days; sessions of then have expired.
    server.clock.advance(60 * 24 * 60 * 60);
    const desk = await signedInMember(server, 'support');
    const late = await intake(desk, her.userId, 'erasure');
    const answered = await intake(desk, her.userId, 'portability');
    const answer = await ops(
      'opsPrivacyAnswer',
      { requestId: answered.requestId, status: 'answered', answer: 'Sent.' },
      desk,
    );
    expect(answer.status).toBe(200);

    const open = await ops('opsPrivacyRequests', {}, desk);
    const items = (open.body.data as { items: PrivacyRegisterItem[]; today: string }).items;
    const mine = items.filter((item) => item.userId === her.userId);
    expect(mine.map((item) => [item.requestId, item.overdue])).toEqual([
      [early.requestId, true],
      [late.requestId, false],
    ]);
    expect(mine[0]?.borrowerName).toBe('Maria Clara Registro');

    const all = await ops('opsPrivacyRequests', { userId: her.userId, status: 'all' }, desk);
    expect((all.body.data as { items: PrivacyRegisterItem[] }).items.map((item) => item.status)).toEqual([
      'open',
      'open',
      'answered',
    ]);
    const erasures = await ops('opsPrivacyRequests', { status: 'open', kind: 'erasure' }, desk);
    expect((erasures.body.data as { items: PrivacyRegisterItem[] }).items.map((item) => item.kind)).toEqual(
      expect.arrayContaining(['erasure']),
    );
    expect(
      (erasures.body.data as { items: PrivacyRegisterItem[] }).items.every((item) => item.kind === 'erasure'),
    ).toBe(true);

    const page = await view(desk, early.requestId);
    expect(page.borrower.mobile).toMatch(/^\d{4} \*\*\* \d{4}$/);
    expect(page.current.email).toMatch(/^.\*\*\*@/);
    expect(page.request.overdue).toBe(true);

    await addOtherBrand(server, 'ph.other.desk');
    const other = await signedInMember(server, 'support', 'ph.other.desk');
    expect((await ops('opsPrivacyRequestView', { requestId: early.requestId }, other)).body.code).toBe(
      ERRORS.NOT_FOUND.code,
    );
  });
});

describe('a correction under maker-checker', () => {
  it('is proposed by one member, approved by another, applied, audited, answered, told and flagged for the CIC', async () => {
    const support = await signedInMember(server, 'support');
    const maker = await signedInMember(server, 'compliance');
    const checker = await signedInMember(server, 'compliance');
    const her = await server.signIn();
    expectOk('saveBasicInfo', await server.call('saveBasicInfo', BASIC_INFO, { token: her.token }));
    // She has been in a CIC file: her subject number was given.
    await server.db.query('insert into cic_subjects (user_id, subject_no, created_at) values ($1, $2, $3)', [
      her.userId,
      `S${her.userId.slice(0, 8)}`,
      server.clock.now().toISOString(),
    ]);
    const request = await intake(support, her.userId, 'correction');
    const access = await intake(support, her.userId, 'access');

    const wrongKind = await ops(
      'opsPrivacyCorrectionPropose',
      { requestId: access.requestId, fields: { lastName: 'Santos' }, reason: 'Her birth certificate' },
      maker,
    );
    expect(wrongKind.body.code).toBe(ERRORS.PRIVACY_WRONG_REQUEST_KIND.code);
    const same = await ops(
      'opsPrivacyCorrectionPropose',
      {
        requestId: request.requestId,
        fields: { lastName: BASIC_INFO.lastName },
        reason: 'Her birth certificate',
      },
      maker,
    );
    expect(same.body.code).toBe(ERRORS.PRIVACY_CORRECTION_NOTHING_CHANGED.code);
    const invalid = await ops(
      'opsPrivacyCorrectionPropose',
      {
        requestId: request.requestId,
        fields: { inputBirthday: '31-02-1990' },
        reason: 'Her birth certificate',
      },
      maker,
    );
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain('fields.inputBirthday');

    const proposed = await ops(
      'opsPrivacyCorrectionPropose',
      {
        requestId: request.requestId,
        fields: { lastName: 'Santos', inputBirthday: '03-15-1991' },
        reason: 'Her birth certificate, seen by support',
      },
      maker,
    );
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const { proposalId } = proposed.body.data as { proposalId: string };
    // The proposal readers see the change masked; the new birthday is on the desk only.
    const listed = await ops('opsProposalList', { targetType: 'borrower', targetId: her.userId }, checker);
    const proposal = (listed.body.data as { items: Proposal[] }).items.find(
      (p) => p.proposalId === proposalId,
    );
    expect(proposal?.changes.map((c) => [c.field, c.after])).toEqual([
      ['profile.lastName', 'Santos'],
      ['profile.inputBirthday', '** ** 1991'],
    ]);
    expect(JSON.stringify(listed.body)).not.toContain('03-15-1991');
    const page = await view(support, request.requestId);
    expect(page.corrections[0]).toMatchObject({
      fields: { lastName: 'Santos', inputBirthday: '03-15-1991' },
      status: 'pending',
    });

    // The maker does not approve her own proposal; support approves nothing.
    expect((await decide(maker, proposalId)).errorCode).toBe(ERRORS.PROPOSAL_OWN.code);
    expect(
      (await ops('opsProposalDecide', { proposalIds: [proposalId], decision: 'approve' }, support)).status,
    ).toBe(403);
    expect((await decide(checker, proposalId)).status).toBe('approved');

    const [profile] = await server.db.query<{ basic_info: Record<string, string> | string }>(
      'select basic_info from profiles where user_id = $1',
      [her.userId],
    );
    const info =
      typeof profile?.basic_info === 'string' ? JSON.parse(profile.basic_info) : profile?.basic_info;
    expect(info).toMatchObject({
      lastName: 'Santos',
      inputBirthday: '03-15-1991',
      firstName: BASIC_INFO.firstName,
    });

    const after = await view(support, request.requestId);
    expect(after.request.status).toBe('answered');
    expect(after.request.answer).toContain('last name, birthday');
    expect(after.request.answer).toContain('Credit Information Corporation');
    expect(after.corrections[0]?.status).toBe('approved');

    const applied = await audits('privacy.correction.apply', her.userId);
    expect(applied).toEqual([
      expect.objectContaining({
        actor: checker.email,
        after: expect.objectContaining({ fields: ['lastName', 'inputBirthday'] }),
      }),
    ]);
    // Field names only in the audit log, never her values.
    expect(JSON.stringify(applied)).not.toContain('1991');
    const flags = await server.db.query<{ fields: string[] | string; included_in: string | null }>(
      'select fields, included_in from cic_correction_flags where user_id = $1',
      [her.userId],
    );
    expect(flags.map((f) => (typeof f.fields === 'string' ? JSON.parse(f.fields) : f.fields))).toEqual([
      ['lastName', 'inputBirthday'],
    ]);

    const inbox = await server.call('messages', {}, { token: her.token, lang: 'fil' });
    const told = (inbox.body.data.messages as InboxMessage[]).find((m) => m.kind === 'personalDataCorrected');
    expect(told?.text).toContain('itinama namin ang iyong personal na datos');
  });
});

describe('erasure', () => {
  it('is refused while a loan is open, and once paid leaves what the law keeps; she cannot sign in again', async () => {
    const support = await signedInMember(server, 'support');
    const maker = await signedInMember(server, 'compliance');
    const checker = await signedInMember(server, 'admin');
    const loan = await repayingLoan(server);
    const request = await intake(support, loan.userId, 'erasure');

    const refused = await ops(
      'opsProposalCreate',
      { kind: 'privacy.erasure', payload: { requestId: request.requestId }, reason: 'She asked in writing' },
      maker,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(ERRORS.PRIVACY_ERASURE_LOAN_OPEN.code);
    expect((await view(support, request.requestId)).openLoans).toBe(1);

    // She pays the loan off at the counter.
    const owed = (await server.app.ledger.orderBalance(server.db, loan.orderId)).totalDue;
    const reference = await server.call(
      'counterReference',
      { orderNo: loan.orderId, payOrderId: '1', amount: owed, channel: 'seven_eleven' },
      { token: loan.token },
    );
    expectOk('counterReference', reference);
    expect((await payAtCounter(server, reference.body.data.reference)).status).toBe(200);
    await server.settle();
    const [order] = await server.db.query<{ status: number }>(
      'select status from loan_orders where order_id = $1',
      [loan.orderId],
    );
    expect(order?.status).toBe(S.finished);

    const proposed = await ops(
      'opsProposalCreate',
      { kind: 'privacy.erasure', payload: { requestId: request.requestId }, reason: 'She asked in writing' },
      maker,
    );
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const proposal = proposed.body.data as Proposal;
    expect(proposal.summary).toContain('kept until');
    expect((await decide(checker, proposal.proposalId)).status).toBe('approved');

    const page = await view(support, request.requestId);
    expect(page.request.status).toBe('answered');
    expect(page.request.answer).toContain('RA 9160');
    expect(page.borrower.erasedAt).not.toBeNull();
    expect(page.borrower.retainUntil).toBe(
      new Date(Date.parse(server.clock.now().toISOString().slice(0, 10)) + 1827 * 86_400_000)
        .toISOString()
        .slice(0, 10),
    );
    // Her token no longer opens anything, and a new code does not sign her in.
    const home = await server.call('latestLoanOrder', {}, { token: loan.token });
    expect(home.body.code).not.toBe(0);
    server.clock.advance(61);
    expectOk('getVerifyCode', await server.call('getVerifyCode', { mobile: loan.mobile, type: 'login' }));
    const again = await server.call('login', {
      mobile: loan.mobile,
      code: await server.lastCode(loan.mobile),
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ERRORS.ACCOUNT_ERASED.code);

    const [erasure] = await audits('privacy.erasure', loan.userId);
    expect(erasure?.actor).toBe(checker.email);
    expect((erasure?.after.counts as Record<string, number> | undefined)?.sessions).toBeGreaterThan(0);
  });
});

describe('every role', () => {
  it('may use the desk’s new operations as the contract says, or is refused (403)', async () => {
    const support = await signedInMember(server, 'support');
    const her = await server.signIn();
    expectOk('saveBasicInfo', await server.call('saveBasicInfo', BASIC_INFO, { token: her.token }));
    for (const role of STAFF_ROLES) {
      const signed: Signed2 = await signedInMember(server, role);
      const correction = await intake(support, her.userId, 'correction');
      const erasure = await intake(support, her.userId, 'erasure');
      const privacy = PRIVACY_ROLES.includes(role);
      const maker = PRIVACY_MAKERS.includes(role);

      const page = await ops('opsPrivacyRequestView', { requestId: correction.requestId }, signed);
      expect(page.status, `${role} view`).toBe(privacy ? 200 : 403);
      const filtered = await ops('opsPrivacyRequests', { status: 'all', kind: 'correction' }, signed);
      expect(filtered.status, `${role} register`).toBe(privacy ? 200 : 403);
      const proposed = await ops(
        'opsPrivacyCorrectionPropose',
        {
          requestId: correction.requestId,
          fields: { lastName: `Rolecheck${'abcdefghijk'[STAFF_ROLES.indexOf(role)]}` },
          reason: 'Role check',
        },
        signed,
      );
      expect(proposed.status, `${role} correction`).toBe(maker ? 200 : 403);
      const erase = await ops(
        'opsProposalCreate',
        { kind: 'privacy.erasure', payload: { requestId: erasure.requestId }, reason: 'Role check' },
        signed,
      );
      expect(erase.status, `${role} erasure`).toBe(maker ? 200 : 403);
      // Who may approve: the kinds' checkers (never the maker); the others are refused.
      for (const [kind, proposalId] of [
        ['privacy.correction', (proposed.body.data as { proposalId?: string } | null)?.proposalId],
        ['privacy.erasure', (erase.body.data as { proposalId?: string } | null)?.proposalId],
      ] as const) {
        if (!proposalId) continue;
        expect((PROPOSAL_KINDS[kind].checkers as readonly string[]).includes(role)).toBe(true);
        const withdrawn = await ops('opsProposalWithdraw', { proposalId }, signed);
        expect(withdrawn.status, `${role} withdraw ${kind}`).toBe(200);
      }
    }
    // Each checker role approves another's proposal; any other role's approval is refused.
    const proposer = await signedInMember(server, 'compliance');
    for (const role of STAFF_ROLES) {
      const signed = await signedInMember(server, role);
      const request = await intake(support, her.userId, 'correction');
      const proposed = await ops(
        'opsPrivacyCorrectionPropose',
        {
          requestId: request.requestId,
          fields: { middleName: `Checker${'abcdefghijk'[STAFF_ROLES.indexOf(role)]}` },
          reason: 'Checker check',
        },
        proposer,
      );
      const { proposalId } = proposed.body.data as { proposalId: string };
      const decided = await ops(
        'opsProposalDecide',
        { proposalIds: [proposalId], decision: 'approve' },
        signed,
      );
      const checker = (PROPOSAL_KINDS['privacy.correction'].checkers as readonly string[]).includes(role);
      if (decided.status === 403) expect(checker, role).toBe(false);
      else {
        const outcome = (decided.body.data as { outcomes: z.infer<typeof ProposalOutcome>[] }).outcomes[0];
        expect(outcome?.status, role).toBe(checker ? 'approved' : 'pending');
        if (!checker) expect(outcome?.errorCode, role).toBe(ERRORS.ROLE_NOT_ALLOWED.code);
      }
      if (!checker) await ops('opsProposalWithdraw', { proposalId }, proposer);
    }
  });
});
