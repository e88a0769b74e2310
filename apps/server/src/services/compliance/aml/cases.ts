import { randomUUID } from 'node:crypto';
import { type AmlCase, RED_FLAG_LABELS, type RedFlagRule } from '@hiram/contract/ops/aml';
import { COLLECTION_CHANNELS } from '@hiram/contract/repayment';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../domain/app-error.ts';
import type { Clock } from '../../../domain/clock.ts';
import { addDays, manilaDay, nextDailyRun } from '../../../domain/servicing-rules.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { Actor } from '../../staff/staff-records.ts';
import { addWorkingDays } from '../privacy/working-days.ts';
import { initialsOf } from './decisions.ts';
import { nameSimilarity } from './name-match.ts';
import { type RuleVersion, rulesInForce } from './red-flags.ts';

/**
 * AML cases (issue 23, ADR 0085; RA 9160 as amended, AMLC Res. 061-16, 2018 IRR Rule 22). A daily job applies
 * the red-flag rules in force to the last days' transactions and opens a case per finding, once. Two clocks:
 * the compliance officer's finding is due within 10 calendar days of the transaction; once found suspicious,
 * the STR is due within 5 working days of the finding. A covered transaction (cash over ₱500,000 in a day)
 * needs no finding: its CTR is due within 5 working days of the transaction. The report is drafted from the
 * case with the ARRG's data fields and the case is closed with the AMLC portal's filing reference.
 */
export const AML_RED_FLAGS_DAILY_JOB = 'amlRedFlagsDaily';
/** 04:00 Manila: after the servicing run and the day's collections have settled. */
const RED_FLAGS_RUN_MINUTE = 4 * 60;
/** How far back a run looks: the finding window; an older transaction is past its finding anyway. */
const LOOKBACK_DAYS = 10;

/** Channels where the borrower pays cash over a counter; e-wallets and banks are transfers, never cash. */
export const CASH_CHANNELS: readonly string[] = Object.entries(COLLECTION_CHANNELS)
  .filter(([, channel]) => channel.group === 'counter')
  .map(([id]) => id);

interface Deadlines {
  finding_days: number;
  str_working_days: number;
  ctr_working_days: number;
}

async function deadlinesOn(db: Queryable, day: string): Promise<Deadlines> {
  const [row] = await db.query<Deadlines>(
    `select finding_days, str_working_days, ctr_working_days from aml_report_deadlines
     where effective_from <= $1 order by effective_from desc limit 1`,
    [day],
  );
  if (!row) throw new Error(`no AML report deadlines in force on ${day}`);
  return row;
}

export interface Transaction {
  kind: string;
  reference: string;
  on: string;
  amount: number | null;
  detail: string | null;
}

interface Finding {
  userId: string;
  subjectKey: string;
  summary: string;
  transactions: Transaction[];
}

type Evaluate = (db: Queryable, thresholds: Record<string, number>, since: string) => Promise<Finding[]>;

const day = (value: Date | string) => manilaDay(new Date(value));

/** What each rule finds among the transactions since `since` (an instant). */
const EVALUATE: Record<RedFlagRule, Evaluate> = {
  async repeatBorrowing(db, { loans = 3, withinDays = 30 }, since) {
    const rows = await db.query<{
      user_id: string;
      order_id: string;
      submitted_at: Date | string;
      principal: string;
    }>(
      `select o.user_id, o.order_id, o.submitted_at, o.principal from loan_orders o
       where o.submitted_at is not null and o.submitted_at >= ($1::timestamptz - make_interval(days => $2::int))
         and o.user_id in (select user_id from loan_orders where submitted_at >= $1)
       order by o.user_id, o.submitted_at`,
      [since, withinDays],
    );
    const byUser = new Map<string, typeof rows>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    const found: Finding[] = [];
    for (const [userId, orders] of byUser) {
      const last = orders.at(-1);
      if (!last) continue;
      const window = orders.filter(
        (order) =>
          new Date(last.submitted_at).getTime() - new Date(order.submitted_at).getTime() <=
          withinDays * 86_400_000,
      );
      if (window.length < loans) continue;
      found.push({
        userId,
        subjectKey: `${userId}:${last.order_id}`,
        summary: `${window.length} loans applied for within ${withinDays} days`,
        transactions: window.map((order) => ({
          kind: 'loan',
          reference: order.order_id,
          on: day(order.submitted_at),
          amount: Number(order.principal),
          detail: 'loan applied for',
        })),
      });
    }
    return found;
  },

  async thirdPartyPayment(db, { nameScoreBelow = 70 }, since) {
    const rows = await db.query<{
      event_id: string;
      payer_name: string;
      received_at: Date | string;
      user_id: string;
      order_id: string;
      amount: string | null;
      first_name: string | null;
      middle_name: string | null;
      last_name: string | null;
      read_name: string | null;
    }>(
      `select e.event_id, e.payer_name, e.received_at, i.user_id, i.order_id, e.amount,
         p.basic_info->>'firstName' as first_name, p.basic_info->>'middleName' as middle_name,
         p.basic_info->>'lastName' as last_name, c.confirmed->>'fullName' as read_name
       from provider_events e
       join collection_instruments i on i.instrument_id::text = e.subject
       left join profiles p on p.user_id = i.user_id
       left join identity_checks c on c.user_id = i.user_id
       where e.provider = 'collections' and e.outcome = 'paid' and e.payer_name is not null
         and e.received_at >= $1`,
      [since],
    );
    const found: Finding[] = [];
    for (const row of rows) {
      const hers = [
        [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' '),
        [row.first_name, row.last_name].filter(Boolean).join(' '),
        row.read_name ?? '',
      ].filter((name) => name.trim() !== '');
      const score = Math.round(
        Math.max(0, ...hers.map((name) => nameSimilarity(name, row.payer_name))) * 100,
      );
      if (score >= nameScoreBelow) continue;
      found.push({
        userId: row.user_id,
        subjectKey: row.event_id,
        summary: `A payment from someone else: the payer's name is ${score}% like hers`,
        transactions: [
          {
            kind: 'payment',
            reference: row.event_id,
            on: day(row.received_at),
            amount: row.amount === null ? null : Number(row.amount),
            detail: `payer: ${row.payer_name}; loan ${row.order_id}`,
          },
        ],
      });
    }
    return found;
  },

  async overpaymentRefund(db, { minAmount = 100_000 }, since) {
    const rows = await db.query<{
      proposal_id: string;
      user_id: string;
      order_id: string;
      amount: string;
      created_at: Date | string;
    }>(
      `select distinct on (proposal_id) proposal_id, user_id, order_id, amount, created_at
       from overpayment_refunds where created_at >= $1 and amount >= $2
       order by proposal_id, created_at`,
      [since, minAmount],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      subjectKey: row.proposal_id,
      summary: 'An over-payment paid back to her',
      transactions: [
        {
          kind: 'refund',
          reference: row.proposal_id,
          on: day(row.created_at),
          amount: Number(row.amount),
          detail: `over-payment refunded on loan ${row.order_id}`,
        },
      ],
    }));
  },

  async payoutAccountChange(db, { withinDays = 3 }, since) {
    const rows = await db.query<{
      user_id: string;
      order_id: string;
      submitted_at: Date | string;
      principal: string;
      changed_at: Date | string;
      bank_code: string;
      last_digits: string;
    }>(
      `select o.user_id, o.order_id, o.submitted_at, o.principal, h.at as changed_at, h.bank_code, h.last_digits
       from loan_orders o
       join lateral (
         select h.* from payout_account_history h
         where h.user_id = o.user_id and h.at <= o.submitted_at
           and h.at >= o.submitted_at - make_interval(days => $2::int)
           -- A change: an account before it that was another one.
           and exists (select 1 from payout_account_history b where b.user_id = h.user_id
             and b.history_id < h.history_id and (b.bank_code, b.last_digits) <> (h.bank_code, h.last_digits))
         order by h.history_id desc limit 1) h on true
       where o.submitted_at >= $1`,
      [since, withinDays],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      subjectKey: row.order_id,
      summary: `Payout account changed within ${withinDays} days before a loan`,
      transactions: [
        {
          kind: 'payoutAccountChange',
          reference: `${row.bank_code} *${row.last_digits}`,
          on: day(row.changed_at),
          amount: null,
          detail: 'new payout account',
        },
        {
          kind: 'loan',
          reference: row.order_id,
          on: day(row.submitted_at),
          amount: Number(row.principal),
          detail: 'loan applied for',
        },
      ],
    }));
  },

  async sharedIdentity(db, { minAccounts = 2 }, since) {
    // The fraud checks' fingerprints (issue 21, ADR 0070): one ID number or device behind several accounts.
    const rows = await db.query<{
      kind: string;
      fingerprint: string;
      user_id: string;
      last_seen_at: Date | string;
      accounts: number;
    }>(
      `select f.kind, f.fingerprint, f.user_id, f.last_seen_at, s.accounts
       from fraud_fingerprints f
       join (select kind, fingerprint, count(distinct user_id)::int as accounts from fraud_fingerprints
             where kind in ('idNumber', 'device') group by kind, fingerprint
             having count(distinct user_id) >= $2) s on s.kind = f.kind and s.fingerprint = f.fingerprint
       where f.last_seen_at >= $1`,
      [since, minAccounts],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      subjectKey: `${row.kind}:${row.fingerprint}:${row.user_id}`,
      summary: `${row.kind === 'device' ? 'One device' : 'One ID number'} behind ${row.accounts} accounts`,
      transactions: [
        {
          kind: 'sharedIdentity',
          reference: `${row.kind} ${row.fingerprint.slice(0, 12)}`,
          on: day(row.last_seen_at),
          amount: null,
          detail: `${row.accounts} accounts`,
        },
      ],
    }));
  },

  async cashTransaction(db, { overAmount = 50_000_000 }, since) {
    const rows = await db.query<{ user_id: string; on_day: string; total: string; refs: string[] | string }>(
      `select user_id, (settled_at at time zone 'Asia/Manila')::date::text as on_day,
         sum(paid_amount)::bigint as total, array_agg(reference order by settled_at) as refs
       from collection_instruments
       where status = 'paid' and settled_at >= $1 and channel = any($2::text[])
       group by user_id, (settled_at at time zone 'Asia/Manila')::date
       having sum(paid_amount) > $3`,
      [since, CASH_CHANNELS, overAmount],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      subjectKey: `${row.user_id}:${row.on_day}`,
      summary: 'Cash over the covered-transaction threshold in one day',
      transactions: [
        {
          kind: 'cashPayment',
          reference: (typeof row.refs === 'string'
            ? row.refs.replace(/[{}]/g, '').split(',')
            : row.refs
          ).join(' '),
          on: row.on_day,
          amount: Number(row.total),
          detail: 'cash paid at counters that day',
        },
      ],
    }));
  },
};

interface CaseRow {
  case_id: string;
  user_id: string;
  report_kind: AmlCase['reportKind'];
  rule: RedFlagRule;
  rule_version: number;
  summary: string;
  transactions: Transaction[] | string;
  transaction_on: string;
  opened_at: Date | string;
  finding_due_on: string | null;
  status: AmlCase['status'];
  finding: string | null;
  found_by: string | null;
  found_at: Date | string | null;
  report_due_on: string | null;
  report: unknown;
  drafted_at: Date | string | null;
  filing_reference: string | null;
  filed_on: string | null;
  filed_by: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  package_name: string;
}

const CASE_SQL = `select a.case_id, a.user_id, a.report_kind, a.rule, a.rule_version, a.summary, a.transactions,
    a.transaction_on::text as transaction_on, a.opened_at, a.finding_due_on::text as finding_due_on, a.status,
    a.finding, a.found_by, a.found_at, a.report_due_on::text as report_due_on, a.report, a.drafted_at,
    a.filing_reference, a.filed_on::text as filed_on, a.filed_by,
    p.basic_info->>'firstName' as first_name, p.basic_info->>'middleName' as middle_name,
    p.basic_info->>'lastName' as last_name, u.package_name
  from aml_cases a join users u on u.user_id = a.user_id left join profiles p on p.user_id = a.user_id`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toCase(row: CaseRow): AmlCase {
  return {
    caseId: row.case_id,
    userId: row.user_id,
    maskedName: initialsOf([row.first_name ?? '', row.middle_name ?? '', row.last_name ?? '']),
    reportKind: row.report_kind,
    rule: row.rule,
    ruleLabel: RED_FLAG_LABELS[row.rule],
    ruleVersion: Number(row.rule_version),
    summary: row.summary,
    transactions: typeof row.transactions === 'string' ? JSON.parse(row.transactions) : row.transactions,
    transactionOn: row.transaction_on,
    openedAt: iso(row.opened_at) as string,
    findingDueOn: row.finding_due_on,
    status: row.status,
    finding: row.finding,
    foundBy: row.found_by,
    foundAt: iso(row.found_at),
    reportDueOn: row.report_due_on,
    draftedAt: iso(row.drafted_at),
    filingReference: row.filing_reference,
    filedOn: row.filed_on,
    filedBy: row.filed_by,
  };
}

/** The reporting entity on a report: the brand's lender. */
export interface ReportingEntity {
  corporateName: string;
  secRegistrationNumber: string;
}

export interface AmlCasesDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  lenderOf: (packageName: string) => ReportingEntity | undefined;
}

export class AmlCases {
  constructor(private readonly deps: AmlCasesDeps) {}

  /** Queues the next daily run unless one is queued for that time (every process calls this at start). */
  async scheduleDailyRun(db: Queryable = this.deps.db): Promise<void> {
    const now = this.deps.clock.now();
    await db.query(
      `insert into jobs (kind, payload, run_at, created_at)
       select $1, '{}', $2, $3
       where not exists (select 1 from jobs where kind = $1 and run_at = $2)`,
      [AML_RED_FLAGS_DAILY_JOB, nextDailyRun(now, RED_FLAGS_RUN_MINUTE).toISOString(), now.toISOString()],
    );
  }

  /**
   * One run: every enabled rule in force today over the last LOOKBACK_DAYS, each finding a case once (the
   * rule and what it found are unique). Returns how many cases each rule opened.
   */
  async runDaily(): Promise<Partial<Record<RedFlagRule, number>>> {
    await this.scheduleDailyRun();
    const now = this.deps.clock.now();
    const today = manilaDay(now);
    const since = new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000).toISOString();
    const rules = await rulesInForce(this.deps.db, today);
    const deadlines = await deadlinesOn(this.deps.db, today);
    const opened: Partial<Record<RedFlagRule, number>> = {};
    for (const rule of rules.values()) {
      if (!rule.enabled) continue;
      try {
        const findings = await EVALUATE[rule.rule](this.deps.db, rule.thresholds, since);
        opened[rule.rule] = await this.deps.db.transaction(async (tx) => {
          let count = 0;
          for (const finding of findings) count += await this.open(tx, rule, finding, deadlines, now);
          return count;
        });
      } catch (error) {
        this.deps.log.error({ err: error, rule: rule.rule }, 'an AML red-flag rule failed');
      }
    }
    this.deps.log.info({ opened }, 'AML red-flag run');
    return opened;
  }

  private async open(
    tx: Queryable,
    rule: RuleVersion,
    finding: Finding,
    deadlines: Deadlines,
    now: Date,
  ): Promise<number> {
    const transactionOn =
      finding.transactions
        .map((t) => t.on)
        .sort()
        .at(-1) ?? manilaDay(now);
    const covered = rule.rule === 'cashTransaction';
    const caseId = randomUUID();
    const inserted = await tx.query(
      `insert into aml_cases (case_id, user_id, report_kind, rule, rule_version, subject_key, summary, transactions,
         transaction_on, opened_at, finding_due_on, status, report_due_on)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       on conflict (rule, subject_key) do nothing returning case_id`,
      [
        caseId,
        finding.userId,
        covered ? 'ctr' : 'str',
        rule.rule,
        rule.version,
        finding.subjectKey,
        finding.summary,
        JSON.stringify(finding.transactions),
        transactionOn,
        now.toISOString(),
        covered ? null : addDays(transactionOn, deadlines.finding_days),
        covered ? 'reportable' : 'open',
        covered ? addWorkingDays(transactionOn, deadlines.ctr_working_days) : null,
      ],
    );
    if (inserted.length === 0) return 0;
    await recordAudit(tx, {
      at: now,
      actorId: null,
      actorEmail: null,
      action: 'aml.case.open',
      target: `amlCase:${caseId}`,
      after: { rule: rule.rule, version: rule.version, reportKind: covered ? 'ctr' : 'str' },
    });
    return 1;
  }

  async list(status: AmlCase['status'] | undefined, actor: Actor): Promise<AmlCase[]> {
    const rows = await this.deps.db.query<CaseRow>(
      `${CASE_SQL} where ($1::text is null and a.status in ('open', 'reportable') or a.status = $1)
         and ($2::text is null or u.package_name = $2)
       order by coalesce(a.finding_due_on, a.report_due_on), a.opened_at limit 500`,
      [status ?? null, actor.brandScope],
    );
    return rows.map(toCase);
  }

  private async locked(tx: Queryable, caseId: string, actor: Actor): Promise<CaseRow> {
    const [row] = await tx.query<CaseRow>(`${CASE_SQL} where a.case_id = $1 for update of a`, [caseId]);
    if (!row || (actor.brandScope !== null && row.package_name !== actor.brandScope))
      throw new AppError('NOT_FOUND');
    return row;
  }

  private async one(caseId: string): Promise<AmlCase> {
    const [row] = await this.deps.db.query<CaseRow>(`${CASE_SQL} where a.case_id = $1`, [caseId]);
    if (!row) throw new AppError('NOT_FOUND');
    return toCase(row);
  }

  private audit(actor: Actor, action: string, caseId: string, brand: string, after: unknown) {
    return {
      at: this.deps.clock.now(),
      actorId: actor.staffId,
      actorEmail: actor.email,
      action,
      target: `amlCase:${caseId}`,
      brandScope: brand,
      after,
      clientAddress: actor.clientAddress ?? null,
      userAgent: actor.userAgent ?? null,
    };
  }

  /** The finding: suspicious (the STR is due 5 working days later) or not (the case is dismissed). */
  async recordFinding(
    input: { caseId: string; suspicious: boolean; finding: string },
    actor: Actor,
  ): Promise<AmlCase> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.locked(tx, input.caseId, actor);
      if (row.status !== 'open') throw new AppError('AML_CASE_NOT_OPEN');
      const now = this.deps.clock.now();
      const today = manilaDay(now);
      const deadlines = await deadlinesOn(tx, today);
      await tx.query(
        `update aml_cases set status = $2, finding = $3, found_by = $4, found_at = $5, report_due_on = $6
         where case_id = $1`,
        [
          input.caseId,
          input.suspicious ? 'reportable' : 'dismissed',
          input.finding,
          actor.email ?? 'command line',
          now.toISOString(),
          input.suspicious ? addWorkingDays(today, deadlines.str_working_days) : null,
        ],
      );
      await recordAudit(
        tx,
        this.audit(actor, 'aml.case.finding', input.caseId, row.package_name, {
          suspicious: input.suspicious,
          late: row.finding_due_on !== null && today > row.finding_due_on,
        }),
      );
    });
    return this.one(input.caseId);
  }

  /**
   * The STR or CTR drafted from the case with the ARRG's data fields: the reporting entity, the subject, each
   * transaction, the reason (the red flag and the finding). Stored on the case as drafted, audited.
   */
  async draftReport(
    input: { caseId: string; format: 'csv' | 'json' },
    actor: Actor,
  ): Promise<{ fileName: string; contentType: string; content: string }> {
    return this.deps.db.transaction(async (tx) => {
      const row = await this.locked(tx, input.caseId, actor);
      if (row.status !== 'reportable' && row.status !== 'filed')
        throw new AppError('AML_CASE_NOT_REPORTABLE');
      const report = await this.reportOf(tx, row);
      const now = this.deps.clock.now();
      await tx.query('update aml_cases set report = $2, drafted_at = $3 where case_id = $1', [
        input.caseId,
        JSON.stringify(report),
        now.toISOString(),
      ]);
      await recordAudit(
        tx,
        this.audit(actor, 'aml.case.report', input.caseId, row.package_name, {
          format: input.format,
          transactions: report.transactions.length,
        }),
      );
      const base = `${row.report_kind}-${manilaDay(now)}-${input.caseId.slice(0, 8)}`;
      return input.format === 'json'
        ? {
            fileName: `${base}.json`,
            contentType: 'application/json',
            content: JSON.stringify(report, null, 2),
          }
        : { fileName: `${base}.csv`, contentType: 'text/csv', content: reportCsv(report) };
    });
  }

  private async reportOf(tx: Queryable, row: CaseRow): Promise<AmlReport> {
    const [subject] = await tx.query<{ basic_info: Record<string, unknown> | string | null; mobile: string }>(
      'select p.basic_info, u.mobile from users u left join profiles p on p.user_id = u.user_id where u.user_id = $1',
      [row.user_id],
    );
    const info =
      typeof subject?.basic_info === 'string' ? JSON.parse(subject.basic_info) : (subject?.basic_info ?? {});
    const text = (key: string) => (typeof info[key] === 'string' ? (info[key] as string) : '');
    const lender = this.deps.lenderOf(row.package_name);
    const transactions: Transaction[] =
      typeof row.transactions === 'string' ? JSON.parse(row.transactions) : row.transactions;
    return {
      reportType: row.report_kind.toUpperCase() as 'STR' | 'CTR',
      caseId: row.case_id,
      reportingEntity: {
        name: lender?.corporateName ?? row.package_name,
        secRegistrationNumber: lender?.secRegistrationNumber ?? '',
        coveredPersonType: 'lending company (SEC MC 4 s.2021)',
      },
      subject: {
        subjectType: 'individual',
        lastName: text('lastName'),
        firstName: text('firstName'),
        middleName: text('middleName'),
        birthDate: text('inputBirthday'),
        address: [text('address'), text('city'), text('state')].filter(Boolean).join(', '),
        idNumber: text('nationalId'),
        mobile: subject?.mobile ?? '',
        email: text('email'),
      },
      transactions: transactions.map((t, index) => ({
        sequence: index + 1,
        transactionDate: t.on,
        reference: t.reference,
        kind: t.kind,
        amountPesos: t.amount === null ? null : (t.amount / 100).toFixed(2),
        currency: 'PHP',
        detail: t.detail,
      })),
      reason: {
        redFlag: RED_FLAG_LABELS[row.rule],
        ruleVersion: Number(row.rule_version),
        summary: row.summary,
        narrative: row.finding ?? '',
      },
      dates: {
        transactionOn: row.transaction_on,
        foundOn: row.found_at ? manilaDay(new Date(row.found_at)) : null,
        dueOn: row.report_due_on,
      },
    };
  }

  /** Closed with the AMLC portal's reference, once its report was drafted. */
  async recordFiling(
    input: { caseId: string; filingReference: string; filedOn: string },
    actor: Actor,
  ): Promise<AmlCase> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.locked(tx, input.caseId, actor);
      if (row.status !== 'reportable') throw new AppError('AML_CASE_NOT_REPORTABLE');
      if (!row.drafted_at) throw new AppError('AML_REPORT_NOT_DRAFTED');
      const now = this.deps.clock.now();
      await tx.query(
        `update aml_cases set status = 'filed', filing_reference = $2, filed_on = $3, filed_by = $4, filed_at = $5
         where case_id = $1`,
        [
          input.caseId,
          input.filingReference,
          input.filedOn,
          actor.email ?? 'command line',
          now.toISOString(),
        ],
      );
      await recordAudit(
        tx,
        this.audit(actor, 'aml.case.file', input.caseId, row.package_name, {
          filingReference: input.filingReference,
          filedOn: input.filedOn,
          late: row.report_due_on !== null && input.filedOn > row.report_due_on,
        }),
      );
    });
    return this.one(input.caseId);
  }
}

export interface AmlReport {
  reportType: 'STR' | 'CTR';
  caseId: string;
  reportingEntity: { name: string; secRegistrationNumber: string; coveredPersonType: string };
  subject: {
    subjectType: 'individual';
    lastName: string;
    firstName: string;
    middleName: string;
    birthDate: string;
    address: string;
    idNumber: string;
    mobile: string;
    email: string;
  };
  transactions: {
    sequence: number;
    transactionDate: string;
    reference: string;
    kind: string;
    amountPesos: string | null;
    currency: 'PHP';
    detail: string | null;
  }[];
  reason: { redFlag: string; ruleVersion: number; summary: string; narrative: string };
  dates: { transactionOn: string; foundOn: string | null; dueOn: string | null };
}

/** The CSV columns: one row per transaction, the entity, subject and reason repeated on each (docs ADR 0085). */
export const REPORT_CSV_COLUMNS = [
  'report_type',
  'case_id',
  'reporting_entity',
  'sec_registration_number',
  'subject_type',
  'last_name',
  'first_name',
  'middle_name',
  'birth_date',
  'address',
  'id_number',
  'mobile',
  'email',
  'sequence',
  'transaction_date',
  'transaction_reference',
  'transaction_kind',
  'amount',
  'currency',
  'transaction_detail',
  'red_flag',
  'narrative',
] as const;

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A cell starting with = + - @ is a formula to a spreadsheet: prefixed with a quote, it stays text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function reportCsv(report: AmlReport): string {
  const lines = [REPORT_CSV_COLUMNS.join(',')];
  for (const t of report.transactions) {
    const { subject } = report;
    lines.push(
      [
        report.reportType,
        report.caseId,
        report.reportingEntity.name,
        report.reportingEntity.secRegistrationNumber,
        subject.subjectType,
        subject.lastName,
        subject.firstName,
        subject.middleName,
        subject.birthDate,
        subject.address,
        subject.idNumber,
        subject.mobile,
        subject.email,
        t.sequence,
        t.transactionDate,
        t.reference,
        t.kind,
        t.amountPesos,
        t.currency,
        t.detail,
        report.reason.redFlag,
        [report.reason.summary, report.reason.narrative].filter(Boolean).join(' — '),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
