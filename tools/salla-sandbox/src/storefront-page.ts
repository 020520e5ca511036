import { demoCustomers } from './demo-store.ts';

/**
 * A stand-in Salla store page (GET /storefront/:merchantId). It plays Salla's part and nothing
 * more: a themed store with a shopper who can sign in and out, a fake Twilight (`window.salla`)
 * defined before any App Snippet runs, and then Nuqat's snippet loaded exactly as Salla loads App
 * Snippets (`<script src>` before `</body>`, reference §4.1). The loyalty iframe, its messages and
 * what the shopper is told are the snippet's business; this page never talks to the iframe.
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
): StorefrontShopper {
  const customers = demoCustomers();
  const known = id === null ? customers[0] : customers.find((c) => c.id === id);
  const customerId = id ?? known!.id;
  const [firstName = '', ...lastName] = (name ?? '').trim().split(/\s+/);
  return {
    id: customerId,
    firstName: name ? firstName : (known?.firstName ?? 'Customer'),
    lastName: name ? lastName.join(' ') : (known?.lastName ?? String(customerId)),
    email: email ?? known?.email ?? `customer${customerId}@example.com`,
    mobile: `+966${known?.mobile ?? 500_000_000 + (customerId % 100_000_000)}`,
  };
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
  const products = t.products
    .map(
      ([name, amount], i) => `<article class="card">
      <div class="img" style="--h:${hues[i]}" aria-hidden="true"></div>
      <h3>${esc(name)}</h3>
      <p class="price"><bdi>${price.format(amount)}</bdi> ${t.currency}</p>
      <button type="button" data-product="${1_653_503_260 + i}">${t.add}</button>
    </article>`,
    )
    .join('\n    ');

  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(input.storeName)} — ${t.title}</title>
<style>
  /* A theme's variables, as Salla themes define them: the snippet takes its colour from them. */
  :root { --color-primary: #5d2e8c; --color-primary-reverse: #fff; }
  body { margin: 0; font-family: system-ui, Tahoma, sans-serif; background: #f6f7f9; color: #111827; }
  /* Themes style bare elements; the snippet's launcher and panel must not care. */
  button { font: inherit; padding: 8px 14px; border-radius: 8px; border: 1px solid #cbd5e1; background: #fff; cursor: pointer; }
  input { font: inherit; padding: 6px 10px; border-radius: 8px; border: 1px solid #cbd5e1; }
  header { display: flex; flex-wrap: wrap; gap: 8px; justify-content: space-between; align-items: center; padding: 12px 20px; background: var(--color-primary); color: var(--color-primary-reverse); }
  header a { color: inherit; }
  header small { opacity: .85; }
  main { max-width: 1040px; margin: 0 auto; padding: 16px 16px 96px; }
  .hero { padding: 24px; border-radius: 16px; background: #fff; margin-block-end: 16px; }
  .hero h1 { margin: 0 0 4px; font-size: 24px; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 16px; }
  .card { background: #fff; border-radius: 16px; padding: 12px; display: flex; flex-direction: column; gap: 6px; }
  .card h3 { margin: 0; font-size: 16px; }
  .card .price { margin: 0; font-weight: 700; }
  .img { aspect-ratio: 4 / 3; border-radius: 12px; background: linear-gradient(135deg, hsl(var(--h) 70% 82%), hsl(var(--h) 60% 62%)); }
  /* Kept to the inline-start side, clear of the snippet's desktop panel in the other corner. */
  .shopper { max-width: 520px; margin-block-start: 24px; padding: 16px; border: 1px dashed #94a3b8; border-radius: 16px; background: #fff; }
  .shopper form { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; }
  .shopper label { display: flex; flex-direction: column; gap: 4px; font-size: 14px; }
</style>
</head>
<body>
<header>
  <strong>${esc(input.storeName)}</strong>
  <small>${t.demo}</small>
  <a href="?${esc(other.toString())}" lang="${t.other.href}">${t.other.label}</a>
</header>
<main>
  <section class="hero"><h1>${t.hero}</h1><p>${t.heroText}</p></section>
  <section class="grid">
    ${products}
  </section>
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
  // Twilight is ready once the theme has run, after the snippets below have been parsed.
  document.addEventListener('DOMContentLoaded', () => {
    ready = true;
    waiting.splice(0).forEach((run) => run());
  });

  const T = ${js({ guest: t.guest, signedIn: t.signedIn })};
  const who = document.getElementById('who');
  const show = () => {
    const u = state.user;
    who.textContent = u.type === 'user' ? T.signedIn + (u.first_name + ' ' + u.last_name).trim() + ' (' + u.id + ')' : T.guest;
  };
  show();

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
    token = (await res.json()).token;
    state.user = {
      id, type: 'user', first_name: first || '', last_name: rest.join(' '), email,
      mobile: String(form.get('mobile') || ''), avatar: '', language_code: LANG, currency_code: 'SAR', country_code: 'SA',
    };
    show();
    // Twilight's payload is the API's answer, token included: a snippet must not pass it on.
    emit('auth::logged.in', { data: { token, user: { id } } });
  });
  document.getElementById('logout').addEventListener('click', () => {
    token = null;
    state.user = guest();
    show();
    emit('auth::logged.out');
  });
  document.querySelectorAll('[data-product]').forEach((button) =>
    button.addEventListener('click', () =>
      emit('cart::item.added', { product_id: Number(button.dataset.product), quantity: 1 }),
    ),
  );
})();
</script>
<script src="${esc(input.nuqatUrl)}/snippet.js"></script>
</body>
</html>`;
}
