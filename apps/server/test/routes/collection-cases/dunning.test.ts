import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ERRORS } from '@hiram/contract/errors';
import { DUNNING_ENDPOINTS } from '@hiram/contract/ops/dunning';
import { OPS_ENDPOINTS, type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/domain/app-error.ts';
import { addDays, manilaDay, manilaTime } from '../../../src/domain/servicing-rules.ts';
import { guardContact, guardMessage } from '../../../src/services/collection-cases/dunning/guardrails.ts';
import type { TestServer } from '../../helper.ts';
import { type Member, newMember, opsCall, type Signed, signIn } from '../../ops-fixtures.ts';
import { disbursedLoan, goTo, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * Dunning and the MC 18 guardrails (ADR 0076), on both databases: templates and rules under maker-checker (the
 * maker never approves her own; a template with an unknown placeholder, a threat or insult in any language, or
 * without the lender's name and SEC numbers is refused), every guardrail on its own (her own number only, never
 * an emergency contact; the quiet hours; the daily and weekly caps; a dispute), the runner sending once per
 * cadence as the clock moves, a dispute pausing dunning and penalties until a reviewer resolves it, and every
 * endpoint with every role. The clock only moves forward, so the tests run in order.
 */
let server: TestServer;
type Loan = Awaited<ReturnType<typeof disbursedLoan>>;
const loans: Loan[] = [];
let due = '';
let day0 = '';

beforeAll(async () => {
  server = await startServicingServer();
  for (let i = 0; i < 3; i += 1) loans.push(await disbursedLoan(server, i === 1 ? { lang: 'fil' } : {}));
  const first = loans[0] as Loan;
  due = (await server.call('extensionData', { orderId: first.orderId }, { token: first.token })).body.data
    .dueDate;
  day0 = addDays(due, 3);
  // Three days past due, 08:00: the daily run has opened a case for every loan; the dunning run is at 09:00.
  await goTo(server, day0, 8);
}, 240_000);
afterAll(() => server.close());

const loan = (i: number) => loans[i] as Loan;

const members = new Map<string, Promise<Member>>();
function member(role: StaffRole, key = ''): Promise<Member> {
  const id = `${role}:${key}`;
  if (!members.has(id)) members.set(id, newMember(server, role));
  return members.get(id) as Promise<Member>;
}
async function as(role: StaffRole, key = ''): Promise<Signed> {
  return signIn(server, await member(role, key));
}

// biome-ignore lint/suspicious/noExplicitAny: the answers' data are read as the contract shapes them
type Data = any;
async function ops(name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) {
  const answer = await opsCall(server, name, payload, { signed });
  return answer as typeof answer & { body: { data: Data; code: number } };
}
async function ok(name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed): Promise<Data> {
  const answer = await ops(name, payload, signed);
  expect(answer.status, `${name} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
}

async function propose(signed: Signed, kind: 'dunning.template' | 'dunning.rule', payload: object) {
  return ops('opsProposalCreate', { kind, payload, reason: 'Collections plan for the quarter' }, signed);
}
async function decide(signed: Signed, proposalId: string) {
  const answer = await ops('opsProposalDecide', { proposalIds: [proposalId], decision: 'approve' }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.outcomes[0] as { status: string | null; errorCode: number | null };
}

const LENDER = '{lenderName}, SEC Reg. {secRegistration}, CA {caNumber}.';
const TEXTS = {
  en: `Hi {firstName}, your {appName} loan of {amountDue} was due on {dueDate}. Please pay in the app. ${LENDER}`,
  fil: `Hi {firstName}, ang iyong {appName} loan na {amountDue} ay dapat nabayaran noong {dueDate}. Magbayad sa app. ${LENDER}`,
  es: `Hola {firstName}, su préstamo de {appName} por {amountDue} venció el {dueDate}. Pague en la aplicación. ${LENDER}`,
};

async function caseOf(orderId: string) {
  const [row] = await server.db.query<{ case_id: string; status: string }>(
    'select case_id, status from collection_cases where order_id = $1',
    [orderId],
  );
  return row as { case_id: string; status: string };
}
async function dunningSms(mobile: string): Promise<string[]> {
  const rows = await server.db.query<{ body: string }>(
    `select body from sms_outbox where purpose = 'dunning' and mobile = $1 order by message_id`,
    [`+63${mobile.slice(1)}`],
  );
  return rows.map((r) => r.body);
}
async function penaltyDays(orderId: string): Promise<string[]> {
  const rows = await server.db.query<{ idempotency_key: string }>(
    `select idempotency_key from ledger_journals where order_id = $1 and kind = 'penalty_accrual'
     order by idempotency_key`,
    [orderId],
  );
  return rows.map((r) => r.idempotency_key.slice(r.idempotency_key.lastIndexOf(':') + 1));
}
async function refusal(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
}

const NOBODY = '00000000-0000-4000-8000-000000000000';
let templateId = '';
let ruleId = '';

describe('roles', () => {
  it('every dunning and dispute endpoint answers the roles the contract lists and refuses the others with 403', async () => {
    const payloads: Partial<Record<OpsEndpointName, Record<string, unknown>>> = {
      opsDisputeList: { caseId: NOBODY },
      opsContactCheck: { caseId: NOBODY, channel: 'call' },
      opsDisputeOpen: { caseId: NOBODY, source: 'agent', reason: 'She says she paid' },
      opsDisputeResolve: { disputeId: NOBODY, outcome: 'rejected', resolution: 'No payment found' },
    };
    for (const role of STAFF_ROLES) {
      const signed = await as(role);
      for (const name of Object.keys(DUNNING_ENDPOINTS) as OpsEndpointName[]) {
        const answer = await ops(name, payloads[name] ?? {}, signed);
        const allowed = (OPS_ENDPOINTS[name].roles as readonly StaffRole[]).includes(role);
        if (allowed)
          expect([200, 404], `${role} ${name} ${JSON.stringify(answer.body)}`).toContain(answer.status);
        else {
          expect(answer.status, `${role} ${name}`).toBe(403);
          expect(answer.body.code).toBe(ERRORS.ROLE_NOT_ALLOWED.code);
        }
      }
      // Writing rules and templates: a collections supervisor or an admin proposes; nobody else.
      const proposed = await propose(signed, 'dunning.template', {
        packageName: DEFAULT_PACKAGE_NAME,
        templateId: null,
        name: `Roles ${role}`,
        texts: TEXTS,
        saysDisputed: false,
      });
      if (role === 'collectionsSupervisor' || role === 'admin') expect(proposed.status).toBe(200);
      else expect(proposed.status, role).toBe(403);
    }
  }, 180_000);
});

describe('templates under maker-checker', () => {
  const base = {
    packageName: DEFAULT_PACKAGE_NAME,
    templateId: null,
    name: 'First reminder',
    saysDisputed: false,
  };

  it('refuses a placeholder outside the closed list, a threat or insult in any language, and a message without the lender', async () => {
    const maker = await as('collectionsSupervisor', 'a');
    const unknown = await propose(maker, 'dunning.template', {
      ...base,
      texts: { ...TEXTS, en: `${TEXTS.en} Call {emergencyContactName}.` },
    });
    expect(unknown.body.code).toBe(ERRORS.DUNNING_PLACEHOLDER_UNKNOWN.code);
    expect(unknown.body.msg).toContain('{emergencyContactName}');
    for (const [language, words] of [
      ['en', 'Pay now or you go to jail.'],
      ['fil', 'Magbayad ka na, gago.'],
      ['fil', 'Ipo-post ka namin sa Facebook.'],
      ['es', 'Pague o llamaremos a la policía.'],
    ] as const) {
      const answer = await propose(maker, 'dunning.template', {
        ...base,
        texts: { ...TEXTS, [language]: `${TEXTS[language]} ${words}` },
      });
      expect(answer.body.code, `${language}: ${words}`).toBe(ERRORS.DUNNING_WORDS_FORBIDDEN.code);
    }
    const noLender = await propose(maker, 'dunning.template', {
      ...base,
      texts: { ...TEXTS, es: 'Hola {firstName}, su préstamo de {appName} por {amountDue} venció.' },
    });
    expect(noLender.body.code).toBe(ERRORS.DUNNING_LENDER_MISSING.code);
    expect(noLender.body.msg).toContain('{lenderName}');
  });

  it('is approved by another supervisor, never by its maker; a change shows old → new', async () => {
    const maker = await as('collectionsSupervisor', 'a');
    const checker = await as('collectionsSupervisor', 'b');
    const proposed = await propose(maker, 'dunning.template', { ...base, texts: TEXTS });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const proposalId = proposed.body.data.proposalId;
    expect(await decide(maker, proposalId)).toMatchObject({ errorCode: ERRORS.PROPOSAL_OWN.code });
    expect(await decide(checker, proposalId)).toMatchObject({ status: 'approved', errorCode: null });
    const view = await ok('opsDunningView', {}, maker);
    const template = view.templates.find((t: Data) => t.name === 'First reminder');
    expect(template).toMatchObject({ texts: TEXTS, version: 1, saysDisputed: false });
    templateId = template.templateId;
    expect(view.caps).toMatchObject({ dailyMax: 3, weeklyMax: 10 });

    const same = await propose(maker, 'dunning.template', { ...base, templateId, texts: TEXTS });
    expect(same.body.code).toBe(ERRORS.DUNNING_UNCHANGED.code);
    const change = await propose(maker, 'dunning.template', {
      ...base,
      templateId,
      texts: { ...TEXTS, en: TEXTS.en.replace('Please pay', 'Kindly pay') },
    });
    expect(change.status).toBe(200);
    expect(change.body.data.changes).toEqual([
      expect.objectContaining({
        field: 'texts.en',
        before: TEXTS.en,
        after: TEXTS.en.replace('Please pay', 'Kindly pay'),
      }),
    ]);
    await ops('opsProposalWithdraw', { proposalId: change.body.data.proposalId }, maker);
  });
});

describe('rules under maker-checker', () => {
  it('a rule names its brand, days past due, channel, template, cadence and stop conditions; its maker cannot approve it', async () => {
    const maker = await as('collectionsSupervisor', 'a');
    const payload = {
      packageName: DEFAULT_PACKAGE_NAME,
      ruleId: null,
      name: 'Early overdue',
      minDaysPastDue: 1,
      maxDaysPastDue: 30,
      channel: 'sms',
      templateId,
      everyDays: 3,
      maxSends: 2,
      stopWhen: ['promiseRunning', 'disputeOpen', 'agencyPlacement'],
      active: true,
    };
    const bad = await propose(maker, 'dunning.rule', { ...payload, maxDaysPastDue: 0 });
    expect(bad.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    const proposed = await propose(maker, 'dunning.rule', payload);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    expect(proposed.body.data.changes).toContainEqual(
      expect.objectContaining({ label: 'Days past due', before: null, after: '1-30 days past due' }),
    );
    expect(await decide(maker, proposed.body.data.proposalId)).toMatchObject({
      errorCode: ERRORS.PROPOSAL_OWN.code,
    });
    expect(await decide(await as('admin'), proposed.body.data.proposalId)).toMatchObject({
      status: 'approved',
    });
    const view = await ok('opsDunningView', {}, maker);
    const rule = view.rules.find((r: Data) => r.name === 'Early overdue');
    expect(rule).toMatchObject({ everyDays: 3, maxSends: 2, templateName: 'First reminder', active: true });
    ruleId = rule.ruleId;
  });
});

describe('the guardrails', () => {
  it('contact only the borrower, on her own number: never an emergency contact', async () => {
    const [profile] = await server.db.query<{ info: Record<string, string> }>(
      'select addition_info as info from profiles where user_id = $1',
      [loan(2).userId],
    );
    const reference = profile?.info.emergencyContactMobile1 as string;
    expect(reference).toBeTruthy();
    const now = manilaTime(day0, 10);
    expect(
      await refusal(guardContact(server.db, now, { userId: loan(2).userId, channel: 'call', to: reference })),
    ).toBe('CONTACT_NOT_BORROWER');
    expect(
      await refusal(
        guardContact(server.db, now, { userId: loan(2).userId, channel: 'sms', to: '09998887777' }),
      ),
    ).toBe('CONTACT_NOT_BORROWER');
    expect(
      await refusal(
        guardContact(server.db, now, { userId: loan(2).userId, channel: 'call', to: loan(2).mobile }),
      ),
    ).toBeNull();
  });

  it('never between 22:00 and 06:00 Manila', async () => {
    const attempt = { userId: loan(2).userId, channel: 'call' as const };
    expect(await refusal(guardContact(server.db, manilaTime(day0, 22), attempt))).toBe('CONTACT_QUIET_HOURS');
    expect(await refusal(guardContact(server.db, manilaTime(day0, 5, 59), attempt))).toBe(
      'CONTACT_QUIET_HOURS',
    );
    expect(await refusal(guardContact(server.db, manilaTime(day0, 6), attempt))).toBeNull();
    expect(await refusal(guardContact(server.db, manilaTime(day0, 21, 59), attempt))).toBeNull();
  });

  it('a message with a forbidden word, or without the lender and its SEC numbers, is never sent', () => {
    const lender = {
      corporateName: 'Hiram Lending Corporation',
      secRegistrationNumber: 'CS201900001',
      certificateOfAuthorityNumber: '3001',
    };
    const good = 'Your loan is due. Hiram Lending Corporation, SEC Reg. CS201900001, CA 3001.';
    expect(() => guardMessage(good, 'en', lender)).not.toThrow();
    expect(() => guardMessage(`${good} We will tell your employer.`, 'en', lender)).toThrow(
      'DUNNING_WORDS_FORBIDDEN',
    );
    expect(() => guardMessage(`${good} Makukulong ka.`, 'fil', lender)).toThrow('DUNNING_WORDS_FORBIDDEN');
    expect(() => guardMessage(`${good} Es usted un ladrón.`, 'es', lender)).toThrow(
      'DUNNING_WORDS_FORBIDDEN',
    );
    expect(() => guardMessage('Your loan is due. SEC Reg. CS201900001, CA 3001.', 'en', lender)).toThrow(
      'DUNNING_LENDER_MISSING',
    );
    // A brand whose lender details are not filled in sends no dunning at all.
    expect(() => guardMessage(good, 'en', { ...lender, corporateName: '' })).toThrow(
      'DUNNING_LENDER_MISSING',
    );
  });
});

describe('the runner and the caps', () => {
  it('sends once per cadence as the clock moves, logged with its rule, in her language, with the lender', async () => {
    // Loan 2 reached the daily cap today by hand (three calls): the rule's message waits.
    const { case_id: case2 } = await caseOf(loan(2).orderId);
    for (let i = 0; i < 3; i += 1) {
      await server.db.query(
        `insert into collection_contacts (contact_id, case_id, user_id, channel, direction, outcome, at)
         values (gen_random_uuid(), $1, $2, 'call', 'outbound', 'noAnswer', $3)`,
        [case2, loan(2).userId, manilaTime(day0, 7, i).toISOString()],
      );
    }
    expect(
      await refusal(
        guardContact(server.db, manilaTime(day0, 8), { userId: loan(2).userId, channel: 'call' }),
      ),
    ).toBe('CONTACT_DAILY_CAP');

    await goTo(server, day0, 9);
    const first = await dunningSms(loan(0).mobile);
    expect(first).toHaveLength(1);
    expect(first[0]).toContain('Hiram Lending Corporation');
    expect(first[0]).toMatch(/SEC Reg\. \S+/);
    expect(first[0]).not.toContain('{');
    // In Filipino for the borrower who signed in Filipino.
    expect((await dunningSms(loan(1).mobile))[0]).toContain('Magbayad sa app');
    expect(await dunningSms(loan(2).mobile)).toHaveLength(0);
    const { case_id: case0 } = await caseOf(loan(0).orderId);
    const logged = await server.db.query<{ rule_id: string; outcome: string; channel: string }>(
      'select rule_id, outcome, channel from collection_contacts where case_id = $1',
      [case0],
    );
    expect(logged).toEqual([{ rule_id: ruleId, outcome: 'sent', channel: 'sms' }]);

    // Run again the same day (a retry, a second process): nothing twice.
    await server.app.dunning.runDaily();
    expect(await dunningSms(loan(0).mobile)).toHaveLength(1);
    // The next day: loan 2's turn (under its cap now); loan 0 waits for its three days.
    await goTo(server, addDays(day0, 1), 9);
    expect(await dunningSms(loan(0).mobile)).toHaveLength(1);
    expect(await dunningSms(loan(2).mobile)).toHaveLength(1);
    await goTo(server, addDays(day0, 3), 9);
    expect(await dunningSms(loan(0).mobile)).toHaveLength(2);
    // At most two messages from this rule.
    await goTo(server, addDays(day0, 6), 9);
    expect(await dunningSms(loan(0).mobile)).toHaveLength(2);
  }, 120_000);

  it('a weekly cap counts every contact in seven days, whoever made it', async () => {
    const today = addDays(day0, 6);
    const { case_id: case2 } = await caseOf(loan(2).orderId);
    const [count] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from collection_contacts where user_id = $1 and at >= $2`,
      [loan(2).userId, manilaTime(addDays(today, -6)).toISOString()],
    );
    for (let i = count?.n ?? 0; i < 10; i += 1) {
      await server.db.query(
        `insert into collection_contacts (contact_id, case_id, user_id, channel, direction, outcome, at)
         values (gen_random_uuid(), $1, $2, 'call', 'outbound', 'noAnswer', $3)`,
        [case2, loan(2).userId, manilaTime(addDays(today, -1 - (i % 5)), 10, i).toISOString()],
      );
    }
    expect(
      await refusal(
        guardContact(server.db, manilaTime(today, 10), { userId: loan(2).userId, channel: 'call' }),
      ),
    ).toBe('CONTACT_WEEKLY_CAP');
  });
});

describe('a dispute', () => {
  it('pauses dunning and penalties until a reviewer resolves it; the borrower is told each time', async () => {
    const l = loan(1);
    const { case_id: caseId } = await caseOf(l.orderId);
    const agent = await as('collections');
    const opened = await ok(
      'opsDisputeOpen',
      { caseId, source: 'borrower', reason: 'She says she paid at the counter on the due date' },
      agent,
    );
    const openedDay = manilaDay(server.clock.now());
    expect((await caseOf(l.orderId)).status).toBe('dispute');
    const again = await ops('opsDisputeOpen', { caseId, source: 'agent', reason: 'Again' }, agent);
    expect(again.body.code).toBe(ERRORS.DISPUTE_ALREADY_OPEN.code);
    // While it is open, a contact must say the debt is disputed.
    const at = manilaTime(addDays(openedDay, 1), 10);
    expect(await refusal(guardContact(server.db, at, { userId: l.userId, channel: 'call' }))).toBe(
      'CONTACT_DISPUTE_NOT_SAID',
    );
    expect(
      await refusal(guardContact(server.db, at, { userId: l.userId, channel: 'call', saysDisputed: true })),
    ).toBeNull();
    expect(await ok('opsContactCheck', { caseId, channel: 'call' }, agent)).toMatchObject({
      allowed: false,
      errorCode: ERRORS.CONTACT_DISPUTE_NOT_SAID.code,
    });

    const sentBefore = (await dunningSms(l.mobile)).length;
    await goTo(server, addDays(openedDay, 3), 9);
    expect(await dunningSms(l.mobile)).toHaveLength(sentBefore);
    const paused = await penaltyDays(l.orderId);
    // The day it opened was accrued by that night's run already; from the next day nothing accrues.
    for (let d = 1; d <= 3; d += 1) expect(paused).not.toContain(addDays(openedDay, d));

    // An agent does not resolve it; a reviewer does (signed in again: days went by).
    const agentAgain = await as('collections');
    const byAgent = await ops(
      'opsDisputeResolve',
      { disputeId: opened.disputeId, outcome: 'rejected', resolution: 'x' },
      agentAgain,
    );
    expect(byAgent.status).toBe(403);
    const resolved = await ok(
      'opsDisputeResolve',
      {
        disputeId: opened.disputeId,
        outcome: 'rejected',
        resolution: 'No payment at the counter on that day',
      },
      await as('reviewer'),
    );
    expect(resolved).toMatchObject({ outcome: 'rejected', resolvedAt: expect.any(String) });
    expect((await caseOf(l.orderId)).status).not.toBe('dispute');
    const twice = await ops(
      'opsDisputeResolve',
      { disputeId: opened.disputeId, outcome: 'upheld', resolution: 'Changed my mind' },
      await as('reviewer'),
    );
    expect(twice.body.code).toBe(ERRORS.DISPUTE_NOT_OPEN.code);

    // Penalties accrue again from the day after, the paused days stay unpenalised.
    await goTo(server, addDays(openedDay, 5), 9);
    const after = await penaltyDays(l.orderId);
    expect(after).toContain(addDays(openedDay, 4));
    expect(after).toContain(addDays(openedDay, 5));
    for (let d = 1; d <= 3; d += 1) expect(after).not.toContain(addDays(openedDay, d));

    const notices = await server.db.query<{ kind: string }>(
      'select kind from borrower_notices where order_id = $1 order by created_at',
      [l.orderId],
    );
    expect(notices.map((n) => n.kind)).toEqual(expect.arrayContaining(['disputeOpened', 'disputeRejected']));
    const audit = await server.db.query<{ action: string }>(
      `select action from audit_log where target = $1 and action like 'collections.dispute.%' order by at`,
      [`collection-case:${caseId}`],
    );
    expect(audit.map((a) => a.action)).toEqual(['collections.dispute.open', 'collections.dispute.resolve']);
    const list = await ok('opsDisputeList', { caseId }, await as('collections'));
    expect(list.items).toHaveLength(1);
  }, 120_000);

  it('upheld: no rule texts her about that case again; rejected: dunning resumes', async () => {
    const { case_id: caseId } = await caseOf(loan(0).orderId);
    const dispute = await ok(
      'opsDisputeOpen',
      { caseId, source: 'agent', reason: 'Charged a penalty twice for one day' },
      await as('collections'),
    );
    await ok(
      'opsDisputeResolve',
      { disputeId: dispute.disputeId, outcome: 'upheld', resolution: 'Posted twice; a waiver is proposed' },
      await as('collectionsSupervisor', 'b'),
    );
    // A rule that would text every overdue borrower every day.
    const proposed = await propose(await as('collectionsSupervisor', 'a'), 'dunning.rule', {
      packageName: DEFAULT_PACKAGE_NAME,
      ruleId: null,
      name: 'Every day',
      minDaysPastDue: 1,
      maxDaysPastDue: null,
      channel: 'sms',
      templateId,
      everyDays: 1,
      maxSends: 10,
      stopWhen: [],
      active: true,
    });
    expect(await decide(await as('collectionsSupervisor', 'b'), proposed.body.data.proposalId)).toMatchObject(
      {
        status: 'approved',
      },
    );
    const upheld = (await dunningSms(loan(0).mobile)).length;
    const rejected = (await dunningSms(loan(1).mobile)).length;
    await goTo(server, addDays(manilaDay(server.clock.now()), 1), 9);
    expect(await dunningSms(loan(0).mobile)).toHaveLength(upheld);
    expect(await dunningSms(loan(1).mobile)).toHaveLength(rejected + 1);
    // A second run the same day: still one message a case a day, whichever rule.
    await server.app.dunning.runDaily();
    expect(await dunningSms(loan(1).mobile)).toHaveLength(rejected + 1);
    const notices = await server.db.query<{ kind: string }>(
      `select kind from borrower_notices where order_id = $1 and kind like 'dispute%' order by created_at`,
      [loan(0).orderId],
    );
    expect(notices.map((n) => n.kind)).toEqual(['disputeOpened', 'disputeUpheld']);
  }, 120_000);
});
