import { randomUUID } from 'node:crypto';
import type { CicDispute, CicErrorLine, CicSubmissionRow } from '@hiram/contract/ops/cic';
import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../domain/app-error.ts';
import type { Clock } from '../../../domain/clock.ts';
import { manilaDay, nextDailyRun } from '../../../domain/servicing-rules.ts';
import type { Jobs } from '../../../plugins/infra/jobs.ts';
import { recordAudit } from '../../audit/audit.ts';
import { borrowerNameSql } from '../../borrowers/masking.ts';
import { noticeBorrower } from '../../inbox/borrower-notices.ts';
import type { Actor } from '../../staff/staff-records.ts';
import { buildCicFile } from './build.ts';
import { CicExportError, cicMonthData, exportCicMonth, keepCicFile } from './cic-export.ts';
import { ID_POSITIONS, validateCsdf } from './csdf.ts';

/**
 * The CIC submission register (migration 0070; ADR 0084). A kept file never changes (the database refuses
 * it); what happens to it afterwards is appended as events: downloaded, submitted with the CIC's reference,
 * its error report imported line by line, a correction built. Borrowers' disputes of what was reported are
 * resolved here too: upheld, the loan goes into the next correction file, which closes the dispute.
 */

interface SubmissionRow {
  submission_id: string;
  package_name: string;
  provider_code: string;
  month: string;
  reference_date: Date | string;
  submission_type: number;
  corrects_submission_id: string | null;
  record_count: number;
  sha256: string;
  built_by: string;
  created_at: Date | string;
  downloaded_by: string | null;
  downloaded_at: Date | string | null;
  submitted_by: string | null;
  submitted_at: Date | string | null;
  cic_reference: string | null;
  error_count: number | null;
}

const iso = (value: Date | string): string => (value instanceof Date ? value.toISOString() : value);
const day = (value: Date | string): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);

const SUBMISSIONS_SQL = `
  select c.submission_id, c.package_name, c.provider_code, c.month, to_char(c.reference_date, 'YYYY-MM-DD') as reference_date,
    c.submission_type, c.corrects_submission_id, c.record_count, c.sha256, c.created_at,
    coalesce(builder.email, c.created_by) as built_by,
    d.actor_email as downloaded_by, d.at as downloaded_at,
    s.actor_email as submitted_by, s.at as submitted_at, s.cic_reference,
    e.error_count
  from cic_submissions c
  left join staff builder on builder.staff_id::text = c.created_by
  left join lateral (select actor_email, at from cic_submission_events
    where submission_id = c.submission_id and kind = 'downloaded' order by at desc limit 1) d on true
  left join lateral (select actor_email, at, cic_reference from cic_submission_events
    where submission_id = c.submission_id and kind = 'submitted' limit 1) s on true
  left join lateral (select error_count from cic_submission_events
    where submission_id = c.submission_id and kind = 'errorReportImported' order by at desc, event_id limit 1) e on true`;

function submissionOf(row: SubmissionRow): CicSubmissionRow {
  return {
    submissionId: row.submission_id,
    packageName: row.package_name,
    providerCode: row.provider_code,
    month: row.month,
    referenceDate: day(row.reference_date),
    type: Number(row.submission_type) === 1 ? 'correction' : 'periodic',
    correctsSubmissionId: row.corrects_submission_id,
    recordCount: Number(row.record_count),
    sha256: row.sha256,
    builtBy: row.built_by,
    builtAt: iso(row.created_at),
    lastDownload: row.downloaded_at === null ? null : { by: row.downloaded_by, at: iso(row.downloaded_at) },
    submitted:
      row.submitted_at === null
        ? null
        : { by: row.submitted_by, at: iso(row.submitted_at), reference: row.cic_reference ?? '' },
    errorCount: row.error_count === null ? null : Number(row.error_count),
  };
}

function audit(actor: Actor, at: Date, action: string, target: string, brand: string | null) {
  return {
    at,
    actorId: actor.staffId,
    actorEmail: actor.email,
    action,
    target,
    brandScope: brand,
    clientAddress: actor.clientAddress ?? null,
    userAgent: actor.userAgent ?? null,
  };
}

async function appendEvent(
  tx: Queryable,
  event: {
    submissionId: string;
    kind: 'downloaded' | 'submitted' | 'errorReportImported' | 'correctionBuilt';
    actor: Actor;
    at: Date;
    cicReference?: string;
    errorCount?: number;
    correctionSubmissionId?: string;
  },
): Promise<string> {
  const eventId = randomUUID();
  await tx.query(
    `insert into cic_submission_events (event_id, submission_id, kind, cic_reference, error_count,
       correction_submission_id, actor_id, actor_email, at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      eventId,
      event.submissionId,
      event.kind,
      event.cicReference ?? null,
      event.errorCount ?? null,
      event.correctionSubmissionId ?? null,
      event.actor.staffId,
      event.actor.email,
      event.at.toISOString(),
    ],
  );
  return eventId;
}

export async function listCicSubmissions(
  db: Queryable,
  brandScope: string | null,
): Promise<{ brands: { packageName: string; providerCode: string | null }[]; items: CicSubmissionRow[] }> {
  const brands = await db.query<{ package_name: string; cic_provider_code: string | null }>(
    `select package_name, cic_provider_code from brands where ($1::text is null or package_name = $1)
     order by package_name`,
    [brandScope],
  );
  const rows = await db.query<SubmissionRow>(
    `${SUBMISSIONS_SQL} where ($1::text is null or c.package_name = $1)
     order by c.month desc, c.package_name, c.created_at desc`,
    [brandScope],
  );
  return {
    brands: brands.map((row) => ({ packageName: row.package_name, providerCode: row.cic_provider_code })),
    items: rows.map(submissionOf),
  };
}

async function submissionRow(db: Queryable, submissionId: string, actor: Actor): Promise<CicSubmissionRow> {
  const [row] = await db.query<SubmissionRow>(`${SUBMISSIONS_SQL} where c.submission_id = $1`, [
    submissionId,
  ]);
  if (!row || (actor.brandScope !== null && row.package_name !== actor.brandScope))
    throw new AppError('NOT_FOUND');
  return submissionOf(row);
}

/** A build's refusal as the console's error. */
function cicBuildError(error: unknown): never {
  if (!(error instanceof CicExportError)) throw error;
  switch (error.failure) {
    case 'notBegun':
      throw new AppError('CIC_MONTH_NOT_BEGUN');
    case 'providerCode':
      throw new AppError('CIC_NO_PROVIDER_CODE');
    case 'invalid':
      throw new AppError('CIC_FILE_INVALID', { data: { problems: error.problems } });
    case 'month':
      throw new AppError('VALIDATION_FAILED');
    default:
      throw new AppError('NOT_FOUND');
  }
}

/** A brand's periodic file of a month built now from the console (today's data for a month in progress). */
export async function buildCicNow(
  db: Database,
  clock: Clock,
  input: { packageName: string; month: string; actor: Actor },
): Promise<CicSubmissionRow> {
  if (input.actor.brandScope !== null && input.actor.brandScope !== input.packageName)
    throw new AppError('NOT_FOUND');
  const [brand] = await db.query('select 1 from brands where package_name = $1', [input.packageName]);
  if (!brand) throw new AppError('NOT_FOUND');
  const file = await exportCicMonth(
    db,
    clock,
    { month: input.month, packageName: input.packageName, createdBy: input.actor.staffId ?? 'command line' },
    (tx, kept) =>
      recordAudit(tx, {
        ...audit(
          input.actor,
          clock.now(),
          'cic.file.build',
          `cic-file:${kept.submissionId}`,
          input.packageName,
        ),
        after: {
          month: input.month,
          referenceDay: kept.referenceDay,
          records: kept.recordCount,
          sha256: kept.sha256,
        },
      }),
  ).catch(cicBuildError);
  return submissionRow(db, file.submissionId, input.actor);
}

/** The file's text for the member to send, recorded as downloaded. */
export async function downloadCicFile(
  db: Database,
  input: { submissionId: string; actor: Actor; now: Date },
): Promise<{ fileName: string; content: string; sha256: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{
      package_name: string;
      provider_code: string;
      month: string;
      submission_type: number;
      content: string;
      sha256: string;
      created_at: Date | string;
    }>(
      `select package_name, provider_code, month, submission_type, content, sha256, created_at
       from cic_submissions where submission_id = $1`,
      [input.submissionId],
    );
    if (!row || (input.actor.brandScope !== null && row.package_name !== input.actor.brandScope))
      throw new AppError('NOT_FOUND');
    await appendEvent(tx, {
      submissionId: input.submissionId,
      kind: 'downloaded',
      actor: input.actor,
      at: input.now,
    });
    await recordAudit(tx, {
      ...audit(
        input.actor,
        input.now,
        'cic.file.download',
        `cic-file:${input.submissionId}`,
        row.package_name,
      ),
      after: { sha256: row.sha256 },
    });
    const kind = Number(row.submission_type) === 1 ? 'CORR' : 'PER';
    const stamp = iso(row.created_at).replace(/[-:]/g, '').slice(0, 15);
    return {
      fileName: `${row.provider_code}_${row.month.replace('-', '')}_${kind}_${stamp}.txt`,
      content: row.content,
      sha256: row.sha256,
    };
  });
}

export async function markCicSubmitted(
  db: Database,
  input: { submissionId: string; cicReference: string; actor: Actor; now: Date },
): Promise<CicSubmissionRow> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ package_name: string }>(
      'select package_name from cic_submissions where submission_id = $1',
      [input.submissionId],
    );
    if (!row || (input.actor.brandScope !== null && row.package_name !== input.actor.brandScope))
      throw new AppError('NOT_FOUND');
    // One submission per file: the lock makes a second click wait and then see the first.
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`cic-submitted:${input.submissionId}`]);
    const [already] = await tx.query(
      `select 1 from cic_submission_events where submission_id = $1 and kind = 'submitted'`,
      [input.submissionId],
    );
    if (already) throw new AppError('CIC_ALREADY_SUBMITTED');
    await appendEvent(tx, {
      submissionId: input.submissionId,
      kind: 'submitted',
      actor: input.actor,
      at: input.now,
      cicReference: input.cicReference,
    });
    await recordAudit(tx, {
      ...audit(
        input.actor,
        input.now,
        'cic.file.submitted',
        `cic-file:${input.submissionId}`,
        row.package_name,
      ),
      after: { cicReference: input.cicReference },
    });
  });
  return submissionRow(db, input.submissionId, input.actor);
}

/**
 * One line of the CIC's error report as imported (ADR 0084): `record type|line|field|error code|message`, the
 * line being the file's line number (1 is the header). Blank lines and a first line naming the columns are
 * skipped. The CIC's own layout could not be found; this is the one the console documents.
 */
export function parseCicErrorReport(
  report: string,
):
  | { ok: true; lines: Omit<CicErrorLine, 'subjectNo' | 'contractNo' | 'position'>[] }
  | { ok: false; line: number } {
  const lines: Omit<CicErrorLine, 'subjectNo' | 'contractNo' | 'position'>[] = [];
  const rows = report.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [index, raw] of rows.entries()) {
    const text = raw.trim();
    if (!text) continue;
    const fields = text.split('|').map((field) => field.trim());
    if (index === 0 && /^record/i.test(fields[0] ?? '')) continue;
    const [recordType, lineNo, field, errorCode, ...message] = fields;
    const number = Number(lineNo);
    if (
      fields.length < 5 ||
      !/^[A-Z]{2}$/.test(recordType ?? '') ||
      !Number.isInteger(number) ||
      number < 1 ||
      !message.join('|').trim()
    )
      return { ok: false, line: index + 1 };
    lines.push({
      recordType: recordType as string,
      lineNo: number,
      field: field || null,
      errorCode: errorCode || null,
      message: message.join('|').trim().slice(0, 1000),
    });
  }
  return { ok: true, lines };
}

export async function cicErrorLines(
  db: Queryable,
  submissionId: string,
  actor: Actor,
): Promise<{ importedAt: string | null; lines: CicErrorLine[] }> {
  await submissionRow(db, submissionId, actor);
  const [event] = await db.query<{ event_id: string; at: Date | string }>(
    `select event_id, at from cic_submission_events where submission_id = $1 and kind = 'errorReportImported'
     order by at desc, event_id limit 1`,
    [submissionId],
  );
  if (!event) return { importedAt: null, lines: [] };
  const rows = await db.query<{
    position: number;
    line_no: number;
    record_type: string;
    field: string | null;
    error_code: string | null;
    message: string;
    subject_no: string | null;
    contract_no: string | null;
  }>('select * from cic_error_lines where event_id = $1 order by position', [event.event_id]);
  return {
    importedAt: iso(event.at),
    lines: rows.map((row) => ({
      position: Number(row.position),
      lineNo: Number(row.line_no),
      recordType: row.record_type,
      field: row.field,
      errorCode: row.error_code,
      message: row.message,
      subjectNo: row.subject_no,
      contractNo: row.contract_no,
    })),
  };
}

/** Imports the CIC's error report of a file: each line matched to the file's record at that line. */
export async function importCicErrors(
  db: Database,
  input: { submissionId: string; report: string; actor: Actor; now: Date },
): Promise<{ importedAt: string | null; lines: CicErrorLine[] }> {
  const parsed = parseCicErrorReport(input.report);
  if (!parsed.ok) throw new AppError('CIC_ERROR_REPORT_UNREADABLE', { data: { line: parsed.line } });
  await db.transaction(async (tx) => {
    const [file] = await tx.query<{ package_name: string; content: string }>(
      'select package_name, content from cic_submissions where submission_id = $1',
      [input.submissionId],
    );
    if (!file || (input.actor.brandScope !== null && file.package_name !== input.actor.brandScope))
      throw new AppError('NOT_FOUND');
    const records = file.content.replace(/\r\n$/, '').split('\r\n');
    // Every line must name one of the file's lines, of the record type the file has there.
    const badAt = parsed.lines.findIndex(
      (line) => records[line.lineNo - 1]?.split('|')[0] !== line.recordType,
    );
    if (badAt >= 0) throw new AppError('CIC_ERROR_REPORT_UNREADABLE', { data: { line: badAt + 1 } });
    const eventId = await appendEvent(tx, {
      submissionId: input.submissionId,
      kind: 'errorReportImported',
      actor: input.actor,
      at: input.now,
      errorCount: parsed.lines.length,
    });
    for (const [index, line] of parsed.lines.entries()) {
      const fields = (records[line.lineNo - 1] as string).split('|');
      const subjectNo =
        line.recordType === 'ID'
          ? (fields[ID_POSITIONS.subjectNo - 1] ?? null)
          : line.recordType === 'CI'
            ? (fields[4] ?? null)
            : null;
      const contractNo = line.recordType === 'CI' ? (fields[6] ?? null) : null;
      await tx.query(
        `insert into cic_error_lines (event_id, position, record_type, line_no, field, error_code, message,
           subject_no, contract_no)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          eventId,
          index + 1,
          line.recordType,
          line.lineNo,
          line.field,
          line.errorCode,
          line.message,
          subjectNo,
          contractNo,
        ],
      );
    }
    await recordAudit(tx, {
      ...audit(
        input.actor,
        input.now,
        'cic.errors.import',
        `cic-file:${input.submissionId}`,
        file.package_name,
      ),
      after: { lines: parsed.lines.length },
    });
  });
  return cicErrorLines(db, input.submissionId, input.actor);
}

/**
 * A correction file (submission type 1) of a file's month as of its reference day: the contracts of the
 * records in its latest error report (a subject in error brings all her contracts) and the loans of upheld
 * disputes of the brand that are in that month; those disputes close with it.
 */
export async function buildCicCorrection(
  db: Database,
  deps: { clock: Clock; jobs: Jobs },
  input: { submissionId: string; actor: Actor },
): Promise<CicSubmissionRow> {
  const now = deps.clock.now();
  const correctionId = await db.transaction(async (tx) => {
    const [file] = await tx.query<{
      package_name: string;
      provider_code: string;
      month: string;
      reference_date: string;
    }>(
      `select package_name, provider_code, month, to_char(reference_date, 'YYYY-MM-DD') as reference_date
       from cic_submissions where submission_id = $1`,
      [input.submissionId],
    );
    if (!file || (input.actor.brandScope !== null && file.package_name !== input.actor.brandScope))
      throw new AppError('NOT_FOUND');
    const { lines } = await cicErrorLines(tx, input.submissionId, input.actor);
    const contractsInError = new Set(lines.flatMap((line) => (line.contractNo ? [line.contractNo] : [])));
    const subjectsInError = new Set(
      lines.flatMap((line) => (line.recordType === 'ID' && line.subjectNo ? [line.subjectNo] : [])),
    );
    // Upheld disputes wait for a correction: locked so two corrections built at once do not both close them.
    const upheld = await tx.query<{ dispute_id: string; order_id: string; contract_no: string | null }>(
      `select d.dispute_id, d.order_id, k.contract_no from cic_disputes d
       left join cic_contracts k on k.order_id = d.order_id
       where d.package_name = $1 and d.status = 'upheld' order by d.opened_at for update of d`,
      [file.package_name],
    );
    const data = await cicMonthData(tx, {
      packageName: file.package_name,
      month: file.month,
      referenceDay: file.reference_date,
      now,
    });
    const disputedContracts = new Set(upheld.flatMap((row) => (row.contract_no ? [row.contract_no] : [])));
    const contracts = data.contracts.filter(
      (contract) =>
        contractsInError.has(contract.contractNo) ||
        subjectsInError.has(contract.subjectNo) ||
        disputedContracts.has(contract.contractNo),
    );
    if (contracts.length === 0) throw new AppError('CIC_NOTHING_TO_CORRECT');
    const subjectNos = new Set(contracts.map((contract) => contract.subjectNo));
    const subjects = data.subjects.filter((subject) => subjectNos.has(subject.subjectNo));
    const content = buildCicFile({
      providerCode: file.provider_code,
      referenceDay: file.reference_date,
      submissionType: 1,
      subjects,
      contracts,
    });
    const problems = validateCsdf(content);
    if (problems.length > 0) throw new AppError('CIC_FILE_INVALID', { data: { problems } });
    const kept = await keepCicFile(tx, {
      packageName: file.package_name,
      providerCode: file.provider_code,
      month: file.month,
      referenceDay: file.reference_date,
      content,
      correctsSubmissionId: input.submissionId,
      createdBy: input.actor.staffId ?? 'command line',
      now,
    });
    await appendEvent(tx, {
      submissionId: input.submissionId,
      kind: 'correctionBuilt',
      actor: input.actor,
      at: now,
      correctionSubmissionId: kept.submissionId,
    });
    const included = new Set(contracts.map((contract) => contract.contractNo));
    const closed = upheld.filter((row) => row.contract_no !== null && included.has(row.contract_no));
    for (const dispute of closed) {
      await tx.query(
        `update cic_disputes set status = 'corrected', correction_submission_id = $2 where dispute_id = $1`,
        [dispute.dispute_id, kept.submissionId],
      );
    }
    await recordAudit(tx, {
      ...audit(input.actor, now, 'cic.correction.build', `cic-file:${kept.submissionId}`, file.package_name),
      after: {
        corrects: input.submissionId,
        contracts: contracts.length,
        sha256: kept.sha256,
        disputesClosed: closed.map((row) => row.dispute_id),
      },
    });
    return kept.submissionId;
  });
  return submissionRow(db, correctionId, input.actor);
}

interface DisputeRow {
  dispute_id: string;
  package_name: string;
  user_id: string;
  order_id: string;
  borrower_name: string | null;
  contract_no: string | null;
  claim: string;
  status: CicDispute['status'];
  opened_by: string | null;
  opened_at: Date | string;
  resolved_by: string | null;
  resolved_at: Date | string | null;
  resolution: string | null;
  correction_submission_id: string | null;
}

const DISPUTES_SQL = `
  select d.dispute_id, d.package_name, d.user_id, d.order_id, ${borrowerNameSql('p')} as borrower_name,
    k.contract_no, d.claim, d.status, opener.email as opened_by, d.opened_at, resolver.email as resolved_by,
    d.resolved_at, d.resolution, d.correction_submission_id
  from cic_disputes d
  left join profiles p on p.user_id = d.user_id
  left join cic_contracts k on k.order_id = d.order_id
  left join staff opener on opener.staff_id = d.opened_by
  left join staff resolver on resolver.staff_id = d.resolved_by`;

function disputeOf(row: DisputeRow): CicDispute {
  return {
    disputeId: row.dispute_id,
    packageName: row.package_name,
    userId: row.user_id,
    orderId: row.order_id,
    borrowerName: row.borrower_name,
    contractNo: row.contract_no,
    claim: row.claim,
    status: row.status,
    openedBy: row.opened_by,
    openedAt: iso(row.opened_at),
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at === null ? null : iso(row.resolved_at),
    resolution: row.resolution,
    correctionSubmissionId: row.correction_submission_id,
  };
}

export async function listCicDisputes(db: Queryable, brandScope: string | null): Promise<CicDispute[]> {
  const rows = await db.query<DisputeRow>(
    `${DISPUTES_SQL} where ($1::text is null or d.package_name = $1)
     order by case when d.status in ('open', 'upheld') then 0 else 1 end, d.opened_at desc
     limit 500`,
    [brandScope],
  );
  return rows.map(disputeOf);
}

async function oneDispute(db: Queryable, disputeId: string): Promise<CicDispute> {
  const [row] = await db.query<DisputeRow>(`${DISPUTES_SQL} where d.dispute_id = $1`, [disputeId]);
  if (!row) throw new AppError('NOT_FOUND');
  return disputeOf(row);
}

export async function openCicDispute(
  db: Database,
  input: { loan: string; claim: string; actor: Actor; now: Date },
): Promise<CicDispute> {
  const disputeId = randomUUID();
  await db.transaction(async (tx) => {
    // The loan's ID from its page, or the contract number she reads on her CIC credit report.
    const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.loan);
    const [order] = await tx.query<{ order_id: string; user_id: string; package_name: string }>(
      byId
        ? 'select order_id, user_id, package_name from loan_orders where order_id = $1::uuid'
        : `select o.order_id, o.user_id, o.package_name from cic_contracts k
           join loan_orders o on o.order_id = k.order_id where k.contract_no = upper($1)`,
      [input.loan],
    );
    if (!order || (input.actor.brandScope !== null && order.package_name !== input.actor.brandScope))
      throw new AppError('NOT_FOUND');
    await tx.query(
      `insert into cic_disputes (dispute_id, package_name, user_id, order_id, claim, status, opened_by, opened_at)
       values ($1, $2, $3, $4, $5, 'open', $6, $7)`,
      [
        disputeId,
        order.package_name,
        order.user_id,
        order.order_id,
        input.claim,
        input.actor.staffId,
        input.now,
      ],
    );
    await recordAudit(tx, {
      ...audit(input.actor, input.now, 'cic.dispute.open', `loan:${order.order_id}`, order.package_name),
      after: { disputeId, claim: input.claim },
    });
  });
  return oneDispute(db, disputeId);
}

export async function resolveCicDispute(
  db: Database,
  deps: { clock: Clock; jobs: Jobs },
  input: { disputeId: string; outcome: 'upheld' | 'rejected'; resolution: string; actor: Actor },
): Promise<CicDispute> {
  if (input.outcome === 'rejected' && !input.resolution.trim())
    throw new AppError('CIC_DISPUTE_NEEDS_REASON');
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ package_name: string; order_id: string; status: string }>(
      'select package_name, order_id, status from cic_disputes where dispute_id = $1 for update',
      [input.disputeId],
    );
    if (!row || (input.actor.brandScope !== null && row.package_name !== input.actor.brandScope))
      throw new AppError('NOT_FOUND');
    if (row.status !== 'open') throw new AppError('CIC_DISPUTE_RESOLVED');
    await tx.query(
      `update cic_disputes set status = $2, resolution = $3, resolved_by = $4, resolved_at = $5
       where dispute_id = $1`,
      [input.disputeId, input.outcome, input.resolution || null, input.actor.staffId, now.toISOString()],
    );
    await recordAudit(tx, {
      ...audit(input.actor, now, 'cic.dispute.resolve', `loan:${row.order_id}`, row.package_name),
      before: { status: 'open' },
      after: { disputeId: input.disputeId, status: input.outcome, resolution: input.resolution },
    });
    await noticeBorrower(tx, deps, {
      orderId: row.order_id,
      kind: input.outcome === 'upheld' ? 'creditReportCorrected' : 'creditReportConfirmed',
    });
  });
  return oneDispute(db, input.disputeId);
}

// The month-end job ------------------------------------------------------------------------------------------

export const CIC_MONTH_END_JOB = 'cicMonthEnd';
/** Who built a file of the month-end job (the unique index of migration 0070 keys on it). */
export const MONTH_END_BUILDER = 'month-end job';
/** 04:00 Manila: after the servicing run has accrued the last day's penalties and the retention job. */
const MONTH_END_RUN_MINUTE = 4 * 60;

/** The month before the Manila day `today` (YYYY-MM-DD), as YYYY-MM. */
export function previousMonth(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * The month-end job: every day at 04:00 Manila it makes sure every brand with a CIC provider code has its
 * previous month's file, built as of that month's last day. On the 1st that builds it; a day the server was
 * down is caught up the next day. Once per brand and month: a file already built by the job is left alone,
 * and the unique index turns a second process's build into a no-op.
 */
export class CicMonthEnd {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  ) {}

  async scheduleDailyRun(db: Queryable = this.db): Promise<void> {
    const now = this.clock.now();
    await db.query(
      `insert into jobs (kind, payload, run_at, created_at)
       select $1, '{}', $2, $3
       where not exists (select 1 from jobs where kind = $1 and run_at = $2)`,
      [CIC_MONTH_END_JOB, nextDailyRun(now, MONTH_END_RUN_MINUTE).toISOString(), now.toISOString()],
    );
  }

  /** One run: the previous month's file of every brand that has a provider code and no job-built file yet. */
  async runDaily(): Promise<{ built: string[]; failed: string[] }> {
    await this.scheduleDailyRun();
    const month = previousMonth(manilaDay(this.clock.now()));
    const brands = await this.db.query<{ package_name: string }>(
      `select b.package_name from brands b
       where b.cic_provider_code is not null
         and not exists (select 1 from cic_submissions c
           where c.package_name = b.package_name and c.month = $1 and c.created_by = $2)
       order by b.package_name`,
      [month, MONTH_END_BUILDER],
    );
    const built: string[] = [];
    const failed: string[] = [];
    for (const { package_name: packageName } of brands) {
      try {
        const file = await exportCicMonth(this.db, this.clock, {
          month,
          packageName,
          createdBy: MONTH_END_BUILDER,
        });
        built.push(packageName);
        this.log.info({ packageName, month, records: file.recordCount }, 'CIC month-end file built');
      } catch (error) {
        // Another process built it first: the unique index refused the second copy.
        if (String((error as { code?: string }).code) === '23505') continue;
        failed.push(packageName);
        this.log.error(
          { err: error, packageName, month, problems: (error as CicExportError).problems?.length },
          'CIC month-end file not built',
        );
      }
    }
    return { built, failed };
  }
}
