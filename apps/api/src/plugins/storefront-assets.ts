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
import { findMerchantById } from '../modules/merchants/index.ts';

const ORIGIN_PLACEHOLDER = '__NUQAT_ORIGIN__';
const STORE_ORIGIN_META = '<meta name="nuqat-store-origin" content="">';

const DNS_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * The origin of a store's address as Salla gave it (store info `domain`), or null when it is not
 * a plain one (decision 026). It goes into the loyalty page's HTML and its CSP, so it is rebuilt
 * from checked parts: https (http only on this machine), a host of DNS labels, a port. Anything
 * else — a quote, a semicolon, a space, a comma, user info — gives null, and the page then cannot
 * be framed at all. A path (`https://salla.sa/my-store`) is dropped: the origin is the host.
 */
export function storeOrigin(storeUrl: string | null | undefined): string | null {
  if (!storeUrl) return null;
  // A bare host gets https; another scheme is not a store's address.
  if (storeUrl.includes('://') && !/^https?:\/\//i.test(storeUrl)) return null;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(storeUrl) ? storeUrl : `https://${storeUrl}`);
  } catch {
    return null;
  }
  const { protocol, hostname, port } = url;
  if (url.username || url.password) return null;
  const loopback = LOOPBACK.test(hostname);
  if (protocol !== 'https:' && !(protocol === 'http:' && loopback)) return null;
  if (!loopback && (hostname.length > 253 || !hostname.split('.').every((l) => DNS_LABEL.test(l))))
    return null;
  if (port !== '' && !/^\d{1,5}$/.test(port)) return null;
  return `${protocol}//${hostname}${port ? `:${port}` : ''}`;
}

/** For an attribute value: the origin is checked already, this keeps HTML from trusting that. */
function escapeAttribute(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
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

  // The store page's earn badges (decision 035): loaded by the snippet on a product or cart page.
  const earnFile = path.join(options.webDistDir, 'snippet-earn.js');
  if (existsSync(earnFile)) {
    const earn = precompress(readFileSync(earnFile, 'utf8'));
    app.get('/snippet-earn.js', { schema: { hide: true } }, (request, reply) => {
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .header('cross-origin-resource-policy', 'cross-origin');
      return sendPrecompressed(request, reply, earn);
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
          page.replace(
            STORE_ORIGIN_META,
            `<meta name="nuqat-store-origin" content="${escapeAttribute(key)}">`,
          ),
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
