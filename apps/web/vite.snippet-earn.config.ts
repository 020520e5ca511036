import { defineConfig } from 'vite';

/**
 * snippet-earn.js (docs/decisions/035): the store page's earn badges, a classic script the
 * snippet loads only on a product page or the cart page. Built after the snippet
 * (`emptyOutDir: false` keeps the other files).
 */
export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    minify: true,
    target: 'es2020',
    lib: {
      entry: 'src/snippet/earn-entry.ts',
      formats: ['iife'],
      name: 'nuqatEarn',
      fileName: () => 'snippet-earn.js',
    },
  },
});
