import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    root: new URL('.', import.meta.url).pathname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // Hang guards, not timing claims: on a machine whose cores are busy with other work a heavy
    // test (hundreds of shuffled deliveries) takes several times longer, and must still pass.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
