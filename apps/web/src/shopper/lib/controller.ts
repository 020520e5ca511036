import type { ShopperSession, UI_TIMING } from '@nuqat/contracts';
import { type ParentMessage, type StorefrontCustomer } from '@nuqat/contracts/storefront';
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
import type { LoyaltyController, LoyaltyState } from './controller-state';
import { applyCancellation, applyRedemption, claimWay } from './redemption';
import { connectStorePage } from './store-page-listener';
import { createCartRequests } from './cart-requests';

// Spec §9: how long the page waits for the store page to say who is signed in there.
const CUSTOMER_WAIT_MS: (typeof UI_TIMING)['customerDataWaitMs'] = 3000;

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

  const cartRequests = createCartRequests({
    read: () => state.cart,
    write: (cart) => set({ cart }),
    send: (code) => parent?.post({ type: 'nuqat:apply-coupon', merchantId: merchantNumber, code }),
  });

  return {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    start() {
      if (!merchantId || started) return () => {};
      started = true;
      if (parent) set({ screen: { name: 'waiting' } });
      const disconnect = connectStorePage(
        parent,
        { merchantId: merchantNumber, language, waitMs: CUSTOMER_WAIT_MS },
        {
          begin,
          referral(code) {
            if (code !== state.referralCode) set({ referralCode: code });
          },
          loggedIn: customerLoggedIn,
          loggedOut: customerLoggedOut,
          couponResult: (message) =>
            cartRequests.answered(message.code, message.outcome, message.message),
        },
      );
      return () => {
        started = false;
        disconnect();
        loading?.abort();
        loading = null;
        cartRequests.stop();
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

    claim: (action) => claimWay(action, { merchantId, session, language, t, set, load }),
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
          set({
            screen: { name: 'loaded', data: applyCancellation(state.screen.data, cancelled) },
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
      if (parent && state.store.cart) cartRequests.apply(code);
    },

    dismissProblem() {
      set({ problem: null });
    },

    dismissCoupon() {
      set({ newCoupon: null });
    },
  };
}
