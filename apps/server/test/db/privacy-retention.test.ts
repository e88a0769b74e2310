import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PrivacyRetention,
  RETENTION_DAILY_JOB,
  RETENTION_SCHEDULES,
} from '../../src/services/compliance/privacy/retention.ts';
import { startTestServer, type TestServer } from '../helper.ts';
import { newLedgerOrder } from '../ledger-fixtures.ts';

/**
 * Retention (migration 0068; ADR 0082) on a moved clock: what is past its period goes, what the law keeps
 * (loans, the ledger) and anyone active stays, and each run records its counts.
 */
let server: TestServer;
let retention: PrivacyRetention;
beforeAll(async () => {
  server = await startTestServer();
  retention = server.app.privacyRetention;
}, 60_000);
afterAll(() => server.close());

const DAY = 24 * 60 * 60;

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await server.db.query<{ n: number | string }>(`select count(*) as n from (${sql}) x`, params);
  return Number(row?.n ?? 0);
}

describe('the retention job', () => {
  it('lists a period for every class it deletes, and keeps loan records', () => {
    for (const schedule of RETENTION_SCHEDULES) {
      if (schedule.action === 'delete') expect(schedule.keepDays).toBeGreaterThan(0);
    }
    expect(RETENTION_SCHEDULES.find((s) => s.dataClass === 'loanRecords')?.action).toBe('keep');
  });

  it('deletes old sessions, codes, crash logs and dormant sign-ups, never a borrower with a loan', async () => {
    const dormant = await server.signIn();
    const borrower = await server.signIn();
    const orderId = await newLedgerOrder(server, borrower.userId);
    await server.db.transaction((tx) =>
      server.app.ledger.post(tx, {
        kind: 'disbursement',
        orderId,
        idempotencyKey: `retention:${orderId}`,
        lines: [
          { account: 'principal_receivable', amount: 50_000 },
          { account: 'cash', amount: -50_000 },
        ],
        occurredAt: server.clock.now(),
      }),
    );
    await server.db.query(
      `insert into crash_logs (package_name, message, created_at) values ('ph.hiram.app', 'boom', $1)`,
      [server.clock.now().toISOString()],
    );

    // Today nothing is past its period.
    const first = await retention.runDaily();
    expect(first).toEqual({
      sessions: 0,
      smsCodes: 0,
      crashLogs: 0,
      neverSubmittedSignUps: 0,
      // ADR 0088's classes: nothing of theirs here.
      rejectedApplicants: 0,
      idPhotos: 0,
      erasedAccounts: 0,
    });
    expect(await count('select 1 from users where user_id = $1', [dormant.userId])).toBe(1);

    // A year and a day later; one borrower signs in again the day before the run.
    server.clock.advance(366 * DAY);
    const returning = await server.signIn(dormant.mobile);
    expect(returning.userId).toBe(dormant.userId);
    const never = await server.signIn();
    await server.db.query('update users set created_at = $2 where user_id = $1', [
      never.userId,
      new Date(server.clock.now().getTime() - 400 * DAY * 1000).toISOString(),
    ]);
    await server.db.query(
      "update sessions set created_at = $2, last_seen_at = $2, expires_at = $2, ended_at = $2, end_reason = 'logout' where user_id = $1",
      [never.userId, new Date(server.clock.now().getTime() - 399 * DAY * 1000).toISOString()],
    );

    const second = await retention.runDaily();
    // Hers who has a loan (expired) and the dormant one's (ended 399 days ago).
    expect(second.sessions).toBeGreaterThanOrEqual(2);
    expect(second.smsCodes).toBeGreaterThanOrEqual(2);
    expect(second.crashLogs).toBe(1);
    expect(second.neverSubmittedSignUps).toBeGreaterThanOrEqual(1);

    // The dormant sign-up is gone with what hung on it; the one who came back stays.
    expect(await count('select 1 from users where user_id = $1', [never.userId])).toBe(0);
    expect(await count('select 1 from sessions where user_id = $1', [never.userId])).toBe(0);
    expect(await count('select 1 from users where user_id = $1', [dormant.userId])).toBe(1);
    expect(await count('select 1 from sessions where user_id = $1', [dormant.userId])).toBeGreaterThanOrEqual(
      1,
    );
    // The borrower with a loan keeps her account, loan and ledger, though her sessions went.
    expect(await count('select 1 from users where user_id = $1', [borrower.userId])).toBe(1);
    expect(await count('select 1 from sessions where user_id = $1', [borrower.userId])).toBe(0);
    expect(await count('select 1 from loan_orders where order_id = $1', [orderId])).toBe(1);
    expect(await count('select 1 from ledger_entries where order_id = $1', [orderId])).toBeGreaterThan(0);

    // Each run is recorded with its counts, newest first; a second run the same day finds nothing.
    const runs = await retention.recentRuns();
    expect(runs[0]?.counts).toEqual(second);
    expect(runs).toHaveLength(2);
    const third = await retention.runDaily();
    expect(third).toEqual({
      sessions: 0,
      smsCodes: 0,
      crashLogs: 0,
      neverSubmittedSignUps: 0,
      // ADR 0088's classes: nothing of theirs here.
      rejectedApplicants: 0,
      idPhotos: 0,
      erasedAccounts: 0,
    });

    // The next run is queued, once.
    expect(
      await count('select 1 from jobs where kind = $1 and run_at > $2', [
        RETENTION_DAILY_JOB,
        server.clock.now().toISOString(),
      ]),
    ).toBe(1);
  });
});
