import type {
  CustomerLoyaltyData,
  ShopperCoupon,
  ShopperReward,
  ShopperSession,
  StorefrontProgramme,
  UI_TIMING,
} from '@nuqat/contracts';
import {
  REFERRAL_CODE_PATTERN,
  type CouponOutcome,
  type ParentMessage,
  type StorefrontCustomer,
} from '@nuqat/contracts/storefront';
import {
  ShopperApiError,
  getCustomerLoyalty,
  getProgramme,
  logoutShopper,
  redeemReward,
  cancelCoupon,
} from './api';
import { errorText } from './error-text';
import { formatHistoryDate } from './format';
import type { Translator } from './i18n';
import type { PageConfig } from './page-config';
import { applyRedemption } from './redemption';

// Spec §9: how long the page waits for the store page to say who is signed in there.
const CUSTOMER_WAIT_MS: (typeof UI_TIMING)['customerDataWaitMs'] = 3000;
/** A little longer than the snippet gives the cart, for a snippet too old to answer at all. */
export const CART_WAIT_MS = 25_000;

/** Spec §4: loading, then loaded, error or signed out; plus the page's own two. */
export type Screen =
  | { name: 'no-store' }
  | { name: 'waiting' }
  | {
      name: 'sign-in';
      /** Pre-filled: the store's signed-in customer's, or the e-mail of the session that ended. */
      email: string;
      /** The store's signed-in customer's mobile ('' when none): the SMS form's pre-fill. */
      mobile: string;
      notice: string | null;
      /** Nobody is signed in to the store: the page offers the store's own sign-in first. */
      guest: boolean;
      /** The shopper asked to sign in through the store and now is: send the code at once. */
      autoSend: boolean;
    }
  | { name: 'loading' }
  | { name: 'loaded'; data: CustomerLoyaltyData }
  | { name: 'error'; message: string };

/** What the store's cart said about a coupon the page asked it to apply. */
export type CartState =
  | { status: 'applying' }
  | { status: Exclude<CouponOutcome, 'refused'> }
  | { status: 'refused'; message: string | null };

export interface LoyaltyState {
  screen: Screen;
  /** A refresh runs while the loaded screen stays on. */
  refreshing: boolean;
  /** The reward being redeemed; every redeem button is off meanwhile. */
  redeemingId: string | null;
  /** A failed refresh or redemption, shown above the loaded screen. */
  problem: string | null;
  /** The coupon of the last successful redemption, shown until dismissed. */
  newCoupon: ShopperCoupon | null;
  /**
   * The referral code the store page kept from `?ref=` (docs/storefront-messages.md): a guest
   * is offered the friend's gift above the sign-in.
   */
  referralCode: string | null;
  /** What the store page can do for the page: apply a coupon, open the store's sign-in. */
  store: { cart: boolean; login: boolean };
  /** The store's programme, shown to whoever is not signed in (loaded with the sign-in). */
  programme: StorefrontProgramme | null;
  /** The cart's answer per coupon code, once "Apply to my cart" was pressed. */
  cart: Readonly<Record<string, CartState>>;
}

export interface LoyaltyController {
  getState(): LoyaltyState;
  subscribe(listener: () => void): () => void;
  /** Asks the store page who is signed in, waits, then loads or asks to sign in. Returns stop. */
  start(): () => void;
  signedIn(session: ShopperSession, email: string): void;
  retry(): void;
  refresh(): void;
  logout(): void;
  redeem(reward: ShopperReward): Promise<void>;
  /** Cancels an unused reward coupon (issue 23): null when its points came back, else why not. */
  cancelCoupon(coupon: ShopperCoupon): Promise<string | null>;
  /** Opens the store's own sign-in (the theme's login modal, through the snippet). */
  openStoreLogin(): void;
  /** Asks the store page to put a coupon code in the cart. */
  applyCoupon(code: string): void;
  dismissProblem(): void;
  dismissCoupon(): void;
}

/** A well-formed referral code from the store page's answer, else null. */
function referralCodeOf(message: ParentMessage): string | null {
  if (message.type !== 'nuqat:customer' || !message.ref) return null;
  return REFERRAL_CODE_PATTERN.test(message.ref) ? message.ref : null;
}

/**
 * The page's state and everything that changes it: the store page's messages, the shopper token,
 * and the API. Plain TypeScript behind `useSyncExternalStore`, so the components only render.
 *
 * The shopper token lives in memory only (docs/decisions/030): the store page keeps it in its own
 * storage and hands it over when the page opens; after a sign-in, and with every balance, the page
 * sends it back. Nothing is written to this origin's storage.
 */
export function createLoyaltyController(config: PageConfig, i18n: Translator): LoyaltyController {
  const { merchantId, language, parent } = config;
  const { t } = i18n;
  const merchantNumber = Number(merchantId);

  let state: LoyaltyState = {
    screen: merchantId ? { name: 'waiting' } : { name: 'no-store' },
    refreshing: false,
    redeemingId: null,
    problem: null,
    newCoupon: null,
    referralCode: null,
    store: { cart: false, login: false },
    programme: null,
    cart: {},
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<LoyaltyState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  /** Never trusted as an identity: it only pre-fills the sign-in e-mail. */
  let emailHint = '';
  /** The store's signed-in customer, as the store page says (a hint too). */
  let storeCustomer: StorefrontCustomer | null = null;
  let session: ShopperSession | null = null;
  let loading: AbortController | null = null;
  let programmeLoading = false;
  let started = false;
  const cartTimers = new Map<string, ReturnType<typeof setTimeout>>();

  /** Tells the store page to keep the token (and the launcher the balance). */
  const keepSession = (points: number | null, multiplierPct?: number) => {
    if (session)
      parent?.post({
        type: 'nuqat:session',
        merchantId: merchantNumber,
        session,
        points,
        // The store page's earn badges use the shopper's tier multiplier (decision 035).
        ...(multiplierPct ? { multiplierPct } : {}),
      });
  };

  /** Forgets the token here and at the store page; `revoke` ends it at the API too. */
  const dropSession = (revoke: boolean) => {
    const token = session?.token;
    session = null;
    parent?.post({ type: 'nuqat:logout', merchantId: merchantNumber });
    if (revoke && token) logoutShopper(token, language).catch(() => {});
  };

  function loadProgramme() {
    if (!merchantId || state.programme || programmeLoading) return;
    programmeLoading = true;
    getProgramme({ merchantId, language })
      .then((programme) => set({ programme }))
      // The programme is a welcome, not a requirement: the sign-in works without it.
      .catch(() => {})
      .finally(() => (programmeLoading = false));
  }

  const showSignIn = (
    email: string,
    options: { notice?: string | null; autoSend?: boolean } = {},
  ) => {
    loading?.abort();
    loading = null;
    const mobile = storeCustomer?.mobile ?? '';
    set({
      screen: {
        name: 'sign-in',
        email,
        mobile,
        notice: options.notice ?? null,
        guest: storeCustomer === null,
        autoSend: Boolean(options.autoSend && (email || mobile)),
      },
      refreshing: false,
      redeemingId: null,
      problem: null,
      newCoupon: null,
    });
    loadProgramme();
  };

  /** The e-mail to offer after the API refused the token: the shopper's own, else the hint. */
  const knownEmail = () =>
    (state.screen.name === 'loaded' ? state.screen.data.customer.email : null) || emailHint;

  async function load(background: boolean) {
    const current = session;
    if (!merchantId || !current) return showSignIn(emailHint);
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    if (background) set({ refreshing: true });
    else set({ screen: { name: 'loading' }, problem: null });
    try {
      const data = await getCustomerLoyalty({
        merchantId,
        customerId: current.customerId,
        token: current.token,
        language,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      set({ screen: { name: 'loaded', data }, refreshing: false });
      keepSession(data.availablePoints, data.tier?.current?.multiplierPct);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ShopperApiError && error.sessionRejected) {
        const email = knownEmail();
        dropSession(false);
        return showSignIn(email, { notice: t('errors.sessionEnded') });
      }
      if (background && state.screen.name === 'loaded') {
        // A redemption's own message (e.g. "your points were returned") outranks this one.
        set({
          refreshing: false,
          problem: state.problem ?? errorText(error, t, 'errors.refreshFailed'),
        });
      } else {
        set({
          screen: { name: 'error', message: errorText(error, t, 'errors.loadFailed') },
          refreshing: false,
        });
      }
    } finally {
      if (loading === controller) loading = null;
    }
  }

  /** After the wait: the token the store page kept, if it is this store's customer's. */
  function begin(message: Extract<ParentMessage, { type: 'nuqat:customer' }> | null) {
    if (!merchantId) return;
    const customer = message?.customer ?? null;
    storeCustomer = customer;
    emailHint = customer?.email ?? '';
    set({ store: { cart: message?.cart === true, login: message?.login === true } });
    const kept = message?.session ?? null;
    if (kept && customer && kept.customerId === String(customer.id)) {
      session = { token: kept.token, customerId: kept.customerId, expiresAt: kept.expiresAt };
      void load(false);
    } else showSignIn(emailHint, { autoSend: message?.signIn === true });
  }

  /** The store page signed a customer in (spec §4: a parent login loads the data). */
  function customerLoggedIn(customer: StorefrontCustomer, signIn: boolean) {
    const before = storeCustomer;
    storeCustomer = customer;
    emailHint = customer.email;
    if (session && session.customerId !== String(customer.id)) {
      dropSession(true);
      return showSignIn(customer.email, { autoSend: signIn });
    }
    if (session) {
      if (state.screen.name !== 'loaded' && state.screen.name !== 'loading') void load(false);
      return;
    }
    const screen = state.screen;
    // Mid-way through the code for this very shopper: keep the form as it is.
    if (screen.name === 'sign-in' && !signIn && before?.id === customer.id) return;
    showSignIn(customer.email, { autoSend: signIn });
  }

  /** The store page signed the customer out: so is the page, token revoked (spec §4). */
  function customerLoggedOut() {
    emailHint = '';
    storeCustomer = null;
    if (session) dropSession(true);
    showSignIn('');
  }

  function cartAnswered(code: string, outcome: CouponOutcome, message: string | null) {
    if (state.cart[code]?.status !== 'applying') return;
    clearTimeout(cartTimers.get(code));
    cartTimers.delete(code);
    set({
      cart: {
        ...state.cart,
        [code]: outcome === 'refused' ? { status: 'refused', message } : { status: outcome },
      },
    });
  }

  return {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    start() {
      if (!merchantId || started) return () => {};
      started = true;
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = (message: Extract<ParentMessage, { type: 'nuqat:customer' }> | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        begin(message);
      };
      let unlisten = () => {};
      if (parent) {
        unlisten = parent.listen((message) => {
          const code = referralCodeOf(message);
          if (code && code !== state.referralCode) set({ referralCode: code });
          switch (message.type) {
            case 'nuqat:customer':
              if (!settled) settle(message);
              else if (message.customer) customerLoggedIn(message.customer, false);
              break;
            case 'nuqat:customer-login':
              if (!settled)
                settle({
                  type: 'nuqat:customer',
                  merchantId: merchantNumber,
                  customer: message.customer,
                  ref: null,
                  lang: language,
                  signIn: message.signIn,
                });
              else customerLoggedIn(message.customer, message.signIn === true);
              break;
            case 'nuqat:customer-logout':
              if (settled) customerLoggedOut();
              else settle(null);
              break;
            case 'nuqat:coupon-result':
              cartAnswered(message.code, message.outcome, message.message);
              break;
          }
        });
        set({ screen: { name: 'waiting' } });
        parent.post({ type: 'nuqat:request-customer', merchantId: merchantNumber });
        timer = setTimeout(() => settle(null), CUSTOMER_WAIT_MS);
      } else {
        settle(null);
      }
      return () => {
        started = false;
        unlisten();
        clearTimeout(timer);
        loading?.abort();
        loading = null;
        for (const pending of cartTimers.values()) clearTimeout(pending);
        cartTimers.clear();
      };
    },

    signedIn(newSession, email) {
      if (!merchantId) return;
      session = newSession;
      emailHint = email;
      keepSession(null);
      void load(false);
    },

    retry() {
      if (session) void load(false);
      else showSignIn(emailHint);
    },

    refresh() {
      if (session && !state.refreshing) void load(true);
    },

    logout() {
      // Revokes the token on the server too; the page and the store page forget it either way.
      dropSession(true);
      emailHint = storeCustomer?.email ?? '';
      showSignIn(emailHint);
    },

    async redeem(reward) {
      const current = session;
      if (!merchantId || !current || state.redeemingId || state.screen.name !== 'loaded') return;
      set({ redeemingId: reward.id, problem: null });
      try {
        const coupon = await redeemReward({
          merchantId,
          customerId: current.customerId,
          token: current.token,
          language,
          body: { rewardId: reward.id, requestId: crypto.randomUUID() },
        });
        if (session !== current || state.screen.name !== 'loaded') return;
        const data = applyRedemption(state.screen.data, coupon, {
          description: t('history.redeemedFor', { name: coupon.name || reward.name }),
          formattedDate: formatHistoryDate(coupon.createdAt, language),
        });
        set({ screen: { name: 'loaded', data }, newCoupon: coupon, redeemingId: null });
        keepSession(data.availablePoints, data.tier?.current?.multiplierPct);
      } catch (error) {
        if (session !== current) return;
        if (error instanceof ShopperApiError && error.sessionRejected) {
          const email = knownEmail();
          dropSession(false);
          return showSignIn(email, { notice: t('errors.sessionEnded') });
        }
        set({ redeemingId: null, problem: errorText(error, t, 'errors.redeemFailed') });
        // The balance or the reward may have changed (points returned, stock gone): reload.
        void load(true);
      } finally {
        if (state.redeemingId === reward.id) set({ redeemingId: null });
      }
    },

    async cancelCoupon(coupon) {
      const current = session;
      if (!merchantId || !current) return t('errors.cancelFailed');
      try {
        const cancelled = await cancelCoupon({
          merchantId,
          customerId: current.customerId,
          couponId: coupon.id,
          token: current.token,
          language,
        });
        if (session === current && state.screen.name === 'loaded') {
          const data = state.screen.data;
          set({
            screen: {
              name: 'loaded',
              data: {
                ...data,
                availablePoints: data.availablePoints + coupon.pointsRequired,
                coupons: data.coupons.map((c) => (c.id === coupon.id ? cancelled : c)),
              },
            },
          });
        }
        return null;
      } catch (error) {
        if (session === current && error instanceof ShopperApiError && error.sessionRejected) {
          const email = knownEmail();
          dropSession(false);
          showSignIn(email, { notice: t('errors.sessionEnded') });
        }
        return errorText(error, t, 'errors.cancelFailed');
      } finally {
        // The balance, the history and the coupon as the server has them now.
        if (session === current) void load(true);
      }
    },

    openStoreLogin() {
      if (state.store.login) parent?.post({ type: 'nuqat:open-login', merchantId: merchantNumber });
    },

    applyCoupon(code) {
      if (!parent || !state.store.cart || state.cart[code]?.status === 'applying') return;
      set({ cart: { ...state.cart, [code]: { status: 'applying' } } });
      parent.post({ type: 'nuqat:apply-coupon', merchantId: merchantNumber, code });
      clearTimeout(cartTimers.get(code));
      cartTimers.set(
        code,
        setTimeout(() => cartAnswered(code, 'unavailable', null), CART_WAIT_MS),
      );
    },

    dismissProblem() {
      set({ problem: null });
    },

    dismissCoupon() {
      set({ newCoupon: null });
    },
  };
}
