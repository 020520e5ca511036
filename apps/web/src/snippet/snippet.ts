import {
  isWidgetMessage,
  type CouponOutcome,
  type ParentMessage,
} from '@nuqat/contracts/storefront';
import { readStoreWidget, WIDGET_APP_SETTING } from '@nuqat/contracts/plain';
import type { EarnContext, EarnStart } from './earn';
import { createPanel, type Panel } from './panel';
import { keepReferral } from './referral';
import { sessionKeeper } from './session';
import {
  readCustomer,
  readDir,
  readLang,
  refusalReason,
  type LoginModal,
  type Twilight,
} from './twilight';

export interface SnippetOptions {
  /** Nuqat's public origin; anything that is not a URL (the unreplaced placeholder) stops the snippet. */
  origin: string;
  win?: Window;
  /** Removes the snippet's window listeners when aborted (tests). */
  signal?: AbortSignal;
}

/** The shopper asked the loyalty page to sign in through the store: kept across a reload. */
export const SIGN_IN_KEY = 'nuqat_signin';
const SIGN_IN_TTL = 10 * 60_000;
/** How long the cart gets to say whether it took a coupon. */
export const CART_ANSWER_MS = 20_000;

/**
 * The storefront snippet (docs/storefront-messages.md, docs/decisions/030): a launcher on every
 * store page that opens the loyalty page in an iframe, and the store page's half of the messages
 * with it — the shopper's Nuqat token kept in the store's own storage, the store's sign-in and
 * the cart. The store pays for this file only: the iframe is created on the first open.
 */
export function startSnippet({ origin, win = window, signal }: SnippetOptions): void {
  let nuqat: string;
  try {
    nuqat = new URL(origin).origin;
  } catch {
    return;
  }
  const doc = win.document;
  const salla = (win as Window & { salla?: Twilight }).salla;
  if (!salla?.config) {
    // A theme that loads Twilight late: look once more when the page has loaded.
    if (doc.readyState !== 'complete')
      win.addEventListener('load', () => startSnippet({ origin, win, signal }), {
        once: true,
        signal,
      });
    return;
  }
  const listen = { signal };
  const ref = keepReferral(win);
  // The merchant's look and badges, from the app's public Salla setting: no request (decision 034).
  const widget = readStoreWidget(salla.config.get(`app.${WIDGET_APP_SETTING}`));
  const lang = readLang(salla, doc);
  const accent = widget.accent ?? 'var(--color-primary,#004956)';

  // A product page (Twilight's add-to-cart component, §4.5) or the cart page: the only pages that
  // load the earn badges (decision 035), placed so that nothing the shopper sees moves (045).
  const buy = widget.nudge.product ? doc.querySelector('salla-add-product-button') : null;
  const onCart = widget.nudge.cart && /\/cart$/.test(win.location.pathname);
  /** Refreshes the badges once snippet-earn.js has loaded. */
  let earn = () => {};

  let merchantId = 0;
  let ui: Panel | undefined;
  let frame: HTMLIFrameElement | undefined;
  let keeper: ReturnType<typeof sessionKeeper> | undefined;
  let toggle = (_open: boolean) => {};
  /** The shopper the iframe was last told about, so a login reported twice is sent once. */
  let shopperId = 0;
  /** The coupon the cart was asked to apply, until it answers. */
  let applying: string | null = null;
  let cartTimer: ReturnType<typeof setTimeout> | undefined;

  const send = (message: ParentMessage) => frame?.contentWindow?.postMessage(message, nuqat);

  const session = (() => {
    let store: Storage | null = null;
    try {
      store = win.sessionStorage;
    } catch {
      // No intent survives a reload then.
    }
    return store;
  })();
  /** Whether the shopper asked for the store's sign-in lately; asking consumes it. */
  const takeSignIn = () => {
    const at = Number(session?.getItem(SIGN_IN_KEY));
    session?.removeItem(SIGN_IN_KEY);
    return Date.now() - at < SIGN_IN_TTL;
  };

  /**
   * Forgets the kept token; `revoke` also ends it at the API when the store signed the shopper
   * out (a plain-text POST: no preflight, the answer unread, docs/decisions/030).
   */
  const forget = (revoke: boolean) => {
    const kept = keeper?.take();
    ui?.points(null);
    if (revoke && kept)
      fetch(`${nuqat}/api/customers/auth/revoke`, {
        method: 'POST',
        body: kept.token,
        mode: 'no-cors',
        credentials: 'omit',
        keepalive: true,
      }).catch(() => {});
  };

  /** The kept token, if it is this store's signed-in customer's and live; otherwise gone. */
  const current = () => {
    const kept = keeper?.read();
    if (!kept) return null;
    if (String(readCustomer(salla)?.id ?? '') !== kept.customerId) forget(true);
    else if (Date.parse(kept.expiresAt) > Date.now()) return kept;
    else forget(false);
    return null;
  };

  const loginModal = () => doc.querySelector<LoginModal>('salla-login-modal');
  const canApply = () => typeof salla.cart?.addCoupon === 'function';

  const settle = (outcome: CouponOutcome, message: string | null) => {
    if (!applying) return;
    clearTimeout(cartTimer);
    send({ type: 'nuqat:coupon-result', merchantId, code: applying, outcome, message });
    applying = null;
  };

  // Twilight fires some events before onReady: listen at once (reference §4.1). The auth events'
  // payloads can carry the shopper's Salla token, so they are never read; the shopper is read
  // again from config. Of the cart's refusal only its message is read.
  const onLogin = () => {
    const customer = readCustomer(salla);
    if (!merchantId || !customer || customer.id === shopperId) return;
    shopperId = customer.id;
    current();
    const signIn = takeSignIn();
    if (signIn) toggle(true);
    send({ type: 'nuqat:customer-login', merchantId, customer, signIn });
  };
  const onLogout = () => {
    if (!merchantId) return;
    shopperId = 0;
    forget(true);
    send({ type: 'nuqat:customer-logout', merchantId });
  };
  const events = salla.event;
  events?.on('auth::logged.in', onLogin);
  events?.on('auth::verified', onLogin);
  events?.on('auth::logged.out', onLogout);
  if (events?.cart?.onCouponAdded) {
    events.cart.onCouponAdded(() => settle('applied', null));
    events.cart.onCouponAdditionFailed?.((error) => settle('refused', refusalReason(error)));
  } else events?.on('cart::coupon.added', () => settle('applied', null));

  const boot = () => {
    const id = Number(salla.config.get('store.id'));
    // A second copy of the snippet on the page (a theme preview, a pasted tag) stays idle.
    if (merchantId || !Number.isSafeInteger(id) || id <= 0 || doc.querySelector('nuqat-loyalty'))
      return;
    merchantId = id;
    keeper = sessionKeeper(win, id);
    const customer = readCustomer(salla);
    shopperId = customer?.id ?? 0;
    // The panel follows the store, not the phone: the page's own light or dark look, unless the
    // merchant chose one; the loyalty page inside takes the same look and accent.
    const dark = widget.panel === 'dark' || (widget.panel === 'store' && isDark(win, doc));
    const colour =
      widget.accent ?? getComputedStyle(doc.documentElement).getPropertyValue('--color-primary');
    ui = createPanel(doc, {
      src: `${nuqat}/customerloyaltysalla?merchantId=${id}&lang=${lang}&dark=${+dark}&accent=${encodeURIComponent(colour)}`,
      lang,
      dir: readDir(doc, lang),
      widget,
      dark,
      accent,
    });
    const { host, launcher, panel, close } = ui;
    toggle = (open: boolean) => {
      if (open) frame = ui!.frame();
      panel.hidden = !open;
      launcher.setAttribute('aria-expanded', String(open));
      (open ? panel : launcher).focus();
    };
    launcher.onclick = () => toggle(panel.hidden);
    close.onclick = () => toggle(false);
    panel.onkeydown = (event) => {
      if (event.key === 'Escape') toggle(false);
    };
    ui.points(current()?.points ?? null);
    // The badges' code and figures load only on a page that shows one (decision 035).
    if (buy || onCart) {
      const script = doc.createElement('script');
      script.src = `${nuqat}/snippet-earn.js`;
      script.onload = () => {
        const context: EarnContext = {
          api: `${nuqat}/api/storefront/${id}/programme?lang=${lang}`,
          lang,
          buy,
          cart: onCart,
          accent,
          host,
          widget,
          kept: current,
        };
        earn = (win as Window & { nuqatEarn?: EarnStart }).nuqatEarn?.(context) ?? earn;
      };
      doc.body.append(script);
    }

    win.addEventListener(
      'message',
      (event) => {
        const data: unknown = event.data;
        if (
          event.origin !== nuqat ||
          !frame ||
          event.source !== frame.contentWindow ||
          !isWidgetMessage(data, id)
        )
          return;
        switch (data.type) {
          case 'nuqat:request-customer': {
            const customer = readCustomer(salla);
            shopperId = customer?.id ?? 0;
            const kept = current();
            send({
              type: 'nuqat:customer',
              merchantId: id,
              customer,
              ref: ref(),
              lang,
              session: kept && {
                token: kept.token,
                customerId: kept.customerId,
                expiresAt: kept.expiresAt,
              },
              cart: canApply(),
              login: typeof loginModal()?.open === 'function',
              signIn: customer !== null && takeSignIn(),
            });
            break;
          }
          case 'nuqat:session':
            // Kept only for the customer the store has signed in: bound to both.
            if (String(readCustomer(salla)?.id ?? '') === data.session.customerId) {
              keeper!.write({
                ...data.session,
                points: data.points,
                multiplierPct: data.multiplierPct,
              });
              ui!.points(data.points);
              earn();
            }
            break;
          case 'nuqat:logout':
            // The loyalty page's own session ended (signed out, or refused by the API): it has
            // revoked the token itself. The store's session is Salla's and stays as it is.
            forget(false);
            break;
          case 'nuqat:open-login': {
            const modal = loginModal();
            if (typeof modal?.open !== 'function') break;
            session?.setItem(SIGN_IN_KEY, String(Date.now()));
            // The store's sign-in opens above the page: the panel steps aside until it is done.
            toggle(false);
            void Promise.resolve(modal.open()).catch(() => {});
            break;
          }
          case 'nuqat:apply-coupon': {
            if (!canApply()) {
              send({
                type: 'nuqat:coupon-result',
                merchantId: id,
                code: data.code,
                outcome: 'unavailable',
                message: null,
              });
              break;
            }
            applying = data.code;
            clearTimeout(cartTimer);
            cartTimer = setTimeout(() => settle('unavailable', null), CART_ANSWER_MS);
            try {
              // The events above say how it went; a rejection the theme did not report is the
              // same refusal.
              void Promise.resolve(salla.cart!.addCoupon!(data.code)).catch((error: unknown) =>
                settle('refused', refusalReason(error)),
              );
            } catch (error) {
              settle('refused', refusalReason(error));
            }
            break;
          }
        }
      },
      listen,
    );

    doc.body.append(host);
    // Back from the store's sign-in after a reload: the panel opens where the shopper left it.
    if (customer && Number(session?.getItem(SIGN_IN_KEY)) > Date.now() - SIGN_IN_TTL) toggle(true);
  };

  if (salla.onReady) salla.onReady(boot);
  else boot();
}

/**
 * Whether the store page looks dark: its body's own background (`rgb(r, g, b)` from
 * getComputedStyle; a transparent or see-through one reads light), not the phone's scheme.
 */
export const isDark = (win: Window, doc: Document): boolean => {
  const c = win.getComputedStyle(doc.body).backgroundColor.match(/\d+/g) ?? [];
  return c.length === 3 && +c[0]! + +c[1]! + +c[2]! < 300;
};
