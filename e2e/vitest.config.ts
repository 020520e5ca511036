import { defineConfig } from 'vitest/config';

// Browser tests: one file at a time (each boots the product and a Chromium; two at a time were
// no faster on two cores: 1,068 s, against 947 s one at a time with a few tests fewer), no
// retries. The timeouts are hang guards, not timing claims: on a two-core machine that is busy
// with other work a page can take many seconds to settle, and a test waits on the state it checks.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits as long as a page action may (e2e/support/browser.ts), not 1 s.
    expect: { poll: { timeout: 30_000, interval: 100 } },
  },
});
