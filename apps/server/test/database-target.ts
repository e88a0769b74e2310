import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Which databases the server suites run on. `server` always runs on the embedded PGlite; `server-postgres`
 * runs the same route suites on PostgreSQL when DATABASE_URL is set or a local server answers. Each test
 * file gets its own fresh database, created from the admin URL and dropped afterwards.
 */
export type TestDatabaseKind = 'embedded' | 'postgres';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The PostgreSQL server tests create their databases on. */
export function adminUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL?.trim() || DEFAULT_ADMIN_URL;
}

function answersOnPort(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Decided once, when Vitest reads its configuration: a set DATABASE_URL always counts. */
export async function postgresAvailable(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (env.DATABASE_URL?.trim()) return true;
  return answersOnPort('127.0.0.1', 5432, 500);
}

/**
 * The server's Vitest project config files for the root configuration: `server` always, and
 * `server-postgres` when PostgreSQL is available. Decided when the configuration is read, so a run
 * never skips tests silently: the PostgreSQL project is either in the run or not listed at all.
 */
export async function serverTestProjects(env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const dir = join(import.meta.dirname, '..');
  const projects = [join(dir, 'vitest.config.ts')];
  if (await postgresAvailable(env)) projects.push(join(dir, 'vitest.postgres.config.ts'));
  return projects;
}

export function testDatabaseKind(env: NodeJS.ProcessEnv = process.env): TestDatabaseKind {
  return env.HIRAM_TEST_DATABASE === 'postgres' ? 'postgres' : 'embedded';
}

export interface TestPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own for a test file. From `template` (a migrated, seeded database the global setup made,
 * test/postgres-global-setup.ts) when given: copying one is faster than migrating an empty one each time.
 * Without it the database is empty, for the suites that test a first start.
 */
export async function createTestPostgresDatabase(template?: string): Promise<TestPostgresDatabase> {
  const admin = adminUrl();
  const name = `hiram_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
