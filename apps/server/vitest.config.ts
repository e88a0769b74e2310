import { defineProject } from 'vitest/config';
import { PROCESS_SUITES, sharedTestOptions } from './vitest.shared.ts';

/**
 * The `server` project: every server suite on the embedded PGlite, each test file on its own in-memory
 * database cloned from a migrated, seeded template (test/global-setup.ts). The same route suites run on
 * PostgreSQL in the `server-postgres` project (vitest.postgres.config.ts) when a server is available:
 * test/database-target.ts decides, once, when Vitest reads its configuration.
 */
export default defineProject({
  test: {
    ...sharedTestOptions,
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...PROCESS_SUITES],
    env: { HIRAM_TEST_DATABASE: 'embedded' },
    globalSetup: ['test/global-setup.ts'],
  },
});
