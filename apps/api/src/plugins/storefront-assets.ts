import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
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

function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: { identity: Buffer; br: Buffer; gzip: Buffer },
) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}

const encode = (text: string) => {
  const identity = Buffer.from(text);
  return { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity) };
};

/**
 * What runs on and inside the store's pages (docs/storefront-messages.md):
 * - `GET /snippet.js`, the Salla App Snippet, with this server's public origin written in;
 *   loadable from any store page (cross-origin resource policy) and cached briefly.
 * - `GET /customerloyaltysalla`, the shopper's loyalty page, frameable by the store's own origin
 *   and nothing else: its CSP `frame-ancestors` and the page's `nuqat-store-origin` (the only
 *   origin it talks to) both come from the store address Salla gave us. The back-office keeps
 *   `frame-ancestors 'none'`.
 */
export function registerStorefrontAssets(
  app: FastifyInstance,
  options: { webDistDir: string; publicUrl: string; db: Database },
): void {
  const snippetFile = path.join(options.webDistDir, 'snippet.js');
  const pageFile = path.join(options.webDistDir, 'loyalty.html');
  const publicOrigin = new URL(options.publicUrl).origin;

  if (existsSync(snippetFile)) {
    const snippet = encode(
      readFileSync(snippetFile, 'utf8').replaceAll(ORIGIN_PLACEHOLDER, publicOrigin),
    );
    app.get('/snippet.js', { schema: { hide: true } }, (request, reply) => {
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .header('cross-origin-resource-policy', 'cross-origin');
      return sendEncoded(request, reply, snippet);
    });
  }

  if (existsSync(pageFile)) {
    const page = readFileSync(pageFile, 'utf8');
    // One compressed copy per store origin (and one for none), not one per request.
    const pages = new Map<string, ReturnType<typeof encode>>();
    const pageFor = (origin: string | null) => {
      const key = origin ?? '';
      let encoded = pages.get(key);
      if (!encoded) {
        if (pages.size >= 10_000) pages.clear();
        encoded = encode(
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
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply
        .header(
          'content-security-policy',
          csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${origin ?? "'none'"}`),
        )
        .removeHeader('x-frame-options')
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8');
      return sendEncoded(request, reply, pageFor(origin));
    });
  }
}
