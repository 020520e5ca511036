import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { registerNotFoundHandler } from './error-handler.ts';
import { registerStaticWeb } from './static-web.ts';

const PUBLIC_URL = 'https://nuqat.example';

/** A web build in miniature: the app, the two landing documents and one hashed asset. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nuqat-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<html><body>app</body></html>');
  for (const [file, language] of [
    ['landing.html', 'ar'],
    ['landing.en.html', 'en'],
  ]) {
    writeFileSync(
      path.join(dir, file!),
      `<html lang="${language}"><link rel="alternate" hreflang="en" href="__NUQAT_ORIGIN__/?lang=en" /><script id="nuqat-support" type="application/json">__NUQAT_SUPPORT__</script></html>`,
    );
  }
  writeFileSync(path.join(dir, 'assets/app-abc.js'), 'console.log("plain")');
  writeFileSync(path.join(dir, 'assets/app-abc.js.br'), 'brotli bytes');
  return dir;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const SUPPORT = {
  email: 'help@nuqat.example',
  phone: null,
  whatsapp: '966501234567',
  appStoreUrl: 'https://apps.salla.sa/ar/app/1</script><script>alert(1)',
};

async function serve(dir: string) {
  app = Fastify();
  const spa = await registerStaticWeb(app, dir, PUBLIC_URL, SUPPORT);
  registerNotFoundHandler(app, spa);
  await app.ready();
  return app;
}

describe('serving the web build', () => {
  test('/ is the Arabic landing page with absolute links to this server, never cached', async () => {
    const server = await serve(fakeWebBuild());
    const res = await server.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<html lang="ar">');
    expect(res.body).toContain(`href="${PUBLIC_URL}/?lang=en"`);
    expect(res.body).not.toContain('__NUQAT_ORIGIN__');
    // The configured support contacts, as JSON that cannot close its script element.
    const block = /<script id="nuqat-support" type="application\/json">(.*?)<\/script>/.exec(
      res.body,
    );
    expect(JSON.parse(block![1]!)).toEqual(SUPPORT);
    expect(res.body).not.toContain('<script>alert(1)');
  });

  test('/?lang=en is the English landing page, compressed for browsers that accept it', async () => {
    const server = await serve(fakeWebBuild());
    const br = await server.inject({
      url: '/?lang=en',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<html lang="en">');
    const gzip = await server.inject({ url: '/?lang=en', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<html lang="en">');
  });

  test('other addresses still get the app, and assets their precompressed copies', async () => {
    const server = await serve(fakeWebBuild());
    const login = await server.inject({ url: '/login' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('app');
    const asset = await server.inject({
      url: '/assets/app-abc.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe('brotli bytes');
    const api = await server.inject({ url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
  });

  test('a build without a landing page serves the app at / as before', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nuqat-web-'));
    writeFileSync(path.join(dir, 'index.html'), '<html><body>app</body></html>');
    const server = await serve(dir);
    const res = await server.inject({ url: '/' });
    expect(res.body).toContain('app');
  });
});
