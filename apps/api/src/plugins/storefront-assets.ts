import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import {
  precompress,
  sendPrecompressed,
  withFrameAncestors,
  type PrecompressedBody,
} from '../lib/precompressed.ts';
import { findMerchantById } from '../modules/merchants/merchants.repository.ts';

const ORIGIN_PLACEHOLDER = '__NUQAT_ORIGIN__';
const STORE_ORIGIN_META = '<meta name="nuqat-store-origin" content="">';

/** The origin of a store's address as Salla gave it (store info `domain`), or null. */
export function storeOrigin(storeUrl: string | null | undefined): string | null {
  if (!storeUrl) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(storeUrl) ? storeUrl : `https://${storeUrl}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * What runs on and inside the store's pages (docs/storefront-messages.md):
 * - `GET /snippet.js`, the Salla App Snippet, with this server's public origin written in;
 *   loadable from any store page (cross-origin resource policy) and cached briefly.
 * - `GET /customerloyaltysalla`, the shopper's loyalty page, frameable by the store's own origin
 *   and nothing else: its CSP `frame-ancestors` and the page's `nuqat-store-origin` (the only
 *   origin it talks to) both come from the store address Salla gave us. The back-office keeps
 *   `frame-ancestors 'none'`, but for its one embedded entry (./embedded-page.ts).
 */
export function registerStorefrontAssets(
  app: FastifyInstance,
  options: { webDistDir: string; publicUrl: string; db: Database },
): void {
  const snippetFile = path.join(options.webDistDir, 'snippet.js');
  const pageFile = path.join(options.webDistDir, 'loyalty.html');
  const publicOrigin = new URL(options.publicUrl).origin;

  if (existsSync(snippetFile)) {
    const snippet = precompress(
      readFileSync(snippetFile, 'utf8').replaceAll(ORIGIN_PLACEHOLDER, publicOrigin),
    );
    app.get('/snippet.js', { schema: { hide: true } }, (request, reply) => {
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .header('cross-origin-resource-policy', 'cross-origin');
      return sendPrecompressed(request, reply, snippet);
    });
  }

  if (existsSync(pageFile)) {
    const page = readFileSync(pageFile, 'utf8');
    // One compressed copy per store origin (and one for none), not one per request.
    const pages = new Map<string, PrecompressedBody>();
    const pageFor = (origin: string | null) => {
      const key = origin ?? '';
      let encoded = pages.get(key);
      if (!encoded) {
        if (pages.size >= 10_000) pages.clear();
        encoded = precompress(
          page.replace(STORE_ORIGIN_META, `<meta name="nuqat-store-origin" content="${key}">`),
        );
        pages.set(key, encoded);
      }
      return encoded;
    };
    app.get('/customerloyaltysalla', { schema: { hide: true } }, async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const merchantId = Number(query.get('merchantId'));
      const merchant =
        Number.isSafeInteger(merchantId) && merchantId > 0
          ? await findMerchantById(options.db, merchantId)
          : undefined;
      const origin = storeOrigin(merchant?.storeUrl);
      reply
        .header('content-security-policy', withFrameAncestors(reply, origin ?? "'none'"))
        .removeHeader('x-frame-options')
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8');
      return sendPrecompressed(request, reply, pageFor(origin));
    });
  }
}
