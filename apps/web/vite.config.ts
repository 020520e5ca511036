import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { loyaltyPageRoute } from './build/loyalty-route.ts';
import { precompressAssets } from './build/precompress.ts';
import { landingPages } from './src/features/landing/prerender/vite-plugin.ts';

const apiTarget = process.env.NUQAT_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), landingPages(), loyaltyPageRoute(), precompressAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // No modulepreload polyfill: every browser Salla's stores are opened in preloads modules
    // itself (Chrome 66, Firefox 115, Safari 17); an older one loads the same modules as the
    // imports reach them. 0.39 kB gzip less on every page, the loyalty page's budget included.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Three pages: the app (index.html), the public landing page (landing.html, served at /
      // by the API), which must not load the app's router, query client or catalogues, and the
      // shoppers' loyalty page (loyalty.html, served at /customerloyaltysalla inside the store's
      // iframe), which shares no code with the other two but React itself
      // (docs/decisions/008-shopper-loyalty-page.md; scripts/check-bundle-size.mjs checks it).
      // A fourth, embedded.html, is the back-office inside the Salla merchant dashboard (served
      // at /embedded): the app's screens behind the Salla SDK's handshake (decision 031).
      input: {
        index: path.join(import.meta.dirname, 'index.html'),
        embedded: path.join(import.meta.dirname, 'embedded.html'),
        landing: path.join(import.meta.dirname, 'landing.html'),
        loyalty: path.join(import.meta.dirname, 'loyalty.html'),
      },
      output: {
        codeSplitting: {
          // Named vendor chunks that every page needs; screen-only libraries (forms, dialogs)
          // stay in the lazy chunks of the screens that use them.
          groups: [
            // React alone: the loyalty page loads this chunk and nothing else that is shared.
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 20,
            },
            {
              name: 'vendor-i18n',
              test: /node_modules[\\/](i18next|react-i18next|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            {
              name: 'vendor-app',
              test: /node_modules[\\/](react-router|@tanstack)[\\/]/,
              priority: 20,
            },
            { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
});
