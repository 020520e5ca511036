import { defineConfig } from 'vitest/config';

// Every unit and integration suite; the browser suite has its own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'tools/*/vitest.config.ts',
    ],
  },
});
