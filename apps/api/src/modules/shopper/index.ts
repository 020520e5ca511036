/**
 * The shopper module's front door: the only file other modules may import (docs/decisions/016).
 */
export { shopperRoutes } from './shopper.routes.ts';
export { createShopperService } from './shopper.service.ts';
export type { ShopperAuth, ShopperService } from './shopper.service.ts';
export { storefrontRoutes } from './storefront.routes.ts';
export { endShopperAccess } from './shopper-access.repository.ts';
