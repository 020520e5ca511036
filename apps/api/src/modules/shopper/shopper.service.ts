import type { AppContext } from '../../context.ts';
import { createShopperLoyaltyService, type ShopperLoyaltyDeps } from './shopper-loyalty.service.ts';
import { createShopperSignInService } from './shopper-sign-in.service.ts';

export { SHOPPER_RATE_LIMITS, type ShopperAuth } from './shopper-sign-in.service.ts';
export type { TierLevelRow } from './shopper-texts.ts';

/** The shopper's side of Nuqat: signing in (one file) and the loyalty page's data (another). */
export function createShopperService(ctx: AppContext, deps: ShopperLoyaltyDeps = {}) {
  const {
    requestCode,
    verifyCode,
    getSignInOptions,
    verifyToken,
    authenticate,
    authorizePath,
    logout,
  } = createShopperSignInService(ctx);
  const { getLoyaltyData, getProgramme } = createShopperLoyaltyService(ctx, deps);

  return {
    requestCode,
    verifyCode,
    getSignInOptions,
    verifyToken,
    authenticate,
    authorizePath,
    logout,
    getLoyaltyData,
    getProgramme,
  };
}

export type ShopperService = ReturnType<typeof createShopperService>;
