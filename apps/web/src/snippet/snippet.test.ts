import { within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { sessionStorageKey } from '@nuqat/contracts/storefront';
import { REF_KEY } from './referral';
import { CART_ANSWER_MS, SIGN_IN_KEY, startSnippet } from './snippet';

const NUQAT = 'https://nuqat.example';
const MERCHANT = 1234;
const SALLA_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.salla-shopper-token';

const SARA = {
  id: 880000100,
  type: 'user',
  first_name: 'سارة',
  last_name: 'العتيبي',
  email: 'customer1@demo.nuqat.sa',
  mobile: 580000100,
  mobile_code: '+966',
  avatar: 'https://cdn.salla.sa/avatar.png',
  language_code: 'ar',
  currency_code: 'SAR',
};
const GUEST = { id: 31337, type: 'guest', language_code: 'ar' };

/** A stand-in for Twilight, recording which keys the snippet reads. */
function fakeTwilight(
  options: { user?: Record<string, unknown>; lang?: string; cart?: boolean } = {},
) {
  const state: { store: { id: number }; user: Record<string, unknown> } = {
    store: { id: MERCHANT },
    user: { ...(options.user ?? GUEST), language_code: options.lang ?? 'ar' },
  };
  const reads: string[] = [];
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const salla = {
    state,
    reads,
    onReady: (callback: () => void) => void Promise.resolve().then(callback),
    config: {
      get: (key: string) => {
        reads.push(key);
        return key
          .split('.')
          .reduce<unknown>((value, part) => (value as Record<string, unknown>)?.[part], state);
      },
      isGuest: () => {
        reads.push('isGuest()');
        return state.user.type !== 'user';
      },
    },
    event: {
      on: (name: string, callback: (...args: unknown[]) => void) =>
        listeners.set(name, [...(listeners.get(name) ?? []), callback]),
      cart: {
        onCouponAdded: (callback: (...args: unknown[]) => void) =>
          listeners.set('cart::coupon.added', [
            ...(listeners.get('cart::coupon.added') ?? []),
            callback,
          ]),
        onCouponAdditionFailed: (callback: (...args: unknown[]) => void) =>
          listeners.set('coupon-failed', [...(listeners.get('coupon-failed') ?? []), callback]),
      },
    },
    emit: (name: string, payload?: unknown) =>
      listeners.get(name)?.forEach((callback) => callback(payload)),
    storage: { get: vi.fn(() => SALLA_TOKEN) },
    ...(options.cart === false ? {} : { cart: { addCoupon: vi.fn(() => new Promise(() => {})) } }),
  };
  (window as unknown as { salla: unknown }).salla = salla;
  return salla;
}

let controller: AbortController;

beforeEach(() => {
  controller = new AbortController();
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
});

afterEach(() => {
  controller.abort();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  delete (window as unknown as { salla?: unknown }).salla;
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});

async function start(origin = NUQAT) {
  startSnippet({ origin, signal: controller.signal });
  await Promise.resolve();
  await Promise.resolve();
  const host = document.querySelector('nuqat-loyalty');
  const root = host?.shadowRoot;
  const screen = root ? within(root as unknown as HTMLElement) : undefined;
  return {
    host,
    root,
    launcher: () => screen!.getByRole('button', { name: /^(نقاطي|My points)$/ }),
    frame: () => root?.querySelector('iframe') ?? null,
  };
}

/** Opens the panel and spies on what the page posts to the loyalty iframe. */
async function openPanel() {
  const page = await start();
  page.launcher().click();
  const frame = page.frame()!;
  // jsdom gives an iframe inside a shadow root no window (browsers do): lend it one.
  const stand = document.body.appendChild(document.createElement('iframe'));
  Object.defineProperty(frame, 'contentWindow', { value: stand.contentWindow });
  const posted = vi.spyOn(stand.contentWindow!, 'postMessage');
  const fromWidget = (data: unknown, options: { origin?: string; source?: Window | null } = {}) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data,
        origin: options.origin ?? NUQAT,
        source: options.source === undefined ? frame.contentWindow : options.source,
      }),
    );
  return { ...page, frame, posted, fromWidget };
}

test('the launcher creates the loyalty iframe only when the shopper opens it', async () => {
  fakeTwilight();
  const page = await start();
  const launcher = page.launcher();
  expect(page.frame()).toBeNull();
  expect(launcher).toHaveAttribute('aria-expanded', 'false');
  expect(page.host).toHaveAttribute('dir', 'rtl');

  launcher.click();
  const frame = page.frame()!;
  // The store page's look (light: its body has no dark background) and no theme colour here.
  expect(frame.src).toBe(
    `${NUQAT}/customerloyaltysalla?merchantId=${MERCHANT}&lang=ar&dark=0&accent=`,
  );
  expect(frame.title).toBeTruthy();
  expect(frame.getAttribute('allow')).toBe('clipboard-write');
  expect(launcher).toHaveAttribute('aria-expanded', 'true');
  const panel = page.root!.getElementById(launcher.getAttribute('aria-controls')!)!;
  expect(panel.hidden).toBe(false);
  expect(page.root!.activeElement).toBe(panel);

  panel.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  expect(panel.hidden).toBe(true);
  expect(launcher).toHaveAttribute('aria-expanded', 'false');
  expect(page.root!.activeElement).toBe(launcher);

  launcher.click();
  expect(page.root!.querySelectorAll('iframe')).toHaveLength(1);
  // jsdom does not refresh computed styles after changes inside a shadow root: `hidden: true`
  // keeps the query from judging visibility by a stale `display: none`.
  within(panel).getByRole('button', { name: 'إغلاق', hidden: true }).click();
  expect(panel.hidden).toBe(true);
});

test('the iframe waits for the first open, even long after the page is idle', async () => {
  vi.useFakeTimers();
  fakeTwilight();
  startSnippet({ origin: NUQAT, signal: controller.signal });
  await vi.advanceTimersByTimeAsync(0);
  if (document.readyState !== 'complete') window.dispatchEvent(new Event('load'));
  const root = document.querySelector('nuqat-loyalty')!.shadowRoot!;
  await vi.advanceTimersByTimeAsync(60_000);
  expect(root.querySelector('iframe')).toBeNull();
  (root.querySelector('button') as HTMLButtonElement).click();
  expect(root.querySelector('iframe')).not.toBeNull();
});

test('an English store gets an English launcher laid out LTR', async () => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  fakeTwilight({ lang: 'en' });
  const page = await start();
  expect(page.host).toHaveAttribute('dir', 'ltr');
  page.launcher().click();
  expect(page.frame()!.src).toContain('&lang=en');
});

test('a request for the customer is answered with the shopper and never a token', async () => {
  const salla = fakeTwilight({ user: { ...SARA, token: SALLA_TOKEN } });
  const { posted, fromWidget } = await openPanel();
  fromWidget({ type: 'nuqat:request-customer', merchantId: MERCHANT });

  expect(posted).toHaveBeenCalledTimes(1);
  expect(posted).toHaveBeenCalledWith(
    {
      type: 'nuqat:customer',
      merchantId: MERCHANT,
      customer: {
        id: SARA.id,
        full_name: 'سارة العتيبي',
        email: SARA.email,
        mobile: '580000100',
        avatar: SARA.avatar,
      },
      ref: null,
      lang: 'ar',
      session: null,
      cart: true,
      login: false,
      signIn: false,
    },
    NUQAT,
  );
  expect(JSON.stringify(posted.mock.calls)).not.toContain(SALLA_TOKEN);
  expect(JSON.stringify(posted.mock.calls)).not.toContain('token');
  expect(salla.storage.get).not.toHaveBeenCalled();
  expect(salla.reads.indexOf('isGuest()')).toBeLessThan(salla.reads.indexOf('user'));
});

test('a guest is answered with customer null', async () => {
  fakeTwilight({ user: GUEST });
  const { posted, fromWidget } = await openPanel();
  fromWidget({ type: 'nuqat:request-customer', merchantId: MERCHANT });
  expect(posted).toHaveBeenCalledWith(
    {
      type: 'nuqat:customer',
      merchantId: MERCHANT,
      customer: null,
      ref: null,
      lang: 'ar',
      session: null,
      cart: true,
      login: false,
      signIn: false,
    },
    NUQAT,
  );
});

test('messages from another origin, another window or another store are ignored', async () => {
  fakeTwilight({ user: SARA });
  const { posted, fromWidget } = await openPanel();
  const request = { type: 'nuqat:request-customer', merchantId: MERCHANT };
  fromWidget(request, { origin: 'https://evil.example' });
  fromWidget(request, { origin: `${NUQAT}.evil.example` });
  fromWidget(request, { source: window });
  fromWidget(request, { source: null });
  fromWidget({ ...request, merchantId: MERCHANT + 1 });
  fromWidget({ type: 'nuqat:something-else', merchantId: MERCHANT });
  fromWidget('nuqat:request-customer');
  expect(posted).not.toHaveBeenCalled();
});

test("the loyalty page's logout leaves the store session alone", async () => {
  const salla = fakeTwilight({ user: SARA });
  const { posted, fromWidget } = await openPanel();
  fromWidget({ type: 'nuqat:logout', merchantId: MERCHANT });
  expect(salla.state.user).toMatchObject({ id: SARA.id, type: 'user' });
  expect(posted).not.toHaveBeenCalled();
});

test("Twilight's login and logout are forwarded to the iframe", async () => {
  const salla = fakeTwilight({ user: GUEST });
  const { posted } = await openPanel();

  salla.state.user = { ...SARA };
  // Twilight's payload holds the API's answer, token included: the snippet must not pass it on.
  salla.emit('auth::verified', { data: { token: SALLA_TOKEN } });
  salla.emit('auth::logged.in', { data: { token: SALLA_TOKEN } });
  expect(posted).toHaveBeenCalledTimes(1);
  expect(posted).toHaveBeenLastCalledWith(
    {
      type: 'nuqat:customer-login',
      merchantId: MERCHANT,
      customer: expect.objectContaining({ id: SARA.id, email: SARA.email }),
      signIn: false,
    },
    NUQAT,
  );
  expect(JSON.stringify(posted.mock.calls)).not.toContain(SALLA_TOKEN);

  salla.state.user = { ...GUEST };
  salla.emit('auth::logged.out');
  expect(posted).toHaveBeenLastCalledWith(
    { type: 'nuqat:customer-logout', merchantId: MERCHANT },
    NUQAT,
  );
});

test('a referral code in the URL is kept 30 days and sent with the customer', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  window.history.replaceState(null, '', '/product/123?ref=SUMMER_24');
  fakeTwilight({ user: SARA });
  let widget = await openPanel();
  expect(JSON.parse(localStorage.getItem(REF_KEY)!)).toMatchObject({ code: 'SUMMER_24' });
  widget.fromWidget({ type: 'nuqat:request-customer', merchantId: MERCHANT });
  expect(widget.posted).toHaveBeenLastCalledWith(
    expect.objectContaining({ type: 'nuqat:customer', ref: 'SUMMER_24' }),
    NUQAT,
  );

  // Another page of the store, days later: the code is still there.
  controller.abort();
  document.body.replaceChildren();
  controller = new AbortController();
  window.history.replaceState(null, '', '/cart?ref=%3Cscript%3E');
  vi.setSystemTime(Date.now() + 29 * 86_400_000);
  widget = await openPanel();
  widget.fromWidget({ type: 'nuqat:request-customer', merchantId: MERCHANT });
  expect(widget.posted).toHaveBeenLastCalledWith(
    expect.objectContaining({ ref: 'SUMMER_24' }),
    NUQAT,
  );

  vi.setSystemTime(Date.now() + 2 * 86_400_000);
  widget.fromWidget({ type: 'nuqat:request-customer', merchantId: MERCHANT });
  expect(widget.posted).toHaveBeenLastCalledWith(expect.objectContaining({ ref: null }), NUQAT);
  expect(localStorage.getItem(REF_KEY)).toBeNull();
});

test('without a real origin (the unreplaced placeholder) the snippet adds nothing', async () => {
  fakeTwilight();
  const page = await start('__NUQAT_ORIGIN__');
  expect(page.host).toBeNull();
});

test('a second copy of the snippet on the page adds no second launcher', async () => {
  fakeTwilight();
  await start();
  await start();
  expect(document.querySelectorAll('nuqat-loyalty')).toHaveLength(1);
});

// ---- The shopper token in the store's own storage (docs/decisions/030) ------------------------

const SESSION_KEY = sessionStorageKey(MERCHANT);
const NUQAT_SESSION = {
  token: 'nuqat-shopper-token',
  customerId: String(SARA.id),
  expiresAt: '2099-01-01T00:00:00.000Z',
};
const kept = () => JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as unknown;

/** Records the snippet's revoke calls (fetch is not otherwise used by the snippet). */
function spyFetch() {
  const calls: Array<[string, RequestInit]> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push([url, init]);
      return Promise.resolve(new Response(null, { status: 200 }));
    }),
  );
  return calls;
}

test("the loyalty page's token is kept in the store's storage for the store's customer, and handed back on the next page", async () => {
  fakeTwilight({ user: SARA });
  let widget = await openPanel();
  widget.fromWidget({
    type: 'nuqat:session',
    merchantId: MERCHANT,
    session: NUQAT_SESSION,
    points: 1250,
  });
  expect(kept()).toEqual({ ...NUQAT_SESSION, points: 1250 });
  // The launcher shows the balance; its name stays the same, the figure describes it.
  const launcher = widget.launcher();
  const badge = widget.root!.getElementById(launcher.getAttribute('aria-describedby')!)!;
  expect(badge).toHaveTextContent('1,250');
  expect(badge.hidden).toBe(false);

  // Another page of the store: the launcher shows the balance before anything loads, and the
  // token goes to the iframe, addressed to Nuqat's origin only.
  controller.abort();
  document.body.replaceChildren();
  controller = new AbortController();
  widget = await openPanel();
  const shown = widget.root!.getElementById('n')!;
  expect(shown).toHaveTextContent('1,250');
  widget.fromWidget({ type: 'nuqat:request-customer', merchantId: MERCHANT });
  expect(widget.posted).toHaveBeenLastCalledWith(
    expect.objectContaining({ type: 'nuqat:customer', session: NUQAT_SESSION }),
    NUQAT,
  );
});

test('a token for another customer than the store has signed in is never kept', async () => {
  fakeTwilight({ user: GUEST });
  const { fromWidget } = await openPanel();
  fromWidget({ type: 'nuqat:session', merchantId: MERCHANT, session: NUQAT_SESSION, points: 5 });
  expect(kept()).toBeNull();
  // Nor a malformed one, nor one from anyone but the iframe.
  fromWidget({ type: 'nuqat:session', merchantId: MERCHANT, session: { token: 'x' }, points: 5 });
  fromWidget(
    { type: 'nuqat:session', merchantId: MERCHANT, session: NUQAT_SESSION, points: 5 },
    { source: window },
  );
  expect(kept()).toBeNull();
});

test("a kept token of another customer (the store's shopper changed) is dropped and revoked", async () => {
  const calls = spyFetch();
  localStorage.setItem(SESSION_KEY, JSON.stringify({ ...NUQAT_SESSION, customerId: '42' }));
  fakeTwilight({ user: SARA });
  const { posted, fromWidget, root } = await openPanel();
  expect(root!.getElementById('n')!.hidden).toBe(true);
  fromWidget({ type: 'nuqat:request-customer', merchantId: MERCHANT });
  expect(posted).toHaveBeenLastCalledWith(expect.objectContaining({ session: null }), NUQAT);
  expect(kept()).toBeNull();
  expect(calls).toEqual([
    [
      `${NUQAT}/api/customers/auth/revoke`,
      expect.objectContaining({
        method: 'POST',
        body: NUQAT_SESSION.token,
        mode: 'no-cors',
        credentials: 'omit',
      }),
    ],
  ]);
});

test('a guest store page drops the kept token too: signed out of the store is signed out of Nuqat', async () => {
  const calls = spyFetch();
  localStorage.setItem(SESSION_KEY, JSON.stringify({ ...NUQAT_SESSION, points: 9 }));
  fakeTwilight({ user: GUEST });
  await start();
  expect(kept()).toBeNull();
  expect(calls).toHaveLength(1);
});

test('an expired kept token is dropped without a call', async () => {
  const calls = spyFetch();
  localStorage.setItem(
    SESSION_KEY,
    JSON.stringify({ ...NUQAT_SESSION, expiresAt: '2020-01-01T00:00:00.000Z' }),
  );
  fakeTwilight({ user: SARA });
  await start();
  expect(kept()).toBeNull();
  expect(calls).toHaveLength(0);
});

test("Twilight's logout drops and revokes the kept token and tells the iframe", async () => {
  const calls = spyFetch();
  localStorage.setItem(SESSION_KEY, JSON.stringify({ ...NUQAT_SESSION, points: 9 }));
  const salla = fakeTwilight({ user: SARA });
  const { posted, root } = await openPanel();
  expect(root!.getElementById('n')).toHaveTextContent('9');
  salla.state.user = { ...GUEST };
  salla.emit('auth::logged.out');
  expect(kept()).toBeNull();
  expect(root!.getElementById('n')!.hidden).toBe(true);
  expect(calls).toHaveLength(1);
  expect(posted).toHaveBeenLastCalledWith(
    { type: 'nuqat:customer-logout', merchantId: MERCHANT },
    NUQAT,
  );
});

test("the loyalty page's logout forgets the kept token (the page revoked it) and leaves the store signed in", async () => {
  const calls = spyFetch();
  localStorage.setItem(SESSION_KEY, JSON.stringify({ ...NUQAT_SESSION, points: 9 }));
  const salla = fakeTwilight({ user: SARA });
  const { fromWidget } = await openPanel();
  fromWidget({ type: 'nuqat:logout', merchantId: MERCHANT });
  expect(kept()).toBeNull();
  expect(calls).toHaveLength(0);
  expect(salla.state.user).toMatchObject({ id: SARA.id, type: 'user' });
});

// ---- The store's sign-in and the cart -------------------------------------------------------

test("the page's sign-in button opens the theme's login modal; signed in, the panel comes back to the code step", async () => {
  const salla = fakeTwilight({ user: GUEST });
  const modal = document.body.appendChild(document.createElement('salla-login-modal')) as
    HTMLElement | (HTMLElement & { open: () => Promise<void> });
  const open = vi.fn(() => Promise.resolve());
  Object.assign(modal, { open });
  const { posted, fromWidget, root, launcher } = await openPanel();
  fromWidget({ type: 'nuqat:request-customer', merchantId: MERCHANT });
  expect(posted).toHaveBeenLastCalledWith(
    expect.objectContaining({ customer: null, login: true, signIn: false }),
    NUQAT,
  );

  fromWidget({ type: 'nuqat:open-login', merchantId: MERCHANT });
  expect(open).toHaveBeenCalledTimes(1);
  const panel = root!.getElementById('p')!;
  // The panel steps aside for the store's modal.
  expect(panel.hidden).toBe(true);
  expect(sessionStorage.getItem(SIGN_IN_KEY)).not.toBeNull();

  salla.state.user = { ...SARA };
  salla.emit('auth::logged.in', { data: { token: SALLA_TOKEN } });
  expect(panel.hidden).toBe(false);
  expect(launcher()).toHaveAttribute('aria-expanded', 'true');
  expect(posted).toHaveBeenLastCalledWith(
    expect.objectContaining({ type: 'nuqat:customer-login', signIn: true }),
    NUQAT,
  );
  expect(sessionStorage.getItem(SIGN_IN_KEY)).toBeNull();
});

test('after a reload that followed the store sign-in, the panel opens by itself and asks for the code', async () => {
  sessionStorage.setItem(SIGN_IN_KEY, String(Date.now() - 5_000));
  fakeTwilight({ user: SARA });
  const page = await start();
  expect(page.launcher()).toHaveAttribute('aria-expanded', 'true');
  expect(page.frame()).not.toBeNull();
});

test('a coupon is applied through the cart, and the cart’s answer goes back to the page', async () => {
  const salla = fakeTwilight({ user: SARA });
  const { posted, fromWidget } = await openPanel();
  fromWidget({ type: 'nuqat:apply-coupon', merchantId: MERCHANT, code: 'NQ-ABCDEFGHJK' });
  expect(salla.cart!.addCoupon).toHaveBeenCalledWith('NQ-ABCDEFGHJK');
  expect(posted).not.toHaveBeenCalled();
  salla.emit('cart::coupon.added', { data: { id: 1 } });
  expect(posted).toHaveBeenLastCalledWith(
    {
      type: 'nuqat:coupon-result',
      merchantId: MERCHANT,
      code: 'NQ-ABCDEFGHJK',
      outcome: 'applied',
      message: null,
    },
    NUQAT,
  );
  // A coupon the shopper types into the theme's own form is not the page's business.
  salla.emit('cart::coupon.added', { data: { id: 2 } });
  expect(posted).toHaveBeenCalledTimes(1);

  fromWidget({ type: 'nuqat:apply-coupon', merchantId: MERCHANT, code: 'NQ-MINIMUM100' });
  salla.emit('coupon-failed', {
    response: {
      data: { status: 422, success: false, error: { message: 'الحد الأدنى للطلب 100 ر.س' } },
    },
  });
  expect(posted).toHaveBeenLastCalledWith(
    expect.objectContaining({
      code: 'NQ-MINIMUM100',
      outcome: 'refused',
      message: 'الحد الأدنى للطلب 100 ر.س',
    }),
    NUQAT,
  );
  // Codes that are not coupon codes never reach the cart.
  fromWidget({ type: 'nuqat:apply-coupon', merchantId: MERCHANT, code: '<script>' });
  expect(salla.cart!.addCoupon).toHaveBeenCalledTimes(2);
});

test('a cart that never answers, or a page without a cart, says the coupon could not be applied here', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fakeTwilight({ user: SARA });
  let widget = await openPanel();
  widget.fromWidget({ type: 'nuqat:apply-coupon', merchantId: MERCHANT, code: 'NQ-SILENT' });
  vi.advanceTimersByTime(CART_ANSWER_MS);
  expect(widget.posted).toHaveBeenLastCalledWith(
    expect.objectContaining({ code: 'NQ-SILENT', outcome: 'unavailable', message: null }),
    NUQAT,
  );

  controller.abort();
  document.body.replaceChildren();
  controller = new AbortController();
  fakeTwilight({ user: SARA, cart: false });
  widget = await openPanel();
  widget.fromWidget({ type: 'nuqat:request-customer', merchantId: MERCHANT });
  expect(widget.posted).toHaveBeenLastCalledWith(expect.objectContaining({ cart: false }), NUQAT);
  widget.fromWidget({ type: 'nuqat:apply-coupon', merchantId: MERCHANT, code: 'NQ-NOCART' });
  expect(widget.posted).toHaveBeenLastCalledWith(
    expect.objectContaining({ code: 'NQ-NOCART', outcome: 'unavailable' }),
    NUQAT,
  );
});
