import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { WIDGET_APP_SETTING, WIDGET_DEFAULTS } from '@nuqat/contracts/plain';
import {
  cartAmounts,
  nudgeText,
  priceElement,
  productPrice,
  shownPrice,
  startEarn,
  type EarnContext,
} from './earn';
import { isDark, startSnippet } from './snippet';

/*
 * The merchant's widget look (decision 034) and the store page's earn badges (decision 035), as
 * the snippet applies them on a store page.
 */

const NUQAT = 'https://nuqat.example';
const MERCHANT = 4321;

function twilight(app: Record<string, unknown> = {}) {
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  const salla = {
    config: {
      get: (key: string) =>
        key.split('.').reduce<unknown>((v, part) => (v as Record<string, unknown>)?.[part], {
          store: { id: MERCHANT },
          user: { id: 1, type: 'guest', language_code: 'ar' },
          app,
        }),
      isGuest: () => true,
    },
    onReady: (callback: () => void) => void Promise.resolve().then(callback),
    event: {
      on: (name: string, callback: (payload: unknown) => void) =>
        listeners.set(name, [...(listeners.get(name) ?? []), callback]),
    },
    emit: (name: string, payload: unknown) => listeners.get(name)?.forEach((cb) => cb(payload)),
    cart: {
      details: vi.fn(async () => ({ data: { cart: { total: 120, sub_total: 100 } } })),
    },
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
  document.head.replaceChildren();
  document.body.style.background = '';
  delete (window as unknown as { salla?: unknown }).salla;
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

async function start() {
  startSnippet({ origin: NUQAT, signal: controller.signal });
  await Promise.resolve();
  await Promise.resolve();
  const root = document.querySelector('nuqat-loyalty')!.shadowRoot!;
  return { root, launcher: root.querySelector<HTMLButtonElement>('.l')! };
}

const widget = (patch: Record<string, unknown>) =>
  JSON.stringify({ ...WIDGET_DEFAULTS, ink: '#fff', ...patch });

describe('the launcher and panel wear the merchant’s look', () => {
  test('label, icon, corner, colour and radius from the app setting; no request for them', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    twilight({
      [WIDGET_APP_SETTING]: widget({
        label: { ar: 'مكافآتي', en: 'Rewards' },
        icon: 'crown',
        position: 'start',
        accent: '#f5c518',
        ink: '#111827',
        radius: 8,
      }),
    });
    const { root, launcher } = await start();
    expect(launcher.textContent).toContain('مكافآتي');
    expect(launcher.getAttribute('aria-label')).toBe('مكافآتي');
    const css = root.querySelector('style')!.textContent!;
    expect(css).toContain('inset-inline-start:16px');
    expect(css).not.toContain('inset-inline-end:16px');
    expect(css).toContain('background:#f5c518;color:#111827');
    expect(css).toContain('border-radius:12px');
    // The crown's path, not the gift's.
    expect(launcher.querySelector('path')!.getAttribute('d')).toMatch(/^m2 18/);
    launcher.click();
    expect(root.querySelector('iframe')!.src).toContain('&accent=%23f5c518');
    // A page without a product or a cart asks nothing of anyone.
    expect(fetch).not.toHaveBeenCalled();
    expect(document.querySelector('script[src$="snippet-earn.js"]')).toBeNull();
  });

  test('the panel follows the store page’s own background, not the phone: dark over a dark store', async () => {
    twilight();
    document.body.style.background = 'rgb(11, 16, 32)';
    expect(isDark(window, document)).toBe(true);
    const { root, launcher } = await start();
    expect(document.querySelector('nuqat-loyalty')!.className).toBe('d');
    launcher.click();
    expect(root.querySelector('iframe')!.src).toContain('&dark=1');
  });

  test('a light store gets a light panel unless the merchant chose dark', async () => {
    document.body.style.background = 'rgb(246, 247, 249)';
    expect(isDark(window, document)).toBe(false);
    twilight({ [WIDGET_APP_SETTING]: widget({ panel: 'dark' }) });
    await start();
    expect(document.querySelector('nuqat-loyalty')!.className).toBe('d');
  });

  test('markup in a label never reaches the launcher', async () => {
    twilight({
      [WIDGET_APP_SETTING]: widget({ label: { ar: '<img src=x onerror=alert(1)>', en: '' } }),
    });
    const { root } = await start();
    expect(root.querySelector('img')).toBeNull();
  });
});

describe('the product badge', () => {
  function productPage(placement: 'price' | 'button') {
    document.head.innerHTML = `<script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'BreadcrumbList' },
        { '@type': 'Product', name: 'عود', offers: [{ '@type': 'Offer', price: '249.50' }] },
      ],
    })}</script>`;
    document.body.innerHTML = `<p class="price">249.50</p><salla-add-product-button><button>أضف</button></salla-add-product-button><p id="after">وصف</p>`;
    twilight({ [WIDGET_APP_SETTING]: widget({ nudge: { product: true, cart: true, placement } }) });
  }

  test('a product page loads the badges’ code, and puts nothing in the page itself', async () => {
    productPage('price');
    const before = document.body.innerHTML;
    await start();
    expect(document.querySelector('script[src$="/snippet-earn.js"]')).not.toBeNull();
    // The launcher's host and the script are appended at the end; the product is untouched.
    expect(document.body.innerHTML.startsWith(before)).toBe(true);
  });

  test('switched off: no box, nothing loaded', async () => {
    productPage('price');
    twilight({
      [WIDGET_APP_SETTING]: widget({ nudge: { product: false, cart: false, placement: 'price' } }),
    });
    await start();
    expect(
      document.querySelector('salla-add-product-button')!.previousElementSibling!.className,
    ).toBe('price');
    expect(document.querySelector('salla-add-product-button')!.nextElementSibling!.id).toBe(
      'after',
    );
    expect(document.querySelector('script[src$="/snippet-earn.js"]')).toBeNull();
  });

  test('reads the page’s own product price (JSON-LD), not a slider’s', () => {
    productPage('price');
    expect(productPrice(document)).toBe(24950);
    document.head.innerHTML = '<script type="application/ld+json">not json</script>';
    expect(productPrice(document)).toBe(0);
  });

  test('finds the price element the page shows for its product, nearest its add-to-cart button', () => {
    document.body.innerHTML = `<section class="slider"><b>٢٤٩٫٥٠ ر.س</b></section><div class="product"><p class="price"><bdi>٢٤٩٫٥٠</bdi> ر.س</p><form><salla-add-product-button></salla-add-product-button></form></div>`;
    const buy = document.querySelector('salla-add-product-button')!;
    expect(priceElement(buy, 24950)).toBe(document.querySelector('.product bdi'));
    expect(priceElement(buy, 9900)).toBeNull();
    expect(shownPrice('SAR 1,249.00')).toBe(124900);
    expect(shownPrice('١٬٢٤٩ ر.س')).toBe(124900);
    expect(shownPrice('—')).toBe(0);
  });
});

describe('snippet-earn.js', () => {
  const programme = {
    success: true,
    data: {
      earning: {
        perAmount: { points: 1, spendUnitHalalas: 100, minOrderTotalHalalas: 0 },
        perOrder: { points: 20, minOrderTotalHalalas: 5000 },
      },
    },
  };

  function context(patch: Partial<EarnContext>): EarnContext {
    const host = document.createElement('div');
    host.attachShadow({ mode: 'open' });
    document.body.append(host);
    return {
      api: `${NUQAT}/api/storefront/${MERCHANT}/programme?lang=ar`,
      lang: 'ar',
      buy: null,
      cart: false,
      host,
      widget: { ...WIDGET_DEFAULTS, ink: '#fff' },
      accent: '#5d2e8c',
      kept: () => null,
      ...patch,
    };
  }

  /** A product page whose add-to-cart button starts `top` px down a 768 px high window. */
  function product(top: number) {
    document.head.innerHTML = `<script type="application/ld+json">{"@type":"Product","offers":{"price":"249.00"}}</script>`;
    document.body.innerHTML = `<div><p class="price"><bdi>249.00</bdi> SAR</p><salla-add-product-button></salla-add-product-button><p id="about">…</p></div>`;
    const buy = document.querySelector('salla-add-product-button')!;
    vi.spyOn(buy, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: top, width: 200, height: 48 }),
    );
    return buy;
  }

  test('fills the product badge with the shared estimate, the tier multiplier included', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(programme)));
    vi.stubGlobal('fetch', fetch);
    const buy = product(400);
    const shopper: { multiplierPct?: number } = {};
    const c = context({ buy, lang: 'en', kept: () => shopper });
    const update = startEarn(c);
    const chip = () => c.host.shadowRoot!.querySelector('p');
    await vi.waitFor(() => expect(chip()).not.toBeNull());
    // The button is in view: a box at it would push what the shopper sees, so the badge sits
    // beside the launcher, fixed, and the product's page is untouched.
    expect(chip()!.textContent).toBe('Earn 269 points with this product');
    expect(chip()!.style.position).toBe('fixed');
    expect(buy.previousElementSibling!.className).toBe('price');
    expect(fetch).toHaveBeenCalledWith(`${NUQAT}/api/storefront/${MERCHANT}/programme?lang=ar`, {
      credentials: 'omit',
    });
    // Signed in as a ×1.25 tier: floor(20 × 1.25) + floor(249 × 1.25).
    shopper.multiplierPct = 125;
    update();
    expect(chip()!.textContent).toBe('Earn 336 points with this product');
  });

  test.each(['price', 'button'] as const)(
    'below the screen, the badge takes its place at the product (%s), one line high',
    async (placement) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(programme))),
      );
      const buy = product(900);
      const c = context({
        buy,
        lang: 'en',
        widget: {
          ...WIDGET_DEFAULTS,
          ink: '#fff',
          nudge: { product: true, cart: true, placement },
        },
      });
      startEarn(c);
      const box = () =>
        (placement === 'price' ? buy.previousElementSibling : buy.nextElementSibling)!;
      await vi.waitFor(() => expect(box().textContent).toBe('Earn 269 points with this product'));
      expect((box() as HTMLElement).style.height).toBe('32px');
      expect(c.host.shadowRoot!.querySelector('p')).toBeNull();
    },
  );

  test('a product option that changes the page’s price changes the badge', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(programme))),
    );
    const c = context({ buy: product(400), lang: 'en' });
    startEarn(c);
    const chip = () => c.host.shadowRoot!.querySelector('p');
    await vi.waitFor(() => expect(chip()?.textContent).toBe('Earn 269 points with this product'));
    document.querySelector('bdi')!.textContent = '399.00';
    // 20 per order + 399 per riyal.
    await vi.waitFor(() => expect(chip()!.textContent).toBe('Earn 419 points with this product'));
  });

  test('the cart badge starts from what the cart holds and follows cart::updated', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(programme))),
    );
    const salla = twilight();
    const c = context({ cart: true });
    startEarn(c);
    const chip = () => c.host.shadowRoot!.querySelector('p')!;
    await vi.waitFor(() => expect(chip()).not.toBeNull());
    // details(): sub-total 100 SAR, total 120 → 100 + 20.
    expect(chip().textContent).toBe('يمنحك هذا الطلب 120 نقطة');
    salla.emit('cart::updated', { count: 1, total: 30, sub_total: 30 });
    expect(chip().textContent).toBe('يمنحك هذا الطلب 30 نقطة');
    salla.emit('cart::updated', { count: 0, total: 0, sub_total: 0 });
    expect(chip().style.visibility).toBe('hidden');
  });

  test('a store that earns nothing now shows no badge', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, data: { earning: null } }))),
    );
    const c = context({ buy: product(400), cart: true });
    startEarn(c);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(c.host.shadowRoot!.querySelector('p')).toBeNull();
    expect(document.querySelector('salla-add-product-button')!.nextElementSibling!.id).toBe(
      'about',
    );
  });

  test('a running campaign: the points multiplied as the engine credits them, "×2 until Thursday"', async () => {
    // Monday 2026-11-23 12:00 in Riyadh; the campaign's last day is Thursday.
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-23T09:00:00Z'));
    const running = (patch: Record<string, unknown>) => ({
      nameAr: 'الجمعة البيضاء',
      nameEn: 'White Friday',
      effect: 'multiplier',
      multiplierPct: 200,
      bonusPoints: 0,
      minOrderTotal: 0,
      endsAt: '2026-11-26T21:00:00.000Z',
      conditional: false,
      ...patch,
    });
    const withCampaigns = (campaigns: unknown[]) =>
      vi.fn(
        async () =>
          new Response(JSON.stringify({ ...programme, data: { ...programme.data, campaigns } })),
      );
    vi.stubGlobal(
      'fetch',
      withCampaigns([
        running({}),
        // Only for some tiers or a first order: never promised on the store page.
        running({ multiplierPct: 500, conditional: true }),
        // Chosen products only (decision 057): the page's figures do not tell lines apart.
        running({ effect: 'products', multiplierPct: 900, productIds: [1] }),
        // Above the price's total: does not apply.
        running({ multiplierPct: 300, minOrderTotal: 1000 }),
      ]),
    );
    const c = context({ buy: product(400), lang: 'en' });
    startEarn(c);
    const chip = () => c.host.shadowRoot!.querySelector('p');
    // (20 + 249) × 2.
    await vi.waitFor(() =>
      expect(chip()?.textContent).toBe('Earn 538 points with this product · ×2 until Thursday'),
    );
    c.host.remove();

    // A bonus and a date beyond the week, in Arabic; a tier of ×1.5 multiplies all but the bonus.
    vi.stubGlobal(
      'fetch',
      withCampaigns([
        running({
          effect: 'bonus',
          multiplierPct: 100,
          bonusPoints: 50,
          endsAt: '2026-12-17T21:00:00.000Z',
        }),
      ]),
    );
    const ar = context({ buy: product(400), kept: () => ({ multiplierPct: 150 }) });
    startEarn(ar);
    const arChip = () => ar.host.shadowRoot!.querySelector('p');
    // floor(20 × 1.5) + floor(249 × 1.5) + 50.
    await vi.waitFor(() =>
      expect(arChip()?.textContent).toBe('اكسب 453 نقطة مع هذا المنتج · +50 حتى 17 ديسمبر'),
    );
  });

  test('words: Arabic plural forms, Latin digits', () => {
    expect(nudgeText('product', 1, 'ar')).toBe('اكسب نقطة واحدة مع هذا المنتج');
    expect(nudgeText('product', 2, 'ar')).toBe('اكسب نقطتين مع هذا المنتج');
    expect(nudgeText('cart', 5, 'ar')).toBe('يمنحك هذا الطلب 5 نقاط');
    expect(nudgeText('cart', 1250, 'ar')).toBe('يمنحك هذا الطلب 1,250 نقطة');
    expect(nudgeText('cart', 1, 'en')).toBe('This order earns 1 point');
    expect(cartAmounts({ data: { cart: { total: '45.50' } } })).toEqual([4550, 4550]);
    expect(cartAmounts(null)).toEqual([0, 0]);
  });
});
