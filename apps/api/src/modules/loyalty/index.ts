/**
 * The loyalty module's front door: the only file other modules may import (docs/decisions/016).
 */
export { loyaltyRoutes } from './loyalty.routes.ts';
export { createLoyaltyService } from './loyalty.service.ts';
