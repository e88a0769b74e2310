import { randomUUID } from 'node:crypto';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ERRORS } from '@hiram/contract/errors';
import { COLLECTIONS_REPORT_ROLES, type CollectionsReport } from '@hiram/contract/ops/collections-report';
import { type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, manilaDay, manilaTime } from '../../../src/domain/servicing-rules.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { addOtherBrand, opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';
import { payAtCounter, repayingLoan } from '../../repayment-fixtures.ts';
import { goTo } from '../../servicing-fixtures.ts';

/**
 * The collections dashboard (ADR 0079) on both databases. Loans are paid out and paid through the borrower's
 * own flows (counter and bills payment); their cases' history, contacts, promises and an agency placement are
 * written as fixtures with the times this test chooses, after the payments (so no servicing hook touches them).
 * Every figure is recounted another way: case figures from the fixtures as written here, money by SQL sums over
 * the journal lines.
 *
 * The range is the 10 Manila days ending today; S is the start of its first day. The cases:
 * - A: opened S-5d in 1-7, agent X; contacted S-4d; 8-30 from S+1d; placed with agency G at S+2d; reassigned to
 *   agent Y and recalled between its two payments. Open at the end: 8-30, contacted.
 * - B: opened S+2d in 1-7, agent X, promise to pay from S+3d. Open at the end: 1-7, promise to pay.
 * - C: opened S-3d in 1-7, agent Y; paid in full today and closed as paid. A cure.
 * - D: opened S-14d, 8-30 from S-10d, written off S-2d: closed before the range, counted nowhere in it.
 * - E: the other brand's, opened S+1d in 1-7, unassigned. Open at the end: 1-7, open.
 * - F: opened S-6d in 1-7, agent Y; 8-30 from S-1d; closed as restructured S+3d, reopened S+6d (the
 *   arrangement broken). Open at the end: 8-30, open; not a cure.
 */
let server: TestServer;
const OTHER_BRAND = 'ph.other.lender';
const DAY_MS = 86_400_000;
let from = '';
let today = '';
let start = 0;
const loans = { a: '', b: '', c: '', d: '', e: '', f: '' };
const cases = {
  a: randomUUID(),
  b: randomUUID(),
  c: randomUUID(),
  d: randomUUID(),
  e: randomUUID(),
  f: randomUUID(),
};
const agentX = randomUUID();
const agentY = randomUUID();
const agencyG = randomUUID();
/** The journals of A's two part payments and C's payment in full, with their times. */
const paid = { a1: { at: 0, amount: 0 }, a2: { at: 0, amount: 0 }, c: { at: 0, amount: 0 } };
const PART = 500_00;

/** S + `days` days + 2 hours (in the Manila morning). */
const at = (days: number) => new Date(start + days * DAY_MS + 2 * 3_600_000);

async function pay(token: string, orderNo: string, amount: number, counter: boolean) {
  const issued = await server.call(
    counter ? 'counterReference' : 'billsPayReference',
    { orderNo, payOrderId: '1', amount, channel: counter ? 'seven_eleven' : 'maya_bills' },
    { token },
  );
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  expect((await payAtCounter(server, issued.body.data.reference as string)).status).toBe(200);
  await server.settle();
  // Each payment at its own moment: the reassignment between A's two falls between them.
  server.clock.advance(600);
}

async function repayments(orderId: string) {
  const rows = await server.db.query<{ occurred_at: Date | string; amount: string | number }>(
    `select j.occurred_at, e.amount from ledger_journals j
     join ledger_entries e on e.journal_id = j.journal_id and e.account = 'cash'
     where j.order_id = $1 and j.kind = 'repayment' order by j.seq`,
    [orderId],
  );
  return rows.map((row) => ({ at: new Date(row.occurred_at).getTime(), amount: Number(row.amount) }));
}

async function insertCase(
  caseId: string,
  orderId: string,
  row: { brand?: string; status: string; bucket: string; agent: string | null; opened: Date },
  closed?: { at: Date; reason: string },
) {
  const [loan] = await server.db.query<{ user_id: string }>(
    'select user_id from loan_orders where order_id = $1',
    [orderId],
  );
  await server.db.query(
    `insert into collection_cases (case_id, order_id, user_id, package_name, status, days_past_due, bucket,
       assigned_to, opened_at, closed_at, close_reason, updated_at)
     values ($1, $2, $3, $4, $5, 10, $6, $7, $8, $9, $10, $8)`,
    [
      caseId,
      orderId,
      loan?.user_id,
      row.brand ?? DEFAULT_PACKAGE_NAME,
      row.status,
      row.bucket,
      row.agent,
      row.opened.toISOString(),
      closed?.at.toISOString() ?? null,
      closed?.reason ?? null,
    ],
  );
}

async function event(
  caseId: string,
  kind: string,
  when: Date | number,
  fromValue: string | null,
  to: string | null,
) {
  await server.db.query(
    `insert into collection_case_events (case_id, kind, from_value, to_value, at) values ($1, $2, $3, $4, $5)`,
    [caseId, kind, fromValue, to, new Date(when).toISOString()],
  );
}

async function contact(caseId: string, when: Date, channel: string, outcome: string, staffId: string | null) {
  const [row] = await server.db.query<{ user_id: string }>(
    'select user_id from collection_cases where case_id = $1',
    [caseId],
  );
  await server.db.query(
    `insert into collection_contacts (contact_id, case_id, user_id, channel, direction, outcome, staff_id, at)
     values ($1, $2, $3, $4, 'outbound', $5, $6, $7)`,
    [randomUUID(), caseId, row?.user_id, channel, outcome, staffId, when.toISOString()],
  );
}

async function promise(caseId: string, made: Date, status: string, staffId: string, bucket: string) {
  const [row] = await server.db.query<{ order_id: string }>(
    'select order_id from collection_cases where case_id = $1',
    [caseId],
  );
  await server.db.query(
    `insert into collection_promises (promise_id, case_id, order_id, amount, promised_for, source, status,
       staff_id, made_at, settled_at, bucket)
     values ($1, $2, $3, 50000, $4, 'agent', $5, $6, $7, $8, $9)`,
    [
      randomUUID(),
      caseId,
      row?.order_id,
      manilaDay(new Date(made.getTime() + 3 * DAY_MS)),
      status,
      staffId,
      made.toISOString(),
      status === 'running' ? null : new Date(made.getTime() + 4 * DAY_MS).toISOString(),
      bucket,
    ],
  );
}

beforeAll(async () => {
  server = await startTestServer();
  await addOtherBrand(server, OTHER_BRAND);
  const borrowers = {
    a: await repayingLoan(server),
    b: await repayingLoan(server),
    c: await repayingLoan(server),
    d: await repayingLoan(server),
    e: await repayingLoan(server),
    f: await repayingLoan(server),
  };
  for (const key of Object.keys(loans) as (keyof typeof loans)[]) loans[key] = borrowers[key].orderId;
  // Fifteen days on (the loans are not due yet): the range is the last ten of them.
  today = addDays(manilaDay(server.clock.now()), 15);
  await goTo(server, today, 9);
  from = addDays(today, -9);
  start = manilaTime(from).getTime();
  const a = await server.signIn(borrowers.a.mobile);
  await pay(a.token, loans.a, PART, true);
  await pay(a.token, loans.a, PART, true);
  const c = await server.signIn(borrowers.c.mobile);
  const owed = await server.call('repaymentDetail', { orderNo: loans.c }, { token: c.token });
  await pay(c.token, loans.c, owed.body.data.totalDue as number, false);
  [paid.a1, paid.a2] = (await repayments(loans.a)) as [typeof paid.a1, typeof paid.a2];
  [paid.c] = (await repayments(loans.c)) as [typeof paid.c];
  // A's first payment is taken back by the bank (a chargeback): it comes off the recoveries of the agent and
  // the agency it was attributed to, on the day the reversal is posted.
  const [first] = await server.db.query<{ journal_id: string }>(
    `select journal_id from ledger_journals where order_id = $1 and kind = 'repayment' order by seq limit 1`,
    [loans.a],
  );
  await server.db.transaction((tx) =>
    server.app.ledger.reverse(tx, first?.journal_id ?? '', `chargeback:${first?.journal_id}`, 'chargeback'),
  );

  for (const [staffId, name] of [
    [agentX, 'Agent X'],
    [agentY, 'Agent Y'],
  ] as const)
    await server.db.query(
      `insert into staff (staff_id, email, name, role, created_at, updated_at)
       values ($1, $2, $3, 'collections', $4, $4)`,
      [staffId, `${name.replace(' ', '.').toLowerCase()}@lender.example`, name, at(-30).toISOString()],
    );
  await server.db.query(
    `insert into collection_agencies (agency_id, package_name, name, sec_registration_number, contact_person,
       phone, email, active, created_at, updated_at)
     values ($1, $2, 'Agency G', 'CS201912345', 'Ms Reyes', '+63281234567', 'g@agency.example', true, $3, $3)`,
    [agencyG, DEFAULT_PACKAGE_NAME, at(-30).toISOString()],
  );
  const between = Math.round((paid.a1.at + paid.a2.at) / 2);

  await insertCase(cases.a, loans.a, { status: 'contacted', bucket: '8-30', agent: agentY, opened: at(-5) });
  await event(cases.a, 'opened', at(-5), null, '1-7');
  await event(cases.a, 'assigned', at(-5), null, agentX);
  await event(cases.a, 'statusChanged', at(-4), 'open', 'contacted');
  await event(cases.a, 'bucketChanged', at(1), '1-7', '8-30');
  await event(cases.a, 'placed', at(2), 'contacted', agencyG);
  await event(cases.a, 'assigned', between, agentX, agentY);
  await event(cases.a, 'recalled', between, agencyG, 'contacted');
  await server.db.query(
    `insert into collection_placements (placement_id, case_id, agency_id, status_before, placed_by, placed_at,
       recalled_by, recalled_at)
     values ($1, $2, $3, 'contacted', $4, $5, $4, $6)`,
    [randomUUID(), cases.a, agencyG, agentX, at(2).toISOString(), new Date(between).toISOString()],
  );

  await insertCase(cases.b, loans.b, { status: 'promiseToPay', bucket: '1-7', agent: agentX, opened: at(2) });
  await event(cases.b, 'opened', at(2), null, '1-7');
  await event(cases.b, 'assigned', at(2), null, agentX);
  await event(cases.b, 'statusChanged', at(3), 'open', 'promiseToPay');

  const closedC = new Date(paid.c.at + 1000);
  await insertCase(
    cases.c,
    loans.c,
    { status: 'closed', bucket: '1-7', agent: agentY, opened: at(-3) },
    { at: closedC, reason: 'paid' },
  );
  await event(cases.c, 'opened', at(-3), null, '1-7');
  await event(cases.c, 'assigned', at(-3), null, agentY);
  await event(cases.c, 'closed', closedC, 'open', 'paid');

  await insertCase(
    cases.d,
    loans.d,
    { status: 'closed', bucket: '8-30', agent: agentX, opened: at(-14) },
    { at: at(-2), reason: 'writtenOff' },
  );
  await event(cases.d, 'opened', at(-14), null, '1-7');
  await event(cases.d, 'assigned', at(-14), null, agentX);
  await event(cases.d, 'bucketChanged', at(-10), '1-7', '8-30');
  await event(cases.d, 'closed', at(-2), 'open', 'writtenOff');

  await insertCase(cases.e, loans.e, {
    brand: OTHER_BRAND,
    status: 'open',
    bucket: '1-7',
    agent: null,
    opened: at(1),
  });
  await event(cases.e, 'opened', at(1), null, '1-7');

  await insertCase(cases.f, loans.f, { status: 'open', bucket: '8-30', agent: agentY, opened: at(-6) });
  await event(cases.f, 'opened', at(-6), null, '1-7');
  await event(cases.f, 'assigned', at(-6), null, agentY);
  await event(cases.f, 'bucketChanged', at(-1), '1-7', '8-30');
  await event(cases.f, 'closed', at(3), 'open', 'restructured');
  await event(cases.f, 'reopened', at(6), 'restructured', 'open');

  await contact(cases.a, at(-4), 'call', 'refused', agentX);
  await contact(cases.a, at(1), 'call', 'noAnswer', agentX);
  await contact(cases.a, at(4), 'sms', 'sent', null);
  await contact(cases.b, at(3), 'call', 'promise', agentX);
  await contact(cases.d, at(-3), 'letter', 'sent', null);
  await contact(cases.e, at(5), 'call', 'noAnswer', null);

  await promise(cases.a, at(1), 'broken', agentX, '8-30');
  await promise(cases.b, at(3), 'running', agentX, '1-7');
  await promise(cases.c, at(0), 'kept', agentY, '1-7');
  await promise(cases.d, at(-8), 'broken', agentX, '8-30');
}, 180_000);
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

async function report(filter: Record<string, string> = {}, role: StaffRole = 'collectionsSupervisor') {
  const answer = await ops(
    'opsCollectionsReport',
    { from, to: today, ...filter },
    await signedInMember(server, role),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as CollectionsReport;
}

/**
 * Cash credited by repayments to these loans in the range, less their reversals: an SQL sum over journal
 * lines (`paid`: the repayment's own journal id, the original's for a reversal).
 */
async function cashTo(orderIds: string[], where = 'true'): Promise<{ payments: number; amount: number }> {
  const [row] = await server.db.query<{ payments: string | number; amount: string | number | null }>(
    `select count(*) filter (where j.kind = 'repayment') - count(*) filter (where j.kind = 'reversal')
         as payments,
       coalesce(sum(e.amount), 0) as amount
     from ledger_entries e join ledger_journals j on j.journal_id = e.journal_id
     cross join lateral (select coalesce(j.reverses, j.journal_id) as paid) p
     where (j.kind = 'repayment' or j.reverses in (select journal_id from ledger_journals where kind = 'repayment'))
       and e.account = 'cash' and e.order_id = any($1::uuid[]) and j.occurred_at >= $2 and ${where}`,
    [orderIds, new Date(start).toISOString()],
  );
  return { payments: Number(row?.payments), amount: Number(row?.amount) };
}

describe('roles', () => {
  it('lets the collections desk, its supervisor, finance and admin read it; every other role gets 403', async () => {
    for (const role of STAFF_ROLES) {
      const answer = await ops(
        'opsCollectionsReport',
        { from, to: today },
        await signedInMember(server, role),
      );
      expect(answer.status, role).toBe(COLLECTIONS_REPORT_ROLES.includes(role) ? 200 : 403);
      if (answer.status === 403) expect(answer.body.code).toBe(ERRORS.ROLE_NOT_ALLOWED.code);
    }
  });

  it('asks for a signed-in member', async () => {
    expect((await opsCall(server, 'opsCollectionsReport', { from, to: today })).status).toBe(401);
  });

  it("keeps a brand-scoped member to their brand's cases and refuses another brand by name", async () => {
    const scoped = await signedInMember(server, 'collectionsSupervisor', OTHER_BRAND);
    const own = await ops('opsCollectionsReport', { from, to: today }, scoped);
    expect(own.status).toBe(200);
    const figures = own.body.data as CollectionsReport;
    expect(figures.brand).toBe(OTHER_BRAND);
    expect(figures.brands).toEqual([OTHER_BRAND]);
    expect(figures.board.cells).toEqual([{ bucket: '1-7', status: 'open', cases: 1 }]);
    const other = await ops('opsCollectionsReport', { from, to: today, brand: DEFAULT_PACKAGE_NAME }, scoped);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe(ERRORS.BRAND_OUT_OF_SCOPE.code);
  });

  it('refuses a range that ends before it starts or is longer than a year', async () => {
    const member = await signedInMember(server, 'finance');
    for (const range of [
      { from: today, to: from },
      { from: addDays(today, -366), to: today },
    ]) {
      const answer = await ops('opsCollectionsReport', range, member);
      expect(answer.body.code).toBe(ERRORS.REPORT_RANGE_INVALID.code);
    }
  });
});

describe('the figures equal the case log and the ledger', () => {
  it('cases by bucket and status at the end of the range, and the cases closed in it by reason', async () => {
    const all = await report();
    expect(all.asOfDay).toBe(today);
    // A (8-30, contacted), B (1-7, promise to pay), E (1-7, open), F (8-30, open again); C closed today, D
    // before the range.
    expect(all.board.cells).toEqual([
      { bucket: '1-7', status: 'open', cases: 1 },
      { bucket: '1-7', status: 'promiseToPay', cases: 1 },
      { bucket: '8-30', status: 'contacted', cases: 1 },
      { bucket: '8-30', status: 'open', cases: 1 },
    ]);
    expect(all.board.open).toBe(4);
    expect(all.board.closed.filter((row) => row.cases > 0)).toEqual([
      { reason: 'paid', cases: 1 },
      { reason: 'restructured', cases: 1 },
    ]);
    const own = await report({ brand: DEFAULT_PACKAGE_NAME });
    expect(own.board.open).toBe(3);
    expect(own.board.cells.filter((cell) => cell.bucket === '1-7')).toEqual([
      { bucket: '1-7', status: 'promiseToPay', cases: 1 },
    ]);
  });

  it('read at an earlier day, the board is where the history put the cases then', async () => {
    // At the end of S+1d: A was placed the next day, so still contacted but already 8-30; B not yet opened.
    const earlier = await report({ to: addDays(from, 1) });
    expect(earlier.asOfDay).toBe(addDays(from, 1));
    expect(earlier.board.cells).toEqual([
      { bucket: '1-7', status: 'open', cases: 2 },
      { bucket: '8-30', status: 'contacted', cases: 1 },
      { bucket: '8-30', status: 'open', cases: 1 },
    ]);
    // At the end of S+4d: A with the agency; F closed by its restructure (and not yet reopened).
    const placed = await report({ to: addDays(from, 4) });
    expect(placed.board.cells.filter((cell) => cell.bucket === '8-30')).toEqual([
      { bucket: '8-30', status: 'agency', cases: 1 },
    ]);
    expect(placed.board.closed.filter((row) => row.cases > 0)).toEqual([
      { reason: 'restructured', cases: 1 },
    ]);
  });

  it('cure rate: cases returned to current in the range over the cases open at some moment of it', async () => {
    // Open in the range: A, C and F (open at its start), B and E (opened in it); D closed before. Cured: C
    // (F's restructure is not a cure).
    expect((await report()).cure).toEqual({ numerator: 1, denominator: 5 });
    expect((await report({ brand: DEFAULT_PACKAGE_NAME })).cure).toEqual({ numerator: 1, denominator: 4 });
    expect((await report({ brand: OTHER_BRAND })).cure).toEqual({ numerator: 0, denominator: 1 });
  });

  it('roll rates: from the bucket at the start of the range to the bucket or closed at its end', async () => {
    const figures = await report();
    expect(figures.rollRates.fromDay).toBe(addDays(from, -1));
    // Open at the start: A (1-7, then 8-30), C (1-7, then closed) and F (8-30, closed and reopened: 8-30).
    // D had closed.
    const row = (bucket: string) => figures.rollRates.rows.find((r) => r.from === bucket);
    expect(row('1-7')?.cases).toBe(2);
    expect(row('1-7')?.to.filter((cell) => cell.cases > 0)).toEqual([
      { bucket: '8-30', cases: 1 },
      { bucket: 'closed', cases: 1 },
    ]);
    expect(row('8-30')?.cases).toBe(1);
    expect(row('8-30')?.to.filter((cell) => cell.cases > 0)).toEqual([{ bucket: '8-30', cases: 1 }]);
    expect(
      figures.rollRates.rows.filter((r) => !['1-7', '8-30'].includes(r.from)).every((r) => r.cases === 0),
    ).toBe(true);
  });

  it('promises made in the range, kept over kept + broken, per agent and bucket', async () => {
    const figures = await report();
    // Made in the range: A's (broken, X, 8-30), B's (running, X, 1-7), C's (kept, Y, 1-7); D's before it.
    expect(figures.promises.made).toBe(3);
    expect(figures.promises.kept).toEqual({ numerator: 1, denominator: 2 });
    expect(figures.promises.byAgent).toEqual(
      expect.arrayContaining([
        { staffId: agentX, name: 'Agent X', made: 2, kept: 0, broken: 1 },
        { staffId: agentY, name: 'Agent Y', made: 1, kept: 1, broken: 0 },
      ]),
    );
    expect(figures.promises.byAgent).toHaveLength(2);
    expect(figures.promises.byBucket.filter((b) => b.made > 0)).toEqual([
      { bucket: '1-7', made: 2, kept: 1, broken: 0 },
      { bucket: '8-30', made: 1, kept: 0, broken: 1 },
    ]);
  });

  it('recoveries equal the cash the ledger credited to the cases, by agent, agency and channel', async () => {
    const figures = await report();
    const total = await cashTo([loans.a, loans.c]);
    // Three payments, one of them reversed.
    expect(total).toEqual({ payments: 2, amount: paid.a2.amount + paid.c.amount });
    expect(figures.recoveries.total).toEqual(total);
    // A's first payment: X, with agency G, reversed (it nets to nothing for both); the second: Y, recalled.
    // C's: Y.
    expect(paid.a1.amount).toBe(PART);
    expect(figures.recoveries.byAgent).toEqual(
      expect.arrayContaining([
        { staffId: agentX, name: 'Agent X', payments: 0, amount: 0 },
        { staffId: agentY, name: 'Agent Y', payments: 2, amount: paid.a2.amount + paid.c.amount },
      ]),
    );
    expect(figures.recoveries.byAgent).toHaveLength(2);
    expect(figures.recoveries.byAgency).toEqual(
      expect.arrayContaining([
        { agencyId: agencyG, name: 'Agency G', payments: 0, amount: 0 },
        { agencyId: null, name: null, payments: 2, amount: paid.a2.amount + paid.c.amount },
      ]),
    );
    const byChannel = async (channel: string) =>
      cashTo(
        [loans.a, loans.c],
        `p.paid in (select journal_id from collection_instruments where channel = '${channel}')`,
      );
    expect(figures.recoveries.byChannel).toEqual(
      expect.arrayContaining([
        { channel: 'seven_eleven', ...(await byChannel('seven_eleven')) },
        { channel: 'maya_bills', ...(await byChannel('maya_bills')) },
      ]),
    );
    expect(figures.recoveries.byChannel).toHaveLength(2);
    // The agency's recoveries are the ones its own page counts (ADR 0078): paid while placed, less reversals.
    const [agency] = await server.db.query<{ lines: string | number; amount: string | number }>(
      `select count(*) as lines, coalesce(sum(e.amount), 0) as amount from collection_placements p
       join collection_cases c on c.case_id = p.case_id
       join ledger_journals j on j.order_id = c.order_id
       left join ledger_journals o on o.journal_id = j.reverses
       join ledger_entries e on e.journal_id = j.journal_id and e.account = 'cash'
       where p.agency_id = $1 and coalesce(o.kind, j.kind) = 'repayment'
         and coalesce(o.occurred_at, j.occurred_at) >= p.placed_at
         and (p.recalled_at is null or coalesce(o.occurred_at, j.occurred_at) < p.recalled_at)`,
      [agencyG],
    );
    expect({ lines: Number(agency?.lines), amount: Number(agency?.amount) }).toEqual({ lines: 2, amount: 0 });
    // The other brand's case had no payment.
    expect((await report({ brand: OTHER_BRAND })).recoveries.total).toEqual({ payments: 0, amount: 0 });
  });

  it('contacts logged in the range per case open in it, by channel and outcome', async () => {
    const figures = await report();
    // In the range: A's two (call, SMS), B's call, E's call; A's first and D's letter were before it.
    expect(figures.contacts.perCase).toEqual({ numerator: 4, denominator: 5 });
    expect(figures.contacts.byChannel).toEqual([
      { channel: 'call', contacts: 3 },
      { channel: 'sms', contacts: 1 },
    ]);
    expect(figures.contacts.byOutcome).toEqual([
      { outcome: 'noAnswer', contacts: 2 },
      { outcome: 'promise', contacts: 1 },
      { outcome: 'sent', contacts: 1 },
    ]);
    const [logged] = await server.db.query<{ n: string | number }>(
      `select count(*) as n from collection_contacts where at >= $1 and at < $2`,
      [new Date(start).toISOString(), manilaTime(addDays(today, 1)).toISOString()],
    );
    expect(Number(logged?.n)).toBe(figures.contacts.perCase.numerator);
    expect((await report({ brand: DEFAULT_PACKAGE_NAME })).contacts.perCase).toEqual({
      numerator: 3,
      denominator: 4,
    });
  });
});
