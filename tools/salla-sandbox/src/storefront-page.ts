import { demoCustomers } from './demo-store.ts';
import { storefrontStyles } from './storefront-styles.ts';
import { STOREFRONT_TEXT } from './storefront-texts.ts';
import { js, twilightScript } from './storefront-twilight.ts';

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
  const t = STOREFRONT_TEXT[lang];
  const other = new URLSearchParams(input.search);
  other.set('lang', t.other.href);
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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
${storefrontStyles(dark)}
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
${twilightScript({ lang, merchantId, storeName: input.storeName, user: input.shopper ? user(input.shopper) : null, guest, token: input.token, app: input.app ?? {}, texts: { guest: t.guest, signedIn: t.signedIn, cart: t.cart, coupon: t.coupon, removeCoupon: t.removeCoupon, currency: t.currency, modalTitle: t.modalTitle, modalEmail: t.modalEmail, modalSend: t.modalSend, modalCode: t.modalCode, modalHint: t.modalHint, modalVerify: t.modalVerify, modalClose: t.modalClose, modalWrong: t.modalWrong }, hasCart: input.cart !== false, hasLoginModal: input.loginModal !== false, couponRefusal: input.couponRefusal ?? null })}
<span id="theme-rendered" hidden></span>
${input.loginModal === false ? '' : '<salla-login-modal></salla-login-modal>'}
<script src="${esc(input.nuqatUrl)}/snippet.js"></script>
</body>
</html>`;
}
