import type { CouponOutcome } from '@nuqat/contracts/storefront';
import type { CartState } from './controller-state';

/** A little longer than the snippet gives the cart, for a snippet too old to answer at all. */
export const CART_WAIT_MS = 25_000;

type Cart = Readonly<Record<string, CartState>>;

/**
 * "Apply to my cart" requests to the store page (issue 23): one per code at a time, each ending
 * with the cart's answer or, after CART_WAIT_MS, as unavailable.
 */
export function createCartRequests(io: {
  read(): Cart;
  write(cart: Cart): void;
  send(code: string): void;
}) {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  function answered(code: string, outcome: CouponOutcome, message: string | null) {
    if (io.read()[code]?.status !== 'applying') return;
    clearTimeout(timers.get(code));
    timers.delete(code);
    io.write({
      ...io.read(),
      [code]: outcome === 'refused' ? { status: 'refused', message } : { status: outcome },
    });
  }

  return {
    answered,
    apply(code: string) {
      if (io.read()[code]?.status === 'applying') return;
      io.write({ ...io.read(), [code]: { status: 'applying' } });
      io.send(code);
      clearTimeout(timers.get(code));
      timers.set(
        code,
        setTimeout(() => answered(code, 'unavailable', null), CART_WAIT_MS),
      );
    },
    stop() {
      for (const pending of timers.values()) clearTimeout(pending);
      timers.clear();
    },
  };
}
