import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` runs every suite. Server suites run on the embedded database and, when a PostgreSQL
 * server answers (DATABASE_URL, or a local server), again on PostgreSQL: see apps/server/test/database-target.ts.
 */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'e2e'],
  },
});
