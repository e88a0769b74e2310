import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ERRORS } from '@hiram/contract/errors';
import type { Proposal } from '@hiram/contract/ops/approvals';
import { AGENCY_EXPORT_COLUMNS, type Agency, type AgencyView } from '@hiram/contract/ops/collection-agencies';
import { type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, manilaDay } from '../../../src/domain/servicing-rules.ts';
import { contactCapsOn } from '../../../src/services/collection-cases/dunning/guardrails.ts';
import type { TestServer } from '../../helper.ts';
import { addOtherBrand, opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';
import { disbursedLoan, goTo, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * Collection agencies (issue 22, ADR 0078): registered under maker-checker (a collections supervisor proposes,
 * finance or an admin approves); cases placed and recalled; the borrower told once, in her language, outside the
 * quiet hours, which agency will contact her; the agency's CSV holds the documented columns only and is audited;
 * recoveries and commission equal a recount from the ledger across a dated rate change. On both databases.
 */
let server: TestServer;
let supervisor: Signed;
let finance: Signed;

/** A supervisor and a finance member signed in now (a staff session ends when a test moves the clock days on). */
async function signInStaff() {
  supervisor = await signedInMember(server, 'collectionsSupervisor');
  finance = await signedInMember(server, 'finance');
}

beforeAll(async () => {
  server = await startServicingServer();
}, 120_000);
beforeEach(signInStaff);
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

function today(): string {
  return manilaDay(server.clock.now());
}

let secCounter = 0;
function details(name = 'Bayad Recovery Partners') {
  secCounter += 1;
  return {
    name,
    secRegistrationNumber: `CS2019${String(secCounter).padStart(5, '0')}`,
    contactPerson: 'Liza Ramos',
    phone: '+63 2 8123 4567',
    email: 'cases@bayad-recovery.example',
  };
}

async function propose(kind: string, payload: object, signed = supervisor) {
  return ops('opsProposalCreate', { kind, payload, reason: 'Agency contract signed by the lender' }, signed);
}

async function approve(proposalId: string, signed = finance) {
  const answer = await ops('opsProposalDecide', { proposalIds: [proposalId], decision: 'approve' }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { outcomes: { status: string | null; errorCode: number | null }[] })
    .outcomes[0];
}

/** An agency registered and approved, with `rateBps` from today. */
async function registeredAgency(rateBps = 1_000, name?: string): Promise<Agency> {
  const body = {
    ...details(name),
    packageName: DEFAULT_PACKAGE_NAME,
    commission: { rateBps, effectiveFrom: today() },
  };
  const proposed = await propose('collection-agency.register', body);
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
  expect((await approve((proposed.body.data as Proposal).proposalId))?.status).toBe('approved');
  const list = await ops('opsAgencyList', {}, supervisor);
  const agency = (list.body.data as { items: Agency[] }).items.find(
    (a) => a.secRegistrationNumber === body.secRegistrationNumber,
  );
  if (!agency) throw new Error('the agency was not registered');
  return agency;
}

/** An overdue loan's case (as the cases' daily run opens it), the loan signed in `lang`. */
async function openCase(lang = 'en', status = 'open') {
  const loan = await disbursedLoan(server, { lang });
  const now = server.clock.now().toISOString();
  await server.db.query(
    `insert into collection_cases (case_id, order_id, user_id, package_name, status, days_past_due, bucket,
       opened_at, updated_at)
     values (gen_random_uuid(), $1, $2, $3, $4, 9, '8-30', $5, $5) on conflict (order_id) do nothing`,
    [loan.orderId, loan.userId, DEFAULT_PACKAGE_NAME, status, now],
  );
  await server.db.query('update collection_cases set status = $2 where order_id = $1', [
    loan.orderId,
    status,
  ]);
  const [row] = await server.db.query<{ case_id: string }>(
    'select case_id from collection_cases where order_id = $1',
    [loan.orderId],
  );
  return { ...loan, caseId: row?.case_id ?? '' };
}

async function caseRow(caseId: string) {
  const [row] = await server.db.query<{ status: string; agency_id: string | null }>(
    'select status, agency_id from collection_cases where case_id = $1',
    [caseId],
  );
  return row;
}

/** The agency notices in the sandbox outbox of the borrower's number (as her account keeps it). */
async function agencyTexts(userId: string) {
  const [user] = await server.db.query<{ mobile: string }>('select mobile from users where user_id = $1', [
    userId,
  ]);
  const outbox = (await server.app.sandboxSms?.outbox(user?.mobile ?? '')) ?? [];
  return outbox.filter((m) => m.purpose === 'agencyPlaced');
}

/** A payment credited on the loan now, as the repayment side credits one. */
async function credit(orderId: string, amount: number, key: string) {
  await server.db.transaction(async (tx) => {
    const order = await server.app.servicing.lockOrder(tx, orderId);
    if (!order) throw new Error('no order');
    await server.app.servicing.creditRepayment(tx, order, amount, key, 'test payment');
  });
}

describe('registering an agency', () => {
  it('is proposed by a supervisor and applied only when finance approves; refused to others', async () => {
    const body = {
      ...details(),
      packageName: DEFAULT_PACKAGE_NAME,
      commission: { rateBps: 1_200, effectiveFrom: today() },
    };
    // Agents do not register agencies; finance checks but does not propose.
    expect(
      (await propose('collection-agency.register', body, await signedInMember(server, 'collections'))).status,
    ).toBe(403);
    const proposed = await propose('collection-agency.register', body);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const proposal = proposed.body.data as Proposal;
    expect(proposal).toMatchObject({
      targetType: 'collectionAgency',
      brand: DEFAULT_PACKAGE_NAME,
      status: 'pending',
    });
    expect(proposal.changes).toContainEqual(
      expect.objectContaining({ field: `commission.${today()}`, before: null, after: '12.00%' }),
    );
    // Nothing exists until approved; the maker cannot approve; another supervisor cannot either.
    const before = (await ops('opsAgencyList', {}, supervisor)).body.data as { items: Agency[] };
    expect(before.items.some((a) => a.secRegistrationNumber === body.secRegistrationNumber)).toBe(false);
    const own = await ops(
      'opsProposalDecide',
      { proposalIds: [proposal.proposalId], decision: 'approve' },
      supervisor,
    );
    const ownOutcome = (own.body.data as { outcomes?: { status: string; errorCode: number | null }[] } | null)
      ?.outcomes?.[0];
    // Refused whole (403) or as this proposal's outcome: either way it waits for a checker.
    if (own.status === 200)
      expect(ownOutcome).toMatchObject({ status: 'pending', errorCode: expect.any(Number) });
    else expect(own.status).toBe(403);
    expect((await approve(proposal.proposalId))?.status).toBe('approved');
    const after = (await ops('opsAgencyList', {}, supervisor)).body.data as { items: Agency[] };
    const agency = after.items.find((a) => a.secRegistrationNumber === body.secRegistrationNumber);
    expect(agency).toMatchObject({ name: body.name, active: true, rateToday: 1_200, placedCases: 0 });
    const [audit] = await server.db.query<{ action: string }>(
      `select action from audit_log where target = $1`,
      [`collectionAgency:${agency?.agencyId}`],
    );
    expect(audit?.action).toBe('collection-agency.register');
    // The same SEC registration twice in a brand is refused.
    const again = await propose('collection-agency.register', { ...body, name: 'Another name' });
    expect(again.body.code).toBe(ERRORS.AGENCY_SEC_TAKEN.code);
  });

  it('refuses a backdated commission and a change that changes nothing', async () => {
    const backdated = await propose('collection-agency.register', {
      ...details(),
      packageName: DEFAULT_PACKAGE_NAME,
      commission: { rateBps: 1_000, effectiveFrom: addDays(today(), -1) },
    });
    expect(backdated.body.code).toBe(ERRORS.COMMISSION_BACKDATED.code);
    const agency = await registeredAgency();
    const same = await propose('collection-agency.change', {
      agencyId: agency.agencyId,
      name: agency.name,
      secRegistrationNumber: agency.secRegistrationNumber,
      contactPerson: agency.contactPerson,
      phone: agency.phone,
      email: agency.email,
      active: true,
      commission: null,
    });
    expect(same.body.code).toBe(ERRORS.AGENCY_UNCHANGED.code);
  });
});

describe('placing and recalling cases', () => {
  it('places cases with the agency (status agency, placed) and recalls them back to their status', async () => {
    const agency = await registeredAgency();
    const first = await openCase('en', 'contacted');
    const second = await openCase('en', 'brokenPromise');
    const placed = await ops(
      'opsAgencyPlace',
      { agencyId: agency.agencyId, caseIds: [first.caseId, second.caseId] },
      supervisor,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await caseRow(first.caseId)).toEqual({ status: 'agency', agency_id: agency.agencyId });
    expect(await caseRow(second.caseId)).toEqual({ status: 'agency', agency_id: agency.agencyId });
    const events = await server.db.query<{ kind: string; from_value: string; to_value: string }>(
      `select kind, from_value, to_value from collection_case_events where case_id = $1 order by event_id`,
      [first.caseId],
    );
    expect(events).toEqual([{ kind: 'placed', from_value: 'contacted', to_value: agency.agencyId }]);
    // Placed twice: refused whole.
    const twice = await ops(
      'opsAgencyPlace',
      { agencyId: agency.agencyId, caseIds: [first.caseId] },
      supervisor,
    );
    expect(twice.body.code).toBe(ERRORS.CASE_NOT_PLACEABLE.code);

    const recalled = await ops('opsAgencyRecall', { caseIds: [first.caseId] }, supervisor);
    expect(recalled.status, JSON.stringify(recalled.body)).toBe(200);
    expect(await caseRow(first.caseId)).toEqual({ status: 'contacted', agency_id: null });
    expect(await caseRow(second.caseId)).toEqual({ status: 'agency', agency_id: agency.agencyId });
    const again = await ops('opsAgencyRecall', { caseIds: [first.caseId] }, supervisor);
    expect(again.body.code).toBe(ERRORS.CASE_NOT_PLACED.code);

    const view = (await ops('opsAgencyView', { agencyId: agency.agencyId }, supervisor)).body
      .data as AgencyView;
    expect(view.agency.placedCases).toBe(1);
    expect(view.cases.map((c) => [c.caseId, c.recalledAt === null])).toEqual([
      [second.caseId, true],
      [first.caseId, false],
    ]);
  });

  it('refuses a disputed case, and an inactive agency', async () => {
    const agency = await registeredAgency();
    const disputed = await openCase('en', 'dispute');
    const refused = await ops(
      'opsAgencyPlace',
      { agencyId: agency.agencyId, caseIds: [disputed.caseId] },
      supervisor,
    );
    expect(refused.body.code).toBe(ERRORS.CASE_NOT_PLACEABLE.code);
    expect((await caseRow(disputed.caseId))?.status).toBe('dispute');

    const change = await propose('collection-agency.change', {
      agencyId: agency.agencyId,
      name: agency.name,
      secRegistrationNumber: agency.secRegistrationNumber,
      contactPerson: agency.contactPerson,
      phone: agency.phone,
      email: agency.email,
      active: false,
      commission: null,
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect((await approve((change.body.data as Proposal).proposalId))?.status).toBe('approved');
    const open = await openCase();
    const inactive = await ops(
      'opsAgencyPlace',
      { agencyId: agency.agencyId, caseIds: [open.caseId] },
      supervisor,
    );
    expect(inactive.body.code).toBe(ERRORS.AGENCY_INACTIVE.code);
  });
});

describe("the borrower's notice", () => {
  it('is sent once, in her language, only outside the quiet hours, and logged as a contact', async () => {
    const agency = await registeredAgency(1_000, 'Ligtas Collections');
    const borrower = await openCase('fil');
    // 23:00 Manila: placed now, told in the morning.
    await goTo(server, addDays(today(), 1), 23);
    await signInStaff();
    const placed = await ops(
      'opsAgencyPlace',
      { agencyId: agency.agencyId, caseIds: [borrower.caseId] },
      supervisor,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await server.settle();
    expect(await agencyTexts(borrower.userId)).toEqual([]);
    await goTo(server, addDays(today(), 1), 5);
    expect(await agencyTexts(borrower.userId)).toEqual([]);
    await goTo(server, today(), 7);
    const texts = await agencyTexts(borrower.userId);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.text).toContain('Ligtas Collections');
    expect(texts[0]?.text).toContain(agency.secRegistrationNumber);
    expect(texts[0]?.text).toContain('hawak na ngayon');
    const sentHour = (new Date(texts[0]?.sentAt ?? '').getUTCHours() + 8) % 24;
    expect(sentHour >= 6 && sentHour < 22).toBe(true);
    await goTo(server, addDays(today(), 1), 9);
    expect(await agencyTexts(borrower.userId)).toHaveLength(1);
    const contacts = await server.db.query<{ channel: string; outcome: string; note: string }>(
      'select channel, outcome, note from collection_contacts where case_id = $1',
      [borrower.caseId],
    );
    expect(contacts).toEqual([
      { channel: 'sms', outcome: 'sent', note: expect.stringContaining('Ligtas Collections') },
    ]);
  });
});

describe("the borrower's notice under the caps", () => {
  it("waits a day when she was already contacted as often as today's cap allows", async () => {
    const agency = await registeredAgency(1_000, 'Maayos Recovery');
    const borrower = await openCase('es');
    await goTo(server, addDays(today(), 1), 10);
    await signInStaff();
    const caps = await contactCapsOn(server.db, today());
    for (let n = 0; n < caps.dailyMax; n += 1)
      await server.db.query(
        `insert into collection_contacts (contact_id, case_id, user_id, channel, direction, outcome, at)
         values (gen_random_uuid(), $1, $2, 'call', 'outbound', 'noAnswer', $3)`,
        [borrower.caseId, borrower.userId, server.clock.now().toISOString()],
      );
    server.clock.advance(60);
    const placed = await ops(
      'opsAgencyPlace',
      { agencyId: agency.agencyId, caseIds: [borrower.caseId] },
      supervisor,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await server.settle();
    expect(await agencyTexts(borrower.userId)).toEqual([]);
    await goTo(server, addDays(today(), 1), 11);
    const texts = await agencyTexts(borrower.userId);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.text).toContain('agencia de cobranza Maayos Recovery');
  });
});

describe("the agency's CSV", () => {
  it('holds the documented columns only, for the cases placed now, and is audited', async () => {
    const agency = await registeredAgency();
    const placedCase = await openCase();
    const recalledCase = await openCase();
    await ops(
      'opsAgencyPlace',
      { agencyId: agency.agencyId, caseIds: [placedCase.caseId, recalledCase.caseId] },
      supervisor,
    );
    await ops('opsAgencyRecall', { caseIds: [recalledCase.caseId] }, supervisor);
    const answer = await ops('opsAgencyExport', { agencyId: agency.agencyId }, supervisor);
    expect(answer.status).toBe(200);
    expect(String(answer.headers['content-type'])).toContain('text/csv');
    expect(String(answer.headers['content-disposition'])).toMatch(/^attachment; filename=".+\.csv"$/);
    const lines = answer.raw.toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe(AGENCY_EXPORT_COLUMNS.join(','));
    expect(lines[0]).toBe(
      'loan_reference,borrower_name,mobile,amount_owed,due_date,days_past_due,placed_on,lender_name,lender_sec_registration,lender_contact',
    );
    expect(lines).toHaveLength(2);
    const cells = (lines[1] ?? '').split('","').map((c) => c.replace(/^"|"$/g, ''));
    expect(cells).toHaveLength(AGENCY_EXPORT_COLUMNS.length);
    expect(cells[0]).toBe(placedCase.orderId);
    expect(cells[2]).toMatch(/^09\d{9}$/);
    expect(placedCase.mobile.endsWith((cells[2] ?? '').slice(1))).toBe(true);
    const balance = await server.app.ledger.orderBalance(server.db, placedCase.orderId);
    expect(cells[3]).toBe((balance.totalDue / 100).toFixed(2));
    expect(cells[5]).toBe('9');
    // Nothing else about her: every cell is one of the documented columns' values (checked above or below).
    expect(cells[1]).not.toMatch(/@|\d{6,}/);
    const [audit] = await server.db.query<{
      actor_email: string;
      after: { caseIds: string[]; rows: number };
    }>(`select actor_email, after from audit_log where action = 'collection-agency.export' and target = $1`, [
      `collectionAgency:${agency.agencyId}`,
    ]);
    expect(audit?.after).toMatchObject({ rows: 1, caseIds: [placedCase.caseId] });
  });
});

describe('recoveries and commission', () => {
  it('equal a recount from the ledger: payments while placed, at the rate in force on their day', async () => {
    const agency = await registeredAgency(1_000);
    const loan = await openCase();
    const start = today();
    await credit(loan.orderId, 10_000, 'before-placement');
    server.clock.advance(60);
    await ops('opsAgencyPlace', { agencyId: agency.agencyId, caseIds: [loan.caseId] }, supervisor);
    // A new rate from two days on, approved by an admin.
    const change = await propose('collection-agency.change', {
      agencyId: agency.agencyId,
      name: agency.name,
      secRegistrationNumber: agency.secRegistrationNumber,
      contactPerson: agency.contactPerson,
      phone: agency.phone,
      email: agency.email,
      active: true,
      commission: { rateBps: 1_500, effectiveFrom: addDays(start, 2) },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect(
      (await approve((change.body.data as Proposal).proposalId, await signedInMember(server, 'admin')))
        ?.status,
    ).toBe('approved');
    await credit(loan.orderId, 12_345, 'placed-day-0');
    await goTo(server, addDays(start, 1), 10);
    await credit(loan.orderId, 10_005, 'placed-day-1');
    await goTo(server, addDays(start, 2), 10);
    await credit(loan.orderId, 12_345, 'placed-day-2');
    await goTo(server, addDays(start, 3), 10);
    await signInStaff();
    await ops('opsAgencyRecall', { caseIds: [loan.caseId] }, supervisor);
    server.clock.advance(60);
    await credit(loan.orderId, 10_000, 'after-recall');
    // The day-1 payment is taken back by the bank after the recall: it comes off the agency's figures.
    const [dayOne] = await server.db.query<{ journal_id: string }>(
      'select journal_id from ledger_journals where idempotency_key = $1',
      ['placed-day-1'],
    );
    await server.db.transaction((tx) =>
      server.app.ledger.reverse(tx, dayOne?.journal_id ?? '', 'chargeback-day-1', 'chargeback'),
    );

    const view = (await ops('opsAgencyView', { agencyId: agency.agencyId }, finance)).body.data as AgencyView;
    // The recount: the cash of the order's repayments credited within the placement, rate by Manila day.
    const [placement] = await server.db.query<{ placed_at: Date; recalled_at: Date }>(
      'select placed_at, recalled_at from collection_placements where case_id = $1',
      [loan.caseId],
    );
    const journals = await server.db.query<{ occurred_at: Date; credited_at: Date; cash: string }>(
      `select j.occurred_at, coalesce(o.occurred_at, j.occurred_at) as credited_at, sum(e.amount) as cash
       from ledger_journals j left join ledger_journals o on o.journal_id = j.reverses
       join ledger_entries e on e.journal_id = j.journal_id and e.account = 'cash'
       where j.order_id = $1 and coalesce(o.kind, j.kind) = 'repayment'
       group by j.journal_id, j.occurred_at, o.occurred_at`,
      [loan.orderId],
    );
    const inside = journals.filter(
      (j) =>
        new Date(j.credited_at) >= new Date(placement?.placed_at ?? 0) &&
        new Date(j.credited_at) < new Date(placement?.recalled_at ?? 0),
    );
    // Three payments while placed and the reversal of one of them.
    expect(inside).toHaveLength(4);
    const recount = inside.map((j) => {
      const amount = Number(j.cash);
      const rate = manilaDay(new Date(j.credited_at)) >= addDays(start, 2) ? 1_500 : 1_000;
      const magnitude = Math.round((Math.abs(amount) * rate) / 10_000);
      return { amount, commission: amount < 0 ? -magnitude : magnitude };
    });
    expect(view.totals.recovered).toBe(recount.reduce((s, r) => s + r.amount, 0));
    expect(view.totals.commission).toBe(recount.reduce((s, r) => s + r.commission, 0));
    // 12,345 × 10% = 1,234.5 → 1,235; 10,005 × 10% → 1,001 (half away from zero); 12,345 × 15% = 1,851.75 → 1,852.
    expect(view.recoveries.map((r) => [r.amount, r.rateBps, r.commission])).toEqual([
      [-10_005, 1_000, -1_001],
      [12_345, 1_500, 1_852],
      [10_005, 1_000, 1_001],
      [12_345, 1_000, 1_235],
    ]);
    const months = view.months.reduce((s, m) => s + m.commission, 0);
    expect(months).toBe(view.totals.commission);
  });
});

describe('roles', () => {
  it('lets each role call what the contract allows, and refuses the rest with 403', async () => {
    const agency = await registeredAgency();
    const readers: StaffRole[] = ['collections', 'collectionsSupervisor', 'finance', 'admin'];
    const placers: StaffRole[] = ['collectionsSupervisor', 'admin'];
    const stranger = '00000000-0000-4000-8000-000000000000';
    for (const role of STAFF_ROLES) {
      const member = await signedInMember(server, role);
      const read = readers.includes(role) ? 200 : 403;
      expect((await ops('opsAgencyList', {}, member)).status, `${role} list`).toBe(read);
      expect((await ops('opsAgencyView', { agencyId: agency.agencyId }, member)).status, `${role} view`).toBe(
        read,
      );
      const place = placers.includes(role);
      expect(
        (await ops('opsAgencyExport', { agencyId: agency.agencyId }, member)).status,
        `${role} export`,
      ).toBe(place ? 200 : 403);
      // Allowed: the unknown case is not found (404); refused: 403 before anything is read.
      expect(
        (await ops('opsAgencyPlace', { agencyId: agency.agencyId, caseIds: [stranger] }, member)).status,
        `${role} place`,
      ).toBe(place ? 404 : 403);
      expect((await ops('opsAgencyRecall', { caseIds: [stranger] }, member)).status, `${role} recall`).toBe(
        place ? 404 : 403,
      );
    }
    // A supervisor of another brand neither sees the agency nor exports its list.
    await addOtherBrand(server, 'ph.other.agencies');
    const other = await signedInMember(server, 'collectionsSupervisor', 'ph.other.agencies');
    expect(((await ops('opsAgencyList', {}, other)).body.data as { items: Agency[] }).items).toEqual([]);
    expect((await ops('opsAgencyView', { agencyId: agency.agencyId }, other)).status).toBe(404);
    expect((await ops('opsAgencyExport', { agencyId: agency.agencyId }, other)).status).toBe(404);
  });
});
