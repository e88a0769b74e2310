import { createHash, randomUUID } from 'node:crypto';
import type { JournalKind } from '@hiram/contract/ledger';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { LoanQuote } from '@hiram/contract/pricing';
import {
  asksEmployerName,
  identificationsOf,
  type ProfileValues,
  permanentAddressDiffers,
  philIdCardNumberOf,
} from '@hiram/contract/profile';
import type { RestructurePlan } from '@hiram/contract/restructure';
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../../domain/clock.ts';
import { balancesOf, type LedgerEntry } from '../../../domain/ledger.ts';
import { psgc } from '../../../domain/psgc-data.ts';
import { addDays, instalmentDueDates, manilaDay, manilaTime } from '../../../domain/servicing-rules.ts';
import { buildCicFile, type CicContract, type CicSubject } from './build.ts';
import { type CsdfProblem, validateCsdf } from './csdf.ts';

/**
 * The monthly CIC file from the loans and the ledger (ADR 0080): every loan paid out by the reference day and
 * not closed before the month began, as it stood at the end of that day; its borrower's permanent subject
 * number and its own permanent contract number, given at its first file; the file validated, then kept with
 * its sha256 in cic_submissions.
 */

/** Why a file was not built, for the console's error codes (the command line prints the message). */
export type CicExportFailure = 'month' | 'notBegun' | 'brand' | 'providerCode' | 'invalid';

export class CicExportError extends Error {
  constructor(
    message: string,
    readonly problems: readonly CsdfProblem[] = [],
    readonly failure: CicExportFailure = problems.length > 0 ? 'invalid' : 'brand',
  ) {
    super(message);
    this.name = 'CicExportError';
  }
}

/** The day a month's file is as of: its last day, or today while it runs. A month not begun has no file. */
export function cicReferenceDay(month: string, today: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw new CicExportError(`--month must be YYYY-MM, not "${month}"`, [], 'month');
  const first = `${month}-01`;
  if (first > today)
    throw new CicExportError(`${month} has not begun: there is nothing to report yet`, [], 'notBegun');
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
  return last < today ? last : today;
}

/** MM-DD-YYYY as the application stores a birthday, as a day; null when it is not one. */
function birthDayOf(value: unknown): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(String(value ?? ''));
  return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
}

/** The street address she typed, then her city and province by name: the format's one-line full address. */
function fullAddress(info: Record<string, unknown>, prefix: '' | 'permanent' = ''): string {
  const key = (field: 'address' | 'state' | 'city') =>
    prefix ? `${prefix}${field[0]?.toUpperCase()}${field.slice(1)}` : field;
  const state = psgc().states.find((row) => row.code === text(info[key('state')]));
  const city = state?.cities.find(([code]) => code === text(info[key('city')]))?.[1];
  return [text(info[key('address')]), city, state?.name].filter((part) => part).join(', ');
}

const parsed = (value: Record<string, unknown> | string | null): Record<string, unknown> =>
  (typeof value === 'string' ? JSON.parse(value) : value) ?? {};

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

/** A loan paid out ends repaid (or recovered in full), or cancelled in its cooling-off period (ADR 0038). */
const CLOSED: number[] = [LOAN_ORDER_STATUS.finished, LOAN_ORDER_STATUS.cancelled];

interface LoanRow {
  order_id: string;
  user_id: string;
  principal: string | number;
  quote: LoanQuote | string;
  status: number;
  submitted_at: Date | string | null;
  created_at: Date | string;
  disbursed_at: Date | string;
  finished_at: Date | string | null;
  shift_days: string | number | null;
}

async function numbersFor(tx: Queryable, userIds: string[], orderIds: string[], now: Date) {
  for (const userId of userIds) {
    await tx.query(
      `insert into cic_subjects (user_id, subject_no, created_at) values ($1, $2, $3) on conflict (user_id) do nothing`,
      [userId, `S${userId.replaceAll('-', '').toUpperCase()}`, now],
    );
  }
  for (const orderId of orderIds) {
    await tx.query(
      `insert into cic_contracts (order_id, contract_no, created_at) values ($1, $2, $3) on conflict (order_id) do nothing`,
      [orderId, `L${orderId.replaceAll('-', '').toUpperCase()}`, now],
    );
  }
  const subjects = await tx.query<{ user_id: string; subject_no: string }>(
    'select user_id, subject_no from cic_subjects where user_id = any($1::uuid[])',
    [userIds],
  );
  const contracts = await tx.query<{ order_id: string; contract_no: string }>(
    'select order_id, contract_no from cic_contracts where order_id = any($1::uuid[])',
    [orderIds],
  );
  return {
    subjectNo: new Map(subjects.map((row) => [row.user_id, row.subject_no])),
    contractNo: new Map(contracts.map((row) => [row.order_id, row.contract_no])),
  };
}

/** The subjects and contracts of a brand's month, numbers given to those that have none yet. */
export async function cicMonthData(
  tx: Queryable,
  input: { packageName: string; month: string; referenceDay: string; now: Date },
): Promise<{ subjects: CicSubject[]; contracts: CicContract[] }> {
  const monthStart = manilaTime(`${input.month}-01`);
  const cutoff = manilaTime(addDays(input.referenceDay, 1));
  const loans = (
    await tx.query<LoanRow>(
      `with paid_out as (
         select e.order_id, min(e.at) as disbursed_at from loan_order_events e
         where e.event = 'payoutSucceeded' group by e.order_id
       )
       select o.order_id, o.user_id, o.principal, o.quote, o.status, o.submitted_at, o.created_at, p.disbursed_at,
              (select max(e.at) from loan_order_events e
                where e.order_id = o.order_id and e.to_status = any($3::smallint[])) as finished_at,
              (select sum(x.extension_days) from extension_orders x
                where x.order_id = o.order_id and x.status = 'paid' and x.paid_at < $2) as shift_days
       from loan_orders o join paid_out p on p.order_id = o.order_id
       where o.package_name = $1 and p.disbursed_at < $2
       order by o.seq`,
      [input.packageName, cutoff, CLOSED],
    )
  ).filter((row) => {
    // A loan repaid before the month began was reported closed in an earlier file.
    const finished = CLOSED.includes(row.status) && row.finished_at !== null;
    return !(finished && new Date(row.finished_at as Date | string) < monthStart);
  });
  if (loans.length === 0) return { subjects: [], contracts: [] };
  const orderIds = loans.map((row) => row.order_id);
  const userIds = [...new Set(loans.map((row) => row.user_id))];
  const numbers = await numbersFor(tx, userIds, orderIds, input.now);

  const entries = await tx.query<{
    order_id: string;
    account: LedgerEntry['account'];
    amount: string | number;
    kind: JournalKind;
    occurred_at: Date | string;
  }>(
    `select j.order_id, e.account, e.amount, coalesce(original.kind, j.kind) as kind, j.occurred_at
     from ledger_journals j join ledger_entries e on e.journal_id = j.journal_id
     left join ledger_journals original on original.journal_id = j.reverses
     where j.order_id = any($1::uuid[]) and j.occurred_at < $2
     order by j.seq, e.entry_id`,
    [orderIds, cutoff],
  );
  // A restructured loan is reported on the schedule she signed last before the cutoff (ADR 0084), under the
  // same contract number.
  const restructures = await tx.query<{
    order_id: string;
    signed_at: Date | string;
    plan: RestructurePlan | string;
  }>(
    `select order_id, signed_at, plan from loan_restructures
     where order_id = any($1::uuid[]) and status = 'signed' and signed_at < $2
     order by signed_at`,
    [orderIds, cutoff],
  );
  const latestPlan = new Map<string, { signedAt: Date; plan: RestructurePlan }>();
  for (const row of restructures)
    latestPlan.set(row.order_id, {
      signedAt: new Date(row.signed_at),
      plan: typeof row.plan === 'string' ? JSON.parse(row.plan) : row.plan,
    });

  const people = await tx.query<{
    user_id: string;
    mobile: string;
    basic_info: Record<string, unknown> | string | null;
    addition_info: Record<string, unknown> | string | null;
  }>(
    `select u.user_id, u.mobile, p.basic_info, p.addition_info
     from users u left join profiles p on p.user_id = u.user_id
     where u.user_id = any($1::uuid[])`,
    [userIds],
  );

  const subjects = people.map((row): CicSubject => {
    const info = parsed(row.basic_info);
    const work = parsed(row.addition_info);
    const values = info as ProfileValues;
    return {
      subjectNo: numbers.subjectNo.get(row.user_id) as string,
      firstName: text(info.firstName),
      middleName: text(info.middleName) || null,
      lastName: text(info.lastName),
      gender: Number(info.gender) || null,
      birthDay: birthDayOf(info.inputBirthday),
      address: fullAddress(info),
      // ADR 0083: the permanent address when it differs, her TIN/SSS/GSIS, her PhilID's PCN, her employer.
      secondAddress: permanentAddressDiffers(values) ? fullAddress(info, 'permanent') || null : null,
      mobile: row.mobile,
      email: text(info.email) || null,
      identifications: identificationsOf(values),
      philIdCardNumber: philIdCardNumberOf(values),
      employerName: asksEmployerName(text(work.employmentType)) ? text(work.employerName) || null : null,
    };
  });

  const contracts = loans.map((row): CicContract => {
    const quote: LoanQuote = typeof row.quote === 'string' ? JSON.parse(row.quote) : row.quote;
    const own = entries.filter((entry) => entry.order_id === row.order_id);
    const balance = balancesOf(own.map((entry) => ({ ...entry, amount: Number(entry.amount) })));
    const byDay = new Map<string, number>();
    let paidToInstalments = 0;
    for (const entry of own) {
      const amount = Number(entry.amount);
      if (entry.account === 'cash' && (entry.kind === 'repayment' || entry.kind === 'recovery')) {
        const day = manilaDay(new Date(entry.occurred_at));
        byDay.set(day, (byDay.get(day) ?? 0) + amount);
      }
      // A repayment credits the principal and interest it paid; a write-off's recoveries pay what is left.
      if (
        entry.kind === 'repayment' &&
        (entry.account === 'principal_receivable' || entry.account === 'interest_receivable')
      )
        paidToInstalments -= amount;
      if (entry.kind === 'recovery' && entry.account === 'write_off_recovery') paidToInstalments -= amount;
    }
    // The day the payout succeeded, as servicing dates the schedule (loan_schedules is written on first need).
    const disbursedOn = manilaDay(new Date(row.disbursed_at));
    const schedule = { disbursedOn, shiftDays: Number(row.shift_days ?? 0) };
    const dueDates = instalmentDueDates(schedule, quote.schedule);
    const finishedAt = row.finished_at === null ? null : new Date(row.finished_at);
    const closed = CLOSED.includes(row.status) && finishedAt !== null && finishedAt < cutoff;
    const restructured = latestPlan.get(row.order_id);
    if (restructured) {
      const { plan, signedAt } = restructured;
      const lines = plan.schedule.map((line) => ({ dueOn: line.dueDate, amount: line.total }));
      const planTotal = lines.reduce((sum, line) => sum + line.amount, 0);
      const outstanding = Math.max(0, balance.totalDue + balance.owedAfterWriteOff);
      // What she paid toward the new schedule is what it totals less what is still owed of it; penalty
      // accrued since she signed is owed besides the schedule (as servicing counts it, restructuredAmountDue).
      const penaltySince = own
        .filter(
          (entry) =>
            entry.kind === 'penalty_accrual' &&
            entry.account === 'penalty_receivable' &&
            new Date(entry.occurred_at) > signedAt,
        )
        .reduce((sum, entry) => sum + Number(entry.amount), 0);
      const newPenalty = Math.min(Math.max(balance.penalty, 0), penaltySince);
      return {
        contractNo: numbers.contractNo.get(row.order_id) as string,
        subjectNo: numbers.subjectNo.get(row.user_id) as string,
        requestedOn: manilaDay(new Date(row.submitted_at ?? row.created_at)),
        startedOn: disbursedOn,
        plannedEndOn: lines.at(-1)?.dueOn ?? disbursedOn,
        closedOn: closed ? manilaDay(finishedAt as Date) : null,
        financed: Number(row.principal),
        instalments: lines,
        payments: [...byDay].filter(([, amount]) => amount > 0).map(([on, amount]) => ({ on, amount })),
        paidToInstalments: Math.max(0, planTotal - Math.max(0, outstanding - newPenalty)),
        outstanding,
      };
    }
    return {
      contractNo: numbers.contractNo.get(row.order_id) as string,
      subjectNo: numbers.subjectNo.get(row.user_id) as string,
      requestedOn: manilaDay(new Date(row.submitted_at ?? row.created_at)),
      startedOn: disbursedOn,
      plannedEndOn: dueDates.at(-1) ?? disbursedOn,
      closedOn: closed ? manilaDay(finishedAt as Date) : null,
      financed: Number(row.principal),
      instalments: quote.schedule.map((line, index) => ({
        dueOn: dueDates[index] as string,
        amount: line.total,
      })),
      payments: [...byDay].filter(([, amount]) => amount > 0).map(([on, amount]) => ({ on, amount })),
      paidToInstalments: Math.max(0, paidToInstalments),
      outstanding: Math.max(0, balance.totalDue + balance.owedAfterWriteOff),
    };
  });
  return { subjects, contracts };
}

export interface CicExported {
  submissionId: string;
  packageName: string;
  providerCode: string;
  referenceDay: string;
  content: string;
  sha256: string;
  recordCount: number;
}

/**
 * Builds, validates and keeps a month's file. A file the validator refuses is not kept: the error lists
 * every problem, line and field.
 */
export async function exportCicMonth(
  db: Database,
  clock: Clock,
  input: { month: string; packageName?: string | null; providerCode?: string | null; createdBy: string },
  /** Work in the transaction that keeps the file (the console's audit row): both are kept or neither. */
  onKept?: (tx: Queryable, file: CicExported) => Promise<void>,
): Promise<CicExported> {
  const now = clock.now();
  const referenceDay = cicReferenceDay(input.month, manilaDay(now));
  const brands = await db.query<{ package_name: string; cic_provider_code: string | null }>(
    'select package_name, cic_provider_code from brands order by package_name',
  );
  const brand = input.packageName
    ? brands.find((row) => row.package_name === input.packageName)
    : brands.length === 1
      ? brands[0]
      : undefined;
  if (!brand)
    throw new CicExportError(
      input.packageName
        ? `No brand "${input.packageName}".`
        : `Several brands: name one with --brand (${brands.map((row) => row.package_name).join(', ')}).`,
    );
  const providerCode = input.providerCode?.trim() || brand.cic_provider_code;
  if (!providerCode)
    throw new CicExportError(
      `The brand ${brand.package_name} has no CIC provider code: give --provider-code.`,
      [],
      'providerCode',
    );
  if (!/^[A-Za-z0-9]{1,8}$/.test(providerCode))
    throw new CicExportError(
      `A CIC provider code is 1 to 8 letters and digits, not "${providerCode}".`,
      [],
      'providerCode',
    );
  return db.transaction(async (tx) => {
    const data = await cicMonthData(tx, {
      packageName: brand.package_name,
      month: input.month,
      referenceDay,
      now,
    });
    const content = buildCicFile({ providerCode, referenceDay, submissionType: 0, ...data });
    const problems = validateCsdf(content);
    if (problems.length > 0)
      throw new CicExportError(
        `The ${input.month} file breaks the format's rules; nothing was kept.`,
        problems,
      );
    const kept = await keepCicFile(tx, {
      packageName: brand.package_name,
      providerCode,
      month: input.month,
      referenceDay,
      content,
      correctsSubmissionId: null,
      createdBy: input.createdBy,
      now,
    });
    await onKept?.(tx, kept);
    return kept;
  });
}

/** Keeps a validated file with its sha256; a correction (type 1) names the file it corrects. */
export async function keepCicFile(
  tx: Queryable,
  input: {
    packageName: string;
    providerCode: string;
    month: string;
    referenceDay: string;
    content: string;
    correctsSubmissionId: string | null;
    createdBy: string;
    now: Date;
  },
): Promise<CicExported> {
  const sha256 = createHash('sha256').update(input.content, 'utf8').digest('hex');
  const recordCount = input.content.split('\r\n').length - 1;
  const submissionId = randomUUID();
  await tx.query(
    `insert into cic_submissions (submission_id, package_name, provider_code, month, reference_date, submission_type,
       record_count, content, sha256, created_by, created_at, corrects_submission_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      submissionId,
      input.packageName,
      input.providerCode,
      input.month,
      input.referenceDay,
      input.correctsSubmissionId === null ? 0 : 1,
      recordCount,
      input.content,
      sha256,
      input.createdBy,
      input.now,
      input.correctsSubmissionId,
    ],
  );
  return {
    submissionId,
    packageName: input.packageName,
    providerCode: input.providerCode,
    referenceDay: input.referenceDay,
    content: input.content,
    sha256,
    recordCount,
  };
}
