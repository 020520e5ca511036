import { defineConfig } from 'vitest/config';

// Proof under faults (`npm run test:chaos`): each file boots its own PostgreSQL, Salla sandbox and
// the built API, breaks something on purpose and checks the ledger. One file at a time, no
// retries; every scenario runs for a fixed time or count and every wait has a limit.
export default defineConfig({
  test: {
    name: 'chaos',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.chaos.ts'],
    globalSetup: ['global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
