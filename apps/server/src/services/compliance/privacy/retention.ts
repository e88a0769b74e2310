import { randomUUID } from 'node:crypto';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../../domain/clock.ts';
import { nextDailyRun } from '../../../domain/servicing-rules.ts';

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
  | 'loanRecords';

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
];

const DAY_MS = 24 * 60 * 60 * 1000;

export const RETENTION_DAILY_JOB = 'privacyRetentionDaily';
/** 03:30 Manila: after the unsubmitted-data purge, so a stale sign-up's application data is gone first. */
const RETENTION_RUN_MINUTE = 3 * 60 + 30;

export type RetentionCounts = Partial<Record<RetentionClass, number>>;

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
