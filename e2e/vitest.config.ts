import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 120_000,
    // A poll waits on the real server (uploads re-encoded, sandbox providers answering): give it time.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    hookTimeout: 90_000,
    // Journey files run side by side, and beside the other suites (vitest.config.ts): a journey that moves
    // a server's clock starts a server of its own, and every journey signs in with a number of its own.
  },
});
