import type { Browser } from 'playwright-core';
import { openPage, type PageOptions } from './browser.ts';
import type { Product } from './product.ts';

export interface MerchantSession {
  /** The bearer token, for the tests' own API calls (API clients get one; browsers do not). */
  token: string;
  /** The CSRF token the server set in its readable cookie at the same login. */
  csrfToken: string;
  merchantId: string;
  merchantName: string;
  /** Where the product runs; the cookies belong to its host. */
  baseUrl: string;
}

/** The catalogue's {{placeholders}} filled in, as i18next does. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/**
 * Typed text set in a toast's sentence in its own direction (U+2068 … U+2069), as the app's
 * `isolate` (lib/format) does.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** The catalogue's plural form of `key` for `count`, as i18next picks it (`_zero` first for 0). */
export function pluralOf(
  forms: Record<string, unknown>,
  key: string,
  count: number,
  lang: 'ar' | 'en',
): string {
  const zero = forms[`${key}_zero`];
  if (count === 0 && typeof zero === 'string') return zero;
  const text = forms[`${key}_${new Intl.PluralRules(lang).select(count)}`] ?? forms[`${key}_other`];
  if (typeof text !== 'string') throw new Error(`the catalogue has no plural form of ${key}`);
  return text;
}

/** Logs the demo merchant in through the API, as /login does, keeping the cookies it sets. */
export async function signInDemo(product: Product): Promise<MerchantSession> {
  const res = await fetch(`${product.baseUrl}/api/merchants/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(product.demo),
  });
  if (res.status !== 200) throw new Error(`demo login answered ${res.status}`);
  const csrf = res.headers
    .getSetCookie()
    .map((line) => /^nuqat_csrf=([^;]+)/.exec(line)?.[1])
    .find(Boolean);
  if (!csrf) throw new Error('the login set no CSRF cookie');
  const { data } = (await res.json()) as { data: Omit<MerchantSession, 'csrfToken' | 'baseUrl'> };
  return { ...data, csrfToken: csrf, baseUrl: product.baseUrl };
}

/**
 * A fresh page that starts signed in with `session`, as after /login: the httpOnly session
 * cookie and the readable CSRF cookie in the browser, who is signed in in localStorage (spec §3
 * keys) — and no token anywhere a script could read it.
 */
export async function openSignedIn(
  browser: Browser,
  session: MerchantSession,
  options: PageOptions,
) {
  const opened = await openPage(browser, options);
  const { hostname } = new URL(session.baseUrl);
  await opened.context.addCookies([
    {
      name: 'nuqat_session',
      value: session.token,
      domain: hostname,
      path: '/api',
      httpOnly: true,
      sameSite: 'Lax',
    },
    {
      name: 'nuqat_csrf',
      value: session.csrfToken,
      domain: hostname,
      path: '/',
      sameSite: 'Strict',
    },
  ]);
  await opened.context.addInitScript((s) => {
    if (!localStorage.getItem('sessionTimestamp')) {
      localStorage.setItem('merchantId', s.merchantId);
      localStorage.setItem('merchantName', s.merchantName);
      localStorage.setItem('sessionTimestamp', String(Date.now()));
    }
  }, session);
  return opened;
}
