import { createHash, randomUUID } from 'node:crypto';
import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { listMigrations } from '../../src/db/migrate.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { createTestPostgresDatabase, testDatabaseKind } from '../database-target.ts';
import { freshMobile, startTestServer, type TestServer } from '../helper.ts';

/**
 * Upgrading a running database to migration 0012: codes outstanding under the old plain SHA-256 answer
 * "expired, ask for a new one" and their hashes are gone; sessions open at the upgrade stay open.
 */
let db: Database;
let dispose: () => Promise<void>;
let server: TestServer;
const mobile = freshMobile();
const e164 = `+63${mobile.slice(1)}`;
const oldToken = 'a-token-issued-before-the-upgrade';
const oldCode = '246810';
let challengeId: string;

async function emptyDatabase(): Promise<{ db: Database; dispose: () => Promise<void> }> {
  if (testDatabaseKind() === 'postgres') {
    const created = await createTestPostgresDatabase();
    const opened = openPostgres(created.url, { max: 4 });
    return {
      db: opened,
      dispose: async () => {
        await opened.close();
        await created.drop();
      },
    };
  }
  const opened = await openPglite({ dataDir: null });
  return { db: opened, dispose: () => opened.close() };
}

beforeAll(async () => {
  ({ db, dispose } = await emptyDatabase());
  // The schema as it was before 0012, with a borrower, their session and a code just sent.
  await db.exec(`create table schema_migrations (
    version text primary key, name text not null, applied_at timestamptz not null default now())`);
  for (const migration of (await listMigrations()).filter((m) => m.version < '0012')) {
    await db.exec(migration.sql);
    await db.query('insert into schema_migrations (version, name) values ($1, $2)', [
      migration.version,
      migration.name,
    ]);
  }
  await db.query(
    `insert into brands (package_name, app_name, support_email, support_phone, support_hours)
     values ('ph.hiram.app', 'Hiram', 'help@hiram.ph', '+63 2 8000 0000', 'Every day')`,
  );
  const userId = randomUUID();
  const sentAt = new Date('2026-03-02T01:00:00.000Z');
  await db.query(
    `insert into users (user_id, mobile, package_name, created_at) values ($1, $2, 'ph.hiram.app', $3)`,
    [userId, e164, sentAt.toISOString()],
  );
  await db.query(
    `insert into sessions (session_id, user_id, token_hash, package_name, created_at, expires_at)
     values ($1, $2, $3, 'ph.hiram.app', $4, $5)`,
    [
      randomUUID(),
      userId,
      createHash('sha256').update(oldToken).digest('hex'),
      sentAt.toISOString(),
      new Date(sentAt.getTime() + 30 * 86_400_000).toISOString(),
    ],
  );
  challengeId = randomUUID();
  await db.query(
    `insert into verify_challenges (challenge_id, mobile, purpose, code_hash, client_address, created_at, expires_at)
     values ($1, $2, 'login', $3, '10.0.0.1', $4, $5)`,
    [
      challengeId,
      e164,
      createHash('sha256').update(`${challengeId}:${oldCode}`).digest('hex'),
      sentAt.toISOString(),
      new Date(sentAt.getTime() + 300_000).toISOString(),
    ],
  );
  // The server migrates the rest at start, as an upgrade does.
  server = await startTestServer({ database: db });
}, 60_000);
afterAll(async () => {
  await server.close();
  await dispose();
});

describe(`upgrading to migration 0012 (${testDatabaseKind()})`, () => {
  it('keeps a session open at the upgrade open', async () => {
    const answer = await server.call('getUserInfo', {}, { token: oldToken });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it('turns a code outstanding under the old hash into an expired one and wipes its hash', async () => {
    const [row] = await db.query<{ code_hash: string | null }>(
      'select code_hash from verify_challenges where challenge_id = $1',
      [challengeId],
    );
    expect(row?.code_hash).toBeNull();
    const login = await server.call('login', { mobile, code: oldCode });
    expect(login.body.code).toBe(ERRORS.VERIFY_CODE_EXPIRED.code);
    // A new code works.
    expect((await server.signIn(mobile)).mobile).toBe(mobile);
  });
});
