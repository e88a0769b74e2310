import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';

/**
 * Background work in the `jobs` table (docs/providers.md). A job is inserted inside the transaction of the
 * change that needs it, so both happen or neither (an outbox). Every server process runs this runner: it
 * claims due jobs with FOR UPDATE SKIP LOCKED, so on one PostgreSQL each job runs in one process at a time,
 * and on the embedded database the one process runs them all. A job that throws is tried again later, up to
 * MAX_ATTEMPTS; one whose process died is taken over when its lock runs out.
 */
export type JobHandler = (payload: unknown) => Promise<void>;

export const MAX_ATTEMPTS = 5;
/** How long a claimed job belongs to its process; longer than any job takes. */
const LOCK_SECONDS = 300;
/** Finished jobs are kept this long for inspection, then deleted. */
const KEEP_DONE_SECONDS = 7 * 86_400;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

interface ClaimedJob {
  job_id: number;
  kind: string;
  payload: unknown;
  attempts: number;
}

/** Seconds before the next try: 5 s, 20 s, 80 s, 320 s. */
export function retryDelaySeconds(attempts: number): number {
  return 5 * 4 ** Math.max(0, attempts - 1);
}

export interface JobsOptions {
  /** Every process looks for due jobs this often, besides the wake-ups of its own requests. */
  pollMs: number;
}

export class Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  private pollTimer: NodeJS.Timeout | null = null;
  private nextTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private runAgain = false;
  private started = false;
  private stopped = false;
  private lastSweep = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobsOptions,
  ) {}

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Adds a job inside the caller's transaction; call wake() once it has committed. */
  async enqueue(tx: Queryable, kind: string, payload: unknown, delayMs = 0): Promise<void> {
    const now = this.clock.now();
    await tx.query('insert into jobs (kind, payload, run_at, created_at) values ($1, $2, $3, $4)', [
      kind,
      JSON.stringify(payload),
      new Date(now.getTime() + delayMs).toISOString(),
      now.toISOString(),
    ]);
  }

  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.pollTimer = setInterval(() => this.wake(), this.options.pollMs);
    this.pollTimer.unref();
    this.wake();
  }

  /** Looks for due jobs now (after a commit that added one), without waiting for the poll. */
  wake(): void {
    if (!this.started || this.stopped) return;
    if (this.running) {
      this.runAgain = true;
      return;
    }
    this.running = this.runWhileDue()
      .catch((error: unknown) => this.log.error({ err: error }, 'job runner failed'))
      .finally(() => {
        this.running = null;
        if (this.runAgain) {
          this.runAgain = false;
          this.wake();
        }
      });
  }

  /** Runs every due job, including those a running job adds; for tests and shutdown. */
  async drain(): Promise<void> {
    do {
      while (this.running) await this.running;
      await this.runWhileDue();
    } while (this.running);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.nextTimer) clearTimeout(this.nextTimer);
    this.pollTimer = null;
    this.nextTimer = null;
    while (this.running) await this.running;
  }

  private async runWhileDue(): Promise<void> {
    while (!this.stopped) {
      const job = await this.claim();
      if (!job) break;
      await this.run(job);
    }
    await this.sweep();
    await this.scheduleNext();
  }

  private async claim(): Promise<ClaimedJob | null> {
    const now = this.clock.now();
    const [job] = await this.db.query<ClaimedJob>(
      `with next as (
         select job_id from jobs
         where done_at is null and run_at <= $1 and (locked_until is null or locked_until <= $1)
         order by run_at, job_id limit 1
         for update skip locked
       )
       update jobs set locked_until = $2, attempts = attempts + 1
       from next where jobs.job_id = next.job_id
       returning jobs.job_id, jobs.kind, jobs.payload, jobs.attempts`,
      [now.toISOString(), new Date(now.getTime() + LOCK_SECONDS * 1000).toISOString()],
    );
    return job ?? null;
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      await handler(job.payload);
      await this.db.query('update jobs set done_at = $2, locked_until = null where job_id = $1', [
        job.job_id,
        this.clock.now().toISOString(),
      ]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = this.clock.now();
      const giveUp = !handler || job.attempts >= MAX_ATTEMPTS;
      this.log.error({ err: error, job: job.job_id, kind: job.kind, attempts: job.attempts }, 'job failed');
      await this.db.query(
        `update jobs set locked_until = null, last_error = $2,
           done_at = case when $3 then $4::timestamptz end,
           failed_at = case when $3 then $4::timestamptz end,
           run_at = case when $3 then run_at else $5::timestamptz end
         where job_id = $1`,
        [
          job.job_id,
          message.slice(0, 2000),
          giveUp,
          now.toISOString(),
          new Date(now.getTime() + retryDelaySeconds(job.attempts) * 1000).toISOString(),
        ],
      );
    }
  }

  /** Sleeps until the next job is due when that is sooner than the poll. */
  private async scheduleNext(): Promise<void> {
    if (this.stopped) return;
    // A job another process holds is due again only when its lock runs out.
    const [next] = await this.db.query<{ run_at: Date | null }>(
      'select min(greatest(run_at, coalesce(locked_until, run_at))) as run_at from jobs where done_at is null',
    );
    if (!next?.run_at) return;
    const waitMs = Math.max(0, next.run_at.getTime() - this.clock.now().getTime());
    if (waitMs >= this.options.pollMs) return;
    if (this.nextTimer) clearTimeout(this.nextTimer);
    this.nextTimer = setTimeout(() => this.wake(), waitMs + 5);
    this.nextTimer.unref();
  }

  private async sweep(): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    await this.db.query('delete from jobs where done_at < $1', [
      new Date(now.getTime() - KEEP_DONE_SECONDS * 1000).toISOString(),
    ]);
  }
}
