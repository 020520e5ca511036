import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressAssets } from './build/precompress.ts';
import { landingPages } from './src/features/landing/prerender/vite-plugin.ts';

const apiTarget = process.env.NUQAT_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), landingPages(), precompressAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // Two pages: the app (index.html) and the public landing page (landing.html, served at /
      // by the API), which must not load the app's router, query client or catalogues.
      input: {
        index: path.join(import.meta.dirname, 'index.html'),
        landing: path.join(import.meta.dirname, 'landing.html'),
      },
      output: {
        codeSplitting: {
          // Named vendor chunks that every page needs; screen-only libraries (forms, dialogs)
          // stay in the lazy chunks of the screens that use them.
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|use-sync-external-store)[\\/]/,
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
