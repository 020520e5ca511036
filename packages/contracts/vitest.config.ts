import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contracts',
    root: new URL('.', import.meta.url).pathname,
    include: ['src/**/*.test.ts'],
  },
});
