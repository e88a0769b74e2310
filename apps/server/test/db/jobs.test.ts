import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { Jobs, MAX_ATTEMPTS, retryDelaySeconds } from '../../src/plugins/infra/jobs.ts';
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

  it('takes over a job whose runner died, once its lock runs out', async () => {
    const clock = new TestClock();
    const jobs = runner(clock);
    let ran = 0;
    jobs.handle('orphan', async () => {
      ran += 1;
    });
    await enqueue(jobs, 'orphan', {});
    await db.query(`update jobs set attempts = 1, locked_until = $1 where kind = 'orphan'`, [
      new Date(clock.now().getTime() + 300_000).toISOString(),
    ]);
    await jobs.drain();
    expect(ran).toBe(0);
    clock.advance(301);
    await jobs.drain();
    expect(ran).toBe(1);
  });

  it('runs jobs by itself once started, and stops cleanly', async () => {
    const clock = new TestClock();
    const jobs = new Jobs(db, clock, quiet, { pollMs: 50 });
    const done: number[] = [];
    jobs.handle('live', async (payload) => {
      done.push((payload as { n: number }).n);
    });
    jobs.start();
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
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const ran: string[] = [];
    jobs.handle('slow', async () => {
      started();
      await gate;
      ran.push('slow');
    });
    jobs.handle('next', async () => {
      ran.push('next');
    });
    await enqueue(jobs, 'slow', {});
    await enqueue(jobs, 'next', {}, 1);
    jobs.start();
    await running;
    clock.advance(1);
    const stopping = jobs.stop().then(() => ran.push('stopped'));
    // The slow job may finish only after everything already queued has run: stop() must wait for it.
    setImmediate(finish);
    await stopping;
    expect(ran).toEqual(['slow', 'stopped']);
    expect((await jobRow('slow'))?.done_at).not.toBeNull();
    expect((await jobRow('next'))?.done_at).toBeNull();
  });
});
