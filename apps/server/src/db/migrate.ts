import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './database.ts';

/**
 * One set of numbered SQL files for PGlite and PostgreSQL, applied in order at start and recorded in
 * schema_migrations. The whole run holds a transaction-scoped advisory lock, so two server processes
 * starting on one PostgreSQL apply each file once; a failing file rolls the run back.
 */
const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
/** Shared with the seed: any number, the same in every process. */
export const SCHEMA_LOCK_KEY = 4_172_726_001;
const FILE_NAME = /^(\d{4})_[a-z0-9_-]+\.sql$/;
const INSUFFICIENT_PRIVILEGE = '42501';

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export async function listMigrations(): Promise<Migration[]> {
  const names = (await readdir(MIGRATIONS_DIR)).filter((name) => FILE_NAME.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({
      version: name.slice(0, 4),
      name,
      sql: await readFile(new URL(name, MIGRATIONS_DIR), 'utf8'),
    })),
  );
}

/** Applies the pending migrations; returns their file names. */
export async function migrate(db: Database): Promise<string[]> {
  const migrations = await listMigrations();
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`);
    const [table] = await tx.query<{ found: boolean }>(
      `select to_regclass('schema_migrations') is not null as found`,
    );
    // Looked up rather than `create table if not exists`: the server's own role may not create (ADR 0061).
    const applied = new Set(
      table?.found
        ? (await tx.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version)
        : [],
    );
    const pending = migrations.filter((m) => !applied.has(m.version));
    if (pending.length === 0) return [];
    try {
      if (!table?.found) {
        await tx.exec(`create table schema_migrations (
          version text primary key,
          name text not null,
          applied_at timestamptz not null default now()
        )`);
      }
      for (const migration of pending) {
        await tx.exec(migration.sql);
        await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
          migration.version,
          migration.name,
        ]);
      }
    } catch (error) {
      if ((error as { code?: unknown }).code !== INSUFFICIENT_PRIVILEGE) throw error;
      throw new Error(
        `Migrations to apply (${pending.map((m) => m.name).join(', ')}), and this role may not change the ` +
          'schema: run them as its owner, with DATABASE_OWNER_URL (docs/deploy.md, "Two database roles")',
        { cause: error },
      );
    }
    return pending.map((m) => m.name);
  });
}
