import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import {
  HEARTBEAT_SECONDS,
  Jobs,
  LOCK_SECONDS,
  MAX_ATTEMPTS,
  retryDelaySeconds,
} from '../../src/plugins/infra/jobs.ts';
import { testDatabaseKind } from '../database-target.ts';
import { openTestDatabase, TestClock } from '../helper.ts';

/** The jobs table runner on PGlite and on PostgreSQL (docs/providers.md, background work). */
let db: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await openTestDatabase());
  await migrate(db);
});
afterAll(() => dispose());

const quiet = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return quiet;
  },
} as unknown as FastifyBaseLogger;

function runner(clock: TestClock): Jobs {
  return new Jobs(db, clock, quiet, { pollMs: 60_000 });
}

async function enqueue(jobs: Jobs, kind: string, payload: unknown, delayMs = 0) {
  await db.transaction((tx) => jobs.enqueue(tx, kind, payload, delayMs));
}

async function jobRow(kind: string) {
  const [row] = await db.query<{
    attempts: number;
    done_at: Date | null;
    failed_at: Date | null;
    last_error: string | null;
    run_at: Date;
  }>('select attempts, done_at, failed_at, last_error, run_at from jobs where kind = $1', [kind]);
  return row;
}

/** A handler that waits, once started, until `finish` is called: a long job, or a runner stalled in one. */
function longJob() {
  let started: () => void = () => {};
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  let finish: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const run = () => {
    started();
    return gate;
  };
  return { running, finish, run };
}

/** Two runners of one queue, on one clock, noting which of them ran `kind`; the first one's run is `first`. */
function twoRunners(kind: string, first: () => Promise<void>) {
  const clock = new TestClock();
  const runners = { clock, first: runner(clock), second: runner(clock), runs: [] as string[] };
  runners.first.handle(kind, async () => {
    runners.runs.push('first');
    await first();
  });
  runners.second.handle(kind, async () => {
    runners.runs.push('second');
  });
  return runners;
}

describe(`background jobs (${testDatabaseKind()})`, () => {
  it('runs a due job once with its payload, and a later one only when it falls due', async () => {
    const clock = new TestClock();
    const jobs = runner(clock);
    const seen: unknown[] = [];
    jobs.handle('now', async (payload) => {
      seen.push(payload);
    });
    jobs.handle('later', async (payload) => {
      seen.push(payload);
    });
    await enqueue(jobs, 'now', { n: 1 });
    await enqueue(jobs, 'later', { n: 2 }, 30_000);
    await jobs.drain();
    await jobs.drain();
    expect(seen).toEqual([{ n: 1 }]);
    expect((await jobRow('now'))?.done_at).toBeInstanceOf(Date);
    clock.advance(30);
    await jobs.drain();
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('tries a failing job again later, then gives up and keeps the error', async () => {
    const clock = new TestClock();
    const jobs = runner(clock);
    let tries = 0;
    jobs.handle('flaky', async () => {
      tries += 1;
      throw new Error(`failure ${tries}`);
    });
    await enqueue(jobs, 'flaky', {});
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await jobs.drain();
      expect(tries).toBe(attempt);
      await jobs.drain();
      expect(tries, 'not before its retry time').toBe(attempt);
      clock.advance(retryDelaySeconds(attempt));
    }
    await jobs.drain();
    expect(tries).toBe(MAX_ATTEMPTS);
    expect(await jobRow('flaky')).toMatchObject({
      attempts: MAX_ATTEMPTS,
      last_error: `failure ${MAX_ATTEMPTS}`,
    });
    expect((await jobRow('flaky'))?.failed_at).toBeInstanceOf(Date);
  });

  it('gives up at once on a job nobody handles', async () => {
    const jobs = runner(new TestClock());
    await enqueue(jobs, 'nobody', {});
    await jobs.drain();
    expect((await jobRow('nobody'))?.last_error).toBe('No handler for jobs of kind nobody');
    expect((await jobRow('nobody'))?.failed_at).toBeInstanceOf(Date);
  });

  it('shares the queue between runners: every job runs exactly once', async () => {
    const clock = new TestClock();
    const runs = new Map<number, number>();
    const handler = async (payload: unknown) => {
      const n = (payload as { n: number }).n;
      await new Promise((resolve) => setTimeout(resolve, 1));
      runs.set(n, (runs.get(n) ?? 0) + 1);
    };
    const first = runner(clock);
    const second = runner(clock);
    first.handle('shared', handler);
    second.handle('shared', handler);
    for (let n = 0; n < 20; n += 1) await enqueue(first, 'shared', { n });
    await Promise.all([first.drain(), second.drain()]);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('leaves a long job to its runner while it heartbeats, long past the old 5-minute lock', async () => {
    const long = longJob();
    const { clock, first, second, runs } = twoRunners('long', long.run);
    await enqueue(first, 'long', {});
    const firstRun = first.drain();
    await long.running;
    for (let elapsed = 0; elapsed < 310; elapsed += HEARTBEAT_SECONDS) {
      clock.advance(HEARTBEAT_SECONDS);
      await first.heartbeat();
      await second.drain();
    }
    expect(runs).toEqual(['first']);
    long.finish();
    await firstRun;
    await second.drain();
    expect(runs).toEqual(['first']);
    expect(await jobRow('long')).toMatchObject({ attempts: 1, last_error: null });
    expect((await jobRow('long'))?.done_at).toBeInstanceOf(Date);
  });

  it('takes over the job of a runner that stopped heartbeating a lock time later, once', async () => {
    const stalled = longJob();
    const { clock, first, second, runs } = twoRunners('orphan', async () => {
      await stalled.run();
      throw new Error('the stalled runner came back');
    });
    await enqueue(first, 'orphan', {});
    // Its process died (or stalled): no heartbeat renews the lock any more.
    vi.spyOn(first, 'heartbeat').mockResolvedValue();
    const firstRun = first.drain();
    await stalled.running;
    clock.advance(LOCK_SECONDS - 1);
    await second.drain();
    expect(runs).toEqual(['first']);
    clock.advance(1);
    await second.drain();
    expect(runs).toEqual(['first', 'second']);
    const done = await jobRow('orphan');
    expect(done).toMatchObject({ attempts: 2, last_error: null });
    // The stalled runner's end no longer counts: the job stays done as the second runner left it.
    stalled.finish();
    await firstRun;
    clock.advance(retryDelaySeconds(2));
    await first.drain();
    await second.drain();
    expect(runs).toEqual(['first', 'second']);
    expect(await jobRow('orphan')).toEqual(done);
  });

  it('at start, on the embedded database, releases the locks of a stopped server at once', async () => {
    const clock = new TestClock();
    const stopped = runner(clock);
    const alive = runner(clock);
    const restarted = runner(clock);
    const ran: string[] = [];
    const handler = async (payload: unknown) => {
      ran.push((payload as { of: string }).of);
    };
    restarted.handle('left', handler);
    alive.handle('left', handler);
    const heldByAlive = longJob();
    alive.handle('held', () => heldByAlive.run());
    await alive.start();
    await enqueue(alive, 'held', {});
    const aliveRun = alive.drain();
    await heldByAlive.running;
    // A server killed in the middle of a job: its lock is fresh, and it will never renew it.
    await enqueue(stopped, 'left', { of: 'killed' });
    await db.query(`update jobs set attempts = 1, locked_by = $1, locked_until = $2 where kind = 'left'`, [
      stopped.owner,
      new Date(clock.now().getTime() + LOCK_SECONDS * 1000).toISOString(),
    ]);
    await restarted.start();
    await restarted.drain();
    const [held] = await db.query<{ locked_by: string | null }>(
      `select locked_by from jobs where kind = 'held'`,
    );
    // A runner started in this process keeps its lock; on PostgreSQL another process may be alive and
    // working, so a lock waits out its time there.
    expect(held?.locked_by).toBe(alive.owner);
    expect(ran).toEqual(testDatabaseKind() === 'embedded' ? ['killed'] : []);
    heldByAlive.finish();
    await aliveRun;
    await Promise.all([alive.stop(), restarted.stop()]);
  });

  it('runs jobs by itself once started, and stops cleanly', async () => {
    const clock = new TestClock();
    const jobs = new Jobs(db, clock, quiet, { pollMs: 50 });
    const done: number[] = [];
    jobs.handle('live', async (payload) => {
      done.push((payload as { n: number }).n);
    });
    await jobs.start();
    await enqueue(jobs, 'live', { n: 1 });
    jobs.wake();
    await expect.poll(() => done, { timeout: 5000, interval: 10 }).toEqual([1]);
    await jobs.stop();
    await enqueue(jobs, 'live', { n: 2 });
    jobs.wake();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(done).toEqual([1]);
  });

  it('stops only once the job under way has finished, and starts no other', async () => {
    const clock = new TestClock();
    const jobs = runner(clock);
    const slow = longJob();
    const ran: string[] = [];
    jobs.handle('slow', async () => {
      await slow.run();
      ran.push('slow');
    });
    jobs.handle('next', async () => {
      ran.push('next');
    });
    await enqueue(jobs, 'slow', {});
    await enqueue(jobs, 'next', {}, 1);
    await jobs.start();
    await slow.running;
    clock.advance(1);
    const stopping = jobs.stop().then(() => ran.push('stopped'));
    // The slow job may finish only after everything already queued has run: stop() must wait for it.
    setImmediate(slow.finish);
    await stopping;
    expect(ran).toEqual(['slow', 'stopped']);
    expect((await jobRow('slow'))?.done_at).not.toBeNull();
    expect((await jobRow('next'))?.done_at).toBeNull();
  });
});
