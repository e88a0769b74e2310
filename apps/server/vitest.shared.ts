import type { TestProjectInlineConfiguration } from 'vitest/config';

/** What the `server` and `server-postgres` projects share (see vitest.config.ts and vitest.postgres.config.ts). */
export const sharedTestOptions = {
  root: import.meta.dirname,
  testTimeout: 20_000,
  hookTimeout: 60_000,
} satisfies TestProjectInlineConfiguration['test'];

/** The route suites: everything that talks to the database through the app. */
export const DATABASE_SUITES = [
  'test/routes/**/*.test.ts',
  'test/db/**/*.test.ts',
  'test/boot/restart.test.ts',
];
