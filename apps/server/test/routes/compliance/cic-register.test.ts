import type { LoanRestructure } from '@hiram/contract/api/restructure';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ERRORS } from '@hiram/contract/errors';
import type { Proposal } from '@hiram/contract/ops/approvals';
import {
  CIC_DISPUTE_OPENERS,
  CIC_REGISTER_ROLES,
  type CicDispute,
  type CicErrorLine,
  type CicSubmissionRow,
} from '@hiram/contract/ops/cic';
import { type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCicMonth } from '../../../src/services/compliance/cic/cic-export.ts';
import { validateCsdf } from '../../../src/services/compliance/cic/csdf.ts';
import { CIC_MONTH_END_JOB, MONTH_END_BUILDER } from '../../../src/services/compliance/cic/register.ts';
import type { TestServer } from '../../helper.ts';
import { addOtherBrand, opsCall, type Signed, signedInMember } from '../../ops-fixtures.ts';
import { disbursedLoan, goTo, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * The CIC submission register (issue 23; ADR 0084) on both databases: the month-end job on a moved clock,
 * once per brand and month; kept files that the database refuses to change; the console's build, download,
 * submission, error report and correction; disputes upheld into a correction or rejected with a reason, the
 * borrower told; a restructured loan reported on its new schedule; every operation with every role.
 */
let server: TestServer;
const PROVIDER = 'HIRAM001';

beforeAll(async () => {
  server = await startServicingServer();
  await server.db.query('update brands set cic_provider_code = $1 where package_name = $2', [
    PROVIDER,
    DEFAULT_PACKAGE_NAME,
  ]);
}, 60_000);
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });
const member = (role: StaffRole) => signedInMember(server, role);

const linesOf = (content: string) => content.replace(/\r\n$/, '').split('\r\n');
const fieldsOf = (line: string | undefined) => (line ?? '').split('|');

async function filesOf(month: string) {
  return server.db.query<{
    submission_id: string;
    created_by: string;
    content: string;
    submission_type: number;
  }>(
    'select submission_id, created_by, content, submission_type from cic_submissions where month = $1 order by created_at',
    [month],
  );
}

let plain: { orderId: string; userId: string; token: string };
let troubled: { orderId: string; userId: string; token: string };

beforeAll(async () => {
  plain = await disbursedLoan(server);
  troubled = await disbursedLoan(server);
}, 120_000);

describe('the month-end job', () => {
  it("builds the previous month's file on the 1st for every brand with a provider code, once", async () => {
    await addOtherBrand(server, 'ph.other.nocode');
    expect(await filesOf('2026-03')).toHaveLength(0);
    // 05:00 Manila on 1 April: the job due at 04:00 has run.
    await goTo(server, '2026-04-01', 5);
    const files = await filesOf('2026-03');
    expect(files).toHaveLength(1);
    expect(files[0]?.created_by).toBe(MONTH_END_BUILDER);
    expect(fieldsOf(linesOf(files[0]?.content ?? '')[0])).toEqual(['HD', PROVIDER, '31032026', '1.0', '0']);
    expect(validateCsdf(files[0]?.content ?? '')).toEqual([]);
    // Both loans are in it; the brand without a provider code has no file.
    expect(linesOf(files[0]?.content ?? '').filter((line) => line.startsWith('CI|'))).toHaveLength(2);
    expect(
      await server.db.query('select 1 from cic_submissions where package_name = $1', ['ph.other.nocode']),
    ).toHaveLength(0);

    // A retry (the job run again after a crash, or a second process) builds no second file.
    await server.db.query(`insert into jobs (kind, payload, run_at, created_at) values ($1, '{}', $2, $2)`, [
      CIC_MONTH_END_JOB,
      server.clock.now().toISOString(),
    ]);
    await server.settle();
    expect(await server.app.cicMonthEnd.runDaily()).toEqual({ built: [], failed: [] });
    await expect(
      exportCicMonth(server.db, server.clock, {
        month: '2026-03',
        packageName: DEFAULT_PACKAGE_NAME,
        createdBy: MONTH_END_BUILDER,
      }),
    ).rejects.toThrow();
    expect(await filesOf('2026-03')).toHaveLength(1);

    // The next run is queued once, for tomorrow 04:00 Manila.
    const queued = await server.db.query<{ run_at: Date | string }>(
      `select run_at from jobs where kind = $1 and run_at > $2`,
      [CIC_MONTH_END_JOB, server.clock.now().toISOString()],
    );
    expect(queued.map((row) => new Date(row.run_at).toISOString())).toEqual(['2026-04-01T20:00:00.000Z']);
  });

  it('keeps a file as built: its content and hash cannot be changed or deleted', async () => {
    const [file] = await filesOf('2026-03');
    const id = file?.submission_id;
    await expect(
      server.db.query(`update cic_submissions set content = 'HD|X' where submission_id = $1`, [id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      server.db.query(`update cic_submissions set sha256 = repeat('0', 64) where submission_id = $1`, [id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      server.db.query('delete from cic_submissions where submission_id = $1', [id]),
    ).rejects.toThrow(/append-only/);
    const [kept] = await filesOf('2026-03');
    expect(kept?.content).toBe(file?.content);
  });
});

let compliance: Signed & { email: string };
let aprilFile: CicSubmissionRow;

describe('the register in the console', () => {
  it('builds a month in progress as of today, lists it with who built it, and refuses a month not begun', async () => {
    compliance = await member('compliance');
    const built = await ops(
      'opsCicBuild',
      { packageName: DEFAULT_PACKAGE_NAME, month: '2026-04' },
      compliance,
    );
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    aprilFile = built.body.data as CicSubmissionRow;
    expect(aprilFile).toMatchObject({
      month: '2026-04',
      referenceDate: '2026-04-01',
      type: 'periodic',
      recordCount: 6,
      builtBy: compliance.email,
      lastDownload: null,
      submitted: null,
      errorCount: null,
    });

    const [buildAudit] = await server.db.query<{ actor_email: string }>(
      `select actor_email from audit_log where action = 'cic.file.build' and target = $1`,
      [`cic-file:${aprilFile.submissionId}`],
    );
    expect(buildAudit?.actor_email).toBe(compliance.email);

    const notBegun = await ops(
      'opsCicBuild',
      { packageName: DEFAULT_PACKAGE_NAME, month: '2026-05' },
      compliance,
    );
    expect(notBegun.status).toBe(400);
    expect(notBegun.body.code).toBe(ERRORS.CIC_MONTH_NOT_BEGUN.code);
    const noCode = await ops('opsCicBuild', { packageName: 'ph.other.nocode', month: '2026-04' }, compliance);
    expect(noCode.body.code).toBe(ERRORS.CIC_NO_PROVIDER_CODE.code);
    const badMonth = await ops(
      'opsCicBuild',
      { packageName: DEFAULT_PACKAGE_NAME, month: '2026-13' },
      compliance,
    );
    expect(badMonth.status).toBe(400);

    const list = await ops('opsCicSubmissions', {}, compliance);
    const { items, brands } = list.body.data as { items: CicSubmissionRow[]; brands: unknown[] };
    expect(items.map((row) => [row.month, row.builtBy])).toEqual([
      ['2026-04', compliance.email],
      ['2026-03', MONTH_END_BUILDER],
    ]);
    expect(brands).toContainEqual({ packageName: DEFAULT_PACKAGE_NAME, providerCode: PROVIDER });
  });

  it('downloads the file byte for byte, recorded and audited, and marks it submitted once', async () => {
    const download = await ops('opsCicDownload', { submissionId: aprilFile.submissionId }, compliance);
    expect(download.status, JSON.stringify(download.body)).toBe(200);
    const got = download.body.data as { fileName: string; content: string; sha256: string };
    const [stored] = await server.db.query<{ content: string }>(
      'select content from cic_submissions where submission_id = $1',
      [aprilFile.submissionId],
    );
    expect(got.content).toBe(stored?.content);
    expect(got.sha256).toBe(aprilFile.sha256);
    expect(got.fileName).toMatch(/^HIRAM001_202604_PER_\d{8}T\d{6}\.txt$/);
    const [audit] = await server.db.query<{ actor_email: string }>(
      `select actor_email from audit_log where action = 'cic.file.download' and target = $1`,
      [`cic-file:${aprilFile.submissionId}`],
    );
    expect(audit?.actor_email).toBe(compliance.email);

    const submitted = await ops(
      'opsCicMarkSubmitted',
      { submissionId: aprilFile.submissionId, cicReference: 'CIC-2026-04-000123' },
      compliance,
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data).toMatchObject({
      lastDownload: { by: compliance.email },
      submitted: { by: compliance.email, reference: 'CIC-2026-04-000123' },
    });
    const again = await ops(
      'opsCicMarkSubmitted',
      { submissionId: aprilFile.submissionId, cicReference: 'CIC-other' },
      compliance,
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ERRORS.CIC_ALREADY_SUBMITTED.code);
    const empty = await ops(
      'opsCicMarkSubmitted',
      { submissionId: aprilFile.submissionId, cicReference: ' ' },
      compliance,
    );
    expect(empty.status).toBe(400);
    // The events are kept as they happened.
    await expect(
      server.db.query(`update cic_submission_events set cic_reference = 'changed' where submission_id = $1`, [
        aprilFile.submissionId,
      ]),
    ).rejects.toThrow(/append-only/);
  });

  it("imports the CIC's error report line by line, matched to the file's records, and refuses one it cannot read", async () => {
    const [stored] = await server.db.query<{ content: string }>(
      'select content from cic_submissions where submission_id = $1',
      [aprilFile.submissionId],
    );
    const lines = linesOf(stored?.content ?? '');
    const ciAt = lines.findIndex((line) => line.startsWith('CI|')) + 1;
    const contractNo = fieldsOf(lines[ciAt - 1])[6];
    const subjectNo = fieldsOf(lines[ciAt - 1])[4];

    for (const bad of [
      `CI|${lines.length + 1}|CI15|E105|No such line`,
      `ID|${ciAt}|ID5|E201|Wrong record type for the line`,
      'this is not a report',
    ]) {
      const refused = await ops(
        'opsCicImportErrors',
        { submissionId: aprilFile.submissionId, report: bad },
        compliance,
      );
      expect(refused.status, bad).toBe(400);
      expect(refused.body.code).toBe(ERRORS.CIC_ERROR_REPORT_UNREADABLE.code);
    }

    const report = [
      'Record type|Line|Field|Error code|Message',
      `CI|${ciAt}|CI15|E105|Financed amount does not match the previous submission`,
      '',
    ].join('\r\n');
    const imported = await ops(
      'opsCicImportErrors',
      { submissionId: aprilFile.submissionId, report },
      compliance,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const shown = imported.body.data as { lines: CicErrorLine[] };
    expect(shown.lines).toEqual([
      {
        position: 1,
        lineNo: ciAt,
        recordType: 'CI',
        field: 'CI15',
        errorCode: 'E105',
        message: 'Financed amount does not match the previous submission',
        subjectNo,
        contractNo,
      },
    ]);
    const listed = await ops('opsCicErrorLines', { submissionId: aprilFile.submissionId }, compliance);
    expect((listed.body.data as { lines: CicErrorLine[] }).lines).toHaveLength(1);
    const list = (await ops('opsCicSubmissions', {}, compliance)).body.data as { items: CicSubmissionRow[] };
    expect(list.items.find((row) => row.submissionId === aprilFile.submissionId)?.errorCount).toBe(1);
  });

  it('builds a correction file (type 1) of the records in error, valid and kept apart', async () => {
    const built = await ops('opsCicBuildCorrection', { submissionId: aprilFile.submissionId }, compliance);
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const correction = built.body.data as CicSubmissionRow;
    expect(correction).toMatchObject({
      type: 'correction',
      correctsSubmissionId: aprilFile.submissionId,
      month: '2026-04',
      referenceDate: '2026-04-01',
      recordCount: 4,
    });
    const [stored] = await server.db.query<{ content: string }>(
      'select content from cic_submissions where submission_id = $1',
      [correction.submissionId],
    );
    const content = stored?.content ?? '';
    expect(validateCsdf(content)).toEqual([]);
    expect(fieldsOf(linesOf(content)[0])).toEqual(['HD', PROVIDER, '01042026', '1.0', '1']);
    const { lines } = (await ops('opsCicErrorLines', { submissionId: aprilFile.submissionId }, compliance))
      .body.data as { lines: CicErrorLine[] };
    expect(
      linesOf(content)
        .filter((line) => line.startsWith('CI|'))
        .map((line) => fieldsOf(line)[6]),
    ).toEqual([lines[0]?.contractNo]);

    // A file with no error report and no upheld dispute has nothing to correct.
    const [march] = await filesOf('2026-03');
    const nothing = await ops('opsCicBuildCorrection', { submissionId: march?.submission_id }, compliance);
    expect(nothing.status).toBe(409);
    expect(nothing.body.code).toBe(ERRORS.CIC_NOTHING_TO_CORRECT.code);
  });
});

describe('disputes of reported data', () => {
  const noticesOf = (userId: string) =>
    server.db.query<{ kind: string }>(
      'select kind from borrower_notices where user_id = $1 order by created_at',
      [userId],
    );

  it('upheld: the loan goes into the next correction file, which closes the dispute; she is told', async () => {
    const support = await member('support');
    const opened = await ops(
      'opsCicDisputeOpen',
      {
        loan: troubled.orderId,
        claim: 'She says the loan was reported overdue although she paid on time.',
      },
      support,
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const dispute = opened.body.data as CicDispute;
    expect(dispute).toMatchObject({ status: 'open', openedBy: support.email, userId: troubled.userId });
    expect(dispute.contractNo).toMatch(/^L[0-9A-F]{32}$/);
    // Support cannot resolve it.
    const bySupport = await ops(
      'opsCicDisputeResolve',
      { disputeId: dispute.disputeId, outcome: 'upheld', resolution: '' },
      support,
    );
    expect(bySupport.status).toBe(403);

    const upheld = await ops(
      'opsCicDisputeResolve',
      { disputeId: dispute.disputeId, outcome: 'upheld', resolution: 'Payment was credited late by us.' },
      compliance,
    );
    expect(upheld.status, JSON.stringify(upheld.body)).toBe(200);
    expect(upheld.body.data).toMatchObject({ status: 'upheld', resolvedBy: compliance.email });
    expect((await noticesOf(troubled.userId)).map((row) => row.kind)).toContain('creditReportCorrected');
    const again = await ops(
      'opsCicDisputeResolve',
      { disputeId: dispute.disputeId, outcome: 'rejected', resolution: 'no' },
      compliance,
    );
    expect(again.body.code).toBe(ERRORS.CIC_DISPUTE_RESOLVED.code);

    // The March file has no error report: the correction holds the disputed loan alone.
    const [march] = await filesOf('2026-03');
    const built = await ops('opsCicBuildCorrection', { submissionId: march?.submission_id }, compliance);
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const correction = built.body.data as CicSubmissionRow;
    const [stored] = await server.db.query<{ content: string }>(
      'select content from cic_submissions where submission_id = $1',
      [correction.submissionId],
    );
    expect(
      linesOf(stored?.content ?? '')
        .filter((line) => line.startsWith('CI|'))
        .map((line) => fieldsOf(line)[6]),
    ).toEqual([dispute.contractNo]);
    const listed = (await ops('opsCicDisputes', {}, support)).body.data as { items: CicDispute[] };
    expect(listed.items.find((row) => row.disputeId === dispute.disputeId)).toMatchObject({
      status: 'corrected',
      correctionSubmissionId: correction.submissionId,
    });
    const [audit] = await server.db.query<{ after: unknown }>(
      `select after from audit_log where action = 'cic.correction.build' and target = $1`,
      [`cic-file:${correction.submissionId}`],
    );
    expect(JSON.stringify(audit?.after)).toContain(dispute.disputeId);
  });

  it('rejected: only with a written reason; she is told it stays as reported', async () => {
    const opened = await ops(
      'opsCicDisputeOpen',
      { loan: `l${plain.orderId.replaceAll('-', '')}`, claim: 'She says the amount financed is wrong.' },
      compliance,
    );
    const dispute = opened.body.data as CicDispute;
    // Found by the contract number on her credit report, whatever its case.
    expect(dispute.orderId).toBe(plain.orderId);
    const noReason = await ops(
      'opsCicDisputeResolve',
      { disputeId: dispute.disputeId, outcome: 'rejected', resolution: '  ' },
      compliance,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe(ERRORS.CIC_DISPUTE_NEEDS_REASON.code);
    const rejected = await ops(
      'opsCicDisputeResolve',
      { disputeId: dispute.disputeId, outcome: 'rejected', resolution: 'The principal paid out was ₱1,000.' },
      compliance,
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      resolution: 'The principal paid out was ₱1,000.',
    });
    expect((await noticesOf(plain.userId)).map((row) => row.kind)).toContain('creditReportConfirmed');
    const unknownLoan = await ops(
      'opsCicDisputeOpen',
      { loan: '00000000-0000-4000-8000-000000000000', claim: 'x' },
      compliance,
    );
    expect(unknownLoan.status).toBe(404);
  });
});

describe('a restructured loan', () => {
  it('is reported on the schedule she signed, under the same contract number', async () => {
    // 10 days past its due day (1 June), restructured into 3 instalments 30 days apart, signed.
    await goTo(server, '2026-06-11', 10);
    const agent = await member('collections');
    const proposed = await ops(
      'opsProposalCreate',
      {
        kind: 'loan.restructure',
        payload: {
          orderId: troubled.orderId,
          instalments: 3,
          daysBetween: 30,
          monthlyInterestBps: 100,
          penaltyReductionBps: 5000,
          dailyPenaltyBps: 10,
        },
        reason: 'lost her job, asked for time',
      },
      agent,
    );
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const decided = await ops(
      'opsProposalDecide',
      { proposalIds: [(proposed.body.data as Proposal).proposalId], decision: 'approve' },
      await member('collectionsSupervisor'),
    );
    expect(decided.body.data).toMatchObject({ outcomes: [{ status: 'approved', errorCode: null }] });
    const offer = (
      await server.call('loanRestructure', { orderId: troubled.orderId }, { token: troubled.token })
    ).body.data as LoanRestructure;
    const code = await server.ownCode(troubled.token, 'signAgreement');
    const signed = await server.call(
      'signRestructure',
      { orderId: troubled.orderId, documentHash: offer.documentHash, agreed: true, code },
      { token: troubled.token },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const [restructure] = await server.db.query<{
      plan: { schedule: { dueDate: string; total: number }[] } | string;
    }>(`select plan from loan_restructures where order_id = $1 and status = 'signed'`, [troubled.orderId]);
    const plan = typeof restructure?.plan === 'string' ? JSON.parse(restructure.plan) : restructure?.plan;
    const schedule = plan.schedule as { dueDate: string; total: number }[];
    expect(schedule).toHaveLength(3);

    // Months later: a staff session of that day has ended, so a member signs in again.
    compliance = await member('compliance');
    const built = await ops(
      'opsCicBuild',
      { packageName: DEFAULT_PACKAGE_NAME, month: '2026-06' },
      compliance,
    );
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const [stored] = await server.db.query<{ content: string }>(
      'select content from cic_submissions where submission_id = $1',
      [(built.body.data as CicSubmissionRow).submissionId],
    );
    const [march] = await filesOf('2026-03');
    const contractNo = linesOf(march?.content ?? '')
      .filter((line) => line.startsWith('CI|'))
      .map(fieldsOf)
      .find((fields) => fields[6] === `L${troubled.orderId.replaceAll('-', '').toUpperCase()}`)?.[6];
    expect(contractNo).toBeDefined();
    const ci = linesOf(stored?.content ?? '')
      .filter((line) => line.startsWith('CI|'))
      .map(fieldsOf)
      .find((fields) => fields[6] === contractNo);
    const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
    // Planned end: the new schedule's last day; 3 instalments, monthly; the first of the new schedule.
    expect(ci?.[12]).toBe(ddmmyyyy(schedule[2]?.dueDate ?? ''));
    expect(ci?.[15]).toBe('3');
    expect(ci?.[16]).toBe('M');
    expect(ci?.[18]).toBe(ddmmyyyy(schedule[0]?.dueDate ?? ''));
    // Current on its new schedule: nothing overdue, the next payment is the first new instalment.
    expect(ci?.[8]).toBe('AC');
    expect(ci?.[25]).toBe('0');
    expect(ci?.[27]).toBe('0');
    expect(ci?.[21]).toBe(ddmmyyyy(schedule[0]?.dueDate ?? ''));
    expect(validateCsdf(stored?.content ?? '')).toEqual([]);
  });
});

describe('roles', () => {
  it('lets compliance and admins act on files, support open disputes, and refuses every other role (403)', async () => {
    const [march] = await filesOf('2026-03');
    const fileId = march?.submission_id as string;
    for (const role of STAFF_ROLES) {
      const signed = await member(role as StaffRole);
      const acts = CIC_REGISTER_ROLES.includes(role);
      const opens = CIC_DISPUTE_OPENERS.includes(role);
      const status = async (name: OpsEndpointName, payload: Record<string, unknown>) => {
        const answer = await ops(name, payload, signed);
        return answer.status === 200
          ? 200
          : answer.status === 403
            ? 403
            : `${answer.status} ${JSON.stringify(answer.body)}`;
      };
      const expected = acts ? 200 : 403;
      expect(await status('opsCicSubmissions', {}), `${role} list`).toBe(expected);
      const built = await ops('opsCicBuild', { packageName: DEFAULT_PACKAGE_NAME, month: '2026-06' }, signed);
      expect(built.status, `${role} build`).toBe(expected);
      const own = acts ? (built.body.data as CicSubmissionRow).submissionId : fileId;
      expect(await status('opsCicDownload', { submissionId: own }), `${role} download`).toBe(expected);
      expect(
        await status('opsCicMarkSubmitted', { submissionId: own, cicReference: `REF-${role}` }),
        `${role} submitted`,
      ).toBe(expected);
      expect(
        await status('opsCicImportErrors', {
          submissionId: own,
          report: 'CI|3|CI15|E1|Checked by the role test',
        }),
        `${role} import`,
      ).toBe(expected);
      expect(await status('opsCicErrorLines', { submissionId: own }), `${role} errors`).toBe(expected);
      expect(await status('opsCicBuildCorrection', { submissionId: own }), `${role} correction`).toBe(
        expected,
      );
      expect(await status('opsCicDisputes', {}), `${role} disputes`).toBe(opens ? 200 : 403);
      const opened = await ops('opsCicDisputeOpen', { loan: plain.orderId, claim: `by ${role}` }, signed);
      expect(opened.status, `${role} open`).toBe(opens ? 200 : 403);
      const disputeId = opens
        ? (opened.body.data as CicDispute).disputeId
        : '00000000-0000-4000-8000-000000000000';
      expect(
        await status('opsCicDisputeResolve', { disputeId, outcome: 'rejected', resolution: 'checked' }),
        `${role} resolve`,
      ).toBe(acts ? 200 : 403);
    }
  });

  it('shows a member limited to another brand none of this brand’s files or disputes', async () => {
    await addOtherBrand(server, 'ph.other.scoped');
    const scoped = await signedInMember(server, 'compliance', 'ph.other.scoped');
    const list = (await ops('opsCicSubmissions', {}, scoped)).body.data as { items: CicSubmissionRow[] };
    expect(list.items).toEqual([]);
    const [march] = await filesOf('2026-03');
    const download = await ops('opsCicDownload', { submissionId: march?.submission_id }, scoped);
    expect(download.status).toBe(404);
    const disputes = (await ops('opsCicDisputes', {}, scoped)).body.data as { items: CicDispute[] };
    expect(disputes.items).toEqual([]);
  });
});
