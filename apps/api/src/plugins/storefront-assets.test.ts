import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { merchants } from '../db/schema/index.ts';
import { createMerchant, createTestContext, type TestContext } from '../test/test-app.ts';
import { storeOrigin } from './storefront-assets.ts';

/** A web build in miniature: the back-office, the loyalty page and the snippet. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nuqat-storefront-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<html><body>back-office</body></html>');
  writeFileSync(
    path.join(dir, 'loyalty.html'),
    '<html><head><meta name="nuqat-store-origin" content=""></head><body>loyalty</body></html>',
  );
  writeFileSync(path.join(dir, 'snippet.js'), '(()=>{const n="__NUQAT_ORIGIN__";})();');
  return dir;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(
    { WEB_DIST_DIR: fakeWebBuild(), PUBLIC_URL: 'https://app.nuqat.example' },
    { serveWeb: true },
  );
});
afterAll(async () => {
  await ctx?.close();
});

const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

describe('what runs on the store pages', () => {
  test('the snippet carries this server’s origin and may be loaded from any store page', async () => {
    const res = await ctx.server.inject({
      url: '/snippet.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body).toContain('"https://app.nuqat.example"');
    expect(res.body).not.toContain('__NUQAT_ORIGIN__');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  test("the loyalty page may be framed by the store's own origin and nothing else", async () => {
    const { merchant } = await createMerchant(ctx);
    await ctx.database.db
      .update(merchants)
      .set({ storeUrl: 'https://shop.example.sa/ar' })
      .where(eq(merchants.id, merchant.id));
    const res = await ctx.server.inject({
      url: `/customerloyaltysalla?merchantId=${merchant.id}&lang=ar`,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(frameAncestors(res.headers['content-security-policy'])).toBe('https://shop.example.sa');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).toContain(
      '<meta name="nuqat-store-origin" content="https://shop.example.sa">',
    );
    // The rest of the policy is the app's.
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  test('an unknown store, or none, gets a page nobody can frame', async () => {
    for (const url of [
      '/customerloyaltysalla',
      '/customerloyaltysalla?merchantId=999999999999',
      '/customerloyaltysalla?merchantId=abc',
    ]) {
      const res = await ctx.server.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(frameAncestors(res.headers['content-security-policy'])).toBe("'none'");
    }
  });

  test('the back-office is never frameable', async () => {
    const res = await ctx.server.inject({ url: '/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  test.each([
    ['https://store.salla.sa', 'https://store.salla.sa'],
    ['store.example.com', 'https://store.example.com'],
    ['http://127.0.0.1:4000/storefront/1', 'http://127.0.0.1:4000'],
    ['javascript:alert(1)', null],
    ['', null],
    [null, null],
    ['https://store.example.com:8443/ar?x=1#y', 'https://store.example.com:8443'],
    ['HTTPS://Store.Example.COM', 'https://store.example.com'],
    ['https://مثال.example', 'https://xn--mgbh0fb.example'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
    // Plain http only on this machine; no user info; nothing a page or a policy would read.
    ['http://store.example.com', null],
    ['https://user:pw@store.example.com', null],
    ['https://a";b.example', null],
    ["https://a'b.example", null],
    ['https://a;b.example', null],
    ['https://a,b.example', null],
    ['https://a{b}.example', null],
    ['https://a`b.example', null],
    ['https://evil.example"><script>alert(1)</script>', null],
    ['https://shop.example.sa; script-src *', null],
    ['https://shop.example.sa,https://evil.example', null],
    ['https://-bad-.example', null],
    ['ftp://store.example.com', null],
  ])('the store origin of %s is %s', (url, origin) => {
    expect(storeOrigin(url)).toBe(origin);
  });

  test('a stored address that tries to inject gets a page nobody can frame, and an empty origin', async () => {
    const { merchant } = await createMerchant(ctx);
    // Each of these went through as it was before (the URL parser lets quotes, semicolons,
    // commas and parentheses into a host): out of the attribute, a directive of its own.
    for (const storeUrl of [
      'https://shop.example.sa";script-src=*',
      'https://x.example"onfocus=alert(1)autofocus="',
      "https://a'onload='alert(1).example",
      'https://shop.example.sa,https://evil.example',
    ]) {
      await ctx.database.db
        .update(merchants)
        .set({ storeUrl })
        .where(eq(merchants.id, merchant.id));
      const res = await ctx.server.inject({
        url: `/customerloyaltysalla?merchantId=${merchant.id}`,
        headers: { 'accept-encoding': 'identity' },
      });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(frameAncestors(csp)).toBe("'none'");
      expect(csp.match(/frame-ancestors/g)).toHaveLength(1);
      expect(res.body).toContain('<meta name="nuqat-store-origin" content="">');
      expect(res.body).not.toMatch(/alert|script-src|shop\.example/);
    }
  });
});
