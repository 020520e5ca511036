import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSallaSandbox, type SallaSandbox } from './server.ts';
import { storefrontShopper } from './storefront-page.ts';

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

test('?customer=&email=&mobile= opens it signed in as a customer known by mobile alone', async () => {
  const html = await storefront('?customer=880000777&email=&mobile=%2B966551234567');
  expect(html).toContain('"email":"","mobile":"+966551234567"');
  expect(storefrontShopper(880000777, '', null, '+966551234567')).toMatchObject({
    email: '',
    mobile: '+966551234567',
  });
});

test('query parameters cannot break out of the page script', async () => {
  const html = await storefront(
    `?customer=880000102&email=${encodeURIComponent('</script><script>alert(1)</script>')}`,
  );
  expect(html).not.toContain('<script>alert(1)');
  expect(html.match(/<\/script>/g)).toHaveLength(2);
});

test('the theme has Salla’s login modal and the cart, unless told it is an old theme or a page without a cart', async () => {
  const html = await storefront();
  expect(html).toContain('<salla-login-modal></salla-login-modal>');
  expect(html).toContain("customElements.define('salla-login-modal'");
  expect(html).toContain('const HAS_CART = true;');
  expect(html).toContain('onCouponAdditionFailed');
  const old = await storefront('?loginModal=0&cart=0');
  expect(old).not.toContain('<salla-login-modal>');
  expect(old).toContain('const HAS_LOGIN_MODAL = false;');
  expect(old).toContain('const HAS_CART = false;');
});

test('?couponRefusal= is written into the page as data, never as markup', async () => {
  const html = await storefront(`?couponRefusal=${encodeURIComponent('</script><b>x')}`);
  expect(html).toContain('const COUPON_REFUSAL = "\\u003c/script>\\u003cb>x";');
  expect(html.match(/<\/script>/g)).toHaveLength(2);
});

describe('the cart’s coupon check (what salla.cart.addCoupon asks)', () => {
  const ask = (body: Record<string, unknown>) =>
    fetch(`${sandbox.url}/__sandbox/cart/coupon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchantId: MERCHANT, lang: 'ar', ...body }),
    });
  const makeCoupon = async (code: string, extra: Record<string, unknown> = {}) => {
    const tokens = sandbox.registerStore({ merchantId: MERCHANT, name: 'متجر الورد' });
    const res = await fetch(`${sandbox.apiBase}/coupons`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokens.access_token}`,
      },
      body: JSON.stringify({
        code,
        type: 'fixed',
        amount: 20,
        free_shipping: false,
        exclude_sale_products: false,
        expiry_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        ...extra,
      }),
    });
    expect(res.status).toBe(200);
  };

  test('an unknown code is refused with Salla’s error envelope', async () => {
    const res = await ask({ code: 'NQ-NOPE', total: 500 });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      success: false,
      error: { message: 'كود الكوبون غير صحيح' },
    });
  });

  test('a cart under the coupon’s minimum is refused with the minimum; above it, applied', async () => {
    await makeCoupon('NQ-MIN100', { minimum_amount: 100 });
    const below = await ask({ code: 'nq-min100', total: 59, lang: 'en' });
    expect(below.status).toBe(422);
    expect(((await below.json()) as { error: { message: string } }).error.message).toBe(
      'This coupon needs a minimum order of 100 SAR.',
    );
    const above = await ask({ code: 'NQ-MIN100', total: 249 });
    expect(above.status).toBe(200);
    expect(await above.json()).toMatchObject({
      success: true,
      data: { cart: { coupon: 'NQ-MIN100' } },
    });
  });

  test('a page told to refuse refuses with the reason it was given', async () => {
    await makeCoupon('NQ-ANY');
    const res = await ask({ code: 'NQ-ANY', total: 500, refusal: 'السلة فارغة' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'السلة فارغة',
    );
  });
});
