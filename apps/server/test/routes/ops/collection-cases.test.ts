import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ERRORS } from '@hiram/contract/errors';
import { COLLECTION_CASE_ENDPOINTS } from '@hiram/contract/ops/collection-cases';
import { OPS_ENDPOINTS, type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, manilaDay } from '../../../src/domain/servicing-rules.ts';
import type { TestServer } from '../../helper.ts';
import { type Member, newMember, opsCall, type Signed, signIn } from '../../ops-fixtures.ts';
import { sendCollectionEvent } from '../../repayment-fixtures.ts';
import { disbursedLoan, goTo, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * Collection cases (ADR 0074), on both databases: a case opens once when its loan falls overdue, follows its
 * days past due through the buckets on the moved clock, closes with the loan paid and reopens when the loan is
 * overdue after an arrangement closed it; assignment by round-robin and by capacity; reassignment; the contact
 * log append-only and audited; every endpoint with every role.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServicingServer();
}, 60_000);
afterAll(() => server.close());

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

const NOBODY = '00000000-0000-4000-8000-000000000000';

interface CaseRow {
  case_id: string;
  status: string;
  bucket: string;
  days_past_due: number;
  assigned_to: string | null;
  close_reason: string | null;
}
async function caseOf(orderId: string): Promise<CaseRow | undefined> {
  const [row] = await server.db.query<CaseRow>('select * from collection_cases where order_id = $1', [
    orderId,
  ]);
  return row;
}
async function eventsOf(caseId: string): Promise<{ kind: string; to_value: string | null }[]> {
  return server.db.query(
    'select kind, to_value from collection_case_events where case_id = $1 order by event_id',
    [caseId],
  );
}

/** A loan moved overdue now, as the daily run moves it (its case opens in the same transaction). */
async function overdueLoan() {
  const loan = await disbursedLoan(server);
  await server.db.transaction((tx) =>
    server.app.loanOrders.moveIn(tx, loan.orderId, 'fallOverdue', { reason: 'test' }),
  );
  const kase = await caseOf(loan.orderId);
  expect(kase).toMatchObject({ status: 'open', bucket: '1-7' });
  return { ...loan, caseId: (kase as CaseRow).case_id };
}

describe('roles', () => {
  it('every collection-case endpoint answers the roles the contract lists and refuses the others with 403', async () => {
    const payloads: Partial<Record<OpsEndpointName, Record<string, unknown>>> = {
      opsCaseView: { caseId: NOBODY },
      opsCaseLogContact: { caseId: NOBODY, channel: 'call', direction: 'outbound', outcome: 'noAnswer' },
      opsCaseSetNextAction: { caseId: NOBODY, nextActionOn: '2030-01-01' },
      opsCaseAssign: { caseIds: [NOBODY], staffId: null },
      opsAssignmentRuleSave: {
        packageName: null,
        bucket: '90+',
        method: 'capacity',
        agentIds: [NOBODY],
        maxOpen: 5,
      },
      opsAssignmentRuleDelete: { ruleId: NOBODY },
    };
    for (const role of STAFF_ROLES) {
      const signed = await as(role);
      for (const name of Object.keys(COLLECTION_CASE_ENDPOINTS) as OpsEndpointName[]) {
        const answer = await ops(name, payloads[name] ?? {}, signed);
        const allowed = (OPS_ENDPOINTS[name].roles as readonly StaffRole[]).includes(role);
        if (allowed)
          expect([200, 400, 404], `${role} ${name} ${JSON.stringify(answer.body)}`).toContain(answer.status);
        else {
          expect(answer.status, `${role} ${name}`).toBe(403);
          expect(answer.body.code).toBe(ERRORS.ROLE_NOT_ALLOWED.code);
        }
      }
    }
    expect((await opsCall(server, 'opsMyCases', {})).status).toBe(401);
  }, 120_000);
});

describe('assignment', () => {
  it('gives new cases in turn (round-robin), then to the agent with the fewest open cases within the most', async () => {
    const supervisor = await as('collectionsSupervisor');
    const a = await member('collections', 'a');
    const b = await member('collections', 'b');
    const rule = await ok(
      'opsAssignmentRuleSave',
      {
        packageName: DEFAULT_PACKAGE_NAME,
        bucket: '1-7',
        method: 'roundRobin',
        agentIds: [a.staffId, b.staffId],
        maxOpen: null,
      },
      supervisor,
    );
    const clash = await ops(
      'opsAssignmentRuleSave',
      {
        packageName: DEFAULT_PACKAGE_NAME,
        bucket: '1-7',
        method: 'capacity',
        agentIds: [a.staffId],
        maxOpen: null,
      },
      supervisor,
    );
    expect(clash.body.code).toBe(ERRORS.ASSIGNMENT_RULE_EXISTS.code);
    const notAgent = await ops(
      'opsAssignmentRuleSave',
      {
        packageName: null,
        bucket: '90+',
        method: 'capacity',
        agentIds: [(await member('finance')).staffId],
        maxOpen: 1,
      },
      supervisor,
    );
    expect(notAgent.body.code).toBe(ERRORS.CASE_ASSIGNEE_NOT_AGENT.code);

    const first = await overdueLoan();
    const second = await overdueLoan();
    const third = await overdueLoan();
    expect([first, second, third].map((l) => l.caseId)).toHaveLength(3);
    const owners = await Promise.all(
      [first, second, third].map(async (l) => (await caseOf(l.orderId))?.assigned_to),
    );
    expect(owners).toEqual([a.staffId, b.staffId, a.staffId]);

    // By capacity, at most 2 open each: b has 1, a has 2 → b, then nobody is free.
    await ok(
      'opsAssignmentRuleSave',
      {
        ruleId: rule.ruleId,
        packageName: DEFAULT_PACKAGE_NAME,
        bucket: '1-7',
        method: 'capacity',
        agentIds: [a.staffId, b.staffId],
        maxOpen: 2,
      },
      supervisor,
    );
    const fourth = await overdueLoan();
    const fifth = await overdueLoan();
    expect((await caseOf(fourth.orderId))?.assigned_to).toBe(b.staffId);
    expect((await caseOf(fifth.orderId))?.assigned_to).toBeNull();
    const board = await ok('opsCaseBoard', {}, supervisor);
    expect(board.unassigned).toBeGreaterThanOrEqual(1);
    expect(board.agents.find((x: { staffId: string }) => x.staffId === a.staffId)).toMatchObject({
      openCases: 2,
    });

    // The rule's changes are audited with before and after.
    const audit = await ok('opsAuditList', { target: `assignment-rule:${rule.ruleId}` }, await as('admin'));
    expect(audit.map((e: { action: string }) => e.action)).toEqual([
      'collections.assignment-rule.save',
      'collections.assignment-rule.save',
    ]);
    await ok('opsAssignmentRuleDelete', { ruleId: rule.ruleId }, supervisor);
    expect((await ok('opsAssignmentRules', {}, supervisor)).items).toEqual([]);
  }, 120_000);

  it('a supervisor reassigns one case or many, each an assigned event, audited; an agent sees only hers', async () => {
    const supervisor = await as('collectionsSupervisor');
    const a = await member('collections', 'a');
    const c = await member('collections', 'c');
    const one = await overdueLoan();
    const two = await overdueLoan();
    expect(
      await ok(
        'opsCaseAssign',
        { caseIds: [one.caseId, two.caseId], staffId: c.staffId, note: 'c takes these' },
        supervisor,
      ),
    ).toEqual({ assigned: 2 });
    expect(await ok('opsCaseAssign', { caseIds: [one.caseId], staffId: c.staffId }, supervisor)).toEqual({
      assigned: 0,
    });
    const events = await eventsOf(one.caseId);
    expect(events.filter((e) => e.kind === 'assigned').map((e) => e.to_value)).toEqual([c.staffId]);
    const agentC = await signIn(server, c);
    const mine = await ok('opsMyCases', {}, agentC);
    expect(mine.items.map((r: { caseId: string }) => r.caseId)).toEqual(
      expect.arrayContaining([one.caseId, two.caseId]),
    );
    expect(mine.items[0].mobile).toMatch(/^09\d\d \*\*\* \d{4}$/);
    expect(mine.items[0].totalDue).toBeGreaterThan(0);
    // Another agent's case answers as not found; a supervisor reads it.
    expect((await ops('opsCaseView', { caseId: one.caseId }, await signIn(server, a))).status).toBe(404);
    const view = await ok('opsCaseView', { caseId: one.caseId }, supervisor);
    expect(view.assignedTo).toBe(c.staffId);
    // Its history names who the case went to.
    const [cRow] = await server.db.query<{ name: string }>('select name from staff where staff_id = $1', [
      c.staffId,
    ]);
    expect(view.events.find((e: { kind: string }) => e.kind === 'assigned')).toMatchObject({
      toValue: c.staffId,
      toName: cRow?.name,
      fromName: null,
    });
    const refused = await ops(
      'opsCaseAssign',
      { caseIds: [one.caseId], staffId: (await member('viewer')).staffId },
      supervisor,
    );
    expect(refused.body.code).toBe(ERRORS.CASE_ASSIGNEE_NOT_AGENT.code);
    const audit = await ok('opsAuditList', { target: `collection-case:${one.caseId}` }, await as('admin'));
    expect(audit.some((e: { action: string }) => e.action === 'collections.case.assign')).toBe(true);
  }, 120_000);
});

describe('contacts', () => {
  it('logs a contact append-only and audited, its outcome moving the status; next action dates checked', async () => {
    const supervisor = await as('collectionsSupervisor');
    const d = await member('collections', 'd');
    const loan = await overdueLoan();
    await ok('opsCaseAssign', { caseIds: [loan.caseId], staffId: d.staffId }, supervisor);
    const agent = await signIn(server, d);
    const noAnswer = await ok(
      'opsCaseLogContact',
      {
        caseId: loan.caseId,
        channel: 'call',
        direction: 'outbound',
        outcome: 'noAnswer',
        note: 'rang twice',
      },
      agent,
    );
    expect(noAnswer).toMatchObject({
      channel: 'call',
      outcome: 'noAnswer',
      note: 'rang twice',
      staffName: expect.any(String),
    });
    expect((await caseOf(loan.orderId))?.status).toBe('open');
    server.clock.advance(600);
    const tomorrow = addDays(manilaDay(server.clock.now()), 1);
    await ok(
      'opsCaseLogContact',
      {
        caseId: loan.caseId,
        channel: 'call',
        direction: 'outbound',
        outcome: 'refused',
        nextActionOn: tomorrow,
      },
      agent,
    );
    const view = await ok('opsCaseView', { caseId: loan.caseId }, agent);
    expect(view).toMatchObject({ status: 'contacted', nextActionOn: tomorrow });
    expect(view.contacts.map((k: { outcome: string }) => k.outcome)).toEqual(['refused', 'noAnswer']);
    expect(view.events.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['opened', 'assigned', 'statusChanged', 'nextActionSet']),
    );
    await ok(
      'opsCaseLogContact',
      { caseId: loan.caseId, channel: 'visit', direction: 'outbound', outcome: 'hardship' },
      agent,
    );
    expect((await caseOf(loan.orderId))?.status).toBe('hardship');

    const future = new Date(server.clock.now().getTime() + 3600_000).toISOString();
    const ahead = await ops(
      'opsCaseLogContact',
      { caseId: loan.caseId, channel: 'call', direction: 'outbound', outcome: 'noAnswer', at: future },
      agent,
    );
    expect(ahead.body.code).toBe(ERRORS.CONTACT_IN_FUTURE.code);
    const past = await ops(
      'opsCaseSetNextAction',
      { caseId: loan.caseId, nextActionOn: '2020-01-01' },
      agent,
    );
    expect(past.body.code).toBe(ERRORS.NEXT_ACTION_IN_PAST.code);

    const audit = await ok('opsAuditList', { target: `collection-case:${loan.caseId}` }, await as('admin'));
    expect(audit.filter((e: { action: string }) => e.action === 'collections.contact.log')).toHaveLength(3);
    // The log refuses to be changed or removed.
    await expect(
      server.db.query(`update collection_contacts set note = 'changed' where case_id = $1`, [loan.caseId]),
    ).rejects.toThrow();
    await expect(
      server.db.query('delete from collection_case_events where case_id = $1', [loan.caseId]),
    ).rejects.toThrow();
  }, 120_000);
});

describe('lifecycle', () => {
  // Moves the clock weeks forward: last in this file.
  it('opens once when the loan passes its due date, moves buckets, reopens after an arrangement, closes when paid', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const due: string = (await server.call('extensionData', { orderId }, { token })).body.data.dueDate;
    await goTo(server, addDays(due, 1), 10);
    await goTo(server, addDays(due, 1), 12);
    const opened = await caseOf(orderId);
    expect(opened).toMatchObject({ status: 'open', bucket: '1-7', days_past_due: 1 });
    const caseId = (opened as CaseRow).case_id;
    expect((await eventsOf(caseId)).filter((e) => e.kind === 'opened')).toHaveLength(1);

    await goTo(server, addDays(due, 7), 10);
    expect(await caseOf(orderId)).toMatchObject({ bucket: '1-7', days_past_due: 7 });
    await goTo(server, addDays(due, 8), 10);
    await goTo(server, addDays(due, 9), 10);
    expect(await caseOf(orderId)).toMatchObject({ bucket: '8-30', days_past_due: 9 });
    expect((await eventsOf(caseId)).filter((e) => e.kind === 'bucketChanged')).toEqual([
      { kind: 'bucketChanged', to_value: '8-30' },
    ]);

    // An arrangement closes it (C4's restructure calls closeCase); the loan still overdue the next day reopens it.
    await server.db.transaction((tx) => server.app.collectionCases.closeCase(tx, orderId, 'restructured'));
    await server.db.transaction((tx) => server.app.collectionCases.closeCase(tx, orderId, 'restructured'));
    expect(await caseOf(orderId)).toMatchObject({ status: 'closed', close_reason: 'restructured' });
    await goTo(server, addDays(due, 10), 10);
    await goTo(server, addDays(due, 10), 12);
    expect(await caseOf(orderId)).toMatchObject({ status: 'open', close_reason: null, days_past_due: 10 });
    expect((await eventsOf(caseId)).filter((e) => e.kind === 'reopened')).toHaveLength(1);

    // Paid in full: closed as paid in the payment's transaction, once.
    const reference = await server.call('paymentReference', { orderNo: orderId }, { token });
    expect(reference.status).toBe(200);
    const [standing] = await server.db.query<{ instrument_id: string }>(
      'select instrument_id from collection_instruments where order_id = $1 and standing',
      [orderId],
    );
    const owed = (await server.app.ledger.orderBalance(server.db, orderId)).totalDue;
    const paid = await sendCollectionEvent(server, {
      eventId: `evt-case-${orderId}`,
      instrumentId: standing?.instrument_id as string,
      outcome: 'paid',
      amount: owed,
      occurredAt: server.clock.now().toISOString(),
    });
    expect(paid.body.data.outcome).toBe('credited');
    expect(await caseOf(orderId)).toMatchObject({ status: 'closed', close_reason: 'paid' });
    await goTo(server, addDays(due, 11), 10);
    expect(await caseOf(orderId)).toMatchObject({ status: 'closed', close_reason: 'paid' });
    expect((await eventsOf(caseId)).filter((e) => e.kind === 'closed').map((e) => e.to_value)).toEqual([
      'restructured',
      'paid',
    ]);
  }, 240_000);
});
