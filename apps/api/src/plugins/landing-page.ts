import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The web build's landing documents (apps/web/src/features/landing/prerender/document.ts). */
const FILES = { ar: 'landing.html', en: 'landing.en.html' } as const;
const ORIGIN_PLACEHOLDER = '__NUQAT_ORIGIN__';
/** The page's support-contacts data block (features/landing/lib/landing-support.ts). */
const SUPPORT_PLACEHOLDER = '__NUQAT_SUPPORT__';

/** JSON safe inside <script>: no "</script>" or "<!--" can close or confuse the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');

interface Encoded {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function encode(html: string): Encoded {
  const identity = Buffer.from(html);
  return { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity) };
}

/**
 * The public landing page at `/`: Arabic, or English for `/?lang=en`, rendered at build time.
 * Its hreflang and Open Graph links must be absolute, so the build leaves a placeholder that is
 * replaced here, once, with the public address, and the support contacts of the configuration
 * go into the page's data block; the documents are compressed once too.
 * Returns undefined when the build has no landing page.
 */
export function loadLandingPage(
  webDistDir: string,
  publicUrl = '',
  support: unknown = null,
): ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined {
  const read = (file: string) => {
    const full = path.join(webDistDir, file);
    return existsSync(full)
      ? encode(
          readFileSync(full, 'utf8')
            .replaceAll(ORIGIN_PLACEHOLDER, publicUrl)
            .replace(SUPPORT_PLACEHOLDER, () => scriptJson(support)),
        )
      : undefined;
  };
  const ar = read(FILES.ar);
  if (!ar) return undefined;
  const pages = { ar, en: read(FILES.en) ?? ar };

  return (request, reply) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const page = query.get('lang') === 'en' ? pages.en : pages.ar;
    const accepted = String(request.headers['accept-encoding'] ?? '');
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.identity);
  };
}
