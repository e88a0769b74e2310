import { defineProject } from 'vitest/config';
import { DATABASE_SUITES, PROCESS_SUITES, sharedTestOptions } from './vitest.shared.ts';

/**
 * The `server-postgres` project: the route suites again on PostgreSQL, each test file on a database of
 * its own (CREATE DATABASE hiram_test_<random> on DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres,
 * dropped afterwards) copied from a migrated, seeded template (test/postgres-global-setup.ts), and the suites
 * that run several server processes on one database. Listed by serverTestProjects() only when that server answers.
 */
export default defineProject({
  test: {
    ...sharedTestOptions,
    name: 'server-postgres',
    include: [...DATABASE_SUITES, ...PROCESS_SUITES],
    env: { HIRAM_TEST_DATABASE: 'postgres' },
    globalSetup: ['test/postgres-global-setup.ts'],
  },
});
