/**
 * The tiers module's front door: the only file other modules may import (docs/decisions/016).
 */
export { NO_TIER_ID, findTierChanges, findTierSettings, findTiers } from './tiers.repository.ts';
export { tiersRoutes } from './tiers.routes.ts';
export { createTiersService, tierBrief, tierChangeView, tiersLive } from './tiers.service.ts';
export type { TiersService } from './tiers.service.ts';
