import { defineConfig } from 'vitest/config';

// Browser tests: one file at a time (each boots the product and a Chromium), no retries.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
