import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { listMigrations } from '../../src/db/migrate.ts';
import { createTestPostgresDatabase, testDatabaseKind } from '../database-target.ts';
import { freshMobile, startTestServer } from '../helper.ts';

/** Start, sign up, stop, start again: the borrower is still there (embedded DATA_DIR, or PostgreSQL). */
let config: Partial<Config>;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  if (testDatabaseKind() === 'postgres') {
    const database = await createTestPostgresDatabase();
    config = { databaseUrl: database.url };
    cleanUp = database.drop;
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'hiram-restart-'));
    config = { dataDir, databaseUrl: null };
    cleanUp = async () => rmSync(dataDir, { recursive: true, force: true });
  }
});
afterAll(() => cleanUp());

describe('a restart', () => {
  it('creates, migrates and seeds on first start, and keeps the data on the next', async () => {
    const mobile = freshMobile();
    const first = await startTestServer({ config, database: 'from-config' });
    try {
      expect((await first.call('productList', {})).body.data).toHaveLength(1);
      first.clock.advance(61);
      await first.call('getVerifyCode', { mobile, type: 'register' });
      const code = await first.lastCode(mobile);
      const registered = await first.call('register', { mobile, code, password: 'balik2026' });
      expect(registered.status).toBe(200);
    } finally {
      await first.close();
    }

    const second = await startTestServer({ config, database: 'from-config' });
    try {
      expect((await second.call('existsByMobile', { mobile })).body.data).toEqual({ exists: true });
      expect((await second.call('login', { mobile, password: 'balik2026' })).status).toBe(200);
      const [brands] = await second.db.query<{ n: number }>('select count(*)::int as n from brands');
      expect(brands?.n).toBe(1);
      const [products] = await second.db.query<{ n: number }>('select count(*)::int as n from loan_products');
      expect(products?.n).toBe(1);
      const applied = await second.db.query<{ name: string }>(
        'select name from schema_migrations order by version',
      );
      expect(applied.map((m) => m.name)).toEqual((await listMigrations()).map((m) => m.name));
    } finally {
      await second.close();
    }
  }, 60_000); // two starts from an empty directory, the first creating and migrating it: slow beside the suite
});
