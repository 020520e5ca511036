import type { Browser } from 'playwright-core';
import { openPage, type PageOptions } from './browser.ts';
import type { Product } from './product.ts';

export interface MerchantSession {
  token: string;
  merchantId: string;
  merchantName: string;
}

/** The catalogue's {{placeholders}} filled in, as i18next does. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** Logs the demo merchant in through the API, as /login does. */
export async function signInDemo(product: Product): Promise<MerchantSession> {
  const res = await fetch(`${product.baseUrl}/api/merchants/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(product.demo),
  });
  if (res.status !== 200) throw new Error(`demo login answered ${res.status}`);
  return ((await res.json()) as { data: MerchantSession }).data;
}

/** A fresh page that starts signed in with `session`, as after /login (storage keys of spec §3). */
export async function openSignedIn(
  browser: Browser,
  session: MerchantSession,
  options: PageOptions,
) {
  const opened = await openPage(browser, options);
  await opened.context.addInitScript((s) => {
    if (!localStorage.getItem('token')) {
      localStorage.setItem('token', s.token);
      localStorage.setItem('merchantId', s.merchantId);
      localStorage.setItem('merchantName', s.merchantName);
      localStorage.setItem('sessionTimestamp', String(Date.now()));
    }
  }, session);
  return opened;
}
