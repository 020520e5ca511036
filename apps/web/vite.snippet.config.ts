import { defineConfig, type Plugin } from 'vite';

const PLACEHOLDER = '__NUQAT_ORIGIN__';

/** The API swaps the placeholder for its origin; a minifier that dropped or copied it would break that. */
function placeholderOnce(): Plugin {
  return {
    name: 'nuqat:snippet-origin-placeholder',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const count = file.code.split(PLACEHOLDER).length - 1;
        if (count !== 1)
          this.error(`${file.fileName} holds ${PLACEHOLDER} ${count} times, not once`);
      }
    },
  };
}

/**
 * The storefront snippet (docs/storefront-messages.md): one classic script, dist/snippet.js, that
 * Salla loads on every store page. Built after the app (`emptyOutDir: false` keeps the app's
 * files); its 5 KB gzip budget is checked on the output.
 */
export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  plugins: [placeholderOnce()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    minify: true,
    // Shoppers' phones are not all new: keep to syntax Safari 14 runs.
    target: 'es2020',
    lib: {
      entry: 'src/snippet/entry.ts',
      formats: ['iife'],
      name: 'nuqatSnippet',
      fileName: () => 'snippet.js',
    },
  },
});
