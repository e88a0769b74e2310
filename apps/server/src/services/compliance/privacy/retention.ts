import { randomUUID } from 'node:crypto';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../../domain/clock.ts';
import { manilaDay, nextDailyRun } from '../../../domain/servicing-rules.ts';
import { applyErasurePlan } from './erasure.ts';

/**
 * Retention (RA 10173 sec. 11(e): kept no longer than needed; ADR 0082): each class of data with how long it
 * is kept and what happens after. A daily job applies the `delete` classes and records the counts in
 * retention_runs. The `keep` classes are listed so the schedule is complete in one place: what the law makes
 * the lender keep (AML RA 9160 sec. 9(b): 5 years after the relationship ends; books and tax records) is
 * never touched by this job.
 */
export interface RetentionSchedule {
  dataClass: RetentionClass;
  what: string;
  keepDays: number | null;
  action: 'delete' | 'keep';
  why: string;
}

export type RetentionClass =
  | 'sessions'
  | 'smsCodes'
  | 'crashLogs'
  | 'neverSubmittedSignUps'
  | 'unsubmittedApplications'
  | 'loanRecords'
  // ADR 0088: refused applicants, ID photos, and erased accounts once what the law keeps is due to go.
  | 'rejectedApplicants'
  | 'idPhotos'
  | 'erasedAccounts';

export const RETENTION_SCHEDULES: readonly RetentionSchedule[] = [
  {
    dataClass: 'sessions',
    what: 'borrower sessions ended or expired',
    keepDays: 90,
    action: 'delete',
    why: 'a session is needed while it is open; 90 days after, to look into a disputed sign-in',
  },
  {
    dataClass: 'smsCodes',
    what: 'one-time SMS code challenges (number, address, hashed code)',
    keepDays: 90,
    action: 'delete',
    why: 'needed for the send limits of a day; kept 90 days to look into abuse',
  },
  {
    dataClass: 'crashLogs',
    what: 'app crash reports (message, page, user agent)',
    keepDays: 180,
    action: 'delete',
    why: 'fixing a fault; older reports describe releases long gone',
  },
  {
    dataClass: 'neverSubmittedSignUps',
    what: 'accounts that never submitted an application and have not signed in for a year',
    keepDays: 365,
    action: 'delete',
    why: 'nothing is owed or decided; the number is all that is left after the application data goes',
  },
  {
    dataClass: 'unsubmittedApplications',
    what: 'profile sections, ID photos, answers and payout account of an application never submitted',
    keepDays: 7,
    action: 'delete',
    why: 'applied by its own daily job (services/application/unsubmitted-data.ts, ADR 0012)',
  },
  {
    dataClass: 'loanRecords',
    what: 'loans, payments, the ledger, and AML records (screening, red-flag cases, STR/CTR reports)',
    keepDays: null,
    action: 'keep',
    why: 'kept 5 years after the relationship ends (AML RA 9160 sec. 9(b); books 5 years, EOPT Act)',
  },
  // ADR 0088 (issue 23): the periods confirmed against NPC guidance ("no longer than necessary") and the AML
  // law's 5 years for customers; a lender changes them here, and erasure reads `erasedAccounts` when it runs.
  {
    dataClass: 'rejectedApplicants',
    what: 'profile, ID photos and check, answers and receiving account of an applicant refused and never lent to, a year after the last refusal and unseen since',
    keepDays: 365,
    action: 'delete',
    why: 'needed to explain or review a refusal and to apply the wait before she may apply again; not a customer, so the AML 5 years do not apply; the refusal itself (decision, reasons) stays',
  },
  {
    dataClass: 'idPhotos',
    what: 'ID and face photos of a borrower whose last loan ended 5 years ago and who has not signed in since',
    keepDays: 5 * 365 + 2,
    action: 'delete',
    why: 'the copy of the ID presented is customer identification, kept 5 years after the relationship ends (RA 9160 sec. 9(b)); a new loan asks for a new photo',
  },
  {
    dataClass: 'erasedAccounts',
    what: 'what was kept of an account erased at her request: her identification, number, signatures, correspondence',
    keepDays: 5 * 365 + 2,
    action: 'delete',
    why: 'kept 5 years after erasure ended the relationship (RA 9160 sec. 9(b)); then only anonymous figures of her loans and the ledger remain (ERASURE_PLAN)',
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export const RETENTION_DAILY_JOB = 'privacyRetentionDaily';
/** 03:30 Manila: after the unsubmitted-data purge, so a stale sign-up's application data is gone first. */
const RETENTION_RUN_MINUTE = 3 * 60 + 30;

export type RetentionCounts = Partial<Record<RetentionClass, number>>;

/** The period of a class, for code that works out a date from the schedule (an erased account's keep-until). */
export function retentionKeepDays(dataClass: RetentionClass): number {
  return keepDaysOf(dataClass);
}

function keepDaysOf(dataClass: RetentionClass): number {
  const schedule = RETENTION_SCHEDULES.find((s) => s.dataClass === dataClass);
  if (!schedule?.keepDays) throw new Error(`no retention period for ${dataClass}`);
  return schedule.keepDays;
}

/**
 * The tables that point at users without deleting with them (no `on delete cascade`): loans, payouts, credit
 * decisions, cases, privacy requests, and any table added later. Read from the catalogue so a new table the
 * law keeps protects its borrowers without anyone remembering to list it here.
 */
async function keepingReferences(db: Queryable): Promise<{ table: string; column: string }[]> {
  const rows = await db.query<{ table_name: string; column_name: string }>(
    `select c.conrelid::regclass::text as table_name, a.attname::text as column_name
     from pg_constraint c
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'users'::regclass and c.confdeltype <> 'c'
     order by 1, 2`,
  );
  return rows.map((row) => ({ table: row.table_name, column: row.column_name }));
}

export class PrivacyRetention {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Queues the next daily run unless one is queued for that time (every process calls this at start). */
  async scheduleDailyRun(db: Queryable = this.db): Promise<void> {
    const now = this.clock.now();
    await db.query(
      `insert into jobs (kind, payload, run_at, created_at)
       select $1, '{}', $2, $3
       where not exists (select 1 from jobs where kind = $1 and run_at = $2)`,
      [RETENTION_DAILY_JOB, nextDailyRun(now, RETENTION_RUN_MINUTE).toISOString(), now.toISOString()],
    );
  }

  /**
   * One run: every `delete` class in a transaction of its own, then the counts recorded (never who). Running
   * twice is harmless: the second run finds nothing past its period.
   */
  async runDaily(): Promise<RetentionCounts> {
    await this.scheduleDailyRun();
    const now = this.clock.now();
    const before = (dataClass: RetentionClass) =>
      new Date(now.getTime() - keepDaysOf(dataClass) * DAY_MS).toISOString();
    const counts: RetentionCounts = {};
    const apply = async (dataClass: RetentionClass, work: (tx: Queryable) => Promise<number>) => {
      try {
        counts[dataClass] = await this.db.transaction(work);
      } catch (error) {
        this.log.error({ err: error, dataClass }, 'retention failed for a class of data');
      }
    };
    await apply('sessions', async (tx) => {
      // Ended, or expired without an end: either way past use since the cutoff.
      const rows = await tx.query(
        'delete from sessions where coalesce(ended_at, expires_at) < $1 returning session_id',
        [before('sessions')],
      );
      return rows.length;
    });
    await apply('smsCodes', async (tx) => {
      const rows = await tx.query(
        'delete from verify_challenges where created_at < $1 returning challenge_id',
        [before('smsCodes')],
      );
      return rows.length;
    });
    await apply('crashLogs', async (tx) => {
      const rows = await tx.query('delete from crash_logs where created_at < $1 returning crash_log_id', [
        before('crashLogs'),
      ]);
      return rows.length;
    });
    counts.neverSubmittedSignUps = await this.deleteDormantSignUps(before('neverSubmittedSignUps'));
    await apply('rejectedApplicants', (tx) => forgetRejectedApplicants(tx, before('rejectedApplicants')));
    await apply('idPhotos', (tx) => deleteOldIdPhotos(tx, before('idPhotos')));
    counts.erasedAccounts = await this.finishErasures(manilaDay(now));
    await this.db.query('insert into retention_runs (run_id, ran_at, counts) values ($1, $2, $3)', [
      randomUUID(),
      now.toISOString(),
      JSON.stringify(counts),
    ]);
    this.log.info({ counts }, 'retention run');
    return counts;
  }

  /**
   * Accounts made before `cutoff` that never submitted an order (any order they have is a cancelled draft,
   * as for the unsubmitted-data purge), with no session since the cutoff and nothing
   * kept by law pointing at them (any non-cascading reference: an order, a payout, a decision, a case...).
   * What cascades with the account goes too: its sessions, coupons, notices, anything left of a draft. Each
   * account in a transaction of its own, the conditions asked again inside it: one that cannot go (a sign-in
   * since the first look, a reference this check does not know) holds up no one else.
   */
  private async deleteDormantSignUps(cutoff: string): Promise<number> {
    const kept = await keepingReferences(this.db);
    const dormant = `u.created_at < $1
         and not exists (
           select 1 from loan_orders o
           where o.user_id = u.user_id and (o.submitted_at is not null or o.status <> ${LOAN_ORDER_STATUS.cancelled})
         )
         and not exists (
           select 1 from sessions s where s.user_id = u.user_id and greatest(s.created_at, s.last_seen_at) >= $1
         )
         ${kept.map(({ table, column }) => `and not exists (select 1 from ${table} k where k.${column} = u.user_id)`).join('\n         ')}`;
    const candidates = await this.db.query<{ user_id: string }>(
      `select u.user_id from users u where ${dormant} order by u.created_at, u.user_id`,
      [cutoff],
    );
    let deleted = 0;
    for (const { user_id: userId } of candidates) {
      try {
        const rows = await this.db.transaction((tx) =>
          tx.query(`delete from users u where u.user_id = $2 and ${dormant} returning u.user_id`, [
            cutoff,
            userId,
          ]),
        );
        deleted += rows.length;
      } catch (error) {
        this.log.error({ err: error }, 'retention could not delete a dormant sign-up');
      }
    }
    return deleted;
  }

  /**
   * Erased accounts whose kept period has ended (`users.retain_until`, set at erasure): the plan's
   * `afterRetention` side, each account in its own transaction. Its number then reads `erased:<id>`, which is
   * how a finished one is told from one still kept.
   */
  private async finishErasures(today: string): Promise<number> {
    const due = await this.db.query<{ user_id: string }>(
      `select user_id from users
       where erased_at is not null and retain_until < $1 and mobile not like 'erased:%' order by retain_until`,
      [today],
    );
    let finished = 0;
    for (const { user_id: userId } of due) {
      try {
        await this.db.transaction((tx) => applyErasurePlan(tx, userId, 'afterRetention'));
        finished += 1;
      } catch (error) {
        this.log.error({ err: error }, 'retention could not finish an erasure');
      }
    }
    return finished;
  }

  /** The newest runs and their counts, for the console and the tests. */
  async recentRuns(limit = 30): Promise<{ ranAt: string; counts: RetentionCounts }[]> {
    const rows = await this.db.query<{ ran_at: Date | string; counts: RetentionCounts | string }>(
      'select ran_at, counts from retention_runs order by ran_at desc, run_id limit $1',
      [limit],
    );
    return rows.map((row) => ({
      ranAt: row.ran_at instanceof Date ? row.ran_at.toISOString() : row.ran_at,
      counts: typeof row.counts === 'string' ? (JSON.parse(row.counts) as RetentionCounts) : row.counts,
    }));
  }
}

const NEVER_LENT = [LOAN_ORDER_STATUS.rejected, LOAN_ORDER_STATUS.cancelled];

/**
 * Applicants refused and never lent to (every application submitted was refused or cancelled, one at least
 * refused), whose last refusal is before `cutoff` and who have not signed in since: the data of their
 * application goes (profile, ID photos and check, answers, receiving account). The account, the refused
 * orders and the decisions stay. Returns how many applicants.
 */
async function forgetRejectedApplicants(tx: Queryable, cutoff: string): Promise<number> {
  const rows = await tx.query<{ user_id: string }>(
    `select u.user_id from users u
     where u.erased_at is null
       and exists (select 1 from loan_orders o where o.user_id = u.user_id and o.status = $2)
       and not exists (select 1 from loan_orders o where o.user_id = u.user_id
                        and o.submitted_at is not null and o.status <> all($3::smallint[]))
       and not exists (select 1 from loan_orders o where o.user_id = u.user_id and o.updated_at >= $1)
       and not exists (select 1 from sessions s where s.user_id = u.user_id and s.last_seen_at >= $1)
       -- A screening match is an AML record: her identification stays with it (RA 9160 sec. 9).
       and not exists (select 1 from screening_candidates c where c.user_id = u.user_id)
       and (exists (select 1 from profiles p where p.user_id = u.user_id)
            or exists (select 1 from identity_images i where i.user_id = u.user_id)
            or exists (select 1 from payout_accounts a where a.user_id = u.user_id))`,
    [cutoff, LOAN_ORDER_STATUS.rejected, NEVER_LENT],
  );
  const ids = rows.map((row) => row.user_id);
  if (ids.length === 0) return 0;
  for (const table of [
    'profiles',
    'identity_images',
    'identity_checks',
    'questionnaire_answers',
    'payout_accounts',
    'payout_account_history',
  ]) {
    await tx.query(`delete from ${table} where user_id = any($1::uuid[])`, [ids]);
  }
  return ids.length;
}

/** Loan statuses of a relationship that is over for now: nothing owed, nothing under way. */
const OVER = [LOAN_ORDER_STATUS.finished, LOAN_ORDER_STATUS.cancelled, LOAN_ORDER_STATUS.rejected];

/**
 * ID and face photos of customers (a loan was paid out: one finished) whose loans are all over, the last one
 * before `cutoff`, unseen since. Erased accounts are left to `erasedAccounts`. Returns how many photos.
 */
async function deleteOldIdPhotos(tx: Queryable, cutoff: string): Promise<number> {
  const rows = await tx.query(
    `delete from identity_images i using users u
     where u.user_id = i.user_id and u.erased_at is null
       and exists (select 1 from loan_orders o where o.user_id = u.user_id and o.status = $2)
       and not exists (select 1 from loan_orders o where o.user_id = u.user_id
                        and (o.status <> all($3::smallint[]) or o.updated_at >= $1))
       and not exists (select 1 from sessions s where s.user_id = u.user_id and s.last_seen_at >= $1)
     returning i.kind`,
    [cutoff, LOAN_ORDER_STATUS.finished, OVER],
  );
  return rows.length;
}
