import { ERRORS } from '@hiram/contract/errors';
import {
  CALENDAR_ACT_ROLES,
  CALENDAR_READ_ROLES,
  type ComplianceDuty,
} from '@hiram/contract/ops/compliance-calendar';
import type { QueueCount } from '@hiram/contract/ops/queues';
import { type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../helper.ts';
import { addOtherBrand, opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';
import { disbursedLoan, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * The compliance calendar (ADR 0087): each lender's dated duties to the CIC, the SEC and the NPC, overdue first;
 * the daily job raising reminders to the role that files each, counted on its dashboard; a duty filed with its
 * reference, once; the GIS dated from the lender's meeting day; a pack of figures per filing; every role.
 * The test clock starts on Monday 2 March 2026, 09:00 in Manila.
 */
let server: TestServer;
const HOUR = 3600;
const NOBODY = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  server = await startServicingServer();
  await disbursedLoan(server);
}, 120_000);
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

async function calendar(signed: Signed, payload: Record<string, unknown> = {}) {
  const answer = await ops('opsComplianceCalendar', payload, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { today: string; items: ComplianceDuty[]; annualMeetingDay: string | null };
}

const find = (items: ComplianceDuty[], kind: string, period: string) =>
  items.find((d) => d.kind === kind && d.period === period);

async function dutiesTile(role: StaffRole): Promise<QueueCount | undefined> {
  const counts = await ops('opsQueueCounts', {}, await signedInMember(server, role));
  return (counts.body.data as { queues: QueueCount[] }).queues.find((q) => q.queue === 'complianceDuties');
}

describe('the compliance calendar', () => {
  it('lists the overdue duties first, then this month and the next, from the dated rules', async () => {
    const compliance = await signedInMember(server, 'compliance');
    const { today, items } = await calendar(compliance);
    expect(today).toBe('2026-03-02');
    // Overdue, within the two months the calendar looks back: December's and January's CIC files (due the
    // 5th of the month after), the impact report (15 January), the LCIF of 2025's second half (14 February).
    const overdue = items.filter((d) => d.status === 'overdue');
    expect(overdue.map((d) => `${d.kind} ${d.period} ${d.dueOn}`)).toEqual([
      'cicMonthly 2025-12 2026-01-05',
      'secImpactReport 2025 2026-01-15',
      'cicMonthly 2026-01 2026-02-05',
      'secLcif 2025-H2 2026-02-14',
    ]);
    expect(items.slice(0, 4)).toEqual(overdue);
    expect(find(items, 'cicMonthly', '2026-02')).toMatchObject({ dueOn: '2026-03-05', status: 'dueSoon' });
    expect(find(items, 'npcAnnualIncidentReport', '2025')).toMatchObject({
      dueOn: '2026-03-31',
      regulator: 'NPC',
      status: 'dueSoon',
    });
    expect(find(items, 'secAfs', '2025')).toMatchObject({
      dueOn: '2026-04-15',
      role: 'finance',
      status: 'upcoming',
    });
    expect(find(items, 'cicMonthly', '2026-03')?.dueOn).toBe('2026-04-05');
    // The SEC's page gives the MC 18 certificate no day: it says so.
    expect(find(items, 'secMc18Certificate', '2025')?.confirmed).toBe(false);
    // No GIS until the lender's meeting day is known.
    expect(items.some((d) => d.kind === 'secGis')).toBe(false);
  });

  it('raises reminders with the daily job, each to its role, and a filed duty leaves the count', async () => {
    // Nothing is reminded until the job runs.
    expect((await dutiesTile('compliance'))?.count).toBe(0);
    // The next morning's run, 07:00 in Manila.
    server.clock.advance(22 * HOUR);
    await server.settle();
    const tile = await dutiesTile('compliance');
    // The impact report, December's, January's and February's CIC files, the NPC's annual report.
    expect(tile?.count).toBe(5);
    expect(tile?.breakdown).toEqual([
      { key: 'overdue', count: 3 },
      { key: 'dueSoon', count: 2 },
    ]);
    expect((await dutiesTile('finance'))?.count).toBe(1);
    expect((await dutiesTile('admin'))?.count).toBe(6);
    expect(await dutiesTile('collections')).toBeUndefined();

    const compliance = await signedInMember(server, 'compliance');
    const february = find((await calendar(compliance)).items, 'cicMonthly', '2026-02') as ComplianceDuty;
    expect(february.remindedAt).not.toBeNull();
    const filed = await ops(
      'opsComplianceDutyFiled',
      { dutyId: february.dutyId, reference: 'CIC-SUB-2026-02-118' },
      compliance,
    );
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(filed.body.data).toMatchObject({
      status: 'filed',
      filingReference: 'CIC-SUB-2026-02-118',
      filedBy: compliance.email,
    });
    const again = await ops(
      'opsComplianceDutyFiled',
      { dutyId: february.dutyId, reference: 'X-1' },
      compliance,
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ERRORS.COMPLIANCE_DUTY_FILED.code);
    expect((await dutiesTile('compliance'))?.count).toBe(4);
    const [audit] = await server.db.query<{ actor_email: string }>(
      `select actor_email from audit_log where action = 'compliance.duty.filed' and target = $1`,
      [`complianceDuty:${february.dutyId}`],
    );
    expect(audit?.actor_email).toBe(compliance.email);

    // A month on: March's CIC file is reminded on 1 April, four days before the 5th; the AFS since 16 March.
    server.clock.advance(29 * 24 * HOUR);
    await server.settle();
    const april = await calendar(await signedInMember(server, 'compliance'));
    expect(april.today).toBe('2026-04-01');
    expect(find(april.items, 'cicMonthly', '2026-03')).toMatchObject({ status: 'dueSoon' });
    expect(find(april.items, 'cicMonthly', '2026-03')?.remindedAt).not.toBeNull();
    expect((await dutiesTile('finance'))?.count).toBe(2);
  });

  it("dates the GIS 30 days after the lender's annual meeting", async () => {
    const compliance = await signedInMember(server, 'compliance');
    const set = await ops('opsComplianceMeetingDay', { day: '04-30' }, compliance);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const may = await calendar(compliance, { month: '2026-05' });
    expect(may.annualMeetingDay).toBe('04-30');
    expect(find(may.items, 'secGis', '2026')).toMatchObject({ dueOn: '2026-05-30', regulator: 'SEC' });
    const bad = await ops('opsComplianceMeetingDay', { day: '13-01' }, compliance);
    expect(bad.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
  });

  it('gives a pack of the figures the system holds for a filing as CSV, audited', async () => {
    const finance = await signedInMember(server, 'finance');
    const march = find((await calendar(finance)).items, 'cicMonthly', '2026-03') as ComplianceDuty;
    const pack = await ops('opsCompliancePack', { dutyId: march.dutyId }, finance);
    expect(pack.status).toBe(200);
    expect(String(pack.headers['content-type'])).toContain('text/csv');
    expect(String(pack.headers['content-disposition'])).toContain('cicMonthly-2026-03.csv');
    const csv = pack.raw.toString();
    expect(csv).toContain('"Period","2026-03","2026-03-01","2026-03-31"');
    expect(csv).toContain('"Period","Loans disbursed","1"');
    expect(csv).toContain('"Portfolio","Loans outstanding","1"');
    expect(csv).toMatch(/"Borrowers","Borrowers owing now","1"/);
    expect(csv).toMatch(/"Loans by status now","(repaying|overdue)","1"/);
    const [audit] = await server.db.query<{ after: { sha256: string } }>(
      `select after from audit_log where action = 'compliance.pack.download' and target = $1`,
      [`complianceDuty:${march.dutyId}`],
    );
    expect(audit?.after.sha256).toMatch(/^[0-9a-f]{64}$/);

    // The NPC's annual report is its own pack, built from the breach register (none: a nil report).
    const npc = find(
      (await calendar(finance, { month: '2026-03' })).items,
      'npcAnnualIncidentReport',
      '2025',
    );
    const report = await ops('opsCompliancePack', { dutyId: npc?.dutyId }, finance);
    expect(report.raw.toString()).toContain('"Annual security incident report","2025"');
    expect(report.raw.toString()).toContain('"Total","0"');
  });

  it('asks which brand when there are several, and keeps a brand member to her own', async () => {
    await addOtherBrand(server, 'ph.other.calendar');
    const admin = await signedInMember(server, 'admin');
    const unnamed = await ops('opsComplianceCalendar', {}, admin);
    expect(unnamed.body.code).toBe(ERRORS.COMPLIANCE_BRAND_REQUIRED.code);
    const other = await signedInMember(server, 'compliance', 'ph.other.calendar');
    const own = await calendar(other);
    expect(own.items.every((d) => d.packageName === 'ph.other.calendar')).toBe(true);
    const mainDuty = (await calendar(admin, { brand: 'ph.hiram.app' })).items[0] as ComplianceDuty;
    expect((await ops('opsComplianceCalendar', { brand: 'ph.hiram.app' }, other)).status).toBe(404);
    expect((await ops('opsCompliancePack', { dutyId: mainDuty.dutyId }, other)).status).toBe(404);
    expect(
      (await ops('opsComplianceDutyFiled', { dutyId: mainDuty.dutyId, reference: 'R-1' }, other)).status,
    ).toBe(404);
  });

  it('lets the roles the contract lists in, and refuses every other (403)', async () => {
    const admin = await signedInMember(server, 'admin');
    const open = (await calendar(admin, { brand: 'ph.hiram.app' })).items.filter((d) => d.status !== 'filed');
    for (const [i, role] of STAFF_ROLES.entries()) {
      const signed = await signedInMember(server, role);
      const reads = CALENDAR_READ_ROLES.includes(role);
      const acts = CALENDAR_ACT_ROLES.includes(role);
      const duty = open[i] as ComplianceDuty;
      const status = async (name: OpsEndpointName, payload: Record<string, unknown>) =>
        (await ops(name, payload, signed)).status;
      expect(await status('opsComplianceCalendar', { brand: 'ph.hiram.app' }), role).toBe(reads ? 200 : 403);
      expect(await status('opsCompliancePack', { dutyId: duty.dutyId }), role).toBe(reads ? 200 : 403);
      expect(
        await status('opsComplianceDutyFiled', { dutyId: duty.dutyId, reference: `R-${role}` }),
        role,
      ).toBe(acts ? 200 : 403);
      expect(await status('opsComplianceMeetingDay', { brand: 'ph.hiram.app', day: '05-15' }), role).toBe(
        acts ? 200 : 403,
      );
      expect(await status('opsCompliancePack', { dutyId: NOBODY }), role).toBe(reads ? 404 : 403);
    }
  });
});
