import { defineProject } from 'vitest/config';
import { postgresAvailable } from './test/database-target.ts';
import { ONCE_SUITES, POSTGRES_ONLY_SUITES, PROCESS_SUITES, sharedTestOptions } from './vitest.shared.ts';

// Decided as the root configuration decides whether the PostgreSQL project runs (test/database-target.ts).
const onPostgresInstead = (await postgresAvailable()) ? ONCE_SUITES : [];

/**
 * The `server` project: every server suite on the embedded PGlite, each test file on its own in-memory
 * database cloned from a migrated, seeded template (test/global-setup.ts). The same route suites run on
 * PostgreSQL in the `server-postgres` project (vitest.postgres.config.ts) when a server is available:
 * test/database-target.ts decides, once, when Vitest reads its configuration; the suites that run once
 * (ONCE_SUITES) run there then.
 */
export default defineProject({
  test: {
    ...sharedTestOptions,
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...PROCESS_SUITES, ...POSTGRES_ONLY_SUITES, ...onPostgresInstead],
    env: { HIRAM_TEST_DATABASE: 'embedded' },
    globalSetup: ['test/global-setup.ts'],
  },
});
