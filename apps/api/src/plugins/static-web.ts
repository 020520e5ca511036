import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadLandingPage } from './landing-page.ts';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and any
 * non-API GET that matches no file answered with index.html so client routes load directly.
 * `/` itself is the public landing page, a page of its own (./landing-page.ts). Returns the SPA
 * fallback, or undefined when there is no build (API-only tests).
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  webDistDir: string,
  publicUrl?: string,
  support?: unknown,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    app.log.warn({ webDistDir }, 'no web build found; serving the API only (run `npm run build`)');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // Served by ./storefront-assets.ts and ./embedded-page.ts, each with its own headers.
    globIgnore: [
      'snippet.js',
      'snippet.js.*',
      'snippet-earn.js',
      'snippet-earn.js.*',
      'loyalty.html',
      'loyalty.html.*',
      'embedded.html',
      'embedded.html.*',
    ],
    // The web build writes .br and .gz copies of its text files (apps/web/build/precompress.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void res.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const landing = loadLandingPage(webDistDir, publicUrl, support);
  return (request, reply) => {
    if (landing && request.url.split('?')[0] === '/') return landing(request, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
}
