import { defineProject } from 'vitest/config';

/** Unit tests of the console's pure logic (formatting, paths): no browser needed. */
export default defineProject({
  test: {
    name: 'ops',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
