import { defineProject } from 'vitest/config';

/** Unit tests of the web app's pure logic (request building, dictionaries, routes, guard): no browser needed. */
export default defineProject({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
