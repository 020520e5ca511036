import { earnEstimate, type StoreWidget } from '@nuqat/contracts/plain';
import type { StorefrontProgramme } from '@nuqat/contracts';
import type { Lang, Twilight } from './twilight';

/**
 * The store page's earn badges (docs/decisions/035), loaded by the snippet only on a page that
 * shows one (a product page, the cart page): snippet-earn.js, its own small file, so the snippet
 * every page loads stays within its budget. It reads the product's price from the page's own
 * product, the cart's amounts from what the cart says, the store's order rules from its public
 * programme (cacheable, once), and shows the shared `earnEstimate`.
 */
export interface EarnContext {
  /** GET /api/storefront/{merchantId}/programme?lang=… */
  api: string;
  lang: Lang;
  /** The product badge's box, already in the page (one line high, hidden until filled). */
  badge: HTMLElement | undefined;
  /** The cart page: a badge beside the launcher says what the order earns. */
  cart: boolean;
  /** The launcher's host: its open shadow root takes the cart badge, in its corner and look. */
  host: HTMLElement;
  /** The merchant's widget: the cart badge sits in its launcher's corner. */
  widget: StoreWidget;
  accent: string;
  /** The signed-in shopper's kept session: its tier multiplier (percent), when known. */
  kept: () => { multiplierPct?: number } | null;
}

/** Starts the badges; the snippet calls what it returns when the cart or the shopper changes. */
export type EarnStart = (context: EarnContext) => () => void;

type Earning = NonNullable<StorefrontProgramme['earning']>;

/** "N points" in the page's language, Latin digits as the loyalty page writes them. */
const points = (n: number, lang: Lang) => {
  const d = n.toLocaleString('en-US');
  if (lang === 'en') return `${d} point${n === 1 ? '' : 's'}`;
  const r = n % 100;
  return n === 1 ? 'نقطة واحدة' : n === 2 ? 'نقطتين' : `${d} ${r > 2 && r < 11 ? 'نقاط' : 'نقطة'}`;
};

/** The badges' words. */
export const nudgeText = (where: 'product' | 'cart', n: number, lang: Lang): string =>
  lang === 'en'
    ? where === 'product'
      ? `Earn ${points(n, lang)} with this product`
      : `This order earns ${points(n, lang)}`
    : where === 'product'
      ? `اكسب ${points(n, lang)} مع هذا المنتج`
      : `يمنحك هذا الطلب ${points(n, lang)}`;

/** Halalas from a price or total as pages and Twilight give them ("249.00", 249); else 0. */
export const halalas = (value: unknown): number => {
  const n = Number(value);
  return n > 0 && Number.isFinite(n) ? Math.round(n * 100) : 0;
};

/**
 * The viewed product's price, from the page's own product as it describes itself (schema.org
 * Product in JSON-LD, its first offer), not from events that also fire for sliders (§4.6).
 */
export function productPrice(doc: Document): number {
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const found: unknown[] = [JSON.parse(script.textContent ?? '')];
      for (let i = 0; i < found.length && i < 100; i++) {
        const item = found[i] as Record<string, unknown> | null;
        if (Array.isArray(item)) found.push(...(item as unknown[]));
        else if (item && typeof item === 'object') {
          if (item['@graph']) found.push(item['@graph']);
          if (item['@type'] === 'Product') {
            const offers = item.offers as Record<string, unknown> | Record<string, unknown>[];
            const price = halalas((Array.isArray(offers) ? offers[0] : offers)?.price);
            if (price) return price;
          }
        }
      }
    } catch {
      // Not JSON: another script's business.
    }
  }
  return 0;
}

/** The cart's spend (sub-total) and total in halalas, from what `cart::updated` / details() carry. */
export function cartAmounts(payload: unknown): [spend: number, total: number] {
  const p = (payload ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const cart = (p.data?.cart ?? p.cart ?? p.data ?? p) as Record<string, unknown>;
  const total = halalas(cart.total);
  return [halalas(cart.sub_total) || total, total];
}

/** The figure a badge shows: the shared estimate over the store's order rules; 0 = no badge. */
export function earnFigure(
  earning: Earning | null | undefined,
  [spend, total]: [number, number],
  multiplierPct: number | undefined,
): number {
  return earning
    ? earnEstimate({
        spendHalalas: spend,
        totalHalalas: total,
        perAmount: earning.perAmount,
        perOrder: earning.perOrder,
        multiplierPct,
      })
    : 0;
}

/** The cart page's badge: above the launcher, fixed, so it moves nothing on the page. */
function cartChip(c: EarnContext): HTMLElement {
  const dark = c.host.classList.contains('d');
  const side = c.widget.position;
  const chip = document.createElement('p');
  chip.setAttribute('role', 'status');
  chip.hidden = true;
  chip.style.cssText = `position:fixed;z-index:2147482999;bottom:calc(76px + env(safe-area-inset-bottom,0px));inset-inline-${side}:16px;margin:0;padding:6px 12px;border-radius:12px;border:2px solid ${c.accent};background:${dark ? '#0f172a' : '#fff'};color:${dark ? '#f1f5f9' : '#111827'};font-size:14px;font-weight:700;box-shadow:0 4px 14px rgba(0,0,0,.15)`;
  c.host.shadowRoot?.append(chip);
  return chip;
}

export const startEarn: EarnStart = (c) => {
  const price = c.badge ? productPrice(document) : 0;
  const chip = c.cart ? cartChip(c) : undefined;
  let earning: Earning | null | undefined;
  /** What the cart holds: details() on arrival, then each `cart::updated` (it carries the cart). */
  let said: unknown;
  const salla = (window as Window & { salla?: Twilight }).salla;
  const update = () => {
    if (earning === undefined) return;
    const m = c.kept()?.multiplierPct;
    if (c.badge) {
      const n = earnFigure(earning, [price, price], m);
      if (n) c.badge.textContent = nudgeText('product', n, c.lang);
      c.badge.style.cssText += `;line-height:32px;padding-inline:12px;border-inline-start:4px solid ${c.accent};font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis`;
      c.badge.style.visibility = n ? 'visible' : 'hidden';
    }
    if (chip) {
      const n = earnFigure(earning, cartAmounts(said), m);
      if (n) chip.textContent = nudgeText('cart', n, c.lang);
      chip.hidden = !n;
    }
  };
  void Promise.all([
    fetch(c.api, { credentials: 'omit' })
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { data?: StorefrontProgramme } | null) => body?.data?.earning ?? null),
    // The cart page: what the cart holds now (§4.6 details()), unless it has spoken already.
    chip
      ? Promise.resolve(salla?.cart?.details?.())
          .then((answer) => (said ??= answer))
          .catch(() => {})
      : null,
  ])
    .then(([rates]) => {
      earning = rates;
      update();
    })
    .catch(() => {});
  if (chip)
    salla?.event?.on('cart::updated', (payload) => {
      said = payload;
      update();
    });
  return update;
};
