import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'salla-sandbox',
    root: new URL('.', import.meta.url).pathname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
