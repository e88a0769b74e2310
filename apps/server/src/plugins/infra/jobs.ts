import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';

/**
 * Background work in the `jobs` table (docs/providers.md). A job is inserted inside the transaction of the
 * change that needs it, so both happen or neither (an outbox). Every server process runs this runner: it
 * claims due jobs with FOR UPDATE SKIP LOCKED, so on one PostgreSQL each job runs in one process at a time,
 * and on the embedded database the one process runs them all. A job that throws is tried again later, up to
 * MAX_ATTEMPTS. A claimed job's lock is renewed while it runs and lasts LOCK_SECONDS past its runner's last
 * heartbeat, so a job whose process died is taken over within seconds; an embedded server, alone on its
 * database, releases every lock left at start (ADR 0063).
 */
export type JobHandler = (payload: unknown) => Promise<void>;

export const MAX_ATTEMPTS = 5;
/** The runner renews the lock of the job under way this often. */
export const HEARTBEAT_SECONDS = 5;
/** A lock lasts this long past its owner's last heartbeat (three missed), then another runner may take the job. */
export const LOCK_SECONDS = 3 * HEARTBEAT_SECONDS;
/** Finished jobs are kept this long for inspection, then deleted. */
const KEEP_DONE_SECONDS = 7 * 86_400;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * The runners started on each database in this process. On the embedded database every other lock is a dead
 * process's: the data directory's lock file (db/data-dir-lock.ts) lets one process at a time open it.
 */
const runnersOf = new WeakMap<Database, Set<string>>();

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
  /** This runner's name in the locks it holds (`jobs.locked_by`). */
  readonly owner = randomUUID();
  private readonly handlers = new Map<string, JobHandler>();
  private pollTimer: NodeJS.Timeout | null = null;
  private nextTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private runAgain = false;
  private started = false;
  private stopped = false;
  private lastSweep = 0;
  private current: { jobId: number; heartbeat: NodeJS.Timeout } | null = null;

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

  async start(): Promise<void> {
    if (this.started || this.stopped) return;
    this.started = true;
    const runners = runnersOf.get(this.db) ?? new Set<string>();
    runners.add(this.owner);
    runnersOf.set(this.db, runners);
    if (this.db.kind === 'embedded') await this.releaseLocksOfDeadProcesses([...runners]);
    if (this.stopped) return;
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
    runnersOf.get(this.db)?.delete(this.owner);
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.nextTimer) clearTimeout(this.nextTimer);
    this.pollTimer = null;
    this.nextTimer = null;
    while (this.running) await this.running;
  }

  /**
   * Renews the lock of the job under way (every HEARTBEAT_SECONDS while it runs). A runner that finds it no
   * longer holds it was stalled past LOCK_SECONDS and another has taken the job: it is told in the log, and
   * its end of the run changes nothing (see run()).
   */
  async heartbeat(): Promise<void> {
    const current = this.current;
    if (!current) return;
    const renewed = await this.db.query(
      'update jobs set locked_until = $3 where job_id = $1 and locked_by = $2 returning job_id',
      [current.jobId, this.owner, this.lockedUntil().toISOString()],
    );
    if (renewed.length === 0 && this.current === current) {
      this.log.warn({ job: current.jobId }, 'job lock lost: another runner took the job over');
    }
  }

  /** The embedded server is alone on its database: a lock held by no runner of this process will never end. */
  private async releaseLocksOfDeadProcesses(liveRunners: string[]): Promise<void> {
    const released = await this.db.transaction((tx) =>
      tx.query<{ job_id: number }>(
        `update jobs set locked_until = null, locked_by = null
         where done_at is null and locked_until is not null
           and (locked_by is null or locked_by <> all($1::text[]))
         returning job_id`,
        [liveRunners],
      ),
    );
    if (released.length > 0) {
      this.log.info({ jobs: released.map((job) => job.job_id) }, 'job locks of a stopped server released');
    }
  }

  private lockedUntil(): Date {
    return new Date(this.clock.now().getTime() + LOCK_SECONDS * 1000);
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
       update jobs set locked_until = $2, locked_by = $3, attempts = attempts + 1
       from next where jobs.job_id = next.job_id
       returning jobs.job_id, jobs.kind, jobs.payload, jobs.attempts`,
      [now.toISOString(), this.lockedUntil().toISOString(), this.owner],
    );
    return job ?? null;
  }

  /** Runs a claimed job under heartbeats; its end is recorded only while this runner still holds it. */
  private async run(job: ClaimedJob): Promise<void> {
    const heartbeat = setInterval(() => {
      this.heartbeat().catch((error: unknown) => this.log.error({ err: error }, 'job heartbeat failed'));
    }, HEARTBEAT_SECONDS * 1000);
    heartbeat.unref();
    this.current = { jobId: job.job_id, heartbeat };
    try {
      await this.runHeld(job);
    } finally {
      clearInterval(heartbeat);
      this.current = null;
    }
  }

  private async runHeld(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      await handler(job.payload);
      await this.db.query(
        'update jobs set done_at = $3, locked_until = null, locked_by = null where job_id = $1 and locked_by = $2',
        [job.job_id, this.owner, this.clock.now().toISOString()],
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = this.clock.now();
      const giveUp = !handler || job.attempts >= MAX_ATTEMPTS;
      this.log.error({ err: error, job: job.job_id, kind: job.kind, attempts: job.attempts }, 'job failed');
      await this.db.query(
        `update jobs set locked_until = null, locked_by = null, last_error = $2,
           done_at = case when $3 then $4::timestamptz end,
           failed_at = case when $3 then $4::timestamptz end,
           run_at = case when $3 then run_at else $5::timestamptz end
         where job_id = $1 and locked_by = $6`,
        [
          job.job_id,
          message.slice(0, 2000),
          giveUp,
          now.toISOString(),
          new Date(now.getTime() + retryDelaySeconds(job.attempts) * 1000).toISOString(),
          this.owner,
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
