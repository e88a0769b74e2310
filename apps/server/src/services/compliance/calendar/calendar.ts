import { randomUUID } from 'node:crypto';
import type { ComplianceDuty, DutyStatus } from '@hiram/contract/ops/compliance-calendar';
import type { StaffRole } from '@hiram/contract/ops/staff';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../domain/app-error.ts';
import type { Clock } from '../../../domain/clock.ts';
import { addDays, manilaDay, nextDailyRun } from '../../../domain/servicing-rules.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { Actor } from '../../staff/staff-records.ts';
import { DUTY_RULES, dutiesDue, ruleOf } from './duty-rules.ts';

/**
 * The compliance calendar (migration 0073; ADR 0087): each lender's duties, stored as they come into view so
 * a filing, its reference and its reminder have a row to live on; a daily job raises the reminders.
 */
export const CALENDAR_DAILY_JOB = 'complianceCalendarDaily';
/** 07:00 Manila: the reminders are there when the office opens. */
const CALENDAR_RUN_MINUTE = 7 * 60;
/** The daily job keeps duties in view from this many days back (a missed one stays overdue) and ahead. */
const VIEW_BACK_DAYS = 62;
const VIEW_AHEAD_DAYS = 92;

interface DutyRow {
  duty_id: string;
  package_name: string;
  kind: string;
  period: string;
  due_on: Date | string;
  remind_on: Date | string;
  reminded_at: Date | string | null;
  filed_at: Date | string | null;
  filed_by_email: string | null;
  filing_reference: string | null;
}

const day = (value: Date | string): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);
const isoOrNull = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export function dutyOf(row: DutyRow, today: string): ComplianceDuty {
  const dueOn = day(row.due_on);
  const remindOn = day(row.remind_on);
  const rule = ruleOf(row.kind, dueOn);
  const status: DutyStatus =
    row.filed_at !== null ? 'filed' : dueOn < today ? 'overdue' : remindOn <= today ? 'dueSoon' : 'upcoming';
  return {
    dutyId: row.duty_id,
    packageName: row.package_name,
    kind: row.kind,
    title: rule?.title ?? row.kind,
    regulator: rule?.regulator ?? 'SEC',
    role: rule?.role ?? 'compliance',
    period: row.period,
    dueOn,
    remindOn,
    remindedAt: isoOrNull(row.reminded_at),
    status,
    filedAt: isoOrNull(row.filed_at),
    filedBy: row.filed_by_email,
    filingReference: row.filing_reference,
    source: rule?.source ?? '',
    confirmed: rule?.confirmed ?? false,
  };
}

const SELECT_DUTY = `select d.*, s.email as filed_by_email from compliance_duties d
  left join staff s on s.staff_id = d.filed_by`;

/** The duty kinds a role is reminded of (admins: every one). */
export function dutyKindsOf(role: StaffRole): string[] {
  return [...new Set(DUTY_RULES.filter((r) => role === 'admin' || r.role === role).map((r) => r.kind))];
}

export class ComplianceCalendar {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Every brand (lender). */
  private async brands(): Promise<{ packageName: string }[]> {
    const rows = await this.deps.db.query<{ package_name: string }>(
      'select package_name from brands order by package_name',
    );
    return rows.map((r) => ({ packageName: r.package_name }));
  }

  /** The brand a member works on: the one named, her own, or the only one. */
  async brandFor(actor: Actor, named: string | undefined): Promise<string> {
    const all = (await this.brands()).map((b) => b.packageName);
    const brand = named ?? actor.brandScope ?? (all.length === 1 ? all[0] : undefined);
    if (brand === undefined) throw new AppError('COMPLIANCE_BRAND_REQUIRED');
    if (!all.includes(brand) || (actor.brandScope !== null && actor.brandScope !== brand))
      throw new AppError('NOT_FOUND');
    return brand;
  }

  async meetingDay(db: Queryable, brand: string): Promise<string | null> {
    const [row] = await db.query<{ annual_meeting_day: string }>(
      'select annual_meeting_day from compliance_lender_dates where package_name = $1',
      [brand],
    );
    return row?.annual_meeting_day ?? null;
  }

  /** Stores the duties due from `fromDay` to `toDay` that have no row yet (running twice adds nothing). */
  async ensureDuties(db: Queryable, brand: string, fromDay: string, toDay: string): Promise<void> {
    const due = dutiesDue(fromDay, toDay, await this.meetingDay(db, brand));
    for (const duty of due)
      await db.query(
        `insert into compliance_duties (duty_id, package_name, kind, period, due_on, remind_on)
         values ($1, $2, $3, $4, $5, $6) on conflict (package_name, kind, period) do nothing`,
        [randomUUID(), brand, duty.rule.kind, duty.period, duty.dueOn, duty.remindOn],
      );
  }

  /** A month's calendar: every overdue duty first, then those due in the month and the next. */
  async read(actor: Actor, input: { brand?: string | undefined; month?: string | undefined }) {
    const brand = await this.brandFor(actor, input.brand);
    const now = this.deps.clock.now();
    const today = manilaDay(now);
    const month = input.month ?? today.slice(0, 7);
    const from = `${month}-01`;
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    // Day 0 of the month after next (Date.UTC counts months from 0) is the last day of the next month.
    const nextMonthEnd = new Date(Date.UTC(year, monthNumber + 1, 0)).toISOString().slice(0, 10);
    await this.ensureDuties(this.deps.db, brand, addDays(today, -VIEW_BACK_DAYS), today);
    await this.ensureDuties(this.deps.db, brand, from, nextMonthEnd);
    const rows = await this.deps.db.query<DutyRow>(
      `${SELECT_DUTY} where d.package_name = $1
         and ((d.filed_at is null and d.due_on < $2) or d.due_on between $3 and $4)
       order by (d.filed_at is null and d.due_on < $2) desc, d.due_on, d.kind`,
      [brand, today, from, nextMonthEnd],
    );
    return {
      asOf: now.toISOString(),
      today,
      month,
      brand,
      annualMeetingDay: await this.meetingDay(this.deps.db, brand),
      items: rows.map((row) => dutyOf(row, today)),
    };
  }

  async duty(db: Queryable, dutyId: string, actor: Actor): Promise<DutyRow | null> {
    const [row] = await db.query<DutyRow>(
      `${SELECT_DUTY} where d.duty_id = $1 and ($2::text is null or d.package_name = $2)`,
      [dutyId, actor.brandScope],
    );
    return row ?? null;
  }

  /** Records a duty as filed, once, with its reference and who filed it. */
  async markFiled(input: { dutyId: string; reference: string }, actor: Actor): Promise<ComplianceDuty> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const row = await this.duty(tx, input.dutyId, actor);
      if (!row) throw new AppError('NOT_FOUND');
      const [updated] = await tx.query(
        `update compliance_duties set filed_at = $2, filed_by = $3, filing_reference = $4
         where duty_id = $1 and filed_at is null returning duty_id`,
        [input.dutyId, now.toISOString(), actor.staffId, input.reference],
      );
      if (!updated) throw new AppError('COMPLIANCE_DUTY_FILED');
      await recordAudit(tx, {
        at: now,
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'compliance.duty.filed',
        target: `complianceDuty:${input.dutyId}`,
        brandScope: row.package_name,
        after: { kind: row.kind, period: row.period, dueOn: day(row.due_on), reference: input.reference },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
      const filed = (await this.duty(tx, input.dutyId, actor)) as DutyRow;
      return dutyOf(filed, manilaDay(now));
    });
  }

  /**
   * Sets the lender's annual meeting day. A GIS already stored keeps its day (it was promised from the old
   * meeting day); one not yet filed and not yet due moves with it.
   */
  async setMeetingDay(input: { brand?: string | undefined; day: string }, actor: Actor) {
    const brand = await this.brandFor(actor, input.brand);
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const before = await this.meetingDay(tx, brand);
      await tx.query(
        `insert into compliance_lender_dates (package_name, annual_meeting_day, updated_at, updated_by)
         values ($1, $2, $3, $4)
         on conflict (package_name) do update set annual_meeting_day = excluded.annual_meeting_day,
           updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
        [brand, input.day, now.toISOString(), actor.staffId],
      );
      // A GIS not filed and not yet reminded is re-dated from the new day.
      await tx.query(
        `delete from compliance_duties where package_name = $1 and kind = 'secGis' and filed_at is null
           and reminded_at is null`,
        [brand],
      );
      await recordAudit(tx, {
        at: now,
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'compliance.meetingDay.set',
        target: `brand:${brand}`,
        brandScope: brand,
        before: before === null ? undefined : { annualMeetingDay: before },
        after: { annualMeetingDay: input.day },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
    });
    return { brand, annualMeetingDay: input.day };
  }

  /** Queues the next daily run unless one is queued for that time (every process calls this at start). */
  async scheduleDailyRun(): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.query(
      `insert into jobs (kind, payload, run_at, created_at)
       select $1, '{}', $2, $3
       where not exists (select 1 from jobs where kind = $1 and run_at = $2)`,
      [CALENDAR_DAILY_JOB, nextDailyRun(now, CALENDAR_RUN_MINUTE).toISOString(), now.toISOString()],
    );
  }

  /**
   * The daily run: every lender's duties in view are stored, and each whose reminder day has come and that
   * is not filed is marked reminded: from then it counts on the dashboard of its role until it is filed.
   */
  async runDaily(): Promise<{ reminded: number }> {
    await this.scheduleDailyRun();
    const now = this.deps.clock.now();
    const today = manilaDay(now);
    let reminded = 0;
    for (const { packageName } of await this.brands()) {
      await this.deps.db.transaction(async (tx) => {
        await this.ensureDuties(
          tx,
          packageName,
          addDays(today, -VIEW_BACK_DAYS),
          addDays(today, VIEW_AHEAD_DAYS),
        );
        const rows = await tx.query(
          `update compliance_duties set reminded_at = $3
           where package_name = $1 and remind_on <= $2 and reminded_at is null and filed_at is null
           returning duty_id`,
          [packageName, today, now.toISOString()],
        );
        reminded += rows.length;
      });
    }
    this.deps.log.info({ reminded }, 'compliance calendar: reminders raised');
    return { reminded };
  }
}
