import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, EmbeddedExchangeResponseSchema, STORAGE_KEYS } from '@nuqat/contracts';
import { ToastProvider, useToast } from '../../components/ui/toast';
import { connectHostChrome } from '../../lib/host';
import { createQueryClient } from '../../lib/query-client';
import { clearBearerSession } from '../../lib/session';
import { dashboardBody, errorBody, storeInfoBody, subscriptionBody } from '../../testing/mocks';
import { server } from '../../testing/server';
import { claimRenewal, rememberPath, takeRememberedPath } from './renewal';
import type { SallaBridge, SallaLayout } from './salla-bridge';
import { startEmbeddedApp } from './start-embedded';

// Issue 24: Nuqat inside the Salla merchant dashboard (decision 031), with a stand-in for the
// Salla SDK: the exchange, the in-memory bearer session, Salla's layout, renewals and failures.

const SALLA_TOKEN = 'salla-dashboard-token';
const SESSION_TOKEN = 'nuqat-embedded-session';
const EXCHANGE_URL = '/api/merchants/auth/salla-embedded';

function exchangeBody(expiresInMs = 8 * 3_600_000) {
  return EmbeddedExchangeResponseSchema.parse({
    success: true,
    data: {
      token: SESSION_TOKEN,
      expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
      merchant: { id: '1234567', name: 'متجر الورد' },
    },
  });
}

function fakeBridge(options: { token?: string | null; layout?: SallaLayout | null } = {}): {
  bridge: SallaBridge;
  calls: Record<string, number>;
  titles: string[];
  toasts: string[];
  theme(t: 'light' | 'dark'): void;
} {
  const calls = { ready: 0, destroy: 0, refresh: 0, init: 0 };
  const titles: string[] = [];
  const toasts: string[] = [];
  const listeners = new Set<(theme: 'light' | 'dark') => void>();
  const bridge: SallaBridge = {
    token: () => (options.token === undefined ? SALLA_TOKEN : options.token),
    init: () => {
      calls.init += 1;
      return options.layout === null
        ? Promise.reject(new Error('no dashboard answered'))
        : Promise.resolve(options.layout ?? { theme: 'light', locale: 'ar', dir: 'rtl' });
    },
    ready: () => void (calls.ready += 1),
    destroy: () => void (calls.destroy += 1),
    refresh: () => void (calls.refresh += 1),
    onThemeChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setTitle: (title) => void titles.push(title),
    toast: (type, message) => void toasts.push(`${type}: ${message}`),
  };
  return { bridge, calls, titles, toasts, theme: (t) => listeners.forEach((l) => l(t)) };
}

/** The merchant screens' reads, each checking it came with the bearer token and no CSRF header. */
function merchantReads(seen: Headers[]) {
  const keep = (request: Request) => void seen.push(request.headers);
  return [
    http.get('/api/merchants/dashboard', ({ request }) => {
      keep(request);
      return HttpResponse.json(dashboardBody());
    }),
    http.get('/api/merchants/store-info', ({ request }) => {
      keep(request);
      return HttpResponse.json(storeInfoBody());
    }),
    http.get('/api/merchants/subscription/status', ({ request }) => {
      keep(request);
      return HttpResponse.json(subscriptionBody());
    }),
  ];
}

let stop: (() => void) | undefined;
let queryClient = createQueryClient();

function start(bridge: SallaBridge, renewalTimeoutMs?: number) {
  const container = document.createElement('div');
  document.body.append(container);
  queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const app = startEmbeddedApp({
    bridge,
    container,
    queryClient,
    ...(renewalTimeoutMs ? { renewalTimeoutMs } : {}),
  });
  stop = () => {
    act(() => app.unmount());
    container.remove();
  };
  return app.started;
}

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = 'nuqat-embedded';
  meta.content = '1';
  document.head.append(meta);
  window.name = '';
  window.history.replaceState(null, '', `/embedded?token=${SALLA_TOKEN}&theme=light&lang=ar`);
});

afterEach(() => {
  stop?.();
  stop = undefined;
  clearBearerSession();
  connectHostChrome(null);
  document.head.querySelector('meta[name="nuqat-embedded"]')?.remove();
  window.history.replaceState(null, '', '/');
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
});

describe('opening Nuqat from the Salla dashboard', () => {
  test('lands signed in on the dashboard: the token is exchanged once, the session is a bearer in memory, and ready() follows', async () => {
    const sent: unknown[] = [];
    const seen: Headers[] = [];
    server.use(
      http.post(EXCHANGE_URL, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(exchangeBody());
      }),
      ...merchantReads(seen),
    );
    const { bridge, calls, titles } = fakeBridge();
    await start(bridge);

    expect(await screen.findByTestId('counter-members')).toBeInTheDocument();
    expect(sent).toEqual([{ token: SALLA_TOKEN }]);
    expect(calls.ready).toBe(1);
    expect(calls.destroy).toBe(0);
    // The token left the address; nothing about the session is in the browser's storage.
    expect(window.location.search).toBe('?theme=light&lang=ar');
    expect(window.localStorage.getItem(STORAGE_KEYS.merchantId)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.sessionTimestamp)).toBeNull();
    expect(seen.length).toBeGreaterThan(0);
    for (const headers of seen) {
      expect(headers.get('Authorization')).toBe(`Bearer ${SESSION_TOKEN}`);
      expect(headers.get('X-CSRF-Token')).toBeNull();
    }
    // Salla's header shows the screen's title; the frame has Nuqat's tabs and no chrome of its own.
    expect(titles).toContain('الرئيسية');
    const nav = screen.getByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(within(nav).getByRole('link', { name: 'الإعدادات' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تسجيل الخروج' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('store-name')).not.toBeInTheDocument();
  });

  test('the layout follows Salla: English, left to right, dark, and Salla’s theme changes; nothing is saved', async () => {
    server.use(
      http.post(EXCHANGE_URL, () => HttpResponse.json(exchangeBody())),
      ...merchantReads([]),
    );
    const { bridge, theme } = fakeBridge({
      layout: { theme: 'dark', locale: 'en', dir: 'ltr' },
    });
    await start(bridge);
    expect(await screen.findByTestId('counter-members')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    act(() => theme('light'));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.darkMode)).toBeNull();
  });

  test('an expired or used token asks Salla for a new one — twice at most — then explains', async () => {
    const codes = ['EMBEDDED_TOKEN_EXPIRED', 'EMBEDDED_TOKEN_USED', 'EMBEDDED_TOKEN_EXPIRED'];
    let call = 0;
    server.use(
      http.post(EXCHANGE_URL, () =>
        HttpResponse.json(errorBody(codes[call++] as 'EMBEDDED_TOKEN_EXPIRED'), { status: 401 }),
      ),
    );
    const first = fakeBridge();
    await start(first.bridge);
    expect(first.calls.refresh).toBe(1);
    expect(await screen.findByText('جارٍ تجديد دخولك عبر سلة…')).toBeInTheDocument();
    stop?.();

    // Salla reloads the frame with a new token; it is refused again.
    const second = fakeBridge();
    await start(second.bridge);
    expect(second.calls.refresh).toBe(1);
    stop?.();

    const third = fakeBridge();
    await start(third.bridge);
    expect(third.calls.refresh).toBe(0);
    const failure = await screen.findByTestId('embedded-failure');
    expect(failure).toHaveAttribute('data-reason', 'RENEW_FAILED');
    expect(third.calls.destroy).toBe(1);
    expect(third.calls.ready).toBe(0);
  });

  test('a bad token shows the message in Arabic and English and destroys the app, never ready()', async () => {
    server.use(
      http.post(EXCHANGE_URL, () =>
        HttpResponse.json(errorBody('EMBEDDED_TOKEN_INVALID'), { status: 401 }),
      ),
    );
    const { bridge, calls } = fakeBridge();
    await start(bridge);
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent(ERROR_MESSAGES.EMBEDDED_TOKEN_INVALID.ar);
    expect(failure).toHaveTextContent(ERROR_MESSAGES.EMBEDDED_TOKEN_INVALID.en);
    expect(within(failure).getByRole('heading', { name: 'تعذّر فتح نقاط' })).toBeInTheDocument();
    expect(
      within(failure).getByRole('heading', { name: 'Nuqat could not open' }),
    ).toBeInTheDocument();
    expect(calls).toMatchObject({ destroy: 1, ready: 0, refresh: 0 });
    // Nothing to try again; a login outside Salla opens in a new tab.
    expect(within(failure).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(failure).getByRole('link', { name: /الدخول بالبريد الإلكتروني/ }),
    ).toHaveAttribute('target', '_blank');
  });

  test('Salla not answering offers to try again, which asks Salla for a new token', async () => {
    server.use(
      http.post(EXCHANGE_URL, () =>
        HttpResponse.json(errorBody('EMBEDDED_SALLA_UNAVAILABLE'), { status: 503 }),
      ),
    );
    const { bridge, calls } = fakeBridge();
    await start(bridge);
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent(ERROR_MESSAGES.EMBEDDED_SALLA_UNAVAILABLE.en);
    expect(calls.destroy).toBe(1);
    await userEvent.click(within(failure).getByRole('button', { name: 'حاول مرة أخرى' }));
    expect(calls.refresh).toBe(1);
    expect(await screen.findByText('جارٍ تجديد دخولك عبر سلة…')).toBeInTheDocument();
  });

  test('a renewal Salla never answers ends in the message, not an endless spinner', async () => {
    server.use(
      http.post(EXCHANGE_URL, () =>
        HttpResponse.json(errorBody('EMBEDDED_TOKEN_EXPIRED'), { status: 401 }),
      ),
    );
    const { bridge, calls } = fakeBridge();
    await start(bridge, 50);
    expect(calls.refresh).toBe(1);
    expect(await screen.findByTestId('embedded-failure')).toHaveAttribute(
      'data-reason',
      'RENEW_FAILED',
    );
    expect(calls.destroy).toBe(1);
  });

  test('outside the Salla dashboard (no answer to the handshake) the page says where to open Nuqat', async () => {
    server.use(http.post(EXCHANGE_URL, () => HttpResponse.json(exchangeBody())));
    const { bridge, calls } = fakeBridge({ layout: null });
    await start(bridge);
    expect(await screen.findByTestId('embedded-failure')).toHaveAttribute(
      'data-reason',
      'NOT_IN_SALLA',
    );
    expect(calls.ready).toBe(0);
  });

  test('a 401 while signed in renews the session through Salla, remembering the screen', async () => {
    let expired = false;
    server.use(
      http.post(EXCHANGE_URL, () => HttpResponse.json(exchangeBody())),
      http.get('/api/merchants/dashboard', () =>
        expired
          ? HttpResponse.json(errorBody('SESSION_EXPIRED'), { status: 401 })
          : HttpResponse.json(dashboardBody()),
      ),
      http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
      http.get('/api/merchants/subscription/status', () => HttpResponse.json(subscriptionBody())),
    );
    const { bridge, calls } = fakeBridge();
    await start(bridge);
    expect(await screen.findByTestId('counter-members')).toBeInTheDocument();
    expired = true;
    await act(() => queryClient.invalidateQueries());
    expect(await screen.findByText('جارٍ تجديد دخولك عبر سلة…')).toBeInTheDocument();
    expect(calls.refresh).toBe(1);
    expect(takeRememberedPath()).toBe('/dashboard');
    // It never went to /login.
    expect(screen.queryByRole('button', { name: 'تسجيل الدخول' })).not.toBeInTheDocument();
  });

  test('after a renewal the frame opens on the screen it left', async () => {
    server.use(
      http.post(EXCHANGE_URL, () => HttpResponse.json(exchangeBody())),
      ...merchantReads([]),
      http.get('/api/*', () => new Promise<Response>(() => {})),
    );
    rememberPath('/tiers');
    const { bridge, titles } = fakeBridge();
    await start(bridge);
    await screen.findByRole('link', { name: 'مستويات كبار العملاء', current: 'page' });
    // The shell drawn while the screen loads marks the tab too; the title follows the screen.
    await waitFor(() => expect(titles).toContain('مستويات كبار العملاء'));
    expect(titles).not.toContain('الرئيسية');
  });

  test('a session near its end is renewed at the next change of screen', async () => {
    server.use(
      http.post(EXCHANGE_URL, () => HttpResponse.json(exchangeBody(5 * 60_000))),
      ...merchantReads([]),
      // The settings screen starts loading as the renewal begins; its reads never answer.
      http.get('/api/merchants/settings', () => new Promise<Response>(() => {})),
      http.get('/api/notifications/*', () => new Promise<Response>(() => {})),
      http.get('/api/referrals/*', () => new Promise<Response>(() => {})),
    );
    const { bridge, calls } = fakeBridge();
    await start(bridge);
    expect(await screen.findByTestId('counter-members')).toBeInTheDocument();
    expect(calls.refresh).toBe(0);
    await userEvent.click(screen.getByRole('link', { name: 'الإعدادات' }));
    expect(await screen.findByText('جارٍ تجديد دخولك عبر سلة…')).toBeInTheDocument();
    expect(calls.refresh).toBe(1);
    expect(takeRememberedPath()).toBe('/settings');
  });
});

describe('renewal memory', () => {
  test('a remembered screen is taken once and only while fresh; renewals are capped', () => {
    const now = Date.now();
    rememberPath('/rewards?tab=report', now);
    expect(takeRememberedPath(now + 1000)).toBe('/rewards?tab=report');
    expect(takeRememberedPath(now + 1000)).toBeNull();
    rememberPath('/customers', now);
    expect(takeRememberedPath(now + 120_000)).toBeNull();
    for (const path of ['//evil.example', '/login', 'https://x.example/']) {
      rememberPath(path, now);
      expect(takeRememberedPath(now), path).toBeNull();
    }
    expect(claimRenewal(now)).toBe(true);
    expect(claimRenewal(now + 1)).toBe(true);
    expect(claimRenewal(now + 2)).toBe(false);
    expect(claimRenewal(now + 3 * 60_000)).toBe(true);
  });
});

describe('Salla’s chrome', () => {
  function Notes() {
    const show = useToast();
    return (
      <>
        <button type="button" onClick={() => show({ key: 'embedded.retry' })}>
          plain
        </button>
        <button
          type="button"
          onClick={() =>
            show(
              { key: 'embedded.retry' },
              { action: { label: { key: 'embedded.retry' }, onClick() {} } },
            )
          }
        >
          undo
        </button>
      </>
    );
  }

  test('a plain toast is Salla’s; one with a way back stays in the frame', async () => {
    const { bridge, toasts } = fakeBridge();
    connectHostChrome(bridge);
    render(
      <ToastProvider>
        <Notes />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'plain' }));
    expect(toasts).toEqual(['success: حاول مرة أخرى']);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'undo' }));
    expect(await screen.findByTestId('toast')).toBeInTheDocument();
    expect(toasts).toHaveLength(1);
  });
});
