import { defineConfig } from 'vitest/config';

// Every unit and integration suite; the browser suite has its own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the suites mostly wait on PostgreSQL, SMTP and
    // HTTP, and the API's suites share one database (each writes its own stores), so three files
    // run at once.
    maxWorkers: 3,
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'tools/*/vitest.config.ts',
    ],
  },
});
