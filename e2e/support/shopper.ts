import type { ShopperSession } from '@nuqat/contracts';
import { sessionStorageKey } from '@nuqat/contracts/storefront';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Puts a shopper token where the storefront snippet keeps it after a code login: the store page's
 * own localStorage, under the store's key (docs/decisions/030). The store page must have the same
 * customer signed in (`?customer=`), or the snippet drops it.
 */
export async function keepShopperSession(
  context: BrowserContext,
  storeUrl: string,
  merchantId: string | number,
  session: ShopperSession,
): Promise<void> {
  await context.addInitScript(
    ([origin, key, value]) => {
      if (location.origin === origin && !localStorage.getItem(key!))
        localStorage.setItem(key!, value!);
    },
    [
      new URL(storeUrl).origin,
      sessionStorageKey(Number(merchantId)),
      JSON.stringify({ ...session, points: null }),
    ],
  );
}

/** The token the snippet keeps on the store page, or null. */
export async function keptShopperSession(
  page: Page,
  merchantId: string | number,
): Promise<(ShopperSession & { points: number | null }) | null> {
  const raw = await page.evaluate(
    (key) => localStorage.getItem(key),
    sessionStorageKey(Number(merchantId)),
  );
  return raw ? (JSON.parse(raw) as ShopperSession & { points: number | null }) : null;
}
