import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // One Chromium at a time keeps the 2-core machine responsive and the journeys' timings honest.
    fileParallelism: false,
  },
});
