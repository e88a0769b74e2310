import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { seed } from '../../src/db/seed.ts';
import { testDatabaseKind } from '../database-target.ts';
import { openTestDatabase } from '../helper.ts';

/** The database interface behaves the same on PGlite and on PostgreSQL. */
let db: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await openTestDatabase());
  await migrate(db);
  await seed(db);
});
afterAll(() => dispose());

describe(`the database interface (${testDatabaseKind()})`, () => {
  it('reports its kind', () => {
    expect(db.kind).toBe(testDatabaseKind());
  });

  it('answers rows with parameters, bigint as numbers, arrays and dates as such', async () => {
    const rows = await db.query<{ n: number; big: number; days: number[]; at: Date }>(
      'select $1::int as n, 9007199254740::bigint as big, array[91, 120] as days, $2::timestamptz as at',
      [7, '2026-03-02T01:00:00.000Z'],
    );
    expect(rows).toEqual([
      { n: 7, big: 9007199254740, days: [91, 120], at: new Date('2026-03-02T01:00:00.000Z') },
    ]);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.exec('create table scratch (v int); create table scratch_two (v int)');
    await db.transaction(async (tx) => {
      await tx.query('insert into scratch values ($1)', [1]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into scratch values ($1)', [2]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.query('select v from scratch order by v')).toEqual([{ v: 1 }]);
  });

  it('refuses the outer handle inside a transaction instead of waiting for ever', async () => {
    await expect(db.transaction(async () => db.query('select 1'))).rejects.toThrow(
      /use the transaction handle/,
    );
    // And works again once the transaction is over.
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('migrates and seeds only once, however often it runs', async () => {
    expect(await migrate(db)).toEqual([]);
    await seed(db);
    const [brands] = await db.query<{ n: number }>('select count(*)::int as n from brands');
    const [products] = await db.query<{ n: number }>('select count(*)::int as n from loan_products');
    expect([brands?.n, products?.n]).toEqual([1, 1]);
  });

  it('lets concurrent migrations apply each file once (advisory lock)', async () => {
    const runs = await Promise.all([migrate(db), migrate(db), migrate(db)]);
    expect(runs.flat()).toEqual([]);
    const [applied] = await db.query<{ n: number }>('select count(*)::int as n from schema_migrations');
    expect(applied?.n).toBeGreaterThan(0);
  });
});
