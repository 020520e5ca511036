/**
 * The campaigns module's front door: the only file other modules may import (docs/decisions/016).
 */
export { campaignsRoutes } from './campaigns.routes.ts';
export { createCampaignsService } from './campaigns.service.ts';
export type { CampaignsService } from './campaigns.service.ts';
export { productRulesRoutes } from './product-rules.routes.ts';
export { createProductRulesService } from './product-rules.service.ts';
export { categoryRulesRoutes } from './category-rules.routes.ts';
export { createCategoryRulesService } from './category-rules.service.ts';
