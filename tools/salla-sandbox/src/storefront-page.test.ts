import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSallaSandbox, type SallaSandbox } from './server.ts';

const MERCHANT = 4242;
const NUQAT = 'https://nuqat.example';
let sandbox: SallaSandbox;

beforeAll(async () => {
  sandbox = await startSallaSandbox({ nuqatUrl: NUQAT });
  sandbox.registerStore({ merchantId: MERCHANT, name: 'متجر الورد' });
});
afterAll(() => sandbox.close());

const storefront = async (query = '') => {
  const res = await fetch(`${sandbox.url}/storefront/${MERCHANT}${query}`);
  expect(res.status).toBe(200);
  return res.text();
};

test('the store page defines Twilight, then loads the snippet last, as Salla does', async () => {
  const html = await storefront();
  const twilight = html.indexOf('window.salla = window.Salla');
  const snippet = html.indexOf(`<script src="${NUQAT}/snippet.js"></script>`);
  expect(twilight).toBeGreaterThan(0);
  expect(snippet).toBeGreaterThan(twilight);
  expect(html.slice(snippet)).toMatch(/^<script src="[^"]+"><\/script>\s*<\/body>/);
  expect(html).toContain('<html lang="ar" dir="rtl">');
  expect(html).toContain('متجر الورد');
  // The store page plays Salla's part only: the iframe and its messages belong to the snippet.
  expect(html).not.toContain('<iframe');
  expect(html).not.toContain('postMessage');
  expect(html).toContain('value="880000100"');
  expect(html).toContain('customer1@demo.nuqat.sa');
});

test('?lang=en opens the English store and tells Twilight the shopper speaks English', async () => {
  const html = await storefront('?lang=en');
  expect(html).toContain('<html lang="en" dir="ltr">');
  expect(html).toContain('const LANG = "en"');
  expect(html).toContain('Sign the shopper in');
});

test('?customer= opens the store signed in, with a storefront token only Twilight holds', async () => {
  const html = await storefront('?customer=880000101&email=someone%40example.com');
  expect(html).toMatch(/"id":880000101,"type":"user","first_name":"محمد"/);
  expect(html).toContain('"email":"someone@example.com"');
  expect(html).toMatch(/let token = "sa_customer_[\w-]+";/);
});

test('query parameters cannot break out of the page script', async () => {
  const html = await storefront(
    `?customer=880000102&email=${encodeURIComponent('</script><script>alert(1)</script>')}`,
  );
  expect(html).not.toContain('<script>alert(1)');
  expect(html.match(/<\/script>/g)).toHaveLength(2);
});
