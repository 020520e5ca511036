import { within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { REF_KEY } from './referral';
import { startSnippet } from './snippet';

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
function fakeTwilight(options: { user?: Record<string, unknown>; lang?: string } = {}) {
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
    },
    emit: (name: string, payload?: unknown) =>
      listeners.get(name)?.forEach((callback) => callback(payload)),
    storage: { get: vi.fn(() => SALLA_TOKEN) },
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
    launcher: () => screen!.getByRole('button', { name: /نقاطي|My points/ }),
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
  expect(frame.src).toBe(`${NUQAT}/customerloyaltysalla?merchantId=${MERCHANT}&lang=ar`);
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
    { type: 'nuqat:customer', merchantId: MERCHANT, customer: null, ref: null, lang: 'ar' },
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
