import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { UNSUBMITTED_DATA_KEEP_DAYS } from '@hiram/contract/profile';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import { nextDailyRun } from '../../domain/servicing-rules.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';

/** The daily deletion of application data never submitted (SPEC section 9). */
export const UNSUBMITTED_PURGE_JOB = 'unsubmittedDataPurge';
/** 03:00 Manila: after the servicing run, when hardly anyone is filling in a form. */
const PURGE_MINUTE = 3 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a borrower's application data lives: each table and the column of its last change. */
const APPLICATION_TABLES = [
  ['profiles', 'greatest(basic_info_saved_at, addition_info_saved_at, submitted_at)'],
  ['identity_checks', 'updated_at'],
  ['identity_images', 'uploaded_at'],
  ['questionnaire_answers', 'saved_at'],
  ['payout_accounts', 'updated_at'],
  // The accounts the borrower had before (last four digits; migration 0023) go with the account.
  ['payout_account_history', 'at'],
] as const;

/**
 * Borrowers whose application data last changed before `$1` and who never submitted a loan order: every
 * order they have (if any) is a cancelled one that was never submitted. A submitted order, or one still open,
 * keeps everything: that data belongs to a loan's records. `$2` narrows it to one borrower (or null for all).
 */
const STALE_BORROWERS = `
  with touched as (
    ${APPLICATION_TABLES.map(([table, at]) => `select user_id, ${at} as at from ${table}`).join(' union all ')}
  )
  select t.user_id from touched t
  where ($2::uuid is null or t.user_id = $2::uuid)
    and not exists (
      select 1 from loan_orders o
      where o.user_id = t.user_id and (o.submitted_at is not null or o.status <> ${LOAN_ORDER_STATUS.cancelled})
    )
  group by t.user_id
  having coalesce(max(t.at), '-infinity'::timestamptz) < $1::timestamptz`;

/**
 * Deletes the profile sections, identity check and photos, questionnaire answers and payout account of
 * borrowers who left an application unsubmitted for more than UNSUBMITTED_DATA_KEEP_DAYS days
 * (docs/decisions/0012-unsubmitted-data.md). The account, its sessions and coupons stay, so the borrower
 * signs in as before and starts the application again at the first step.
 */
export class UnsubmittedData {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Queues the next daily run unless it is queued already (every process calls this at start). */
  async scheduleDailyRun(db: Queryable = this.db): Promise<void> {
    const now = this.clock.now();
    await db.query(
      `insert into jobs (kind, payload, run_at, created_at) values ($1, '{}', $2, $3)
       on conflict (kind, run_at) where kind = '${UNSUBMITTED_PURGE_JOB}' do nothing`,
      [UNSUBMITTED_PURGE_JOB, nextDailyRun(now, PURGE_MINUTE).toISOString(), now.toISOString()],
    );
  }

  /**
   * The daily run: each borrower in a transaction of their own, so one failure holds up no one else (the
   * next run tries again). Logs counts only, never who. Answers how many borrowers' data it deleted.
   */
  async runDaily(): Promise<{ deleted: number }> {
    // Tomorrow's run first, so a run that fails still leaves the next one queued.
    await this.scheduleDailyRun();
    const cutoff = this.cutoff();
    const stale = await this.db.query<{ user_id: string }>(STALE_BORROWERS, [cutoff, null]);
    let deleted = 0;
    let failed = 0;
    for (const { user_id: userId } of stale) {
      try {
        if (await this.deleteIfStale(userId, cutoff)) deleted += 1;
      } catch (error) {
        failed += 1;
        this.log.error({ err: error }, 'deleting unsubmitted application data failed');
      }
    }
    this.log.info({ deleted, failed }, 'unsubmitted application data deleted');
    this.jobs.wake();
    return { deleted };
  }

  private cutoff(): string {
    return new Date(this.clock.now().getTime() - UNSUBMITTED_DATA_KEEP_DAYS * DAY_MS).toISOString();
  }

  /** Asks again inside the transaction: a save or an order since the first look keeps the data. */
  private async deleteIfStale(userId: string, cutoff: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      // Serialises with a second process deleting the same borrower.
      await tx.query('select user_id from users where user_id = $1 for update', [userId]);
      const [still] = await tx.query<{ user_id: string }>(STALE_BORROWERS, [cutoff, userId]);
      if (!still) return false;
      for (const [table] of APPLICATION_TABLES) {
        await tx.query(`delete from ${table} where user_id = $1`, [userId]);
      }
      return true;
    });
  }
}
