import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { precompress, sendPrecompressed, withFrameAncestors } from '../lib/precompressed.ts';

/**
 * `GET /embedded`: Nuqat inside the Salla merchant dashboard, the page registered as the app's
 * embedded page (its `iframe_url`, reference §5; docs/decisions/031). The only page of Nuqat
 * that may be framed, and only by the dashboard's origin (`SALLA_DASHBOARD_ORIGIN`): CSP
 * `frame-ancestors` that origin and no `X-Frame-Options`. Every other page keeps
 * `frame-ancestors 'none'` and `X-Frame-Options: SAMEORIGIN` (the loyalty page aside, which its
 * store frames: ./storefront-assets.ts).
 *
 * Salla appends a short-lived token to the address, so the page is never cached (`no-store`) and
 * its address is never sent on as a referrer (Helmet's `Referrer-Policy: no-referrer`); the
 * request log writes it without the token (lib/log-serializers.ts).
 */
export function registerEmbeddedPage(
  app: FastifyInstance,
  options: { webDistDir: string; dashboardOrigin: string },
): void {
  const file = path.join(options.webDistDir, 'embedded.html');
  if (!existsSync(file)) return;
  const page = precompress(readFileSync(file, 'utf8'));
  app.get('/embedded', { schema: { hide: true } }, (request, reply) => {
    reply
      .header('content-security-policy', withFrameAncestors(reply, options.dashboardOrigin))
      .removeHeader('x-frame-options')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8');
    return sendPrecompressed(request, reply, page);
  });
}
