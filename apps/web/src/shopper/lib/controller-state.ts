import type {
  CustomerLoyaltyData,
  ShopperCoupon,
  ShopperReward,
  ShopperSession,
  StorefrontProgramme,
} from '@nuqat/contracts';
import type { CouponOutcome } from '@nuqat/contracts/storefront';

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
  /** Claims a way to earn (docs/decisions/052); a refusal becomes the page's problem notice. */
  claim(action: string): Promise<void>;
  /** Cancels an unused reward coupon (issue 23): null when its points came back, else why not. */
  cancelCoupon(coupon: ShopperCoupon): Promise<string | null>;
  /** Opens the store's own sign-in (the theme's login modal, through the snippet). */
  openStoreLogin(): void;
  /** Asks the store page to put a coupon code in the cart. */
  applyCoupon(code: string): void;
  dismissProblem(): void;
  dismissCoupon(): void;
}
