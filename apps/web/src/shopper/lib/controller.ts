import type {
  CustomerLoyaltyData,
  ShopperCoupon,
  ShopperReward,
  ShopperSession,
  UI_TIMING,
} from '@nuqat/contracts';
import {
  REFERRAL_CODE_PATTERN,
  type ParentMessage,
  type StorefrontCustomer,
} from '@nuqat/contracts/storefront';
import { ShopperApiError, getCustomerLoyalty, logoutShopper, redeemReward } from './api';
import { errorText } from './error-text';
import { formatHistoryDate } from './format';
import type { Translator } from './i18n';
import type { PageConfig } from './page-config';
import { applyRedemption } from './redemption';
import { clearSession, readSession, saveSession, type StoredSession } from './session';

// Spec §9: how long the page waits for the store page to say who is signed in there.
const CUSTOMER_WAIT_MS: (typeof UI_TIMING)['customerDataWaitMs'] = 3000;

/** Spec §4: loading, then loaded, error or signed out; plus the page's own two. */
export type Screen =
  | { name: 'no-store' }
  | { name: 'waiting' }
  | { name: 'sign-in'; email: string; notice: string | null }
  | { name: 'loading' }
  | { name: 'loaded'; data: CustomerLoyaltyData }
  | { name: 'error'; message: string };

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
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<LoyaltyState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  /** Never trusted as an identity: it only pre-fills the sign-in e-mail. */
  let emailHint = '';
  let session: StoredSession | null = null;
  let loading: AbortController | null = null;
  let started = false;

  const dropSession = () => {
    session = null;
    clearSession();
  };

  const showSignIn = (email: string, notice: string | null = null) => {
    loading?.abort();
    loading = null;
    set({
      screen: { name: 'sign-in', email, notice },
      refreshing: false,
      redeemingId: null,
      problem: null,
      newCoupon: null,
    });
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
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ShopperApiError && error.sessionRejected) {
        const email = knownEmail();
        dropSession();
        return showSignIn(email, t('errors.sessionEnded'));
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

  /** After the wait: the stored token if it is this store's and (when named) this customer's. */
  function begin(customer: StorefrontCustomer | null) {
    if (!merchantId) return;
    if (customer) emailHint = customer.email;
    session = readSession(merchantId);
    if (session && customer && String(customer.id) !== session.customerId) dropSession();
    if (session) void load(false);
    else showSignIn(emailHint);
  }

  /** The store page signed a customer in (spec §4: a parent login loads the data). */
  function customerLoggedIn(customer: StorefrontCustomer) {
    emailHint = customer.email;
    // The page in another tab of this store may have signed this shopper in meanwhile.
    if (!session && merchantId) session = readSession(merchantId);
    if (session && session.customerId !== String(customer.id)) {
      dropSession();
      return showSignIn(customer.email);
    }
    if (session) {
      if (state.screen.name !== 'loaded' && state.screen.name !== 'loading') void load(false);
      return;
    }
    if (state.screen.name === 'sign-in' && state.screen.email !== customer.email) {
      showSignIn(customer.email);
    }
  }

  /** The store page signed the customer out: the token goes too (spec §4). */
  function customerLoggedOut() {
    emailHint = '';
    dropSession();
    showSignIn('');
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
      const settle = (customer: StorefrontCustomer | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        begin(customer);
      };
      let unlisten = () => {};
      if (parent) {
        unlisten = parent.listen((message) => {
          const code = referralCodeOf(message);
          if (code && code !== state.referralCode) set({ referralCode: code });
          if (message.type === 'nuqat:customer-logout') {
            if (settled) customerLoggedOut();
            else {
              dropSession();
              settle(null);
            }
          } else if (!settled) {
            settle(message.customer);
          } else if (message.customer) {
            customerLoggedIn(message.customer);
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
      };
    },

    signedIn(newSession, email) {
      if (!merchantId) return;
      session = { ...newSession, merchantId };
      saveSession(session);
      emailHint = email;
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
      const token = session?.token;
      dropSession();
      emailHint = '';
      parent?.post({ type: 'nuqat:logout', merchantId: merchantNumber });
      showSignIn('');
      // Revokes the token on the server too; the page has forgotten it either way.
      if (token) logoutShopper(token, language).catch(() => {});
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
      } catch (error) {
        if (session !== current) return;
        if (error instanceof ShopperApiError && error.sessionRejected) {
          const email = knownEmail();
          dropSession();
          return showSignIn(email, t('errors.sessionEnded'));
        }
        set({ redeemingId: null, problem: errorText(error, t, 'errors.redeemFailed') });
        // The balance or the reward may have changed (points returned, stock gone): reload.
        void load(true);
      } finally {
        if (state.redeemingId === reward.id) set({ redeemingId: null });
      }
    },

    dismissProblem() {
      set({ problem: null });
    },

    dismissCoupon() {
      set({ newCoupon: null });
    },
  };
}
