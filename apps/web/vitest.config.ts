import { defineProject } from 'vitest/config';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);
const routerDist = dirname(require.resolve('react-router'));
const routerBuild = (file: string) => join(routerDist, file);

// A Vitest *project*: listed by the root vitest.config.ts, and runnable on its own with
// `npx vitest run --config apps/web/vitest.config.ts`.
export default defineProject({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    // Node 20 picks react-router's CommonJS build for some importers and the ESM build for
    // others; two copies mean two router contexts. Pin both entry points to the ESM build.
    alias: [
      { find: /^react-router$/, replacement: routerBuild('index.mjs') },
      { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // Screens load lazily and forms are typed key by key; on a two-core runner with every file in
    // parallel, a first visit can take several seconds (see asyncUtilTimeout in setup.ts).
    testTimeout: 60_000,
  },
});
