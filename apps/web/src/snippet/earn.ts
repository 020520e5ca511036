import { earnEstimate, type CampaignRate, type StoreWidget } from '@nuqat/contracts/plain';
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
  /** The product page's add-to-cart component (§4.5) when the product badge is on; else null. */
  buy: Element | null;
  /** The cart page: a badge beside the launcher says what the order earns. */
  cart: boolean;
  /** The launcher's host: its open shadow root takes the badge beside it, in its corner and look. */
  host: HTMLElement;
  /** The merchant's widget: the badge beside the launcher sits in its corner; the placement. */
  widget: StoreWidget;
  accent: string;
  /** The signed-in shopper's kept session: its tier multiplier (percent), when known. */
  kept: () => { multiplierPct?: number } | null;
}

/** Starts the badges; the snippet calls what it returns when the cart or the shopper changes. */
export type EarnStart = (context: EarnContext) => () => void;

type Earning = NonNullable<StorefrontProgramme['earning']>;
type Running = NonNullable<StorefrontProgramme['campaigns']>[number];

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

/** Halalas from a price as a page shows it ("٢٤٩٫٥٠ ر.س", "SAR 1,249.00"): its first number; else 0. */
export const shownPrice = (text: string | null): number => {
  const n = (text ?? '')
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 1632))
    .match(/\d[\d,٬]*([.٫]\d+)?/)?.[0];
  return n ? halalas(n.replace(/[,٬]/g, '').replace('٫', '.')) : 0;
};

/**
 * The page's own price element for the viewed product: the nearest to its add-to-cart button
 * (walking up from it) whose words are the product's price as the page describes it — not a
 * slider's, which sits farther away. The innermost such element, or null when the page shows
 * that price nowhere near the button.
 */
export function priceElement(buy: Element, price: number): Element | null {
  const own = (el: Element) => shownPrice(el.textContent) === price;
  for (let at = buy.parentElement; at && price; at = at.parentElement)
    for (const el of at.querySelectorAll('*'))
      if (!el.contains(buy) && own(el) && ![...el.children].some(own)) return el;
  return null;
}

/** The cart's spend (sub-total) and total in halalas, from what `cart::updated` / details() carry. */
export function cartAmounts(payload: unknown): [spend: number, total: number] {
  const p = (payload ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const cart = (p.data?.cart ?? p.cart ?? p.data ?? p) as Record<string, unknown>;
  const total = halalas(cart.total);
  return [halalas(cart.sub_total) || total, total];
}

/**
 * The campaigns the badge may promise everyone (decision 047): not the tier or first-order ones,
 * nor a products campaign (decision 057: it multiplies some lines only, which the cart's figures
 * do not tell apart; the badge shows the order-wide figure, never more than the engine gives).
 */
export const openCampaigns = (list: Running[] | undefined, now: number): Running[] =>
  (list ?? []).filter(
    (c) => !c.conditional && c.effect !== 'products' && Date.parse(c.endsAt) > now,
  );

const rate = (c: Running): CampaignRate => ({
  multiplierPct: c.multiplierPct,
  bonusPoints: c.effect === 'bonus' ? c.bonusPoints : 0,
  minOrderTotalHalalas: Math.round(c.minOrderTotal * 100),
});

/**
 * The figure a badge shows: the shared estimate over the store's order rules, the shopper's tier
 * and the running campaigns — what the engine would credit; 0 = no badge.
 */
export function earnFigure(
  earning: Earning | null | undefined,
  [spend, total]: [number, number],
  multiplierPct: number | undefined,
  campaigns: Running[] = [],
): number {
  return earning
    ? earnEstimate({
        spendHalalas: spend,
        totalHalalas: total,
        perAmount: earning.perAmount,
        perOrder: earning.perOrder,
        multiplierPct,
        campaigns: campaigns.map(rate),
      })
    : 0;
}

/**
 * The campaign a figure includes, in the page's language ("×2 until Thursday", "+50 until 14
 * Dec"): the winning multiplier (decision 047), else a bonus; '' when none applies to `total`.
 * The end is the last Riyadh day of the window: a weekday within the week, else a date.
 */
export function campaignNote(campaigns: Running[], total: number, lang: Lang, now: number) {
  const applies = campaigns.filter((c) => total >= rate(c).minOrderTotalHalalas);
  const c =
    applies
      .filter((x) => x.effect === 'multiplier')
      .sort((a, b) => b.multiplierPct - a.multiplierPct)[0] ?? applies[0];
  if (!c) return '';
  const last = Date.parse(c.endsAt) - 1;
  const day = (ms: number) => Math.floor((ms + 108e5) / 864e5);
  const end = new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'ar-SA-u-nu-latn-ca-gregory', {
    timeZone: 'Asia/Riyadh',
    ...(day(last) - day(now) < 7 ? { weekday: 'long' } : { day: 'numeric', month: 'short' }),
  }).format(last);
  const what = c.effect === 'multiplier' ? `×${c.multiplierPct / 100}` : `+${c.bonusPoints}`;
  return ` · ${what} ${lang === 'en' ? 'until' : 'حتى'} ${end}`;
}

/** A badge above the launcher, fixed: it moves nothing on the page. */
function chip(c: EarnContext): HTMLElement {
  const dark = c.host.classList.contains('d');
  const el = document.createElement('p');
  el.setAttribute('role', 'status');
  el.style.cssText = `position:fixed;z-index:2147482999;bottom:calc(76px + env(safe-area-inset-bottom,0px));inset-inline-${c.widget.position}:16px;max-width:calc(100vw - 32px);margin:0;padding:6px 12px;border-radius:12px;border:2px solid ${c.accent};background:${dark ? '#0f172a' : '#fff'};color:${dark ? '#f1f5f9' : '#111827'};font-size:14px;font-weight:700;box-shadow:0 4px 14px rgba(0,0,0,.15)`;
  c.host.shadowRoot?.append(el);
  return el;
}

/**
 * The product badge's place (docs/decisions/045): at the merchant's spot (under the price, i.e.
 * before the add-to-cart button, or under the button) only when what that box would push down
 * starts below the screen, so nothing the shopper sees moves; otherwise beside the launcher,
 * fixed, like the cart's. Its size never changes afterwards (one line, cut with an ellipsis).
 */
function productBox(c: EarnContext, buy: Element): HTMLElement {
  const r = buy.getBoundingClientRect();
  const under = c.widget.nudge.placement === 'button';
  if ((under ? r.bottom : r.top) < innerHeight) return chip(c);
  const box = document.createElement('p');
  box.style.cssText = `margin:8px 0;height:32px;line-height:32px;padding-inline:12px;border-inline-start:4px solid ${c.accent};font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis`;
  if (under) buy.after(box);
  else buy.before(box);
  return box;
}

export const startEarn: EarnStart = (c) => {
  const buy = c.buy;
  let price = buy ? productPrice(document) : 0;
  let product: HTMLElement | undefined;
  let cart: HTMLElement | undefined;
  let earning: Earning | null | undefined;
  let campaigns: Running[] = [];
  /** What the cart holds: details() on arrival, then each `cart::updated` (it carries the cart). */
  let said: unknown;
  const salla = (window as Window & { salla?: Twilight }).salla;
  /** Shows `n` in a badge, made when first needed; 0 hides it without moving anything. */
  const show = (
    box: HTMLElement | undefined,
    make: () => HTMLElement,
    n: number,
    words: string,
  ) => {
    if (n) (box ??= make()).textContent = words;
    if (box) box.style.visibility = n ? '' : 'hidden';
    return box;
  };
  const update = () => {
    if (earning === undefined) return;
    const m = c.kept()?.multiplierPct;
    const now = Date.now();
    const running = openCampaigns(campaigns, now);
    const badge = (where: 'product' | 'cart', amounts: [number, number]) => {
      const n = earnFigure(earning, amounts, m, running);
      return [
        n,
        nudgeText(where, n, c.lang) + campaignNote(running, amounts[1], c.lang, now),
      ] as const;
    };
    if (buy) {
      const [n, words] = badge('product', [price, price]);
      product = show(product, () => productBox(c, buy), n, words);
    }
    if (c.cart) {
      const [n, words] = badge('cart', cartAmounts(said));
      cart = show(cart, () => chip(c), n, words);
    }
  };
  // A product option that changes the price (a variant) changes the page's own price element:
  // the badge follows it (reference §4.6 names product::price.updated but documents no payload).
  const shown = buy && priceElement(buy, price);
  if (shown)
    new MutationObserver(() => {
      price = shownPrice(shown.textContent) || price;
      update();
    }).observe(shown, { subtree: true, childList: true, characterData: true });
  void Promise.all([
    fetch(c.api, { credentials: 'omit' })
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { data?: StorefrontProgramme } | null) => {
        campaigns = body?.data?.campaigns ?? [];
        return body?.data?.earning ?? null;
      }),
    // The cart page: what the cart holds now (§4.6 details()), unless it has spoken already.
    c.cart
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
  if (c.cart)
    salla?.event?.on('cart::updated', (payload) => {
      said = payload;
      update();
    });
  return update;
};
