import {
  REFERRAL_CODE_PATTERN,
  type ParentMessage,
  type StorefrontCustomer,
} from '@nuqat/contracts/storefront';
import type { Language } from '@nuqat/contracts';
import type { ParentLink } from './page-config';

type Of<T extends ParentMessage['type']> = Extract<ParentMessage, { type: T }>;

/** What the page does with the store page's messages (docs/storefront-messages.md). */
export interface StorePageHandlers {
  /** Once: the store page's first answer about its customer, or null when none came in time. */
  begin(message: Of<'nuqat:customer'> | null): void;
  /** A well-formed referral code the store page kept from `?ref=`. */
  referral(code: string): void;
  /** Later: the store page signed a customer in (`signIn`: to reach this page). */
  loggedIn(customer: StorefrontCustomer, signIn: boolean): void;
  /** Later: the store page signed its customer out. */
  loggedOut(): void;
  couponResult(message: Of<'nuqat:coupon-result'>): void;
}

/** A well-formed referral code from the store page's answer, else null. */
function referralCodeOf(message: ParentMessage): string | null {
  if (message.type !== 'nuqat:customer' || !message.ref) return null;
  return REFERRAL_CODE_PATTERN.test(message.ref) ? message.ref : null;
}

/**
 * Asks the store page who is signed in and waits `waitMs` for the answer (spec §9); begins at
 * once without a store page. Later messages go to their handlers. Returns the disconnect.
 */
export function connectStorePage(
  parent: ParentLink | null | undefined,
  page: { merchantId: number; language: Language; waitMs: number },
  handlers: StorePageHandlers,
): () => void {
  let settled = false;
  const settle = (message: Of<'nuqat:customer'> | null) => {
    if (settled) return;
    settled = true;
    handlers.begin(message);
  };
  if (!parent) {
    settle(null);
    return () => {};
  }
  const unlisten = parent.listen((message) => {
    const code = referralCodeOf(message);
    if (code) handlers.referral(code);
    switch (message.type) {
      case 'nuqat:customer':
        if (!settled) settle(message);
        else if (message.customer) handlers.loggedIn(message.customer, false);
        break;
      case 'nuqat:customer-login':
        if (!settled)
          settle({
            type: 'nuqat:customer',
            merchantId: page.merchantId,
            customer: message.customer,
            ref: null,
            lang: page.language,
            signIn: message.signIn,
          });
        else handlers.loggedIn(message.customer, message.signIn === true);
        break;
      case 'nuqat:customer-logout':
        if (settled) handlers.loggedOut();
        else settle(null);
        break;
      case 'nuqat:coupon-result':
        handlers.couponResult(message);
        break;
    }
  });
  parent.post({ type: 'nuqat:request-customer', merchantId: page.merchantId });
  // After an answer the time-out finds the page settled and does nothing.
  const timer = setTimeout(() => settle(null), page.waitMs);
  return () => {
    unlisten();
    clearTimeout(timer);
  };
}
