import { ERRORS } from '@hiram/contract/errors';
import { BREACH_ROLES, type Breach } from '@hiram/contract/ops/breaches';
import { type OpsEndpointName, STAFF_ROLES } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../helper.ts';
import { addOtherBrand, opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';
import { disbursedLoan, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * The breach register (ADR 0087): a breach recorded with the borrowers it touched, the 72-hour clock from its
 * discovery, the notices drafted from the dated templates, saved, the NPC's recorded once, the borrowers'
 * texted in their language outside the quiet hours and listed in their inbox; the annual report; every role.
 */
let server: TestServer;
let fil: { token: string; userId: string; mobile: string };
let en: { token: string; userId: string; mobile: string };
let compliance: Signed;
const NOBODY = '00000000-0000-4000-8000-000000000000';
const HOUR = 3600;

beforeAll(async () => {
  server = await startServicingServer();
  fil = await disbursedLoan(server, { lang: 'fil' });
  en = await server.signIn();
}, 120_000);
// A staff session ends when idle: the clock moves in these tests, so each signs in afresh.
beforeEach(async () => {
  compliance = await signedInMember(server, 'compliance');
});
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

function breachInput(overrides: Record<string, unknown> = {}) {
  const now = server.clock.now().getTime();
  return {
    packageName: 'ph.hiram.app',
    summary: 'A support laptop with an export of borrower contacts was stolen from a car.',
    category: 'theft',
    mandatory: true,
    dataInvolved: 'name and mobile number',
    measures: 'We locked the laptop remotely and changed every staff password.',
    occurredAt: new Date(now - 5 * HOUR * 1000).toISOString(),
    discoveredAt: new Date(now - HOUR * 1000).toISOString(),
    selection: { by: 'list', borrowers: [fil.userId, en.mobile.replace('+63', '0')] },
    ...overrides,
  };
}

async function record(overrides: Record<string, unknown> = {}): Promise<Breach> {
  const answer = await ops('opsBreachRecord', breachInput(overrides), compliance);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Breach;
}

describe('the breach register', () => {
  it('records a breach, drafts and sends its notices, texts the borrowers after the quiet hours', async () => {
    const breach = await record();
    expect(breach.affectedCount).toBe(2);
    expect(Date.parse(breach.notifyBy) - Date.parse(breach.discoveredAt)).toBe(72 * HOUR * 1000);
    // Drafted from the template in force on the discovery day, not yet saved.
    expect(breach.noticesSaved).toBe(false);
    expect(breach.templateVersion).toBe('2016-12-15');
    expect(breach.npcNotice).toContain('Number of data subjects affected: 2');
    expect(breach.npcNotice).toContain('A support laptop');
    expect(breach.borrowerNotice.fil).toContain('name and mobile number');
    expect(breach.subjects.map((s) => s.mobile)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^09\d\d \*\*\* \d{4}$/)]),
    );
    const [recorded] = await server.db.query<{ after: unknown }>(
      `select after from audit_log where action = 'breach.record' and target = $1`,
      [`breach:${breach.breachId}`],
    );
    expect(recorded?.after).toMatchObject({ affectedCount: 2, by: 'list' });

    // Nothing is sent before the notices are read and saved.
    const early = await ops('opsBreachNotifyBorrowers', { breachId: breach.breachId }, compliance);
    expect(early.body.code).toBe(ERRORS.BREACH_NOTICES_NOT_SAVED.code);
    const borrowerNotice = {
      en: 'Hiram: a laptop with your name and number was stolen. We never ask for your code. Call 8123 4567.',
      fil: 'Hiram: nanakaw ang laptop na may pangalan at numero mo. Hindi namin hinihingi ang code mo.',
      es: 'Hiram: robaron un portátil con su nombre y número. Nunca le pedimos su código.',
    };
    const saved = await ops(
      'opsBreachSaveNotices',
      { breachId: breach.breachId, npcNotice: breach.npcNotice, borrowerNotice },
      compliance,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body.data as Breach).noticesSaved).toBe(true);

    const npc = await ops(
      'opsBreachNpcNotified',
      { breachId: breach.breachId, reference: 'DBNMS-2026-0042' },
      compliance,
    );
    expect(npc.status).toBe(200);
    expect((npc.body.data as Breach).npcReference).toBe('DBNMS-2026-0042');
    const again = await ops(
      'opsBreachNpcNotified',
      { breachId: breach.breachId, reference: 'X-2' },
      compliance,
    );
    expect(again.body.code).toBe(ERRORS.BREACH_NPC_NOTIFIED.code);
    const rewritten = await ops(
      'opsBreachSaveNotices',
      { breachId: breach.breachId, npcNotice: 'Something else entirely', borrowerNotice },
      compliance,
    );
    expect(rewritten.body.code).toBe(ERRORS.BREACH_NPC_NOTIFIED.code);

    // 23:00 in Manila (the clock starts at 09:00): the texts wait for 06:00.
    server.clock.advance(14 * HOUR);
    compliance = await signedInMember(server, 'compliance');
    const sent = await ops('opsBreachNotifyBorrowers', { breachId: breach.breachId }, compliance);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const queued = sent.body.data as Breach;
    expect(queued.borrowersNotifiedAt).not.toBeNull();
    for (const subject of queued.subjects) {
      expect(subject.noticeSentAt).toBeNull();
      expect(new Date(subject.noticeDueAt as string).toISOString()).toMatch(/T22:00:00\.000Z$/);
    }
    await server.settle();
    expect(await server.lastSms(fil.mobile)).not.toContain('nanakaw');
    const twice = await ops('opsBreachNotifyBorrowers', { breachId: breach.breachId }, compliance);
    expect(twice.body.code).toBe(ERRORS.BREACH_BORROWERS_NOTIFIED.code);

    server.clock.advance(7 * HOUR);
    await server.settle();
    compliance = await signedInMember(server, 'compliance');
    // Each in the language she signed her agreement in; one without an agreement in English.
    expect(await server.lastSms(fil.mobile)).toBe(borrowerNotice.fil);
    expect(await server.lastSms(en.mobile)).toBe(borrowerNotice.en);
    const view = await ops('opsBreachView', { breachId: breach.breachId }, compliance);
    const after = view.body.data as Breach;
    expect(after.noticesSent).toBe(2);
    // Within 72 hours of discovery, so the audit says so.
    const [notified] = await server.db.query<{ after: { withinHours: number } }>(
      `select after from audit_log where action = 'breach.borrowers.notified' and target = $1`,
      [`breach:${breach.breachId}`],
    );
    expect(notified?.after.withinHours).toBeLessThan(72);

    // Her inbox lists the notice.
    const inbox = await server.call('messages', {}, { token: fil.token, lang: 'fil' });
    const message = (inbox.body.data as { messages: { kind: string; text: string }[] }).messages.find(
      (m) => m.kind === 'dataBreach',
    );
    expect(message?.text).toBe(borrowerNotice.fil);
    // Read later in Spanish, it is the Spanish text staff saved.
    const spanish = await server.call('messages', {}, { token: fil.token, lang: 'es' });
    expect(
      (spanish.body.data as { messages: { kind: string; text: string }[] }).messages.find(
        (m) => m.kind === 'dataBreach',
      )?.text,
    ).toBe(borrowerNotice.es);
  });

  it('chooses borrowers by a query on sign-up days, and refuses bad selections and times clearly', async () => {
    const today = new Date(server.clock.now().getTime() + 8 * HOUR * 1000).toISOString().slice(0, 10);
    const byQuery = await record({
      selection: { by: 'query', signedUpFrom: '2026-01-01', signedUpTo: today, withLoanOnly: true },
    });
    expect(byQuery.affectedCount).toBe(1);
    expect(byQuery.subjects[0]?.userId).toBe(fil.userId);

    const unknown = await ops(
      'opsBreachRecord',
      breachInput({ selection: { by: 'list', borrowers: [NOBODY, '09990000000'] } }),
      compliance,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe(ERRORS.BREACH_UNKNOWN_BORROWERS.code);
    const nobody = await ops(
      'opsBreachRecord',
      breachInput({ selection: { by: 'query', signedUpFrom: '2020-01-01', signedUpTo: '2020-01-31' } }),
      compliance,
    );
    expect(nobody.body.code).toBe(ERRORS.BREACH_NO_BORROWERS.code);
    const backwards = await ops(
      'opsBreachRecord',
      breachInput({ selection: { by: 'query', signedUpFrom: '2026-02-01', signedUpTo: '2026-01-01' } }),
      compliance,
    );
    expect(backwards.body.code).toBe(ERRORS.BREACH_SIGN_UP_RANGE_INVALID.code);
    const future = await ops(
      'opsBreachRecord',
      breachInput({ discoveredAt: new Date(server.clock.now().getTime() + 60_000).toISOString() }),
      compliance,
    );
    expect(future.body.code).toBe(ERRORS.BREACH_TIMES_INVALID.code);
    const empty = await ops('opsBreachRecord', breachInput({ summary: '' }), compliance);
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
  });

  it('builds the annual security incident report from the register, with a nil line for each other type', async () => {
    const answer = await ops('opsBreachAnnualReport', { year: 2026 }, compliance);
    expect(answer.status).toBe(200);
    expect(String(answer.headers['content-type'])).toContain('text/csv');
    const csv = answer.raw.toString();
    expect(csv).toContain('"Annual security incident report","2026"');
    expect(csv).toContain('"Theft","2"');
    expect(csv).toContain('"Hacking or logical infiltration","0"');
    expect(csv).toContain('"Mandatory notification","2"');
    expect(csv).toContain('DBNMS-2026-0042');
    // No borrower is named in it.
    expect(csv).not.toContain(fil.userId);
    const nil = await ops('opsBreachAnnualReport', { year: 2025 }, compliance);
    expect(nil.raw.toString()).toContain('"Total","0"');
    const [audit] = await server.db.query<{ after: unknown }>(
      `select after from audit_log where action = 'breach.annualReport.download' and after->>'year' = '2025'`,
    );
    expect(audit?.after).toMatchObject({ year: 2025, breaches: 0 });
  });

  it('keeps a member of another brand out', async () => {
    await addOtherBrand(server, 'ph.other.breach');
    const breach = await record();
    const other = await signedInMember(server, 'compliance', 'ph.other.breach');
    expect((await ops('opsBreachView', { breachId: breach.breachId }, other)).status).toBe(404);
    const list = await ops('opsBreachList', {}, other);
    expect((list.body.data as { items: unknown[] }).items).toEqual([]);
    expect((await ops('opsBreachRecord', breachInput(), other)).status).toBe(404);
  });

  it('lets compliance officers and admins in, and refuses every other role (403)', async () => {
    for (const role of STAFF_ROLES) {
      const signed = await signedInMember(server, role);
      const allowed = BREACH_ROLES.includes(role);
      const expectStatus = async (name: OpsEndpointName, payload: Record<string, unknown>, ok = 200) => {
        const answer = await ops(name, payload, signed);
        expect(answer.status, `${role} ${name} ${JSON.stringify(answer.body)}`).toBe(allowed ? ok : 403);
        return answer;
      };
      await expectStatus('opsBreachList', {});
      const recorded = await expectStatus('opsBreachRecord', breachInput());
      const breach = allowed ? (recorded.body.data as Breach) : null;
      const breachId = breach?.breachId ?? NOBODY;
      await expectStatus('opsBreachView', { breachId });
      await expectStatus('opsBreachSaveNotices', {
        breachId,
        npcNotice: breach?.npcNotice ?? 'The notice to the NPC.',
        borrowerNotice: breach?.borrowerNotice ?? { en: 'Notice.', fil: 'Abiso.', es: 'Aviso.' },
      });
      await expectStatus('opsBreachNpcNotified', { breachId, reference: 'REF-1' });
      await expectStatus('opsBreachNotifyBorrowers', { breachId });
      await expectStatus('opsBreachAnnualReport', { year: 2026, brand: 'ph.hiram.app' });
    }
  });
});
