import type { TestProjectInlineConfiguration } from 'vitest/config';

/** What the `server` and `server-postgres` projects share (see vitest.config.ts and vitest.postgres.config.ts). */
export const sharedTestOptions = {
  root: import.meta.dirname,
  testTimeout: 20_000,
  hookTimeout: 60_000,
  // Test files of one worker share their imports (Fastify, PGlite, sharp): importing them again for each
  // file cost half the run. Every file still starts its own server on its own database.
  isolate: false,
} satisfies TestProjectInlineConfiguration['test'];

/** The route suites: everything that talks to the database through the app. */
export const DATABASE_SUITES = [
  'test/routes/**/*.test.ts',
  'test/db/**/*.test.ts',
  'test/boot/restart.test.ts',
  // The provider contract suites keep messages and payouts in the database.
  'test/providers/*-contract.test.ts',
  'test/boot/stop.test.ts',
  // Which Node.js runs the suites: the PostgreSQL ones on the production line (ADR 0060).
  'test/node-runtime.test.ts',
];

/**
 * Suites that start real server processes on one PostgreSQL database (the embedded database belongs to
 * one process): only in the `server-postgres` project.
 */
export const PROCESS_SUITES = ['test/processes/**/*.test.ts'];

/**
 * Suites about the HTTP boundary rather than the database, long enough to count twice (ADR 0067): on the
 * PostgreSQL project when it runs, else on the embedded one. Both databases are the same PostgreSQL engine
 * (PGlite is PostgreSQL compiled to WebAssembly), so hostile input meets the same parser and the same SQL.
 */
export const ONCE_SUITES = ['test/routes/openapi-fuzz.test.ts'];

/**
 * Suites about PostgreSQL itself (two database roles, ADR 0061): the embedded database has one role, so they
 * are listed in the `server-postgres` project only, never shown as skipped on the embedded one.
 */
export const POSTGRES_ONLY_SUITES = ['test/db/server-role.test.ts'];
