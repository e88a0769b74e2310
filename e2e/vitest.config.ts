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
    // One Chromium at a time keeps the 2-core machine responsive and the journeys' timings honest.
    fileParallelism: false,
  },
});
