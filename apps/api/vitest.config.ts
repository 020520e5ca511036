import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    root: new URL('.', import.meta.url).pathname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
