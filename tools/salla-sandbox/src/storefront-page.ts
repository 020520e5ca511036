import { demoCustomers } from './demo-store.ts';

/**
 * A stand-in Salla store page (GET /storefront/:merchantId). It plays Salla's part and nothing
 * more: a themed store with a shopper who can sign in and out, a fake Twilight (`window.salla`)
 * defined before any App Snippet runs, and then Nuqat's snippet loaded exactly as Salla loads App
 * Snippets (`<script src>` before `</body>`, reference §4.1). The loyalty iframe, its messages and
 * what the shopper is told are the snippet's business; this page never talks to the iframe.
 *
 * The Twilight pieces the snippet uses, as shared/reference/salla.md §4.2, §4.5 and §4.6 document
 * them and no more: `salla.cart.addCoupon(code)` with `cart::coupon.added` and the alias listeners
 * `salla.event.cart.onCouponAdded` / `onCouponAdditionFailed` (the failure hands over the
 * request's error, Salla's `{error: {message}}` answer under `response.data`, as themes read it);
 * the theme's `<salla-login-modal>` with `open()`, driving `salla.auth.login` / `salla.auth.verify`
 * (Salla's access-code flow) and the `auth::verified` / `auth::logged.in` / `auth::logged.out`
 * events; on a product page, a product option that changes the price re-renders the page's price
 * element and emits `product::price.updated` (§4.6, no payload: Salla documents none). The cart
 * lives in the tab (sessionStorage), so it follows the shopper across pages.
 *
 * Twilight keeps the shopper's token in `salla.storage.get('token')`; the fake does too, and
 * counts the reads in `window.__sallaSandbox.tokenReads`, so a browser test can prove the snippet
 * neither reads nor forwards it (docs/storefront-messages.md).
 */

export interface StorefrontShopper {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
}

export type StorefrontLang = 'ar' | 'en';

export type StorefrontView =
  { kind: 'home' } | { kind: 'product'; index: number } | { kind: 'cart' };

const TEXT = {
  ar: {
    demo: 'متجر تجريبي على سلة (Sandbox)',
    title: 'متجر تجريبي',
    other: { href: 'en', label: 'English' },
    hero: 'وصل حديثًا',
    heroText: 'منتجات مختارة بعناية، والتوصيل لجميع مدن المملكة.',
    add: 'أضف للسلة',
    currency: 'ر.س',
    login: 'دخول العميل (يمثّل تسجيل الدخول في سلة)',
    id: 'رقم العميل',
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    mobile: 'الجوال',
    signIn: 'تسجيل دخول العميل',
    signOut: 'تسجيل الخروج',
    guest: 'زائر (غير مسجّل)',
    signedIn: 'العميل المسجّل: ',
    cart: 'السلة',
    coupon: 'الكوبون',
    removeCoupon: 'إزالة الكوبون',
    modalTitle: 'تسجيل الدخول',
    modalEmail: 'البريد الإلكتروني',
    modalSend: 'أرسل رمز التحقق',
    modalCode: 'رمز التحقق',
    modalHint: 'بيئة تجريبية: الرمز هو 1234',
    modalVerify: 'دخول',
    modalClose: 'إغلاق',
    modalWrong: 'رمز التحقق غير صحيح',
    home: 'الرئيسية',
    cartPage: 'سلة المشتريات',
    cartEmpty: 'سلتك فارغة.',
    total: 'الإجمالي',
    checkout: 'إتمام الطلب',
    about: 'منتج أصلي بجودة عالية، يُشحن خلال يومين إلى جميع مدن المملكة.',
    size: 'الحجم',
    sizes: ['50 مل', '100 مل'],
    products: [
      ['عطر العود الملكي', 249],
      ['قهوة سعودية بالهيل', 59],
      ['تمر سكري فاخر', 89],
      ['مبخرة نحاسية', 135],
    ] as const,
  },
  en: {
    demo: 'Demo store on Salla (sandbox)',
    title: 'Demo store',
    other: { href: 'ar', label: 'العربية' },
    hero: 'New arrivals',
    heroText: 'Hand-picked products, delivered to every city in the Kingdom.',
    add: 'Add to cart',
    currency: 'SAR',
    login: 'Shopper sign-in (stands in for Salla’s login)',
    id: 'Customer id',
    name: 'Name',
    email: 'E-mail',
    mobile: 'Mobile',
    signIn: 'Sign the shopper in',
    signOut: 'Sign out',
    guest: 'Guest (not signed in)',
    signedIn: 'Signed in: ',
    cart: 'Cart',
    coupon: 'Coupon',
    removeCoupon: 'Remove coupon',
    modalTitle: 'Sign in',
    modalEmail: 'Email',
    modalSend: 'Send the access code',
    modalCode: 'Access code',
    modalHint: 'Sandbox: the code is 1234',
    modalVerify: 'Sign in',
    modalClose: 'Close',
    modalWrong: 'The access code is not correct',
    home: 'Home',
    cartPage: 'Shopping cart',
    cartEmpty: 'Your cart is empty.',
    total: 'Total',
    checkout: 'Checkout',
    about: 'Genuine, high-quality product, shipped within two days to every city in the Kingdom.',
    size: 'Size',
    sizes: ['50 ml', '100 ml'],
    products: [
      ['Royal oud perfume', 249],
      ['Saudi coffee with cardamom', 59],
      ['Premium Sukkari dates', 89],
      ['Copper incense burner', 135],
    ] as const,
  },
};

/**
 * A demo store customer by id (mobile as Salla's customer webhooks send it), a made-up one for
 * other ids, or the demo store's first customer (سارة العتيبي) when no id is given.
 */
export function storefrontShopper(
  id: number | null,
  email: string | null = null,
  name: string | null = null,
  mobile: string | null = null,
): StorefrontShopper {
  const customers = demoCustomers();
  const known = id === null ? customers[0] : customers.find((c) => c.id === id);
  const customerId = id ?? known!.id;
  const [firstName = '', ...lastName] = (name ?? '').trim().split(/\s+/);
  return {
    id: customerId,
    firstName: name ? firstName : (known?.firstName ?? 'Customer'),
    lastName: name ? lastName.join(' ') : (known?.lastName ?? String(customerId)),
    // A customer the store knows by mobile alone has Salla's empty e-mail, as Twilight gives it.
    email: email ?? (known ? (known.email ?? '') : `customer${customerId}@example.com`),
    mobile: mobile || `+966${known?.mobile ?? 500_000_000 + (customerId % 100_000_000)}`,
  };
}

/**
 * The shopper behind an e-mail typed into the store's login modal: the demo customer with it, or
 * a new customer with a stable made-up id.
 */
export function storefrontShopperByEmail(email: string): StorefrontShopper {
  const clean = email.trim().toLowerCase();
  const known = demoCustomers().find((c) => (c.email ?? '').toLowerCase() === clean);
  if (known) return storefrontShopper(known.id);
  let hash = 0;
  for (const char of clean) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000;
  return storefrontShopper(990_100_000 + hash, clean, clean.split('@')[0] || 'Customer');
}

/** Twilight gives guests a user id too; the snippet must look at isGuest() first. */
const GUEST_ID = 990_000_001;

export function storefrontPage(input: {
  merchantId: number;
  storeName: string;
  nuqatUrl: string;
  lang: StorefrontLang;
  /** The shopper signed in when the page opens (`?customer=`), or null for a guest. */
  shopper: StorefrontShopper | null;
  /** That shopper's storefront token (Twilight's `salla.storage.get('token')`). */
  token: string | null;
  /** What the sign-in form offers when nobody is signed in. */
  suggested: StorefrontShopper;
  /** The page's query string, kept by the language link. */
  search?: string;
  /** The theme has Salla's login modal (`<salla-login-modal>`); default true. */
  loginModal?: boolean;
  /** The page has Twilight's cart (`salla.cart`); default true. */
  cart?: boolean;
  /** Every coupon the cart is asked to apply is refused with this reason. */
  couponRefusal?: string | null;
  /** Which page of the store: the home page (default), a product's page, or the cart page. */
  view?: StorefrontView;
  /** The theme's look; default light. */
  theme?: 'light' | 'dark';
  /** The app's public settings (reference §4.1: `salla.config.get('app.<field>')`). */
  app?: Record<string, unknown>;
}): string {
  const { lang, merchantId } = input;
  const t = TEXT[lang];
  const other = new URLSearchParams(input.search);
  other.set('lang', t.other.href);
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  // JSON inside <script>: `<` escaped so no query parameter can close the element.
  const js = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const form = input.shopper ?? input.suggested;
  const price = new Intl.NumberFormat(lang === 'ar' ? 'ar-SA' : 'en-SA');
  const user = (s: StorefrontShopper) => ({
    id: s.id,
    type: 'user',
    first_name: s.firstName,
    last_name: s.lastName,
    email: s.email,
    mobile: s.mobile,
    avatar: '',
    language_code: lang,
    currency_code: 'SAR',
    country_code: 'SA',
  });
  const guest = { id: GUEST_ID, type: 'guest', language_code: lang, currency_code: 'SAR' };
  const hues = [28, 200, 140, 330];
  const view = input.view ?? { kind: 'home' };
  const dark = input.theme === 'dark';
  // Links keep the page's query (language, shopper, theme).
  const keep = new URLSearchParams(input.search);
  const href = (path: string) =>
    esc(`/storefront/${merchantId}${path}${keep.toString() ? `?${keep.toString()}` : ''}`);
  const products = t.products
    .map(
      ([name, amount], i) => `<article class="card">
      <a href="${href(`/product/${i}`)}" class="img" style="--h:${hues[i]}" aria-label="${esc(name)}"></a>
      <h3><a href="${href(`/product/${i}`)}">${esc(name)}</a></h3>
      <p class="price"><bdi>${price.format(amount)}</bdi> ${t.currency}</p>
      <button type="button" data-product="${1_653_503_260 + i}" data-price="${amount}">${t.add}</button>
    </article>`,
    )
    .join('\n    ');
  const shown = view.kind === 'product' ? t.products[view.index] : undefined;
  // The first product comes in two sizes, the larger one dearer: a product option that changes
  // the price, as a theme's product form offers it.
  const sizes =
    view.kind === 'product' && view.index === 0 && shown ? [shown[1], shown[1] + 150] : [];
  const options = sizes.length
    ? `<label class="option">${t.size} <select id="product-option">${sizes
        .map((amount, i) => `<option value="${amount}">${t.sizes[i]}</option>`)
        .join('')}</select></label>`
    : '';
  // The product page's own product, as the page describes it to search engines (schema.org
  // Product in JSON-LD): the snippet reads the viewed product's price from here, not from an
  // event that also fires for sliders (reference §4.6).
  const productLd = shown
    ? `<script type="application/ld+json">${js({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: shown[0],
        sku: String(1_653_503_260 + (view as { index: number }).index),
        offers: {
          '@type': 'Offer',
          price: shown[1].toFixed(2),
          priceCurrency: 'SAR',
          availability: 'https://schema.org/InStock',
        },
      })}</script>`
    : '';
  const body =
    view.kind === 'product'
      ? shown
        ? `<article class="product">
      <div class="img" style="--h:${hues[view.index]}" aria-hidden="true"></div>
      <div class="info">
        <h1>${esc(shown[0])}</h1>
        <p class="price"><bdi>${price.format(shown[1])}</bdi> ${t.currency}</p>
        ${options}
        <salla-add-product-button product-id="${1_653_503_260 + view.index}"><button type="button" class="primary" data-product="${1_653_503_260 + view.index}" data-price="${shown[1]}">${t.add}</button></salla-add-product-button>
        <p class="about">${t.about}</p>
      </div>
    </article>`
        : `<p>404</p>`
      : view.kind === 'cart'
        ? `<section class="hero"><h1>${t.cartPage}</h1><ul id="cart-lines"></ul><p class="total"><span>${t.total}</span> <strong id="cart-total"></strong></p><button type="button" class="primary">${t.checkout}</button></section>`
        : `<section class="hero"><h1>${t.hero}</h1><p>${t.heroText}</p></section>
  <section class="grid">
    ${products}
  </section>`;

  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(shown ? shown[0] : input.storeName)} — ${t.title}</title>
${productLd}
<!-- A theme renders its header (cart, who is signed in) before the first paint: nothing of the
     theme's own moves once shown, so a layout shift measured here is the snippet's. -->
<link rel="expect" href="#theme-rendered" blocking="render">
<style>
  /* A theme's variables, as Salla themes define them: the snippet takes its colour from them. */
  :root { --color-primary: ${dark ? '#8b5cf6' : '#5d2e8c'}; --color-primary-reverse: #fff; --bg: ${dark ? '#0b1020' : '#f6f7f9'}; --card: ${dark ? '#161b2e' : '#fff'}; --ink: ${dark ? '#e5e7eb' : '#111827'}; }
  body { margin: 0; font-family: system-ui, Tahoma, sans-serif; background: var(--bg); color: var(--ink); }
  a { color: inherit; }
  /* Themes style bare elements; the snippet's launcher and panel must not care. */
  button { font: inherit; padding: 8px 14px; border-radius: 8px; border: 1px solid #cbd5e1; background: var(--card); color: inherit; cursor: pointer; }
  .primary { background: var(--color-primary); color: var(--color-primary-reverse); border: 0; padding: 12px 20px; }
  .product { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 24px; background: var(--card); border-radius: 16px; padding: 16px; }
  .product h1 { margin: 0 0 8px; font-size: 24px; }
  .product .price { font-size: 22px; font-weight: 700; margin: 0 0 12px; }
  .product .info { display: flex; flex-direction: column; align-items: flex-start; gap: 8px; }
  .product .about { opacity: .8; line-height: 1.6; }
  .product .option { display: flex; gap: 8px; align-items: center; }
  .product select { font: inherit; min-height: 44px; padding: 6px 10px; border-radius: 8px; border: 1px solid #cbd5e1; background: var(--card); color: inherit; }
  @media (max-width: 640px) { .product { grid-template-columns: 1fr; } }
  #cart-lines { padding-inline-start: 20px; }
  .total { display: flex; gap: 8px; font-size: 18px; }
  nav { display: flex; gap: 12px; }
  input { font: inherit; padding: 6px 10px; border-radius: 8px; border: 1px solid #cbd5e1; background: var(--card); color: inherit; }
  header { display: flex; flex-wrap: wrap; gap: 8px; justify-content: space-between; align-items: center; padding: 12px 20px; background: var(--color-primary); color: var(--color-primary-reverse); }
  header a { color: inherit; }
  header small { opacity: .85; }
  main { max-width: 1040px; margin: 0 auto; padding: 16px 16px 96px; }
  .hero { padding: 24px; border-radius: 16px; background: var(--card); margin-block-end: 16px; }
  .hero h1 { margin: 0 0 4px; font-size: 24px; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 16px; }
  .card { background: var(--card); border-radius: 16px; padding: 12px; display: flex; flex-direction: column; gap: 6px; }
  .card h3 { margin: 0; font-size: 16px; }
  .card .price { margin: 0; font-weight: 700; }
  .img { aspect-ratio: 4 / 3; border-radius: 12px; background: linear-gradient(135deg, hsl(var(--h) 70% 82%), hsl(var(--h) 60% 62%)); }
  /* Kept to the inline-start side, clear of the snippet's desktop panel in the other corner. */
  .shopper { max-width: 520px; margin-block-start: 24px; padding: 16px; border: 1px dashed #94a3b8; border-radius: 16px; background: var(--card); }
  .shopper form { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; }
  .shopper label { display: flex; flex-direction: column; gap: 4px; font-size: 14px; }
  .cart { margin: 0; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; font-size: 14px; }
  .cart .code { padding: 2px 8px; border-radius: 999px; background: rgba(255,255,255,.2); font-family: monospace; }
  .cart button { padding: 2px 8px; font-size: 12px; }
  /* The theme's login modal (Salla's login web component), in the top layer like Salla's. */
  dialog.login { border: 0; border-radius: 16px; padding: 20px; width: min(360px, calc(100% - 32px)); box-shadow: 0 16px 48px rgba(0,0,0,.3); }
  dialog.login form { display: flex; flex-direction: column; gap: 10px; }
  dialog.login label { display: flex; flex-direction: column; gap: 4px; font-size: 14px; }
  dialog.login .primary { background: var(--color-primary); color: var(--color-primary-reverse); border: 0; }
  dialog.login .hint { font-size: 12px; color: #64748b; margin: 0; }
  dialog.login .error { color: #b91c1c; font-size: 13px; margin: 0; }
</style>
</head>
<body>
<header>
  <strong><a href="${href('')}">${esc(input.storeName)}</a></strong>
  <small>${t.demo}</small>
  <nav><a href="${href('')}">${t.home}</a><a href="${href('/cart')}">${t.cartPage}</a></nav>
  ${input.cart === false ? '' : `<p id="cart" role="status" class="cart"></p>`}
  <a href="?${esc(other.toString())}" lang="${t.other.href}">${t.other.label}</a>
</header>
<main>
  ${body}
  <section class="shopper" aria-labelledby="shopper-title">
    <h2 id="shopper-title">${t.login}</h2>
    <p id="who" role="status"></p>
    <form id="login">
      <label>${t.id} <input name="id" inputmode="numeric" pattern="[0-9]+" dir="ltr" required value="${form.id}"></label>
      <label>${t.name} <input name="name" required value="${esc(`${form.firstName} ${form.lastName}`.trim())}"></label>
      <label>${t.email} <input name="email" type="email" dir="ltr" value="${esc(form.email)}"></label>
      <label>${t.mobile} <input name="mobile" type="tel" dir="ltr" value="${esc(form.mobile)}"></label>
      <button>${t.signIn}</button>
      <button type="button" id="logout">${t.signOut}</button>
    </form>
  </section>
</main>
<script>
(() => {
  // A fake Twilight: what a Salla theme has set up before any App Snippet runs.
  const LANG = ${js(lang)};
  const guest = () => (${js(guest)});
  const state = {
    store: { id: ${merchantId}, name: ${js(input.storeName)}, currency: 'SAR' },
    user: ${input.shopper ? js(user(input.shopper)) : 'guest()'},
    app: ${js(input.app ?? {})},
  };
  let token = ${js(input.token)};
  const sandbox = (window.__sallaSandbox = { tokenReads: 0 });
  const listeners = new Map();
  const on = (name, callback) => void listeners.set(name, [...(listeners.get(name) || []), callback]);
  const emit = (name, payload) =>
    (listeners.get(name) || []).forEach((callback) => {
      try { callback(payload); } catch (error) { console.error(error); }
    });
  let ready = false;
  const waiting = [];
  const T = ${js({
    guest: t.guest,
    signedIn: t.signedIn,
    cart: t.cart,
    coupon: t.coupon,
    removeCoupon: t.removeCoupon,
    currency: t.currency,
    modalTitle: t.modalTitle,
    modalEmail: t.modalEmail,
    modalSend: t.modalSend,
    modalCode: t.modalCode,
    modalHint: t.modalHint,
    modalVerify: t.modalVerify,
    modalClose: t.modalClose,
    modalWrong: t.modalWrong,
  })};
  const HAS_CART = ${js(input.cart !== false)};
  const HAS_LOGIN_MODAL = ${js(input.loginModal !== false)};
  const COUPON_REFUSAL = ${js(input.couponRefusal ?? null)};

  // The cart, kept in the tab so it follows the shopper from page to page.
  const CART_KEY = 'sandbox-cart-' + ${merchantId};
  const readCart = () => {
    try {
      return JSON.parse(sessionStorage.getItem(CART_KEY)) || { items: [], coupon: null };
    } catch (error) {
      return { items: [], coupon: null };
    }
  };
  const totalOf = (cart) => cart.items.reduce((sum, price) => sum + price, 0);
  const money = new Intl.NumberFormat(LANG === 'ar' ? 'ar-SA' : 'en-SA');
  const renderCart = (cart) => {
    const lines = document.getElementById('cart-lines');
    if (lines) {
      lines.replaceChildren(...cart.items.map((amount) => {
        const li = document.createElement('li');
        li.textContent = money.format(amount) + ' ' + T.currency;
        return li;
      }));
      document.getElementById('cart-total').textContent = money.format(totalOf(cart)) + ' ' + T.currency;
    }
    const box = document.getElementById('cart');
    if (!box) return;
    box.textContent = T.cart + ' (' + money.format(cart.items.length) + '): ' + money.format(totalOf(cart)) + ' ' + T.currency;
    if (cart.coupon) {
      const chip = document.createElement('span');
      chip.className = 'code';
      chip.dir = 'ltr';
      chip.textContent = cart.coupon;
      chip.setAttribute('data-testid', 'cart-coupon');
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = T.removeCoupon;
      remove.onclick = () => window.salla.cart.deleteCoupon();
      box.append(' · ' + T.coupon + ': ', chip, remove);
    }
  };
  const writeCart = (cart) => {
    sessionStorage.setItem(CART_KEY, JSON.stringify(cart));
    renderCart(cart);
  };
  const summary = (cart) => ({ count: cart.items.length, total: totalOf(cart), sub_total: totalOf(cart), coupon: cart.coupon });
  // Reference §4.6: addCoupon('CODE') or addCoupon({ coupon }); the answer through the cart's
  // coupon events. The failure hands over the request's error as themes read it
  // (error.response.data.error.message); its bus name is this fake's own, Salla documents only
  // the alias salla.event.cart.onCouponAdditionFailed.
  const cartApi = {
    addCoupon: async (input) => {
      const code = typeof input === 'string' ? input : input && input.coupon;
      const cart = readCart();
      const res = await fetch('/__sandbox/cart/coupon', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ merchantId: ${merchantId}, code, total: totalOf(cart), lang: LANG, refusal: COUPON_REFUSAL }),
      });
      const body = await res.json();
      if (!res.ok) {
        const error = new Error((body.error && body.error.message) || 'Request failed');
        error.response = { status: res.status, data: body };
        emit('cart::coupon.addition.failed', error);
        throw error;
      }
      cart.coupon = code;
      writeCart(cart);
      emit('cart::coupon.added', body);
      emit('cart::updated', summary(cart));
      return body;
    },
    deleteCoupon: async () => {
      const cart = readCart();
      cart.coupon = null;
      writeCart(cart);
      emit('cart::coupon.deleted', { data: summary(cart) });
      emit('cart::updated', summary(cart));
      return { status: 200, success: true, data: summary(cart) };
    },
    getCurrentCartId: async () => ${merchantId},
    // The cart with its total, as cart::updated carries it (reference §4.6).
    details: async () => ({ status: 200, success: true, data: { cart: summary(readCart()) } }),
  };

  window.salla = window.Salla = {
    config: {
      get: (key, fallback) => {
        const value = key.split('.').reduce((at, part) => (at == null ? undefined : at[part]), state);
        return value === undefined ? fallback : value;
      },
      isGuest: () => state.user.type !== 'user',
    },
    onReady: (callback) =>
      new Promise((resolve) => {
        const run = () => resolve(callback && callback());
        if (ready) setTimeout(run);
        else waiting.push(run);
      }),
    event: {
      on,
      emit,
      auth: {
        onLoggedIn: (callback) => on('auth::logged.in', callback),
        onLoggedOut: (callback) => on('auth::logged.out', callback),
        onVerified: (callback) => on('auth::verified', callback),
      },
      cart: {
        onCouponAdded: (callback) => on('cart::coupon.added', callback),
        onCouponAdditionFailed: (callback) => on('cart::coupon.addition.failed', callback),
        onUpdated: (callback) => on('cart::updated', callback),
      },
    },
    // Salla's access-code sign-in (§4.6): a code to the e-mail, then verify. In the sandbox the
    // code is always 1234.
    auth: {
      login: async () => {
        emit('auth::code.sent', {});
        return { status: 200, success: true };
      },
      verify: async ({ email, code }) => {
        if (String(code) !== '1234') {
          emit('auth::verification.failed', {});
          const error = new Error(T.modalWrong);
          error.response = { status: 422, data: { status: 422, success: false, error: { message: T.modalWrong } } };
          throw error;
        }
        const res = await fetch('/__sandbox/customer-login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ merchantId: state.store.id, email }),
        });
        const answer = await res.json();
        const u = answer.user;
        signedIn({
          id: u.id, type: 'user', first_name: u.firstName, last_name: u.lastName, email: u.email,
          mobile: u.mobile, avatar: '', language_code: LANG, currency_code: 'SAR', country_code: 'SA',
        }, answer.token);
        return { status: 200, success: true, data: { token: answer.token } };
      },
      logout: async () => signedOut(),
    },
    storage: {
      get: (key) => {
        if (key !== 'token') return null;
        sandbox.tokenReads += 1;
        return token;
      },
    },
    init: () => {
      throw new Error('Twilight is already initialised: an App Snippet must not call salla.init()');
    },
  };
  if (HAS_CART) window.salla.cart = cartApi;
  // Twilight is ready once the theme has run, after the snippets below have been parsed.
  document.addEventListener('DOMContentLoaded', () => {
    ready = true;
    waiting.splice(0).forEach((run) => run());
  });

  const who = document.getElementById('who');
  const show = () => {
    const u = state.user;
    who.textContent = u.type === 'user' ? T.signedIn + (u.first_name + ' ' + u.last_name).trim() + ' (' + u.id + ')' : T.guest;
  };
  show();
  renderCart(readCart());

  // Twilight's payload is the API's answer, token included: a snippet must not pass it on.
  function signedIn(user, newToken) {
    token = newToken;
    state.user = user;
    show();
    emit('auth::verified', { data: { token } });
    emit('auth::logged.in', { data: { token, user: { id: user.id } } });
  }
  function signedOut() {
    token = null;
    state.user = guest();
    show();
    emit('auth::logged.out');
  }

  // The theme's login web component (§4.5): open() shows Salla's e-mail and code steps.
  if (HAS_LOGIN_MODAL)
    customElements.define('salla-login-modal', class extends HTMLElement {
      open() {
        let dialog = this.querySelector('dialog');
        if (!dialog) {
          dialog = document.createElement('dialog');
          dialog.className = 'login';
          dialog.setAttribute('aria-labelledby', 'login-modal-title');
          this.append(dialog);
        }
        const email = document.createElement('form');
        email.innerHTML =
          '<h2 id="login-modal-title"></h2><label><span></span><input name="email" type="email" dir="ltr" required autocomplete="email"></label>' +
          '<button class="primary"></button><button type="button" value="close"></button>';
        email.querySelector('h2').textContent = T.modalTitle;
        email.querySelector('span').textContent = T.modalEmail;
        email.querySelector('.primary').textContent = T.modalSend;
        email.querySelector('[value=close]').textContent = T.modalClose;
        email.querySelector('[value=close]').onclick = () => dialog.close();
        email.onsubmit = async (event) => {
          event.preventDefault();
          const address = email.elements.email.value.trim();
          await window.salla.auth.login({ type: 'email', email: address });
          const code = document.createElement('form');
          code.innerHTML =
            '<h2 id="login-modal-title"></h2><label><span></span><input name="code" inputmode="numeric" dir="ltr" required autocomplete="one-time-code"></label>' +
            '<p class="hint"></p><p class="error" role="alert"></p><button class="primary"></button>';
          code.querySelector('h2').textContent = T.modalTitle;
          code.querySelector('span').textContent = T.modalCode;
          code.querySelector('.hint').textContent = T.modalHint;
          code.querySelector('.primary').textContent = T.modalVerify;
          code.onsubmit = async (submit) => {
            submit.preventDefault();
            try {
              await window.salla.auth.verify({ type: 'email', email: address, code: code.elements.code.value });
              dialog.close();
            } catch (error) {
              code.querySelector('.error').textContent = error.message;
            }
          };
          dialog.replaceChildren(code);
          code.elements.code.focus();
        };
        dialog.replaceChildren(email);
        dialog.showModal();
        email.elements.email.focus();
        return Promise.resolve();
      }
    });

  document.getElementById('login').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const id = Number(form.get('id'));
    const [first, ...rest] = String(form.get('name')).trim().split(/\\s+/);
    const email = String(form.get('email') || '');
    const res = await fetch('/__sandbox/customer-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchantId: state.store.id, id, name: first, email }),
    });
    const newToken = (await res.json()).token;
    token = newToken;
    state.user = {
      id, type: 'user', first_name: first || '', last_name: rest.join(' '), email,
      mobile: String(form.get('mobile') || ''), avatar: '', language_code: LANG, currency_code: 'SAR', country_code: 'SA',
    };
    show();
    emit('auth::logged.in', { data: { token, user: { id } } });
  });
  document.getElementById('logout').addEventListener('click', () => signedOut());
  // A product option that changes the price: the theme shows the new price in the product's own
  // price element, its add-to-cart takes it, and Twilight says so with product::price.updated
  // (reference §4.6; its payload is not documented, so this one carries none).
  const option = document.getElementById('product-option');
  if (option)
    option.addEventListener('change', () => {
      document.querySelector('.product .price bdi').textContent = money.format(Number(option.value));
      document.querySelector('.product [data-product]').dataset.price = option.value;
      emit('product::price.updated');
    });
  document.querySelectorAll('[data-product]').forEach((button) =>
    button.addEventListener('click', () => {
      const cart = readCart();
      cart.items.push(Number(button.dataset.price));
      writeCart(cart);
      emit('cart::item.added', { product_id: Number(button.dataset.product), quantity: 1 });
      emit('cart::updated', summary(cart));
    }),
  );
})();
</script>
<span id="theme-rendered" hidden></span>
${input.loginModal === false ? '' : '<salla-login-modal></salla-login-modal>'}
<script src="${esc(input.nuqatUrl)}/snippet.js"></script>
</body>
</html>`;
}
