import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARCHIVE_EXCLUDED,
  ARCHIVE_TABLES,
  archiveCsvFiles,
  gatherArchive,
} from '../../src/services/compliance/privacy/archive.ts';
import {
  answerPrivacyRequest,
  archiveForRequest,
  listPrivacyRequests,
  privacyDueOn,
  recordPrivacyRequest,
} from '../../src/services/compliance/privacy/requests.ts';
import { addWorkingDays } from '../../src/services/compliance/privacy/working-days.ts';
import { COMMAND_LINE } from '../../src/services/staff/staff-records.ts';
import { startTestServer, type TestServer } from '../helper.ts';
import { newLedgerOrder } from '../ledger-fixtures.ts';

/**
 * Data subjects' requests (migration 0068; ADR 0082): the archive of everything held about a borrower, the
 * register with its 30-working-day clock, and the check that no table about borrowers is left out.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

describe('the archive of everything held about a borrower', () => {
  it('covers every table with a user_id column, or says why it leaves one out', async () => {
    const rows = await server.db.query<{ table_name: string }>(
      `select c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.column_name = 'user_id' and c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
       order by 1`,
    );
    const archived = new Set(ARCHIVE_TABLES.map((t) => t.table));
    const forgotten = rows
      .map((r) => r.table_name)
      .filter((name) => !archived.has(name) && !ARCHIVE_EXCLUDED[name]);
    // A new table about borrowers goes in ARCHIVE_TABLES, or in ARCHIVE_EXCLUDED with its reason.
    expect(forgotten).toEqual([]);
    // Every table listed exists (those of a migration still arriving excepted), and none is both.
    const existing = new Set(
      (
        await server.db.query<{ table_name: string }>(
          `select table_name from information_schema.tables where table_schema = current_schema()`,
        )
      ).map((r) => r.table_name),
    );
    expect(ARCHIVE_TABLES.filter((t) => !existing.has(t.table)).map((t) => t.table)).toEqual([]);
    expect(Object.keys(ARCHIVE_EXCLUDED).filter((name) => archived.has(name))).toEqual([]);
  });

  it('holds her account, loans, ledger lines, requests and audit rows, without secrets or anyone else’s rows', async () => {
    const her = await server.signIn();
    const other = await server.signIn();
    const orderId = await newLedgerOrder(server, her.userId);
    await newLedgerOrder(server, other.userId);
    await server.db.transaction((tx) =>
      server.app.ledger.post(tx, {
        kind: 'disbursement',
        orderId,
        idempotencyKey: `privacy:${orderId}`,
        lines: [
          { account: 'principal_receivable', amount: 100_000 },
          { account: 'cash', amount: -100_000 },
        ],
        occurredAt: server.clock.now(),
      }),
    );
    const intake = await server.db.transaction((tx) =>
      recordPrivacyRequest(tx, {
        userId: her.userId,
        kind: 'access',
        channel: 'support',
        actor: COMMAND_LINE,
        now: server.clock.now(),
      }),
    );
    if (!intake.ok) throw new Error(intake.reason);

    const taken = await archiveForRequest(server.db, {
      requestId: intake.request.requestId,
      actor: COMMAND_LINE,
      now: server.clock.now(),
    });
    if (!taken.ok) throw new Error(taken.reason);
    const { tables } = taken.archive;
    expect(tables.users).toHaveLength(1);
    expect(tables.users?.[0]?.user_id).toBe(her.userId);
    expect([null, '[withheld: secret]']).toContain(tables.users?.[0]?.password_hash);
    expect(tables.sessions?.length).toBeGreaterThan(0);
    expect(tables.sessions?.every((s) => s.token_hash === '[withheld: secret]')).toBe(true);
    expect(tables.loan_orders?.map((o) => o.order_id)).toEqual([orderId]);
    expect(tables.ledger_journals).toHaveLength(1);
    expect(tables.ledger_entries?.map((e) => e.account)).toContain('principal_receivable');
    expect(tables.privacy_requests?.map((r) => r.request_id)).toEqual([intake.request.requestId]);
    expect(tables.audit_log?.map((a) => a.action)).toContain('privacy.request.create');
    // Nothing of the other borrower anywhere.
    expect(JSON.stringify(taken.archive)).not.toContain(other.userId);
    // Every table is answered, the empty ones too.
    for (const { table } of ARCHIVE_TABLES) expect(tables[table]).toBeDefined();

    // Taking the archive is audited, with counts only.
    const [audit] = await server.db.query<{ after: { rows: Record<string, number> } | string }>(
      `select after from audit_log where action = 'privacy.archive.download' and target = $1`,
      [`borrower:${her.userId}`],
    );
    const after = typeof audit?.after === 'string' ? JSON.parse(audit.after) : audit?.after;
    expect(after.rows.loan_orders).toBe(1);
    expect(JSON.stringify(after)).not.toContain(her.mobile);

    const csv = archiveCsvFiles(taken.archive);
    expect(Object.keys(csv)).toContain('loan_orders.csv');
    const lines = (csv['loan_orders.csv'] ?? '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.split(',')).toContain('order_id');
    expect(lines[1]).toContain(orderId);
  });

  it('is only for access and portability requests', async () => {
    const her = await server.signIn();
    const intake = await server.db.transaction((tx) =>
      recordPrivacyRequest(tx, {
        userId: her.userId,
        kind: 'erasure',
        channel: 'support',
        actor: COMMAND_LINE,
        now: server.clock.now(),
      }),
    );
    if (!intake.ok) throw new Error(intake.reason);
    const taken = await archiveForRequest(server.db, {
      requestId: intake.request.requestId,
      actor: COMMAND_LINE,
      now: server.clock.now(),
    });
    expect(taken).toEqual({ ok: false, reason: 'notAnArchiveRequest' });
  });

  it('is one read of the database: a table with no rows for her is an empty list', async () => {
    const her = await server.signIn();
    const archive = await server.db.transaction((tx) => gatherArchive(tx, her.userId, server.clock.now()));
    expect(archive.tables.loan_orders).toEqual([]);
    expect(archive.tables.collection_cases).toEqual([]);
  });
});

describe('the request register', () => {
  it('is due 30 working days after the Manila day of receipt, weekends and holidays not counted', () => {
    // Received Friday 20 November 2026 (Manila): 23 working days to 29 December (30 Nov, 8 Dec, 24-25 Dec
    // off), 30-31 Dec and 1 Jan off, then 4-8 and 11-12 January.
    expect(privacyDueOn(new Date('2026-11-20T03:00:00Z'))).toBe('2027-01-12');
    // 23:30 Thursday in Manila (15:30 UTC) is still Thursday; 00:30 (16:30 UTC) is Friday.
    expect(privacyDueOn(new Date('2026-03-05T15:30:00Z'))).toBe(addWorkingDays('2026-03-05', 30));
    expect(privacyDueOn(new Date('2026-03-05T16:30:00Z'))).toBe(addWorkingDays('2026-03-06', 30));
    expect(addWorkingDays('2026-03-05', 30)).not.toBe(addWorkingDays('2026-03-06', 30));
    // Holy Week 2026 (2-4 April) and Araw ng Kagitingan (9 April) are skipped.
    expect(addWorkingDays('2026-04-01', 1)).toBe('2026-04-06');
    expect(addWorkingDays('2026-04-08', 1)).toBe('2026-04-10');
  });

  it('records, lists and answers a request once; a refusal needs its reason', async () => {
    const her = await server.signIn();
    const intake = await server.db.transaction((tx) =>
      recordPrivacyRequest(tx, {
        userId: her.userId,
        kind: 'correction',
        channel: 'app',
        actor: COMMAND_LINE,
        now: server.clock.now(),
      }),
    );
    if (!intake.ok) throw new Error(intake.reason);
    expect(intake.request).toMatchObject({ status: 'open', dueOn: privacyDueOn(server.clock.now()) });
    expect((await listPrivacyRequests(server.db, null)).map((r) => r.requestId)).toContain(
      intake.request.requestId,
    );

    const answer = (status: 'answered' | 'refused', text: string) =>
      server.db.transaction((tx) =>
        answerPrivacyRequest(tx, {
          requestId: intake.request.requestId,
          status,
          answer: text,
          actor: COMMAND_LINE,
          now: server.clock.now(),
        }),
      );
    expect(await answer('refused', ' ')).toEqual({ ok: false, reason: 'refusalNeedsReason' });
    const done = await answer('answered', 'Your birth date is corrected.');
    expect(done.ok && done.request.status).toBe('answered');
    expect(await answer('answered', 'again')).toEqual({ ok: false, reason: 'alreadyAnswered' });
    const listed = await listPrivacyRequests(server.db, her.userId);
    expect(listed.map((r) => [r.kind, r.status])).toEqual([['correction', 'answered']]);
    expect((await listPrivacyRequests(server.db, null)).map((r) => r.requestId)).not.toContain(
      intake.request.requestId,
    );

    const unknown = await server.db.transaction((tx) =>
      recordPrivacyRequest(tx, {
        userId: '00000000-0000-4000-8000-000000000000',
        kind: 'access',
        channel: 'support',
        actor: COMMAND_LINE,
        now: server.clock.now(),
      }),
    );
    expect(unknown).toEqual({ ok: false, reason: 'unknownBorrower' });
  });
});
